"""Command and event codecs: typed frozen dataclasses <-> plain JSON data.

Commands arrive as `{type, args}` and events are stored as `{type, data}`; both are
frozen dataclasses in the games. `to_plain` turns one into JSON-ready data and
`from_plain` checks and converts plain data back, raising `InvalidCommand` with
the path of the first bad field.

Both directions are compiled: every event of every game goes through them when a
game is rebuilt from its log, so the type introspection is done once, not per value.

- Decoding: `_compiled(hint)` builds, once per type hint, a converter closure that
  does only the checks that hint needs. Converters take the value alone; a failure
  raises a private `_Relative` error that collects the path segments (`.name`,
  `[1]`, `.key`) while it unwinds, and the entry points (`from_plain`,
  `Codec.decode`) turn it into the `InvalidCommand` (or `TypeError` for an
  unsupported field type) with the full path. The successful path never formats
  a path string. Dataclass converters resolve their fields' type hints on first
  use, so forward and recursive references work and resolution errors surface at
  the same moment as before.
- Encoding (`to_plain`) lives in encoding.py and is re-exported here.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from domain.core.encoding import SCALARS, identity, to_plain
from domain.core.errors import InvalidCommand

_NoneType = type(None)
_SCALARS = SCALARS
_identity = identity
_NOTHING: frozenset[type] = frozenset()


# --- decoding -----------------------------------------------------------------------


class _Relative(Exception):
    """A decoding failure whose path is known relative to where it is caught.

    Containers append their segment (innermost first) as the error unwinds, so
    no path string is built while decoding succeeds.
    """

    def __init__(self) -> None:
        super().__init__()
        self.segments: list[str] = []

    def path(self, root: Any) -> str:
        return f"{root}{''.join(reversed(self.segments))}"

    def error(self, root: Any) -> Exception:
        raise NotImplementedError


class _Invalid(_Relative):
    """Becomes `InvalidCommand("<path><tail>")`."""

    def __init__(self, tail: str) -> None:
        super().__init__()
        self.tail = tail

    def error(self, root: Any) -> Exception:
        return InvalidCommand(f"{self.path(root)}{self.tail}")


class _Unsupported(_Relative):
    """Becomes the `TypeError` for a field type the codec cannot decode."""

    def __init__(self, hint: Any) -> None:
        super().__init__()
        self.hint = hint

    def error(self, root: Any) -> Exception:
        return TypeError(f"unsupported field type {_type_name(self.hint)} at {self.path(root)}")


_Converter = Callable[[Any], Any]
# A compiled hint: its converter, and the exact types whose values it returns unchanged
# (so a container may skip calling it for them).
_Compiled = tuple[_Converter, frozenset[type]]


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", str(hint))


def from_plain(hint: Any, value: Any, path: str = "args") -> Any:
    """Check `value` against the type `hint` and convert it; raises InvalidCommand."""
    convert = _compiled(hint)[0]
    try:
        return convert(value)
    except _Relative as failure:
        error = failure.error(path)
    raise error


def _dataclass_from_plain(cls: type, value: Any, path: str) -> Any:
    convert = _dataclass_converter(cls)
    try:
        return convert(value)
    except _Relative as failure:
        error = failure.error(path)
    raise error


# Compiled hints by hint. Equal hints are not always interchangeable (`int | Num` == `Num | int`
# and `Literal[1, 2]` == `Literal[2, 1]`, but order decides the result or the message), so a
# hint's entry lists every (hint, converter) built for hints equal to it, and a converter is
# reused only for the same hint or one `_same_hint` finds identical in every respect.
_COMPILED: dict[Any, list[tuple[Any, _Compiled]]] = {}


def _compiled(hint: Any) -> _Compiled:
    """The converter of `hint` and the types it passes through unchanged, built once per hint."""
    try:
        variants = _COMPILED.get(hint)
    except TypeError:  # an unhashable hint (a Literal of a list, say): build it each time
        return _build(hint)
    if variants is not None:
        for known, compiled in variants:
            if known is hint:
                return compiled
        for known, compiled in variants:
            if _same_hint(known, hint):
                return compiled
    compiled = _build(hint)
    _COMPILED.setdefault(hint, []).append((hint, compiled))
    return compiled


def _same_hint(a: Any, b: Any) -> bool:
    """Whether two equal hints are also alike in kind, order, names and reprs (so decode alike)."""
    if a is b:
        return True
    if type(a) is not type(b) or typing.get_origin(a) is not typing.get_origin(b):
        return False
    a_args, b_args = typing.get_args(a), typing.get_args(b)
    if len(a_args) != len(b_args):
        return False
    if not a_args:
        return bool(a == b) and repr(a) == repr(b)
    return _type_name(a) == _type_name(b) and all(map(_same_hint, a_args, b_args))


def _build(hint: Any) -> _Compiled:
    """The converter for `hint`. Never raises: what the checks would raise is raised on use."""
    try:
        return _build_checked(hint)
    except Exception:  # noqa: BLE001 - a hint odd enough to break the checks themselves

        def convert_odd(value: Any) -> Any:
            return _build_checked(hint)[0](value)  # raises what the checks raise, when used

        return convert_odd, _NOTHING


def _build_checked(hint: Any) -> _Compiled:
    if hint is Any:
        return _identity, _NOTHING
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _union_converter(typing.get_args(hint))
    if origin is typing.Literal:
        return _literal_converter(typing.get_args(hint)), _NOTHING
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return _variadic_tuple_converter(_compiled(args[0])), _NOTHING
        return _fixed_tuple_converter(tuple(_compiled(arg) for arg in args)), _NOTHING
    if origin in (dict, Mapping) or hint is dict:
        return _mapping_converter(hint), _NOTHING
    if hint is _NoneType:
        return _convert_none, frozenset({_NoneType})
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_converter(hint), _NOTHING
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_converter(hint), _NOTHING
    if hint is bool:
        return _convert_bool, frozenset({bool})
    if hint is int:
        return _convert_int, frozenset({int})
    if hint is str:
        return _convert_str, frozenset({str})

    def convert_unsupported(value: Any) -> Any:
        raise _Unsupported(hint)

    return convert_unsupported, _NOTHING


def _convert_none(value: Any) -> None:
    if value is None:
        return value
    raise _Invalid(": expected null")


def _convert_bool(value: Any) -> bool:
    if value is True or value is False:
        return value
    raise _Invalid(": expected true or false")


def _convert_int(value: Any) -> int:
    if type(value) is int or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise _Invalid(": expected an integer")


def _convert_str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise _Invalid(": expected a string")


def _union_converter(options: tuple[Any, ...]) -> _Compiled:
    takes_none = _NoneType in options
    converters = tuple(_compiled(option)[0] for option in options if option is not _NoneType)

    def convert_union(value: Any) -> Any:
        if value is None and takes_none:
            return None
        errors: list[Exception] = []
        for convert in converters:
            try:
                return convert(value)
            except (_Invalid, InvalidCommand) as error:
                errors.append(error)
        if len(errors) == 1:
            only = errors[0]
            if isinstance(only, _Invalid):
                raise only  # the reason of the one form, at this same path
            raise InvalidCommand(only.reason)  # type: ignore[attr-defined]
        raise _Invalid(f": no allowed form matches {value!r}")

    # Values the first form returns unchanged are what the union returns (it tries that form first).
    first = next((option for option in options if option is not _NoneType), None)
    fast = _compiled(first)[1] if first is not None else _NOTHING
    return convert_union, (fast | {_NoneType}) if takes_none else fast


def _literal_converter(allowed: tuple[Any, ...]) -> _Converter:
    allowed_types = {type(a) for a in allowed}

    def convert_literal(value: Any) -> Any:
        if value in allowed and type(value) in allowed_types:
            return value
        raise _Invalid(f": must be one of {', '.join(map(repr, allowed))}")

    return convert_literal


def _variadic_tuple_converter(item: _Compiled) -> _Converter:
    convert_item, fast = item

    def convert_tuple(value: Any) -> tuple[Any, ...]:
        kind = type(value)
        if kind is list or kind is tuple:
            # An exact list or tuple can be read twice unobserved: first to see if all items pass as they are.
            try:
                for element in value:
                    if type(element) not in fast:
                        break
                else:
                    return tuple(value)
            except TypeError:  # an item whose class has an unhashable metaclass
                pass
        elif not isinstance(value, (list, tuple)):
            raise _Invalid(": expected a list")
        converted: list[Any] = []
        append = converted.append
        try:
            for element in value:
                append(convert_item(element))
        except _Relative as failure:
            failure.segments.append(f"[{len(converted)}]")
            raise
        return tuple(converted)

    return convert_tuple


def _fixed_tuple_converter(items: tuple[_Compiled, ...]) -> _Converter:
    converters = tuple(convert for convert, _ in items)
    size = len(items)

    def convert_fixed(value: Any) -> tuple[Any, ...]:
        if type(value) is not list and not isinstance(value, (list, tuple)):
            raise _Invalid(": expected a list")
        if len(value) != size:
            raise _Invalid(f": expected a list of {size} items")
        converted: list[Any] = []
        append = converted.append
        try:
            for convert, element in zip(converters, value):
                append(convert(element))
        except _Relative as failure:
            failure.segments.append(f"[{len(converted)}]")
            raise
        return tuple(converted)

    return convert_fixed


def _mapping_converter(hint: Any) -> _Converter:
    item: _Compiled | None = None

    def item_converter() -> _Compiled:
        nonlocal item
        if item is None:  # may raise (a `dict[str]`), like the lookup it stands for
            item = _compiled(typing.get_args(hint)[1] if typing.get_args(hint) else Any)
        return item

    try:
        item_converter()
    except Exception:  # noqa: BLE001, S110 - raised again on use, after the object check
        pass

    def convert_mapping(value: Any) -> dict[str, Any]:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise _Invalid(": expected an object")
        convert_item, fast = item or item_converter()
        if convert_item is _identity:
            return {str(key): element for key, element in value.items()}
        converted: dict[str, Any] = {}
        try:
            for key, element in value.items():
                name = str(key)
                try:
                    unchanged = type(element) in fast
                except TypeError:  # a class whose metaclass is unhashable
                    unchanged = False
                converted[name] = element if unchanged else convert_item(element)
        except _Relative as failure:
            failure.segments.append(f".{key}")
            raise
        return converted

    return convert_mapping


def _enum_converter(cls: type[enum.Enum]) -> _Converter:
    # Plain enums look the value up in this map first; a hit is exactly what cls(value) returns.
    standard = type(cls).__call__ is enum.EnumType.__call__ and cls.__new__ is enum.Enum.__new__
    by_value: Mapping[Any, Any] = cls._value2member_map_ if standard else {}

    def convert_enum(value: Any) -> Any:
        try:
            return by_value[value]
        except (KeyError, TypeError):
            pass
        try:
            return cls(value)
        except ValueError:
            allowed = ", ".join(repr(member.value) for member in cls)
            raise _Invalid(f": must be one of {allowed}") from None

    return convert_enum


_FieldPlan = tuple[str, _Converter, frozenset[type], bool, str]


# The converter of each dataclass (kept here, not on the Codec, so a Codec still pickles).
_DATACLASS_CONVERTERS: dict[type, _Converter] = {}


def _dataclass_converter(cls: type) -> _Converter:
    try:
        convert = _DATACLASS_CONVERTERS.get(cls)
    except TypeError:  # a class whose metaclass is unhashable
        return _new_dataclass_converter(cls)
    if convert is None:
        convert = _DATACLASS_CONVERTERS.setdefault(cls, _new_dataclass_converter(cls))
    return convert


def _new_dataclass_converter(cls: type) -> _Converter:
    """The converter for dataclass `cls`; its fields are resolved on first use (they may refer back to it)."""
    plan: tuple[tuple[_FieldPlan, ...], frozenset[str]] | None = None

    def resolve() -> tuple[tuple[_FieldPlan, ...], frozenset[str]]:
        nonlocal plan
        hints = _hints(cls)
        known = {f.name: f for f in dataclasses.fields(cls) if f.init}
        fields = []
        for name, field in known.items():
            required = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
            if name in hints:
                convert, fast = _compiled(hints[name])
            else:
                convert, fast = functools.partial(_missing_hint, hints, name), _NOTHING
            fields.append((name, convert, fast, required, f".{name}"))
        plan = (tuple(fields), frozenset(known))
        return plan

    def convert_dataclass(value: Any) -> Any:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise _Invalid(": expected an object")
        fields, known = plan or resolve()
        if not known.issuperset(value):
            unknown = sorted(set(value) - set(known))
            if unknown:
                raise _Invalid(f": unknown field {unknown[0]!r}")
        kwargs = {}
        missing = None
        try:
            for name, convert, fast, required, segment in fields:
                if name in value:
                    element = value[name]
                    try:
                        unchanged = type(element) in fast
                    except TypeError:  # a class whose metaclass is unhashable
                        unchanged = False
                    kwargs[name] = element if unchanged else convert(element)
                elif required:
                    missing = name
                    break
        except _Relative as failure:
            failure.segments.append(segment)
            raise
        if missing is not None:
            raise _Invalid(f": missing field {missing!r}")
        return cls(**kwargs)

    return convert_dataclass


def _missing_hint(hints: dict[str, Any], name: str, value: Any) -> Any:
    return hints[name]  # raises the KeyError


class Message:
    """Base of commands and events: a frozen dataclass with a stable `TYPE` name."""

    TYPE: ClassVar[str]


class Codec:
    """Maps stable type names to message classes and back."""

    def __init__(self, classes: Iterable[type[Message]], kind: str) -> None:
        self.kind = kind
        self._by_type: dict[str, type[Message]] = {}
        self._converters: dict[str, Callable[[Any], Any]] = {}
        for cls in classes:
            if cls.TYPE in self._by_type:
                raise ValueError(f"duplicate {kind} type {cls.TYPE!r}")
            self._by_type[cls.TYPE] = cls

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its converters (closures), which are rebuilt on first use."""
        return {**self.__dict__, "_converters": {}}

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
        convert = self._converters.get(type_name) if isinstance(type_name, str) else None
        if convert is None:
            cls = self._by_type.get(type_name) if isinstance(type_name, str) else None
            if cls is None:
                raise InvalidCommand(f"unknown {self.kind} type {type_name!r}; known types: {', '.join(self.types)}")
            convert = self._converters[type_name] = _dataclass_converter(cls)
        try:
            return convert({} if data is None else data)  # type: ignore[no-any-return]
        except _Relative as failure:
            error = failure.error("args" if self.kind == "command" else "data")
        raise error
