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
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_set = object.__setattr__
_new = object.__new__


_PLANS: dict[type, tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any] | None]] = {}


def _plan(cls: type) -> tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any] | None]:
    """The field names of `cls`, and for a slotted class the copier generated for it."""
    names = [field.name for field in dataclasses.fields(cls)]
    copier = None
    if "__slots__" in cls.__dict__:
        lines = ["def copy(value, changes, new=object.__new__, put=object.__setattr__, cls=cls):", "    made = new(cls)"]
        lines += [f"    put(made, {n!r}, changes[{n!r}] if {n!r} in changes else value.{n})" for n in names]
        lines.append("    return made")
        namespace: dict[str, Any] = {"cls": cls}
        exec("\n".join(lines), namespace)  # noqa: S102 - generated from the class's own field names
        copier = namespace["copy"]
    plan = (frozenset(names), copier)
    _PLANS[cls] = plan
    return plan


def replace(value: T, /, **changes: Any) -> T:
    """A copy of the dataclass `value` with `changes` applied (like dataclasses.replace).

    Raises:
        TypeError: a name in `changes` is not a field of the dataclass.
    """
    cls = type(value)
    names, copier = _PLANS.get(cls) or _plan(cls)
    if not changes.keys() <= names:
        unknown = sorted(changes.keys() - names)[0]
        raise TypeError(f"{cls.__name__} has no field {unknown!r}")
    if copier is not None:
        return copier(value, changes)  # type: ignore[no-any-return]
    made = _new(cls)
    _set(made, "__dict__", {**value.__dict__, **changes})
    return made  # type: ignore[no-any-return]
