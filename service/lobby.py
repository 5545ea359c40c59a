"""The lobby: game summaries and the leaderboard, read from the read models."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request

from service.runtime import game_service, read_models, trailhead
from service.schemas.lobby import GamesQuery, Leaderboard, LeaderboardQuery, SummaryPage

lobby_api = Blueprint("lobby_api", __name__, url_prefix="/api/v1")

_games_query = GamesQuery()
_leaderboard_query = LeaderboardQuery()
_summary_page = SummaryPage()
_leaderboard = Leaderboard()


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
    summaries, cursor = read_models().summaries(
        query["type"], query["status"], query["seat_name"], query["limit"], query["cursor"]
    )
    return _summary_page.dump({"games": summaries, "next_cursor": cursor})


@lobby_api.get("/leaderboard")
def leaderboard_of_type() -> Any:
    query = _leaderboard_query.load(request.args.to_dict())
    spec = game_service().registry(query["type"])
    caught_up()
    models = read_models()
    return _leaderboard.dump({"type": spec.id, "pool": query["pool"], "score_order": "low" if spec.lower_score_wins
                              else "high", "players": models.leaderboard(spec.id, query["pool"]),
                              "seat_names": models.seat_name_stats(spec.id)})
