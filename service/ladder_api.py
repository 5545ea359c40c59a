"""The ladders: enter and leave a game type's ladder, and see it (application/ladder.py)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from werkzeug.exceptions import NotFound

from application.ladder import enter, entrant_id, ladder_document
from service.identity import required_player
from service.problems import Forbidden
from service.request_body import json_body
from service.runtime import game_service, message_bus, trailhead
from service.schemas.ladder import Entry, EntryRequest, LadderView
from storage import LadderEntry

ladder_api = Blueprint("ladder_api", __name__, url_prefix="/api/v1")

_entry_request = EntryRequest()
_entry = Entry()
_ladder = LadderView()


def entry_body(game_type: str, entry: LadderEntry) -> dict[str, Any]:
    return {"type": game_type, "entrant": entry.entrant, "name": entry.name, "player": entry.player,
            "bot": entry.bot, "rating": None, "mu": None, "sigma": None, "games": entry.games,
            "waiting": entry.waiting, "playing": None if entry.waiting else entry.playing}


@ladder_api.post("/ladder/<type>/entries")
def enter_ladder(type: str) -> tuple[Any, int]:  # noqa: A002 - the path parameter's name in openapi.yaml
    """The player enters the type's ladder (201; 200 if entered already), or enters a bot level (`bot`)."""
    player = required_player()
    body = _entry_request.load(json_body() if request.get_data() else {})
    spec = game_service().registry(type)
    entry, new = enter(message_bus(), spec, player, body["bot"])
    return _entry.dump(entry_body(spec.id, entry)), 201 if new else 200


@ladder_api.delete("/ladder/<type>/entries")
def leave_ladder(type: str) -> tuple[str, int]:  # noqa: A002
    """The player leaves the ladder (or takes out the bot level `?bot=` it entered): 204; its games and rating
    stay. A running ladder game is played on (by the takeover rules if nobody plays it)."""
    player = required_player()
    body = _entry_request.load(request.args.to_dict())
    spec = game_service().registry(type)
    store = message_bus().store
    entrant = entrant_id(player, body["bot"])
    entry = next((e for e in store.ladder_entries(spec.id) if e.entrant == entrant and e.active), None)
    if entry is None:
        raise NotFound(f"{entrant} is not in the {spec.id} ladder")
    if entry.entered_by != player["id"]:
        raise Forbidden(f"{entrant} was entered by another player, who alone may take it out")
    store.ladder_leave(spec.id, entrant)
    return "", 204


@ladder_api.get("/ladder/<type>")
def get_ladder(type: str) -> Any:  # noqa: A002
    spec = game_service().registry(type)
    trailhead().runner.catch_up()  # the ratings are a read model
    settings = message_bus().ladder
    return _ladder.dump({**ladder_document(message_bus().store, spec.id), "seconds": settings.seconds,
                         "turn_seconds": settings.turn_seconds})
