"""The ladder's bodies (service/ladder_api.py): entering and leaving, and the ladder as shown."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.schemas.values import StrictSchema


class EntryRequest(StrictSchema):
    # absent: the player whose key is sent enters; a bot level: that level enters, for everyone to meet
    bot = fields.String(load_default=None, validate=validate.Length(min=1, max=64))


class Entrant(Schema):
    entrant = fields.String()
    name = fields.String()
    player = fields.String(allow_none=True)
    bot = fields.String(allow_none=True)
    rating = fields.Float(allow_none=True)
    mu = fields.Float(allow_none=True)
    sigma = fields.Float(allow_none=True)
    games = fields.Integer()
    waiting = fields.Boolean()
    playing = fields.String(allow_none=True)


class Entry(Entrant):
    type = fields.String()


class LadderGame(Schema):
    game_id = fields.String()
    entrants = fields.List(fields.String())
    created_at = fields.String()
    status = fields.String(allow_none=True)


class LadderView(Schema):
    type = fields.String()
    seconds = fields.Float()
    turn_seconds = fields.Integer()
    entrants = fields.List(fields.Nested(Entrant))
    waiting = fields.List(fields.String())
    games = fields.List(fields.Nested(LadderGame))
