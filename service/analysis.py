"""The analysis API (issue 29): `GET /api/v1/games/{id}/analysis`, the search level's view of a seat's decision.

Who may ask what: on a running game, only a seat's own decision at the game's current version,
with its seat token or its player's key (a hint: another seat is 403, another step 400); on a
finished game, any seat at any step (`at` defaults to the latest event, which on a finished game
leaves nobody to act: name a step). A step where the seat does not decide (another seat is to
act, nobody is, or the step falls inside a command's events) is a 409 `not-to-act`, with the
seats `to_act` there; a game type without a search level is a 404 `no-search-level`.

The search itself runs on the bots' side (application/analysis.py); the request waits for its
answer at most ANALYSIS_WAIT_SECONDS and then answers 503 `analysis-pending` with Retry-After
(the search goes on, and asking again gets its answer once kept). At most ANALYSIS_WAITING
requests of a process wait at once, since each holds a request thread: beyond, a 503
`analysis-busy` at once. The route counts in its own rate-limit scope, `analysis`.
"""

from __future__ import annotations

import threading
from typing import Any

from flask import Blueprint, current_app, request
from flask.blueprints import BlueprintSetupState
from marshmallow import ValidationError

from application.analysis import Question, answer, deciding, iterations_for, search_settings
from application.game import LoadedGame
from application.handler import GameService
from service.identity import caller_seat, reading_as
from service.problems import Forbidden, Unauthorized, problem
from service.runtime import game_service, message_bus
from service.schemas.analysis import Analysis, AnalysisQuery

analysis_api = Blueprint("analysis_api", __name__, url_prefix="/api/v1")

_query = AnalysisQuery()
_analysis = Analysis()
RETRY_SECONDS = 2  # Retry-After of a 503: about what a search of the largest budget takes


@analysis_api.record_once
def _waiting_slots(state: BlueprintSetupState) -> None:
    """Each app counts the requests waiting for an answer (ANALYSIS_WAITING at most)."""
    state.app.extensions["analysis_waiting"] = threading.BoundedSemaphore(
        max(1, int(state.app.config.get("ANALYSIS_WAITING", 4))))


@analysis_api.get("/games/<game_id>/analysis")
def get_analysis(game_id: str) -> Any:
    query = _query.load(request.args.to_dict())
    games = game_service()
    game = games.load(game_id)
    settings = search_settings(game.spec)
    seat, at = asked_for(games, game, query["as_"], query["at"])
    _folded, seat = deciding(games, game, at, seat)
    question = Question(game_id, at, seat, query["budget_ms"])
    slots: threading.BoundedSemaphore = current_app.extensions["analysis_waiting"]
    if not slots.acquire(blocking=False):
        return _unavailable("analysis-busy", "Analysis busy", "this server has as many analyses under way as it "
                            "serves at once; ask again shortly")
    try:
        found = answer(message_bus(), question, iterations_for(settings, question.budget_ms),
                       float(current_app.config.get("ANALYSIS_WAIT_SECONDS", 10)))
    finally:
        slots.release()
    if found is None:
        return _unavailable("analysis-pending", "Analysis pending", "the search is still under way on the bots' "
                            "side; ask again after Retry-After for its answer")
    return _analysis.dump(found)


def asked_for(games: GameService, game: LoadedGame, as_seat: int | None, at: int | None) -> tuple[int | None, int]:
    """The seat and step the caller may have analysed: the seat asked for (None: the caller's, or on a finished
    game the first seat to act then) and the step (None: the latest).

    Raises:
        ValidationError: no such seat, a step past the log, or on a running game a step other than the current.
        Unauthorized: a running game, and no seat token or player key (or a bad one).
        Forbidden: a running game, and the caller's seat is not the one asked for (or its player left it).
    """
    if as_seat is not None and as_seat >= len(game.record.seats):
        raise ValidationError({"as": [f"there is no seat {as_seat} in this game"]})
    if at is not None and at > game.version:
        raise ValidationError({"at": [f"the game has {game.version} events"]})
    holder = caller_seat(games, game.record.id)
    if game.finished:
        return as_seat if as_seat is not None else holder, game.version if at is None else at
    if holder is None:
        raise Unauthorized("analysing a running game needs the seat's token or its player's key: send "
                           "Authorization: Bearer <token>")
    seat = reading_as(games, game.record.id, holder, game)
    if seat is None:
        raise Forbidden(f"you left seat {holder}: it is not yours to analyse while the game runs")
    if as_seat is not None and as_seat != seat:
        raise Forbidden(f"your token is seat {seat}'s; seat {as_seat}'s view stays private until the game ends")
    if at is not None and at != game.version:
        raise ValidationError({"at": [f"a running game is analysed at its current version ({game.version}) only; "
                                      "any step once it has ended"]})
    return seat, game.version


def _unavailable(slug: str, title: str, detail: str) -> Any:
    response = problem(503, slug, title, detail)
    response.headers["Retry-After"] = str(RETRY_SECONDS)
    return response
