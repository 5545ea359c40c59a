"""The app's container (built once by `create_app` through the bootstrap), as the views reach it."""

from __future__ import annotations

from flask import current_app

from application.bus import MessageBus
from application.container import Trailhead
from application.handler import GameService


def trailhead() -> Trailhead:
    return current_app.extensions["trailhead"]  # type: ignore[no-any-return]


def game_service() -> GameService:
    """The command handler (reads and, for the bus, writes)."""
    return trailhead().games


def message_bus() -> MessageBus:
    """Writers go through the bus, so each commit's follow-ups run after the handler returns."""
    return trailhead().bus


def forget_request(_error: BaseException | None = None) -> None:
    """At the end of a request: roll back anything left open on this thread's connection (never expected)."""
    rollback = getattr(trailhead().store, "rollback_open_transaction", None)
    if rollback is not None:
        rollback()
