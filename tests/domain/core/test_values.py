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


@dataclasses.dataclass(frozen=True, kw_only=True)
class Trail:
    name: str
    length: int = 0


def test_replace_copies_a_dataclass_without_slots_too() -> None:
    trail = Trail(name="rim", length=3)
    longer = replace(trail, length=5)
    assert longer == dataclasses.replace(trail, length=5) and trail.length == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        longer.length = 6  # type: ignore[misc]
    with pytest.raises(TypeError, match="no field 'width'"):
        replace(trail, width=2)
