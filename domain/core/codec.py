"""Command and event codecs: typed frozen dataclasses <-> plain JSON data.

Commands arrive as `{type, args}` and events are stored as `{type, data}`; both are
frozen dataclasses in the games. `to_plain` turns one into JSON-ready data and
`from_plain` checks and converts plain data back, raising `InvalidCommand` with
the path of the first bad field.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from domain.core.errors import InvalidCommand


def to_plain(value: Any) -> Any:
    """JSON-ready data for a dataclass, enum, tuple, mapping or scalar."""
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [to_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): to_plain(item) for key, item in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"cannot encode {type(value).__name__} as game data")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", str(hint))


def from_plain(hint: Any, value: Any, path: str = "args") -> Any:
    """Check `value` against the type `hint` and convert it; raises InvalidCommand."""
    if hint is Any:
        return value
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return from_plain(option, value, path)
            except InvalidCommand as error:
                errors.append(error.reason)
        raise InvalidCommand(errors[0] if len(errors) == 1 else f"{path}: no allowed form matches {value!r}")
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        if value in allowed and type(value) in {type(a) for a in allowed}:
            return value
        raise InvalidCommand(f"{path}: must be one of {', '.join(map(repr, allowed))}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (list, tuple)):
            raise InvalidCommand(f"{path}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(args[0], item, f"{path}[{i}]") for i, item in enumerate(value))
        if len(value) != len(args):
            raise InvalidCommand(f"{path}: expected a list of {len(args)} items")
        return tuple(from_plain(a, item, f"{path}[{i}]") for i, (a, item) in enumerate(zip(args, value)))
    if origin in (dict, Mapping) or hint is dict:
        if not isinstance(value, Mapping):
            raise InvalidCommand(f"{path}: expected an object")
        item_hint = typing.get_args(hint)[1] if typing.get_args(hint) else Any
        return {str(k): from_plain(item_hint, v, f"{path}.{k}") for k, v in value.items()}
    if hint is type(None):
        if value is None:
            return None
        raise InvalidCommand(f"{path}: expected null")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError:
            allowed = ", ".join(repr(member.value) for member in hint)
            raise InvalidCommand(f"{path}: must be one of {allowed}") from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_from_plain(hint, value, path)
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise InvalidCommand(f"{path}: expected true or false")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise InvalidCommand(f"{path}: expected an integer")
    if hint is str:
        if isinstance(value, str):
            return value
        raise InvalidCommand(f"{path}: expected a string")
    raise TypeError(f"unsupported field type {_type_name(hint)} at {path}")


def _dataclass_from_plain(cls: type, value: Any, path: str) -> Any:
    if not isinstance(value, Mapping):
        raise InvalidCommand(f"{path}: expected an object")
    hints = _hints(cls)
    known = {f.name: f for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(value) - set(known))
    if unknown:
        raise InvalidCommand(f"{path}: unknown field {unknown[0]!r}")
    kwargs = {}
    for name, field in known.items():
        if name in value:
            kwargs[name] = from_plain(hints[name], value[name], f"{path}.{name}")
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise InvalidCommand(f"{path}: missing field {name!r}")
    return cls(**kwargs)


class Message:
    """Base of commands and events: a frozen dataclass with a stable `TYPE` name."""

    TYPE: ClassVar[str]


class Codec:
    """Maps stable type names to message classes and back."""

    def __init__(self, classes: Iterable[type[Message]], kind: str) -> None:
        self.kind = kind
        self._by_type: dict[str, type[Message]] = {}
        for cls in classes:
            if cls.TYPE in self._by_type:
                raise ValueError(f"duplicate {kind} type {cls.TYPE!r}")
            self._by_type[cls.TYPE] = cls

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(sorted(self._by_type))

    def encode(self, message: Message) -> tuple[str, dict[str, Any]]:
        """The stable type name and the plain data of a message."""
        if self._by_type.get(message.TYPE) is not type(message):
            raise TypeError(f"{type(message).__name__} is not a registered {self.kind}")
        return message.TYPE, to_plain(message)

    def decode(self, type_name: Any, data: Any) -> Message:
        """The message for `type_name` built from plain data.

        Raises:
            InvalidCommand: unknown type, or data that does not fit its fields.
        """
        cls = self._by_type.get(type_name) if isinstance(type_name, str) else None
        if cls is None:
            raise InvalidCommand(f"unknown {self.kind} type {type_name!r}; known types: {', '.join(self.types)}")
        return _dataclass_from_plain(cls, {} if data is None else data, "args" if self.kind == "command" else "data")
