"""The lobby's bodies: listing games, the leaderboard, and what they answer."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from application.ratings import POOLS, RATED
from service.schemas.values import Int64, StrictSchema


class GamesQuery(StrictSchema):
    type = fields.String(load_default=None, validate=validate.Length(min=1, max=64))
    status = fields.String(load_default=None, validate=validate.OneOf(["open", "active", "finished"]))
    open = fields.Boolean(load_default=False)  # true: the games with an open seat (status "open")
    seat_name = fields.String(load_default=None, validate=validate.Length(min=1, max=64))
    limit = Int64(load_default=20, minimum=1, maximum=200)
    cursor = Int64(load_default=None, minimum=0)


class LeaderboardQuery(StrictSchema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    # rated: games among players only, played here (the default); all: also games with bots and imported ones
    pool = fields.String(load_default=RATED, validate=validate.OneOf(POOLS))


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
