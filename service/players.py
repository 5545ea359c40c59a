"""Players: an identity with a secret key that acts for the player's seats in every game (issue 15)."""

from __future__ import annotations

import uuid
from typing import Any

from flask import Blueprint
from werkzeug.exceptions import NotFound

from application.auth import new_token, token_hash
from application.ratings import RATED
from service import schemas
from service.api import json_body, required_player
from service.runtime import game_service, trailhead

players_api = Blueprint("players_api", __name__, url_prefix="/api/v1")

_player_request = schemas.PlayerRequest()
_player = schemas.Player()
RECENT_GAMES = 20


@players_api.post("/players")
def create_player() -> tuple[Any, int, dict[str, str]]:
    """A new player: its key (256 random bits) is shown only here and stored as its sha256."""
    body = _player_request.load(json_body())
    key = new_token()
    player = game_service().store.create_player(uuid.uuid4().hex, body["name"], token_hash(key))
    return _player.dump({**player, "key": key}), 201, {"Location": f"/api/v1/players/{player['id']}"}


@players_api.get("/players/<player_id>")
def get_player(player_id: str) -> Any:
    """A player's public profile: name, ratings per game type (the rated pool) and recent games, from the
    read models (`me`: the key's player)."""
    games = game_service()
    player = games.store.player(player_id)
    if player_id == "me":
        player = required_player(games)
    if player is None:
        raise NotFound(f"no player with id {player_id!r}")
    trailhead().runner.catch_up()
    return {**player, "ratings": games.store.player_ratings(player["id"], RATED),
            "recent_games": games.store.player_games(player["id"], RECENT_GAMES)}
