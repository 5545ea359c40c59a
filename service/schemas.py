"""marshmallow schemas for every request and response body of the REST API."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate

BOT_COMMAND_PREFIX = "bot:"  # the server's bots' command ids (application.bus.bot_command_id)


class StrictSchema(Schema):
    class Meta:
        unknown = RAISE


# -- requests ------------------------------------------------------------------------------


class SeatRequest(StrictSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=64))
    bot = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=32))


class CreateGameRequest(StrictSchema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    seats = fields.List(fields.Nested(SeatRequest), required=True, validate=validate.Length(min=1, max=12))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seed = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=256))


def _not_a_bot_id(value: str) -> None:
    if value.startswith(BOT_COMMAND_PREFIX):
        raise ValidationError(f"command ids starting with {BOT_COMMAND_PREFIX!r} are reserved for the server's bots")


class CommandRequest(StrictSchema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    args = fields.Dict(keys=fields.String(), load_default=dict)
    expected_version = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0))
    command_id = fields.String(
        load_default=None,
        allow_none=True,
        validate=[validate.Length(min=1, max=128), validate.Regexp(r"^[A-Za-z0-9._:\-]+$"), _not_a_bot_id],
    )
    seat = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0))


class EventsQuery(StrictSchema):
    after = fields.Integer(load_default=0, validate=validate.Range(min=0))
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))


# -- responses -----------------------------------------------------------------------------


class GameType(Schema):
    id = fields.String()
    title = fields.String()
    min_seats = fields.Integer()
    max_seats = fields.Integer()
    options_schema = fields.Raw()
    bots = fields.List(fields.String())
    rules_version = fields.Integer()


class SeatResponse(Schema):
    index = fields.Integer()
    name = fields.String()
    bot = fields.String(allow_none=True)
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
    you = fields.Integer(allow_none=True)
    state = fields.Raw()
    result = fields.Raw(allow_none=True)
    projection_lag = fields.Integer()
    created_at = fields.String()
    updated_at = fields.String()


class Action(Schema):
    type = fields.String()
    args = fields.Raw()


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


class SummaryPage(Schema):
    games = fields.List(fields.Nested(Summary))
    next_cursor = fields.Integer(allow_none=True)


class PlayerRow(Schema):
    name = fields.String()
    games_played = fields.Integer()
    games_won = fields.Integer()
    mean_placing = fields.Float()
    best_score = fields.Integer(allow_none=True)


class Leaderboard(Schema):
    type = fields.String()
    score_order = fields.String()
    players = fields.List(fields.Nested(PlayerRow))
