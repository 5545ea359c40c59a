"""The values a request may carry, whatever its route: 64-bit integers, no U+0000, names that show."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate

# The integers a request may carry: what SQLite's INTEGER (a signed 64-bit value) can hold.
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
_INT64_RANGE = validate.Range(min=INT64_MIN, max=INT64_MAX,
                              error="Must lie in the signed 64-bit range, {min} to {max}.")
_ASCII_INTEGER = re.compile(r"-?[0-9]+")


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE


class Int64(fields.Integer):
    """An integer of a request, in [minimum, maximum] and never beyond the signed 64-bit range.

    Text (a query parameter, a header) must be an optional '-' and ASCII digits: Python's
    int() would also read '٣', '３', ' 3', '+3' and '1_0', which no client means as a number.
    JSON numbers must be integers when `strict` (floats and booleans are refused either way); a whole
    number written as a float (`3.0`, `3e0`) is refused with a message saying how to write it, the rule
    openapi.yaml's info states for every integer (JSON Schema alone would count it as an integer).
    """

    default_error_messages = {"whole_float": "Write an integer as an integer: {whole}, not {input!r}."}

    def __init__(self, *, minimum: int = INT64_MIN, maximum: int = INT64_MAX, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators.insert(0, validate.Range(min=max(minimum, INT64_MIN), max=min(maximum, INT64_MAX)))

    def _validated(self, value: Any) -> int:
        if isinstance(value, str):
            if self.strict or not _ASCII_INTEGER.fullmatch(value):
                raise self.make_error("invalid", input=value)
        elif type(value) is float and value.is_integer():
            raise self.make_error("whole_float", input=value, whole=int(value))
        elif not isinstance(value, int):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)


def check_values(body: dict[str, Any]) -> None:
    """Refuse a decoded JSON body holding, anywhere in it, an integer beyond the signed 64-bit range
    or a text (a value or a key) with U+0000 in it.

    One check for every field of every body, those no schema types too (command args,
    options, an import's event data), so no such value reaches the rules or the database
    (PostgreSQL's text cannot hold U+0000; refused on both backends alike).

    Raises:
        ValidationError: naming the path of such a value (`args.amount`, `events[3].data.card`).
    """
    pending: list[tuple[str, Any]] = list(body.items())
    for key in body:
        _no_nul("", key)
    while pending:
        path, node = pending.pop()
        if type(node) is int:
            try:
                _INT64_RANGE(node)
            except ValidationError as error:
                raise ValidationError({path: error.messages}) from None
        elif type(node) is str:
            _no_nul(path, node)
        elif type(node) is dict:
            for key, value in node.items():
                _no_nul(path, key)
                pending.append((f"{path}.{key}", value))
        elif type(node) is list:
            pending.extend((f"{path}[{index}]", value) for index, value in enumerate(node))


def _no_nul(path: str, text: str) -> None:
    if "\x00" in text:
        raise ValidationError({path or "body": [f"must not contain U+0000 (at index {text.index(chr(0))})"]})


# Characters that change how the text around them reads: the C0 and C1 controls (with DEL),
# the line and paragraph separators, and the bidirectional marks, embeddings, overrides and
# isolates, with which a name can pass for another in a lobby, a log line or a terminal.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """A validator: `text` holds no control or bidirectional formatting character.

    Raises:
        ValidationError: naming the first such character and where it is.
    """
    found = _UNPRINTABLE.search(text)
    if found is not None:
        raise ValidationError(f"must not contain control or bidirectional formatting characters "
                              f"(U+{ord(found.group()):04X} at index {found.start()})")
    return text


# Characters that show nothing where they stand. Unicode's categories name most of them: format
# characters (Cf: U+200B, U+FEFF, U+180E, U+E0001, U+00AD, the joiners and the bidirectional
# controls), controls (Cc), line and paragraph separators (Zl, Zp) and surrogates (Cs). The ones below
# are written by hand because Unicode files them under categories that look visible, while it lists
# them as default-ignorable (rendered as nothing) or they are drawn blank: the Hangul fillers U+115F,
# U+1160, U+3164, U+FFA0 (letters, Lo), the blank braille pattern U+2800 (a symbol, So), the combining
# grapheme joiner U+034F and the Khmer inherent vowels U+17B4, U+17B5 (marks, Mn), and the code points
# Unicode reserves as default-ignorable, unassigned in Python's tables (U+2065, U+FFF0 to U+FFF8, the
# rest of U+E0000 to U+E0FFF outside the tags and the variation selectors). Variation selectors
# (U+FE00 to U+FE0F, U+E0100 to U+E01EF, U+180B to U+180D, U+180F) stay allowed: they pick the form of
# the visible character before them (the emoji form of a heart), and a name needs a visible one anyway.
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
_INVISIBLE_BY_HAND = frozenset({0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2065, 0x2800, 0x3164, 0xFFA0,
                                *range(0xFFF0, 0xFFF9)})
_VARIATION_SELECTORS = frozenset({*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0), 0x180B, 0x180C, 0x180D,
                                  0x180F})


def is_invisible(char: str) -> bool:
    """Whether `char` is a format, control or other character that is drawn as nothing (see above)."""
    code = ord(char)
    if code in _INVISIBLE_BY_HAND or unicodedata.category(char) in _INVISIBLE_CATEGORIES:
        return True
    return 0xE0000 <= code <= 0xE0FFF and code not in _VARIATION_SELECTORS


def is_visible(char: str) -> bool:
    """Whether `char` shows by itself: not a space (Z*), a mark (M*: it only decorates the character
    before it), a control, format or unassigned code point (C*), nor an invisible one (see above)."""
    return unicodedata.category(char)[0] not in "ZMC" and not is_invisible(char)


def visible_name(text: str) -> str:
    """A validator: `text` shows at least one visible character and holds no invisible one, so that a
    name can neither be blank on the screen nor pass for another by a character nobody sees.

    Raises:
        ValidationError: naming the first invisible character and where it is, or saying that the
            name shows nothing (only spaces, marks or blank characters).
    """
    if _UNPRINTABLE.search(text):
        return text  # a control or bidirectional character: `printable` names it, once
    for index, char in enumerate(text):
        if is_invisible(char):
            raise ValidationError(f"must not contain invisible or format characters "
                                  f"(U+{ord(char):04X} at index {index})")
    if not any(is_visible(char) for char in text):
        raise ValidationError("must contain a visible character (not only spaces, combining marks or blank "
                              "characters)")
    return text


#: a player's or a seat's name
PLAYER_NAME = [validate.Length(min=1, max=64), printable, visible_name]
