"""Per-request wiring: the connection, the store and the command handler of this request."""

from __future__ import annotations

from flask import current_app, g

from service.database import connect
from service.games import GameService
from service.store import EventStore


def game_service() -> GameService:
    """The command handler for this request, on a connection opened on first use."""
    if "games" not in g:
        ext = current_app.extensions["trailhead"]
        db = connect(current_app.config["DATABASE"], current_app.config["SYNCHRONOUS"])
        g.db = db
        g.games = GameService(EventStore(db), ext.registry, ext.cache, ext.jobs)
    return g.games


def close_connection(_error: BaseException | None = None) -> None:
    db = g.pop("db", None)
    g.pop("games", None)
    if db is not None:
        db.conn.close()
