"""The lobby: game summaries and the leaderboard, read from the read models."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from marshmallow import fields, validate

from application.ratings import POOLS, RATED
from service import schemas
from service.runtime import game_service, trailhead

lobby_api = Blueprint("lobby_api", __name__, url_prefix="/api/v1")


class GamesQuery(schemas.StrictSchema):
    type = fields.String(load_default=None, validate=validate.Length(min=1, max=64))
    status = fields.String(load_default=None, validate=validate.OneOf(["open", "active", "finished"]))
    open = fields.Boolean(load_default=False)  # true: the games with an open seat (status "open")
    seat_name = fields.String(load_default=None, validate=validate.Length(min=1, max=64))
    limit = schemas.Int64(load_default=20, minimum=1, maximum=200)
    cursor = schemas.Int64(load_default=None, minimum=0)


class LeaderboardQuery(schemas.StrictSchema):
    type = fields.String(required=True, validate=validate.Length(min=1, max=64))
    # rated: games among players only, played here (the default); all: also games with bots and imported ones
    pool = fields.String(load_default=RATED, validate=validate.OneOf(POOLS))


_games_query = GamesQuery()
_leaderboard_query = LeaderboardQuery()
_summary_page = schemas.SummaryPage()
_leaderboard = schemas.Leaderboard()


def caught_up() -> None:
    """With the embedded runner, bring the read models up to date before reading them."""
    trailhead().runner.catch_up()


@lobby_api.get("/games")
def games_list() -> Any:
    query = _games_query.load(request.args.to_dict())
    if query["open"]:
        if query["status"] not in (None, "open"):  # no open game has another status
            return _summary_page.dump({"games": [], "next_cursor": None})
        query["status"] = "open"
    caught_up()
    games = game_service()
    summaries, cursor = games.store.summaries(
        query["type"], query["status"], query["seat_name"], query["limit"], query["cursor"]
    )
    return _summary_page.dump({"games": summaries, "next_cursor": cursor})


@lobby_api.get("/leaderboard")
def leaderboard_of_type() -> Any:
    query = _leaderboard_query.load(request.args.to_dict())
    games = game_service()
    spec = games.registry(query["type"])
    caught_up()
    return _leaderboard.dump({"type": spec.id, "pool": query["pool"], "score_order": "low" if spec.lower_score_wins
                              else "high", "players": games.store.leaderboard(spec.id, query["pool"]),
                              "seat_names": games.store.seat_name_stats(spec.id)})
