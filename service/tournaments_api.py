"""The tournaments API (issue 30; docs/tournaments.md): create, list, read, join, withdraw, start, audit, export.

Writes go through the application (application/tournaments/entry.py), whose jobs then run on the bus. Who may
start a tournament: its creator, by the `creator_token` its creation returned or by the key of the player who
created it. Errors are the API's problem documents: a malformed body 400, what the rules forbid now 422, an
unknown tournament 404, a start by another than the creator 403.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, json, request

from application.tournaments import entry
from application.tournaments.documents import listed, tournament_body
from application.tournaments.stream import load
from replays.log import log_from_store
from application.messages import ProjectionDue
from replays.tournaments import FORMAT, export_tournament, import_tournament, tournament_audit
from replays.transfer import ImportRefused, export_document
from service.identity import bearer_player, bearer_token, required_player
from service.problems import problem
from service.request_body import json_body
from service.runtime import event_log, game_service, message_bus, trailhead
from service.schemas.tournaments import CreateTournamentRequest, TournamentDocument, TournamentsQuery

tournaments_api = Blueprint("tournaments_api", __name__, url_prefix="/api/v1")

_create_request = CreateTournamentRequest()
_query = TournamentsQuery()
_document = TournamentDocument()
TOURNAMENT_FORMAT = FORMAT


def _body(tournament_id: str) -> dict[str, Any]:
    store = trailhead().store
    return tournament_body(store, load(store, tournament_id))


@tournaments_api.post("/tournaments")
def create_tournament() -> tuple[Any, int, dict[str, str]]:
    """A new tournament; the answer holds its `creator_token`, shown only here."""
    body = _create_request.load(json_body())
    player = bearer_player()
    created = entry.create(message_bus(), body, player["id"] if player else None)
    tournament_id = created.loaded.record.id
    answer = {**_body(tournament_id), "creator_token": created.creator_token}
    return answer, 201, {"Location": f"/api/v1/tournaments/{tournament_id}"}


@tournaments_api.get("/tournaments")
def list_tournaments() -> Any:
    query = _query.load(request.args.to_dict())
    return {"tournaments": listed(trailhead().store, query["status"])}


@tournaments_api.get("/tournaments/<tournament_id>")
def get_tournament(tournament_id: str) -> Any:
    return _body(tournament_id)


@tournaments_api.post("/tournaments/<tournament_id>/join")
def join_tournament(tournament_id: str) -> Any:
    """The player whose key the request carries enters."""
    player = required_player()
    entry.join(message_bus(), tournament_id, player)
    return _body(tournament_id), 201


@tournaments_api.post("/tournaments/<tournament_id>/withdraw")
def withdraw_from_tournament(tournament_id: str) -> Any:
    player = required_player()
    entry.withdraw(message_bus(), tournament_id, player)
    return _body(tournament_id), 201


@tournaments_api.post("/tournaments/<tournament_id>/start")
def start_tournament(tournament_id: str) -> Any:
    """The creator starts it (its creator token, or its player's key)."""
    player = bearer_player()
    entry.start(message_bus(), tournament_id, bearer_token(), player["id"] if player else None)
    return _body(tournament_id), 201


@tournaments_api.get("/tournaments/<tournament_id>/audit")
def audit_tournament(tournament_id: str) -> Any:
    games = game_service()
    return tournament_audit(games.store, games.registry, tournament_id)


@tournaments_api.get("/tournaments/<tournament_id>/export")
def export_tournament_document(tournament_id: str) -> Response:
    store = event_log()
    document = export_tournament(trailhead().store, tournament_id,
                                 lambda game_id: export_document(store, log_from_store(trailhead().store, game_id),
                                                                 game_id))
    response = Response(json.dumps(document), mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="tournament-{tournament_id}.json"'
    return response


def import_tournament_document(raw: dict[str, Any]) -> tuple[Any, int, dict[str, str]] | Response:
    """POST /replays of a tournament's export: its games imported as replays, then the tournament, verified."""
    document = _document.load(raw)
    games = game_service()
    try:
        tournament_id, new = import_tournament(games.store, document, games.registry)
    except ImportRefused as refused:
        return problem(422, "replay-does-not-verify", "Replay does not verify", str(refused),
                       seq=refused.failure.seq, check=refused.failure.check)
    message_bus().drain([ProjectionDue()])
    return ({"id": tournament_id, "kind": "tournament", **_body(tournament_id)}, 201 if new else 200,
            {"Location": f"/api/v1/tournaments/{tournament_id}"})
