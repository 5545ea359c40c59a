"""Players: an identity with a secret key that acts for the player's seats in every game (issue 15)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from werkzeug.exceptions import NotFound

from application.admin import rotate_key
from application.players import register_player
from application.ratings import RATED
from service.identity import required_player
from service.request_body import json_body
from service.runtime import player_store, read_models, trailhead
from service.schemas.players import Player, PlayerRequest

players_api = Blueprint("players_api", __name__, url_prefix="/api/v1")

_player_request = PlayerRequest()
_player = Player()
RECENT_GAMES = 20


@players_api.post("/players")
def create_player() -> tuple[Any, int, dict[str, str]]:
    """A new player: its key (256 random bits) is shown only here and stored as its sha256."""
    body = _player_request.load(json_body())
    new = register_player(player_store(), body["name"])
    return _player.dump({**new.player, "key": new.key}), 201, {"Location": f"/api/v1/players/{new.player['id']}"}


@players_api.post("/players/me/key")
def rotate_player_key() -> tuple[Any, int]:
    """A new key for the player whose current key the request carries: shown only here; the current key is
    refused from the next request on, on every host (keys are checked against the database)."""
    player = required_player()
    key = rotate_key(player_store(), player)
    return _player.dump({**public(player), "key": key}), 201


def public(player: dict[str, Any]) -> dict[str, Any]:
    """What anyone may read of a player: id, name, created_at (not whether or why it is banned)."""
    return {name: player[name] for name in ("id", "name", "created_at")}


@players_api.get("/players/<player_id>")
def get_player(player_id: str) -> Any:
    """A player's public profile: name, ratings per game type (the rated pool) and recent games, from the
    read models (`me`: the key's player)."""
    player = player_store().player(player_id)
    if player_id == "me":
        player = required_player()
    if player is None:
        raise NotFound(f"no player with id {player_id!r}")
    trailhead().runner.catch_up()
    models = read_models()
    return {**public(player), "ratings": models.player_ratings(player["id"], RATED),
            "recent_games": models.player_games(player["id"], RECENT_GAMES)}
