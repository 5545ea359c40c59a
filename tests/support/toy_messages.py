"""Toy messages of the bus, one per lane, for the tests that show a new message type is one handler
and one line in the table, and runs on both runners (tests/workers/test_messages.py).

Each toy message names a file; its handler writes into it which process and thread ran it, and
when. The test worker (tests/support/worker_main.py) runs with this table, as a release would
with the new lines in application/bus.py's.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

from application.bus import HANDLERS, Lane, MessageBus, Route
from application.messages import Message


class Noted(Message):
    """Write down who ran this, in `path` (a catch-up message)."""

    path: str


class GameNoted(Message):
    """Write down who ran this, in `path` (a message about one game at one version)."""

    game_id: str
    version: int
    path: str


class NotedLater(Message):
    """Write down who ran this, in `path`, once `at` has come (a timed message)."""

    game_id: str
    version: int
    at: str
    path: str


class Asked(Message):
    """Write down who ran this, in `path` (a question someone waits for)."""

    game_id: str
    seat: int
    path: str


def note(_bus: MessageBus, message: Any) -> list[Message]:
    """The toy handler: the process, the thread and the time that ran `message`, in its file."""
    ran = {"pid": os.getpid(), "thread": threading.current_thread().name, "at": time.time()}
    written = Path(f"{message.path}.part")
    written.write_text(json.dumps(ran), encoding="utf-8")
    written.replace(message.path)  # whole, for a test that reads it meanwhile
    return []


TOY_HANDLERS = {
    **HANDLERS,
    Noted: Route(note, Lane.CATCH_UP, job="note", tag="note"),
    GameNoted: Route(note, Lane.GAME, job="note_game", tag="game-note"),
    NotedLater: Route(note, Lane.TIMER, job="note_later", tag="later-note"),
    Asked: Route(note, Lane.QUESTION, job="note_asked", tag="asked-note"),
}
