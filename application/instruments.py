"""What the application reports as it works (commands and their outcomes, bots' decisions), for whoever watches.

The application knows no metrics library: it calls the `Instruments` it was given, which do nothing here;
the service hands the handler its Prometheus ones (service/metrics.py) in every process that serves or
works. The figures read from the store (the projection's lag, the bot turns waiting, the pending deadlines)
are computed when they are asked for (`store_gauges`), not counted as they change.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from domain.core import IllegalCommand, InvalidCommand
from storage import VersionConflict

if TYPE_CHECKING:
    from application.handler import Committed, GameService

ACCEPTED, CONFLICT, ILLEGAL, INVALID, RATE_LIMITED, REFUSED = (
    "accepted", "conflict", "illegal", "invalid", "rate_limited", "refused")
UNKNOWN_TYPE = "unknown"  # a command refused before its game was loaded


class Instruments:
    """The reports of one process; these do nothing (the service's subclass counts them)."""

    def command(self, game_type: str, outcome: str, seconds: float | None) -> None:
        """A command was handled: its game's type, its outcome, and how long the handler took (None if it never ran)."""

    def bot_decision(self, game_type: str, level: str, seconds: float) -> None:
        """A bot of `level` chose a command in `seconds`."""


def outcome_of(error: BaseException) -> str:
    """The outcome a refusal of the handler counts as: the HTTP status it answers, by name."""
    from application.handler import CommandIdReused, RulesVersionMismatch

    if isinstance(error, (VersionConflict, RulesVersionMismatch)):
        return CONFLICT
    if isinstance(error, (IllegalCommand, CommandIdReused)):
        return ILLEGAL
    if isinstance(error, InvalidCommand):
        return INVALID
    return REFUSED


def game_type_of(games: GameService, game_id: str) -> str:
    """The game's type as this process last loaded it, without a query ("unknown" if it never did)."""
    cached = games.cache.get(game_id)
    return cached.game.record.type if cached is not None else UNKNOWN_TYPE


def measured_submit(games: GameService, game_id: str, submit: Callable[[], Committed]) -> Committed:
    """`submit()` (one command of `game_id` through the handler), reported to the handler's instruments."""
    started = time.perf_counter()
    outcome = ACCEPTED
    try:
        return submit()
    except Exception as error:
        outcome = outcome_of(error)
        raise
    finally:
        games.instruments.command(game_type_of(games, game_id), outcome, time.perf_counter() - started)


def store_gauges(games: GameService) -> Mapping[str, Any]:
    """The figures read from the store when they are asked for: the read models' lag behind the log (events),
    the games whose bot seat waits to act, and the games with a pending deadline (a clock or a fill delay)."""
    from application import deadlines
    from application.projections import PROJECTION

    store = games.store
    return {
        "projection_lag_events": store.head_position() - store.checkpoint(PROJECTION).position,
        "bot_turns_waiting": len(store.bot_waiting_games()),
        "deadlines_pending": len(deadlines.pending_deadlines(games)),
    }
