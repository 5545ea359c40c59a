"""Per-request wiring: the connection, the store and the command handler of a request.

Each server thread keeps its own SQLite connection for the app's lifetime: opening
one per request costs a millisecond, and closing the last connection to a WAL
database checkpoints it, which would put a checkpoint on every request.
"""

from __future__ import annotations

import os
import threading

import sqlite_utils
from flask import current_app, g

from service.database import connect
from service.games import GameService
from service.store import EventStore


class Connections:
    """One connection per thread (and per process, after a fork), opened on first use."""

    def __init__(self, path: str, synchronous: str) -> None:
        self.path = path
        self.synchronous = synchronous
        self._local = threading.local()

    def get(self) -> sqlite_utils.Database:
        db: sqlite_utils.Database | None = getattr(self._local, "db", None)
        if db is None or getattr(self._local, "pid", None) != os.getpid():
            db = connect(self.path, self.synchronous)
            self._local.db = db
            self._local.pid = os.getpid()
        return db


def game_service() -> GameService:
    """The command handler for this request, on this thread's connection."""
    if "games" not in g:
        ext = current_app.extensions["trailhead"]
        g.games = GameService(EventStore(ext.connections.get()), ext.registry, ext.cache, ext.jobs)
    return g.games


def forget_request(_error: BaseException | None = None) -> None:
    """At the end of a request: roll back anything left open (never expected), keep the connection."""
    games = g.pop("games", None)
    if games is not None and games.store.conn.in_transaction:
        games.store.conn.execute("ROLLBACK")
