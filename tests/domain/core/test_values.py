"""The fast replace gives exactly what dataclasses.replace gives."""

from __future__ import annotations

import dataclasses

import pytest

from domain.core.values import replace


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Camp:
    name: str
    hikers: tuple[int, ...] = ()
    height: int = 0


def test_replace_changes_only_the_named_fields_and_leaves_the_original() -> None:
    camp = Camp(name="base", hikers=(1, 2), height=3)
    moved = replace(camp, height=4)
    assert moved == dataclasses.replace(camp, height=4) == Camp(name="base", hikers=(1, 2), height=4)
    assert camp.height == 3 and moved is not camp
    with pytest.raises(dataclasses.FrozenInstanceError):
        moved.height = 5  # type: ignore[misc]


def test_replace_refuses_an_unknown_field() -> None:
    with pytest.raises(TypeError, match="no field 'altitude'"):
        replace(Camp(name="base"), altitude=1)
