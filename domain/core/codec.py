"""Command and event codecs on msgspec: typed frozen Structs <-> canonical JSON and plain data.

Commands arrive as `{type, args}` and events are stored as `{type, data}`. msgspec does the
work (decoding straight from JSON text into Structs, encoding Structs to sorted, compact
JSON); this module only maps stable type names to classes and words msgspec's validation
errors the way clients have always read them: `args.spot.region: expected an integer`.

Canonical JSON (canonical.py) is `json.dumps(sort_keys, no spaces, ensure_ascii=False)`;
`msgspec.json.encode(..., order="sorted")` writes the very same bytes for the values games
hold (str keys, ints, bools, strings, None, lists), which the golden logs in
tests/golden check for every stored event.
"""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Iterable
from typing import Any, ClassVar

import msgspec

from domain.core.errors import InvalidCommand

_encoder = msgspec.json.Encoder(order="sorted")
_plain_decoder = msgspec.json.Decoder()


class Message:
    """Base of commands and events: a frozen Struct with a stable `TYPE` name (a mixin: no slots of its own)."""

    __slots__ = ()
    TYPE: ClassVar[str]


def canonical_bytes(value: Any) -> bytes:
    """Canonical JSON (sorted keys, no spaces, UTF-8) of a Struct, enum, tuple, mapping or scalar."""
    return _encoder.encode(value)


def to_plain(value: Any) -> Any:
    """JSON-ready data (dicts, lists, scalars) for a Struct, enum, tuple, mapping or scalar."""
    try:
        return _plain_decoder.decode(_encoder.encode(value))
    except TypeError as error:
        raise TypeError(f"cannot encode {type(value).__name__} as game data: {error}") from None


def from_plain(hint: Any, value: Any, path: str = "args") -> Any:
    """Check `value` against the type `hint` and convert it; raises InvalidCommand naming the path."""
    try:
        return msgspec.convert(value, hint, strict=True)
    except msgspec.ValidationError as error:
        raise InvalidCommand(_reason(error, hint, path)) from None


class Codec:
    """Maps stable type names to message classes and back."""

    def __init__(self, classes: Iterable[type[Message]], kind: str) -> None:
        self.kind = kind
        self.root = "args" if kind == "command" else "data"
        self._by_type: dict[str, type[Message]] = {}
        self._decoders: dict[str, msgspec.json.Decoder[Any]] = {}
        for cls in classes:
            if cls.TYPE in self._by_type:
                raise ValueError(f"duplicate {kind} type {cls.TYPE!r}")
            self._by_type[cls.TYPE] = cls

    def including(self, classes: Iterable[type[Message]]) -> Codec:
        """This codec with `classes` added (those it has already are kept as they are)."""
        clashing = [cls.TYPE for cls in classes if self._by_type.get(cls.TYPE, cls) is not cls]
        if clashing:
            raise ValueError(f"{self.kind} type(s) {', '.join(clashing)} are taken by other classes")
        extra = [cls for cls in classes if cls.TYPE not in self._by_type]
        return self if not extra else Codec([*self._by_type.values(), *extra], self.kind)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its decoders, which are rebuilt on first use."""
        return {**self.__dict__, "_decoders": {}}

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(sorted(self._by_type))

    def classes(self) -> tuple[type[Message], ...]:
        return tuple(self._by_type[name] for name in self.types)

    def encode(self, message: Message) -> tuple[str, dict[str, Any]]:
        """The stable type name and the plain data of a message."""
        type_, text = self.encode_json(message)
        return type_, _plain_decoder.decode(text)

    def encode_json(self, message: Message) -> tuple[str, str]:
        """The stable type name and the canonical JSON text of a message's data."""
        if self._by_type.get(message.TYPE) is not type(message):
            raise TypeError(f"{type(message).__name__} is not a registered {self.kind}")
        return message.TYPE, _encoder.encode(message).decode()

    def decode(self, type_name: Any, data: Any) -> Message:
        """The message for `type_name` built from plain data.

        Raises:
            InvalidCommand: unknown type, or data that does not fit its fields.
        """
        cls = self._class(type_name)
        data = {} if data is None else data
        try:
            return msgspec.convert(data, cls, strict=True)  # type: ignore[no-any-return]
        except msgspec.ValidationError as error:
            raise InvalidCommand(_reason(error, cls, self.root)) from None

    def decode_json(self, type_name: str, text: str | bytes) -> Message:
        """The message for `type_name` decoded straight from its JSON text (the fast path of a fold).

        Raises:
            InvalidCommand: unknown type, or text that does not fit its fields.
        """
        decoder = self._decoders.get(type_name)
        if decoder is None:
            decoder = self._decoders[type_name] = msgspec.json.Decoder(self._class(type_name))
        try:
            return decoder.decode(text)  # type: ignore[no-any-return]
        except msgspec.ValidationError as error:
            raise InvalidCommand(_reason(error, self._by_type[type_name], self.root)) from None
        except msgspec.DecodeError as error:
            raise InvalidCommand(f"{self.root}: not valid JSON ({error})") from None

    def _class(self, type_name: Any) -> type[Message]:
        cls = self._by_type.get(type_name) if isinstance(type_name, str) else None
        if cls is None:
            raise InvalidCommand(f"unknown {self.kind} type {type_name!r}; known types: {', '.join(self.types)}")
        return cls


# --- msgspec's validation errors, worded as clients have always read them -------------------

_AT = re.compile(r"^(?P<message>.*?)(?: - at `\$(?P<path>.*)`)?$", re.DOTALL)
_EXPECTED = {
    "int": "expected an integer",
    "str": "expected a string",
    "bool": "expected true or false",
    "array": "expected a list",
    "object": "expected an object",
    "null": "expected null",
}
_SEGMENT = re.compile(r"\.(\w+)|\[(\d+)\]|\[\.\.\.\]")


def _reason(error: msgspec.ValidationError, root_type: Any, root: str) -> str:
    """`<root><path>: <what is wrong>` for a msgspec ValidationError."""
    match = _AT.match(str(error))
    assert match is not None
    message, path = match["message"], match["path"] or ""
    where = f"{root}{path}"
    if found := re.fullmatch(r"Expected `(\w+)`, got `\w+`", message):
        return f"{where}: {_EXPECTED.get(found[1], message.lower())}"
    if found := re.fullmatch(r"Expected `array` of length (\d+), got \d+", message):
        return f"{where}: expected a list of {found[1]} items"
    if found := re.fullmatch(r"Object contains unknown field `(.*)`", message):
        return f"{where}: unknown field {found[1]!r}"
    if found := re.fullmatch(r"Object missing required field `(.*)`", message):
        return f"{where}: missing field {found[1]!r}"
    if message.startswith("Invalid enum value"):
        allowed = _allowed_values(root_type, path)
        if allowed is not None:
            return f"{where}: must be one of {', '.join(map(repr, allowed))}"
    return f"{where}: {message[:1].lower()}{message[1:]}"


def _allowed_values(root_type: Any, path: str) -> tuple[Any, ...] | None:
    """The values an Enum or Literal at `path` inside `root_type` allows (None if the path cannot be followed)."""
    hint = root_type
    for name, _index in ((m[1], m[2]) for m in _SEGMENT.finditer(path)):
        hint = _field_hint(_unwrapped(hint), name)
        if hint is None:
            return None
    hint = _unwrapped(hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return tuple(member.value for member in hint)
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    return None


def _unwrapped(hint: Any) -> Any:
    """The hint without `| None`; a container's item hint where a path steps into it."""
    args = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and len(args) == 1:
        return args[0]
    return hint


def _field_hint(hint: Any, name: str | None) -> Any:
    if name is None:  # an index: the item type of a tuple or list
        args = typing.get_args(hint)
        return args[0] if args else None
    if isinstance(hint, type):
        try:
            return typing.get_type_hints(hint).get(name)
        except Exception:  # noqa: BLE001 - an unresolvable hint: no list of values then
            return None
    return None

