"""The app's container (built once by `create_app` through the bootstrap), as the views reach it.

The views read the storage through the part of the port they need (`event_log`, `player_store`,
`read_models`); what they change, they change through the application (the bus, application/players.py).
"""

from __future__ import annotations

from flask import current_app

from application.bus import MessageBus
from application.container import Trailhead
from application.handler import GameService
from storage import EventLog, Players, ReadModels


def trailhead() -> Trailhead:
    return current_app.extensions["trailhead"]  # type: ignore[no-any-return]


def game_service() -> GameService:
    """The command handler (reads and, for the bus, writes)."""
    return trailhead().games


def message_bus() -> MessageBus:
    """Writers go through the bus, so each commit's follow-ups run after the handler returns."""
    return trailhead().bus


def event_log() -> EventLog:
    """The games' logs, as stored: events, command records."""
    return trailhead().store


def player_store() -> Players:
    """Players and seat tokens: who a bearer is."""
    return trailhead().store


def read_models() -> ReadModels:
    """What the projections made of the log: the lobby, results, ratings (`runner.catch_up` first to be current)."""
    return trailhead().store


def forget_request(_error: BaseException | None = None) -> None:
    """At the end of a request: roll back anything left open on this thread's connection (never expected)."""
    rollback = getattr(trailhead().store, "rollback_open_transaction", None)
    if rollback is not None:
        rollback()
