"""marshmallow schemas for every request and response body of the REST API."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, post_load, validate, validates_schema

# The prefixes of the command ids the server sends itself: its bots' (application.bus.bot_command_id),
# its deadlines' (timeout_command_id, fill_command_id) and the seating routes' (service/api.py). A client
# taking one of them first could keep the server's command from being recorded (a reused id).
SERVER_COMMAND_PREFIXES = ("bot:", "timeout:", "fill:", "join:", "leave:", "resign:")

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
    JSON numbers must be integers when `strict` (floats and booleans are refused either way).
    """

    def __init__(self, *, minimum: int = INT64_MIN, maximum: int = INT64_MAX, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators.insert(0, validate.Range(min=max(minimum, INT64_MIN), max=min(maximum, INT64_MAX)))

    def _validated(self, value: Any) -> int:
        if isinstance(value, str):
            if self.strict or not _ASCII_INTEGER.fullmatch(value):
                raise self.make_error("invalid", input=value)
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


# -- requests ------------------------------------------------------------------------------


PLAYER_NAME = [validate.Length(min=1, max=64), printable, visible_name]
PLAYER_ID = validate.Regexp(r"^[0-9a-f]{32}$", error="must be a player id (32 lowercase hex digits)")


class SeatRequest(StrictSchema):
    """A seat of a fork: a person's or a bot's."""

    name = fields.String(required=True, validate=PLAYER_NAME)
    bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=32))


class TableSeatRequest(StrictSchema):
    """A seat of a new game: a person's or a bot's (`name`, `bot`), one open for a player to join, or a player's."""

    name = fields.String(load_default=None, allow_none=False, validate=PLAYER_NAME)
    bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=32))
    open = fields.Boolean(load_default=False)
    player = fields.String(load_default=None, allow_none=False, validate=PLAYER_ID)

    @validates_schema
    def _one_kind(self, data: dict[str, Any], **_: Any) -> None:
        if data["open"] and (data["player"] is not None or data["bot"] is not None):
            raise ValidationError("an open seat has no player and no bot", "open")
        if data["player"] is not None and data["bot"] is not None:
            raise ValidationError("a player's seat has no bot", "player")
        if data["name"] is None and not data["open"] and data["player"] is None:
            raise ValidationError("Missing data for required field.", "name")


SECONDS = {"minimum": 1, "maximum": 7 * 24 * 3600}  # a week at most


class CreateGameRequest(StrictSchema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    seats = fields.List(fields.Nested(TableSeatRequest), required=True, validate=validate.Length(min=1, max=12))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seed = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=256))
    # the table's rules (domain/core/seating.py): filling open seats, the clock, the takeover bot
    fill_with_bots_after = Int64(strict=True, load_default=None, allow_none=True, **SECONDS)
    turn_seconds = Int64(strict=True, load_default=None, allow_none=True, **SECONDS)
    initial_seconds = Int64(strict=True, load_default=None, allow_none=True, **SECONDS)
    increment_seconds = Int64(strict=True, load_default=None, allow_none=True, minimum=0, maximum=SECONDS["maximum"])
    takeover_bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=32))
    missed_turns_limit = Int64(strict=True, load_default=None, allow_none=True, minimum=1, maximum=100)


class PlayerRequest(StrictSchema):
    name = fields.String(required=True, validate=PLAYER_NAME)


class JoinRequest(StrictSchema):
    seat = Int64(strict=True, load_default=None, allow_none=True, minimum=0, maximum=11)


def _not_a_bot_id(value: str) -> None:
    if value.startswith(SERVER_COMMAND_PREFIXES):
        prefix = next(prefix for prefix in SERVER_COMMAND_PREFIXES if value.startswith(prefix))
        raise ValidationError(f"command ids starting with {prefix!r} are reserved for the server's bots, "
                              f"deadlines and seating ({', '.join(SERVER_COMMAND_PREFIXES)})")


class CommandRequest(StrictSchema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    args = fields.Dict(keys=fields.String(), load_default=dict)
    expected_version = Int64(strict=True, load_default=None, allow_none=True, minimum=0)
    command_id = fields.String(
        load_default=None,
        allow_none=True,
        validate=[validate.Length(min=1, max=128), validate.Regexp(r"^[A-Za-z0-9._:\-]+$"), _not_a_bot_id],
    )
    seat = Int64(strict=True, load_default=None, allow_none=True, minimum=0)
    # An action from GET .../actions may be sent back as it is listed: its label and ranges are
    # read for what they are (a string, an object) and then left out of the command.
    label = fields.String(load_only=True)
    ranges = fields.Dict(keys=fields.String(), load_only=True)

    @post_load
    def _without_listing(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        data.pop("label", None)
        data.pop("ranges", None)
        return data

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None, unknown: Any = None) -> Any:
        """marshmallow's load, but the body nearly every command sends (`plain_command`) is checked
        directly: marshmallow's machinery costs more than the rest of a command's input handling."""
        if many is None and partial is None and unknown is None and not self.many:
            plain = plain_command(data)
            if plain is not None:
                return plain
        return super().load(data, many=many, partial=partial, unknown=unknown)


_PLAIN_COMMAND_FIELDS = frozenset({"type", "args", "expected_version", "label", "ranges"})


def plain_command(data: Any) -> dict[str, Any] | None:
    """What CommandRequest's fields load from a body holding only a `type` (a string of 1 to 64
    characters), `args` (an object, or none), `expected_version` (a non-negative int64, null or
    none) and an action's `label` (a string) and `ranges` (an object), both left out; None for any
    other body (a command_id, a seat, an unknown field, a value out of bounds), which marshmallow
    loads or refuses with its own messages. tests/integration/test_command_request.py holds the two
    to the same answers."""
    if type(data) is not dict or not data.keys() <= _PLAIN_COMMAND_FIELDS:
        return None
    type_, args, version = data.get("type"), data.get("args", {}), data.get("expected_version")
    if (type(type_) is not str or not 1 <= len(type_) <= 64 or not _string_keyed(args)
            or type(data.get("label", "")) is not str or not _string_keyed(data.get("ranges", {}))
            or not (version is None or (type(version) is int and 0 <= version <= INT64_MAX))):
        return None
    return {"type": type_, "args": dict(args), "expected_version": version, "command_id": None, "seat": None}


def _string_keyed(value: Any) -> bool:
    """Whether `value` is a JSON object as marshmallow's `Dict(keys=String())` takes it."""
    return type(value) is dict and all(type(key) is str for key in value)


class EventsQuery(StrictSchema):
    after = Int64(load_default=0, minimum=0)
    limit = Int64(load_default=100, minimum=1, maximum=1000)


# -- responses -----------------------------------------------------------------------------


class GameType(Schema):
    id = fields.String()
    title = fields.String()
    min_seats = fields.Integer()
    max_seats = fields.Integer()
    options_schema = fields.Raw()
    bots = fields.List(fields.String())
    rules_version = fields.Integer()
    rules_versions = fields.List(fields.Integer())


class SeatResponse(Schema):
    index = fields.Integer()
    name = fields.String()
    bot = fields.String(allow_none=True)
    player = fields.String(allow_none=True)
    open = fields.Boolean()
    gone = fields.Boolean()
    token = fields.String()


class CreatedGame(Schema):
    id = fields.String()
    type = fields.String()
    status = fields.String()
    version = fields.Integer()
    head_hash = fields.String()
    rules_version = fields.Integer()
    seed_commitment = fields.String()
    seed_source = fields.String()
    seats = fields.List(fields.Nested(SeatResponse))


class Envelope(Schema):
    game_id = fields.String()
    seq = fields.Integer()
    position = fields.Integer(allow_none=True)
    type = fields.String()
    data = fields.Raw(allow_none=True)
    redacted = fields.Boolean()
    seat = fields.Integer(allow_none=True)
    command_id = fields.String(allow_none=True)
    visibility = fields.Raw()
    prev_hash = fields.String()
    hash = fields.String()
    recorded_at = fields.String(allow_none=True)


class Deadline(Schema):
    seat = fields.Integer()
    deadline = fields.String()
    remaining_seconds = fields.Float()


class ClockView(Schema):
    turn_seconds = fields.Integer(allow_none=True)
    initial_seconds = fields.Integer(allow_none=True)
    increment_seconds = fields.Integer(allow_none=True)
    missed_turns_limit = fields.Integer()
    takeover_bot = fields.String()
    missed = fields.List(fields.Integer())
    remaining_seconds = fields.List(fields.Float(), allow_none=True)


class GameView(Schema):
    id = fields.String()
    type = fields.String()
    status = fields.String()
    version = fields.Integer()
    head_hash = fields.String()
    rules_version = fields.Integer()
    seed_commitment = fields.String()
    seed_source = fields.String()
    seed = fields.String()
    seed_parts = fields.Dict(keys=fields.String(), values=fields.String())
    seats = fields.List(fields.Nested(SeatResponse))
    to_act = fields.List(fields.Integer())
    deadlines = fields.List(fields.Nested(Deadline))
    clock = fields.Nested(ClockView, allow_none=True)
    fill_deadline = fields.String(allow_none=True)
    you = fields.Integer(allow_none=True)
    state = fields.Raw()
    result = fields.Raw(allow_none=True)
    projection_lag = fields.Integer()
    created_at = fields.String()
    updated_at = fields.String()


class Action(Schema):
    type = fields.String()
    args = fields.Raw()
    label = fields.String()
    ranges = fields.Dict(keys=fields.String(), values=fields.Dict(keys=fields.String(), values=fields.Integer()))


class Actions(Schema):
    version = fields.Integer()
    seat = fields.Integer(allow_none=True)
    actions = fields.List(fields.Nested(Action))


class EventPage(Schema):
    events = fields.List(fields.Nested(Envelope))
    next = fields.Integer()
    has_more = fields.Boolean()


class Summary(Schema):
    id = fields.String()
    type = fields.String()
    status = fields.String()
    version = fields.Integer()
    to_act = fields.List(fields.Integer())
    seats = fields.Raw()
    winners = fields.Raw(allow_none=True)
    created_at = fields.String(allow_none=True)
    updated_at = fields.String(allow_none=True)
    rated = fields.String(allow_none=True)


class SummaryPage(Schema):
    games = fields.List(fields.Nested(Summary))
    next_cursor = fields.Integer(allow_none=True)


class PlayerRow(Schema):
    player = fields.String()
    name = fields.String()
    rating = fields.Float()
    mu = fields.Float()
    sigma = fields.Float()
    games = fields.Integer()


class SeatNameRow(Schema):
    name = fields.String()
    games_played = fields.Integer()
    games_won = fields.Integer()
    mean_placing = fields.Float()
    best_score = fields.Integer(allow_none=True)


class Leaderboard(Schema):
    type = fields.String()
    pool = fields.String()
    score_order = fields.String()
    players = fields.List(fields.Nested(PlayerRow))
    seat_names = fields.List(fields.Nested(SeatNameRow))


class Player(Schema):
    id = fields.String()
    name = fields.String()
    key = fields.String()
    created_at = fields.String()


class Joined(Schema):
    game_id = fields.String()
    seat = fields.Integer()
    token = fields.String()
    status = fields.String()
    version = fields.Integer()
    head_hash = fields.String()
