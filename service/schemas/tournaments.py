"""The tournaments API's requests (issue 30): creating one, listing them, importing one's document."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema, INCLUDE

from service.schemas.games import SECONDS
from service.schemas.players import PLAYER_ID
from service.schemas.values import PLAYER_NAME, Int64, StrictSchema

FORMATS = ("round_robin", "swiss", "arena")
STATUSES = ("open", "running", "finished")


class EntrantRequest(StrictSchema):
    """An entrant named at creation: a player (its id) or a bot level (with a display name, if wished)."""

    player = fields.String(load_default=None, allow_none=False, validate=PLAYER_ID)
    bot = fields.String(load_default=None, allow_none=False, validate=validate.Length(min=1, max=32))
    name = fields.String(load_default=None, allow_none=False, validate=PLAYER_NAME)

    @validates_schema
    def _one_kind(self, data: dict[str, Any], **_: Any) -> None:
        if (data["player"] is None) == (data["bot"] is None):
            raise ValidationError("an entrant is a player or a bot level, one of the two", "player")
        if data["player"] is not None and data["name"] is not None:
            raise ValidationError("a player entrant plays under its player's name", "name")


class CreateTournamentRequest(StrictSchema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    name = fields.String(required=True, validate=validate.Length(min=1, max=100))
    seats_per_game = Int64(strict=True, required=True, minimum=1, maximum=12)
    rounds = Int64(strict=True, load_default=None, allow_none=True, minimum=1, maximum=1000)
    duration_minutes = Int64(strict=True, load_default=None, allow_none=True, minimum=1, maximum=100000)
    duplicate = fields.Boolean(load_default=False)
    options = fields.Dict(keys=fields.String(), load_default=dict)
    turn_seconds = Int64(strict=True, load_default=None, allow_none=True, **SECONDS)
    initial_seconds = Int64(strict=True, load_default=None, allow_none=True, **SECONDS)
    increment_seconds = Int64(strict=True, load_default=None, allow_none=True, minimum=0, maximum=SECONDS["maximum"])
    entrants = fields.List(fields.Nested(EntrantRequest), load_default=list, validate=validate.Length(max=256))
    open = fields.Boolean(load_default=True)
    seed = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=256))
    starts_at = fields.AwareDateTime(load_default=None, allow_none=True, format="iso")


class TournamentsQuery(StrictSchema):
    status = fields.String(load_default=None, validate=validate.OneOf(STATUSES))


class TournamentDocumentEvent(StrictSchema):
    seq = Int64(required=True, strict=True, minimum=1)
    type = fields.String(required=True)
    data = fields.Dict(required=True)
    prev_hash = fields.String(required=True)
    hash = fields.String(required=True)


class TournamentDocument(Schema):
    """A tournament's export, for POST /replays: checked whole by the import (replays/tournaments.py)."""

    class Meta:
        unknown = INCLUDE

    format = fields.String(required=True, validate=validate.Equal("trailhead-tournament"))
    format_version = Int64(required=True, strict=True, validate=validate.Equal(1))
    tournament_id = fields.String(required=True, validate=validate.Length(min=1, max=128))
    version = Int64(strict=True, load_default=None)
    head_hash = fields.String(load_default=None)
    seed = fields.String(required=True, allow_none=True)
    events = fields.List(fields.Nested(TournamentDocumentEvent), required=True, validate=validate.Length(min=1))
    games = fields.List(fields.Dict(), load_default=list)
