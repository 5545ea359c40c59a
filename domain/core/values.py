"""A fast `replace` for the frozen dataclasses that game states are made of.

`dataclasses.replace` re-runs `__init__` and re-reads the fields on every call, which
dominates a game's `evolve` when states have many fields. States here have no
`__post_init__` and no `init=False` fields, so copying the field values and setting
the changed ones gives the very same value; a copier generated once per class does
it about twice as fast.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


@functools.cache
def _copier(cls: type) -> tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]]:
    names = [field.name for field in dataclasses.fields(cls)]
    lines = ["def copy(value, changes, new=object.__new__, put=object.__setattr__, cls=cls):", "    made = new(cls)"]
    lines += [f"    put(made, {name!r}, changes[{name!r}] if {name!r} in changes else value.{name})" for name in names]
    lines.append("    return made")
    namespace: dict[str, Any] = {"cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the class's own field names
    return frozenset(names), namespace["copy"]


def replace(value: T, /, **changes: Any) -> T:
    """A copy of the dataclass `value` with `changes` applied (like dataclasses.replace).

    Raises:
        TypeError: a name in `changes` is not a field of the dataclass.
    """
    names, copy = _copier(type(value))
    if not changes.keys() <= names:
        unknown = sorted(changes.keys() - names)[0]
        raise TypeError(f"{type(value).__name__} has no field {unknown!r}")
    return copy(value, changes)
