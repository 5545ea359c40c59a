"""What a loaded game's clock says (issue 15): each seat's deadline, the next one due, the time left.

The clock itself is folded with the game (application/clock.py, application/game.py); this reads it
at the game's version. Only seats a person plays have deadlines: a bot seat, a filled seat or a seat
whose player left has none.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from typing import Any

from application.clock import instant, iso
from application.game import LoadedGame
from domain.core.seating import TableSet


def _rules(game: LoadedGame) -> TableSet | None:
    return game.seating.rules if game.seating is not None else None


def deadline_at(game: LoadedGame, seat: int) -> datetime | None:
    """When `seat`'s decision times out; None if it is not to act, a bot plays it, or there is no clock."""
    clock, rules = game.clock, _rules(game)
    if clock is None or rules is None or seat not in clock.to_act or game.bot_level(seat) is not None:
        return None
    started = clock.since[seat]
    if started is None:
        return None
    seconds = rules.turn_seconds if rules.turn_seconds is not None else (clock.banks or ())[seat]
    return started + timedelta(seconds=seconds)


def seat_deadline(game: LoadedGame, seat: int) -> str | None:
    """`seat`'s deadline (ISO 8601, UTC) at the game's version, or None (not to act, a bot's, no clock)."""
    moment = deadline_at(game, seat)
    return None if moment is None else iso(moment)


def fill_deadline_at(game: LoadedGame) -> datetime | None:
    """When bots take the open seats of a game still waiting for players (`fill_with_bots_after`)."""
    rules = _rules(game)
    if rules is None or rules.fill_with_bots_after is None or game.started or not game.record.created_at:
        return None
    return instant(game.record.created_at) + timedelta(seconds=rules.fill_with_bots_after)


def deadlines(game: LoadedGame, now: datetime) -> list[dict[str, Any]]:
    """`[{seat, deadline, remaining_seconds}]` for the seats to act that have a deadline."""
    rows = []
    for seat in game.to_act():
        moment = deadline_at(game, seat)
        if moment is not None:
            rows.append({"seat": seat, "deadline": iso(moment),
                         "remaining_seconds": round(max(0.0, (moment - now).total_seconds()), 3)})
    return rows


def clock_view(game: LoadedGame, now: datetime) -> dict[str, Any] | None:
    """The game's time control, each seat's timeouts so far and, for a Fischer clock, each seat's time left now."""
    rules, clock = _rules(game), game.clock
    if rules is None or game.seating is None or not game.seating.clocked:
        return None
    remaining = None
    if clock is not None and clock.banks is not None:
        remaining = []
        for seat, bank in enumerate(clock.banks):
            moment = deadline_at(game, seat)
            left = bank if moment is None or game.finished else max(0.0, (moment - now).total_seconds())
            remaining.append(round(left, 3))
    return {
        "turn_seconds": rules.turn_seconds,
        "initial_seconds": rules.initial_seconds,
        "increment_seconds": rules.increment_seconds,
        "missed_turns_limit": rules.missed_turns_limit,
        "takeover_bot": rules.takeover_bot,
        "missed": list(game.seating.missed),
        "remaining_seconds": remaining,
    }


@dataclasses.dataclass(frozen=True, slots=True)
class Due:
    """The game's next deadline at its version: a seat's (its TimeOut) or, with `seat` None, the filling's."""

    at: datetime
    seat: int | None


def next_due(game: LoadedGame) -> Due | None:
    """The earliest deadline of the game at its version, if it has one."""
    if _rules(game) is None or game.finished:  # most games have no table: asked after every commit
        return None
    fill = fill_deadline_at(game)
    if fill is not None:
        return Due(fill, None)
    dues = [Due(moment, seat) for seat in game.to_act() if (moment := deadline_at(game, seat)) is not None]
    return min(dues, key=lambda due: (due.at, due.seat), default=None)
