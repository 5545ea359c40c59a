"""A fast `replace` for the frozen dataclasses that game states are made of.

`dataclasses.replace` re-runs `__init__` and re-reads the fields on every call, which
dominates a game's `evolve` when states have many fields. States here have no
`__post_init__` and no `init=False` fields, so copying the field values and setting
the changed ones gives the very same value. A dataclass without slots is copied with
one dict merge, whatever its size (a game's big, often-copied state can drop slots for
that); a slotted one by a copier generated once per class.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_set = object.__setattr__
_new = object.__new__


@functools.cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(field.name for field in dataclasses.fields(cls))


@functools.cache
def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    names = [field.name for field in dataclasses.fields(cls)]
    lines = ["def copy(value, changes, new=object.__new__, put=object.__setattr__, cls=cls):", "    made = new(cls)"]
    lines += [f"    put(made, {name!r}, changes[{name!r}] if {name!r} in changes else value.{name})" for name in names]
    lines.append("    return made")
    namespace: dict[str, Any] = {"cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the class's own field names
    return namespace["copy"]


def replace(value: T, /, **changes: Any) -> T:
    """A copy of the dataclass `value` with `changes` applied (like dataclasses.replace).

    Raises:
        TypeError: a name in `changes` is not a field of the dataclass.
    """
    cls = type(value)
    if not changes.keys() <= _field_names(cls):
        unknown = sorted(changes.keys() - _field_names(cls))[0]
        raise TypeError(f"{cls.__name__} has no field {unknown!r}")
    fields = getattr(value, "__dict__", None)
    if fields is None:
        return _copier(cls)(value, changes)  # type: ignore[no-any-return]
    made = _new(cls)
    _set(made, "__dict__", {**fields, **changes})
    return made  # type: ignore[no-any-return]
