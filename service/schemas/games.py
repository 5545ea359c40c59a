"""The games API's bodies: creating a game, its seats, commands, joining, and what is answered."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from service.schemas.players import PLAYER_ID
from service.schemas.values import INT64_MAX, PLAYER_NAME, Int64, StrictSchema

# The prefixes of the command ids the server sends itself: its bots' (application.bus.bot_command_id),
# its deadlines' (timeout_command_id, fill_command_id) and the seating's (application/players.py, join;
# service/api.py, leave and resign). A client taking one of them first could keep the server's command
# from being recorded (a reused id).
SERVER_COMMAND_PREFIXES = ("bot:", "timeout:", "fill:", "join:", "leave:", "resign:", "webhook:")


# -- requests ------------------------------------------------------------------------------


class TableSeatRequest(StrictSchema):
    """A seat of a new game: a person's or a bot's (`name`, `bot`), one open for a player to join, or a player's."""

    name = fields.String(load_default=None, allow_none=False, validate=PLAYER_NAME)
    bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=32))
    # a `search` seat's own budget of iterations per decision; the game type bounds it (a 400 past its maximum)
    iterations = Int64(strict=True, load_default=None, allow_none=True, minimum=1)
    open = fields.Boolean(load_default=False)
    player = fields.String(load_default=None, allow_none=False, validate=PLAYER_ID)
    # a seat played by an engine the server calls (application/webhooks.py; docs/webhooks.md)
    webhook = fields.String(load_default=None, allow_none=False, validate=validate.Length(min=1, max=2048))
    webhook_timeout_ms = Int64(strict=True, load_default=None, allow_none=True, minimum=1, maximum=10_000)

    @validates_schema
    def _one_kind(self, data: dict[str, Any], **_: Any) -> None:
        if data["webhook"] is not None and (data["open"] or data["player"] is not None or data["bot"] is not None):
            raise ValidationError("a webhook seat has no bot, no player and is not open", "webhook")
        if data["webhook_timeout_ms"] is not None and data["webhook"] is None:
            raise ValidationError("only a webhook seat takes a webhook_timeout_ms", "webhook_timeout_ms")
        if data["open"] and (data["player"] is not None or data["bot"] is not None):
            raise ValidationError("an open seat has no player and no bot", "open")
        if data["player"] is not None and data["bot"] is not None:
            raise ValidationError("a player's seat has no bot", "player")
        if data["iterations"] is not None and data["bot"] is None:
            raise ValidationError("only a search bot's seat takes a budget of iterations", "iterations")
        if data["name"] is None and not data["open"] and data["player"] is None and data["webhook"] is None:
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


class BotLevelRow(Schema):
    level = fields.String()
    description = fields.String()
    strength = fields.String()


class GameType(Schema):
    id = fields.String()
    title = fields.String()
    min_seats = fields.Integer()
    max_seats = fields.Integer()
    options_schema = fields.Raw()
    bots = fields.List(fields.String())
    bot_levels = fields.List(fields.Nested(BotLevelRow))
    rules_version = fields.Integer()
    rules_versions = fields.List(fields.Integer())


class SeatResponse(Schema):
    index = fields.Integer()
    name = fields.String()
    bot = fields.String(allow_none=True)
    iterations = fields.Integer()  # only a search seat with its own budget has it
    webhook = fields.String()  # only a webhook seat has it, and its timeout
    webhook_timeout_ms = fields.Integer()
    webhook_secret = fields.String()  # in the create response only: the key of the requests' signatures
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


class RematchGame(CreatedGame):
    rematch_of = fields.String()


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
    rematch_of = fields.String(allow_none=True)
    rematch = fields.String(allow_none=True)


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


class Joined(Schema):
    game_id = fields.String()
    seat = fields.Integer()
    token = fields.String()
    status = fields.String()
    version = fields.Integer()
    head_hash = fields.String()
