"""Job dispatch after a commit: in-process by default (the embedded runner)."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from service.games import GameService, Jobs
from workers.bots import play_bot_turns


class InlineJobs:
    """Runs the jobs in the committing thread, right after the commit.

    A bot's own command commits inside a job; that nested commit only marks its game
    as pending, and the outer loop drains it, so bot turns never recurse.
    """

    def __init__(self) -> None:
        self._local = threading.local()

    def after_commit(self, games: GameService, game_id: str) -> None:
        pending: list[str] | None = getattr(self._local, "pending", None)
        if pending is not None:
            if game_id not in pending:
                pending.append(game_id)
            return
        self._local.pending = pending = [game_id]
        try:
            while pending:
                play_bot_turns(games, pending.pop(0))
        finally:
            self._local.pending = None


def jobs_for(config: Mapping[str, Any]) -> Jobs:
    """The job runner the configuration asks for."""
    return InlineJobs()
