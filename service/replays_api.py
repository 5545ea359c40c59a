"""The replay API: step through, timeline, audit, export, import and fork."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, json, request

from application.messages import ProjectionDue
from application.handler import GameService
from domain.core import SeatConfig
from replays.audit import audit
from replays.fork import fork_game
from replays.log import log_from_store
from replays.rebuild import replay_view, timeline
from replays.transfer import ImportRefused, export_document, import_document
from service.api import created_body
from service.identity import caller_seat, reading_as
from service.problems import Forbidden, Unauthorized, problem
from service.request_body import json_body
from service.runtime import event_log, game_service, message_bus
from service.tournaments_api import TOURNAMENT_FORMAT, import_tournament_document
from service.schemas.replays import AuditQuery, ForkRequest, ReplayDocument, ReplayQuery, TimelineQuery

replays_api = Blueprint("replays_api", __name__, url_prefix="/api/v1")

_replay_query = ReplayQuery()
_timeline_query = TimelineQuery()
_audit_query = AuditQuery()
_fork_request = ForkRequest()
_document = ReplayDocument()


def viewer(games: GameService, game_id: str, as_seat: int | None, finished: bool, seats: int) -> int | None:
    """Whose eyes to replay with: `as` a seat (its token needed until the end), else the caller's; a
    caller who left their seat sees as a spectator until the end (service/identity.py, reading_as).

    Raises:
        Unauthorized, Forbidden: `as` a seat whose token the caller does not hold, or left, before the end.
    """
    holder = caller_seat(games, game_id)
    caller = reading_as(games, game_id, holder)
    if as_seat is None:
        return caller
    if as_seat >= seats:
        raise Forbidden(f"there is no seat {as_seat} in this game")
    if not finished and holder == as_seat and caller is None:
        raise Forbidden(f"you left seat {as_seat}: its view stays private until the game ends")
    if not finished and caller != as_seat:
        if caller is None:
            raise Unauthorized(f"replaying as seat {as_seat} before the game ends needs that seat's token")
        raise Forbidden(f"your token is seat {caller}'s; seat {as_seat}'s view stays private until the game ends")
    return as_seat


@replays_api.get("/games/<game_id>/replay")
def replay(game_id: str) -> Any:
    query = _replay_query.load(request.args.to_dict())
    games = game_service()
    game = games.load(game_id)
    if query["at"] > game.version:
        return problem(400, "invalid-request", "Invalid request", f"at: the game has {game.version} events")
    seat = viewer(games, game_id, query["as_"], game.finished, len(game.record.seats))
    events = event_log().events(game_id)
    return {"id": game_id, "version": game.version, **replay_view(game.spec, events, query["at"], seat, game.finished)}


@replays_api.get("/games/<game_id>/timeline")
def game_timeline(game_id: str) -> Any:
    query = _timeline_query.load(request.args.to_dict())
    games = game_service()
    game = games.load(game_id)
    if query["after"] > game.version:
        return problem(400, "invalid-request", "Invalid request", f"after: the game has {game.version} events")
    seat = viewer(games, game_id, query["as_"], game.finished, len(game.record.seats))
    log = event_log()
    entries = timeline(game.spec, log.events(game_id), seat, game.finished, log.commands(game_id),
                       after=query["after"])
    return {"id": game_id, "version": game.version, "as": seat, "entries": entries}


@replays_api.get("/games/<game_id>/audit")
def game_audit(game_id: str) -> Any:
    query = _audit_query.load(request.args.to_dict())
    games = game_service()
    games.record(game_id)
    log = log_from_store(games.store, game_id)
    return {"id": game_id, **audit(log, games.registry, expected_head=query["head"]).to_json()}


@replays_api.get("/games/<game_id>/export")
def game_export(game_id: str) -> Response:
    games = game_service()
    record = games.record(game_id)
    log = log_from_store(games.store, game_id)
    document = export_document(games.store, log, game_id)
    response = Response(json.dumps(document), mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{record.type}-{record.original_id}.json"'
    return response


@replays_api.post("/replays")
def import_replay() -> Any:
    request.max_content_length = current_app.config["MAX_IMPORT_CONTENT_LENGTH"]  # before the body is read
    raw = json_body()
    if raw.get("format") == TOURNAMENT_FORMAT:  # a tournament's export, with its games (service/tournaments_api.py)
        return import_tournament_document(raw)
    document = _document.load(raw)
    games = game_service()
    games.registry(document["game_type"])
    try:
        game_id, new = import_document(games.store, document, games.registry)
    except ImportRefused as refused:
        failure = refused.failure
        return problem(422, "replay-does-not-verify", "Replay does not verify", str(refused),
                       seq=failure.seq, check=failure.check)
    message_bus().drain([ProjectionDue()])
    game = games.load(game_id)
    body = {"id": game_id, "original_id": game.record.original_id, "type": game.record.type, "status": game.status,
            "version": game.version, "head_hash": game.head_hash}
    return body, 201 if new else 200, {"Location": f"/api/v1/games/{game_id}"}


@replays_api.post("/games/<game_id>/fork")
def fork(game_id: str) -> Any:
    body = _fork_request.load(json_body())
    games = game_service()
    seats = None
    if body["seats"] is not None:
        seats = [SeatConfig.of(seat["name"], seat["bot"], seat["iterations"]) for seat in body["seats"]]
    committed = fork_game(games, game_id, body["at"], seats)
    message_bus().follow(committed)
    game = games.load(committed.game.record.id)
    created = created_body(game, dict(committed.tokens))
    created["forked_from"] = game.record.forked_from
    return created, 201, {"Location": f"/api/v1/games/{game.record.id}"}
