"""Encoding: typed frozen dataclasses, enums and tuples -> plain JSON-ready data.

`to_plain` dispatches on the exact runtime type of each value to an encoder built
once per type, with the same precedence as the plain checks (enum, dataclass
instance, list/tuple, mapping, scalar). The decoding half is in codec.py.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from typing import Any

_NoneType = type(None)
# Types whose values every encoder and the matching decoders pass through unchanged.
SCALARS: frozenset[type] = frozenset({int, str, bool, _NoneType})
_SCALARS = SCALARS


# --- encoding -----------------------------------------------------------------------


def to_plain(value: Any) -> Any:
    """JSON-ready data for a dataclass, enum, tuple, mapping or scalar."""
    kind = type(value)
    try:
        encoder = _ENCODERS.get(kind)
    except TypeError:  # a metaclass without __hash__: no cache for it
        return _encode_unchecked(value)
    if encoder is None:
        encoder = _encoder_for(kind)
    return encoder(value)


def _encode_unchecked(value: Any) -> Any:
    """The encoder's checks made on the value itself, for types that cannot be cached."""
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


def identity(value: Any) -> Any:
    """The encoder (and decoder) of a value that passes through unchanged."""
    return value


_identity = identity


def _enum_value(value: Any) -> Any:
    return value.value


def _encode_list_or_tuple(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    # An exact list or tuple can be read twice unobserved: first to see if it holds only scalars.
    try:
        for item in value:
            if type(item) not in _SCALARS:
                break
        else:
            return list(value)
    except TypeError:  # an item whose class has an unhashable metaclass
        pass
    return [to_plain(item) for item in value]


def _encode_sequence(value: Any) -> list[Any]:
    return [to_plain(item) for item in value]


def _encode_mapping(value: Any) -> dict[str, Any]:
    plain = {}
    for key, item in value.items():
        name = str(key)
        try:
            scalar = type(item) in _SCALARS
        except TypeError:  # a class whose metaclass is unhashable
            scalar = False
        plain[name] = item if scalar else to_plain(item)
    return plain


def _dataclass_encoder(kind: type) -> Callable[[Any], Any]:
    names = tuple(f.name for f in dataclasses.fields(kind))

    def encode(value: Any) -> dict[str, Any]:
        plain = {}
        for name in names:
            item = getattr(value, name)
            try:
                scalar = type(item) in _SCALARS
            except TypeError:  # a class whose metaclass is unhashable
                scalar = False
            plain[name] = item if scalar else to_plain(item)
        return plain

    return encode


def _encoder_for(kind: type) -> Callable[[Any], Any]:
    """The encoder for values of exactly `kind`, decided by the checks `_encode_unchecked` makes."""
    if any("__class__" in vars(base) for base in kind.__mro__ if base is not object):
        encoder: Callable[[Any], Any] = _encode_unchecked  # isinstance would look past type(value)
    elif issubclass(kind, enum.Enum):
        encoder = _enum_value
    elif hasattr(kind, "__dataclass_fields__") and not issubclass(kind, type):
        encoder = _dataclass_encoder(kind)
    elif kind is list or kind is tuple:
        encoder = _encode_list_or_tuple
    elif issubclass(kind, (tuple, list)):
        encoder = _encode_sequence
    elif issubclass(kind, Mapping):
        encoder = _encode_mapping
    elif kind is _NoneType or issubclass(kind, (bool, int, str)):
        encoder = _identity
    else:
        encoder = _encode_unchecked  # raises the TypeError
    _ENCODERS[kind] = encoder
    return encoder


_ENCODERS: dict[type, Callable[[Any], Any]] = {kind: _identity for kind in _SCALARS}
