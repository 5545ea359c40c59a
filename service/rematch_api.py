"""Rematch: POST /games/{id}/rematch by a seat of a finished game (application/rematch.py)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from application.rematch import rematch
from service.api import created_body
from service.identity import caller_seat
from service.runtime import game_service, message_bus
from service.schemas.games import RematchGame

rematch_api = Blueprint("rematch_api", __name__, url_prefix="/api/v1")

_rematch = RematchGame()


@rematch_api.post("/games/<game_id>/rematch")
def post_rematch(game_id: str) -> tuple[Any, int, dict[str, str]]:
    """201 with the new game (and the asker's seat token when its seat had none but a token); asked again,
    by any seat, 200 with the same game."""
    seat = caller_seat(game_service(), game_id, required=True)
    assert seat is not None
    made = rematch(message_bus(), game_id, seat)
    body = {**created_body(made.game, made.tokens), "rematch_of": game_id}
    return _rematch.dump(body), 201 if made.created else 200, {"Location": f"/api/v1/games/{made.game.record.id}"}
