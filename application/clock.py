"""Turn clocks (issue 15): the clock's fold, when each seat's decision began and a Fischer clock's time left.

A clocked table (domain/core/seating.py, TableSet) gives each decision `turn_seconds`, or
gives each seat a Fischer clock: `initial_seconds` for the game, the time a decision takes
taken off it (never below 0) and `increment_seconds` added after each of the seat's own
decisions. The rules never read the time: a deadline passing is recorded as the TimeOut
command the scheduler sends (application/deadlines.py), and the audit re-derives from that.

The clock is folded from the log beside the state (application/game.py, the game as it stands),
one step per commit, from the commit's `recorded_at` and the seats to act after it:

- a seat that becomes to act starts a decision at that commit's time;
- a seat that acts and is still to act (its command asked for another decision) starts a new one;
- a seat that stays to act while others act keeps waiting from when it started;
- a seat's decision ends when it acts or is no longer to act: a Fischer clock loses the time it
  took, and gains the increment when the seat acted (a timeout's bot move is the seat's action).

The folding costs one step per commit and only for clocked games. What a folded clock says (the
deadlines, the time left) is application/clock_view.py's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from domain.core import GameSpec
from domain.core.seating import Seating, TableSet, seats_to_act
from storage import EventText
from storage.records import iso_utc as iso  # the format recorded_at is stored in


def instant(text: str) -> datetime:
    """A stored time (`recorded_at`: ISO 8601 in UTC, `Z` suffixed) as an aware datetime."""
    return datetime.fromisoformat(text)


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclasses.dataclass(frozen=True, slots=True)
class Clock:
    """A clocked game's clock at one version."""

    to_act: tuple[int, ...]  # the seats to act at this version
    since: tuple[datetime | None, ...]  # per seat: when its current decision began (None: not to act)
    banks: tuple[float, ...] | None  # Fischer: per seat, its seconds left when its current decision began

    @classmethod
    def start(cls, rules: TableSet, seats: int) -> Clock:
        banks = None if rules.initial_seconds is None else (float(rules.initial_seconds),) * seats
        return cls((), (None,) * seats, banks)

    def after(self, rules: TableSet, to_act: Sequence[int], seat: int | None, at: str) -> Clock:
        """The clock after a commit by `seat` (None: the server's) recorded `at`, leaving `to_act` to act."""
        moment = instant(at)
        before, now = set(self.to_act), set(to_act)
        since = list(self.since)
        banks = None if self.banks is None else list(self.banks)
        for each in range(len(since)):
            was, is_ = each in before, each in now
            ended = was and (not is_ or each == seat)
            if ended and banks is not None:
                started = since[each]
                used = 0.0 if started is None else (moment - started).total_seconds()
                gained = float(rules.increment_seconds or 0) if each == seat else 0.0
                banks[each] = max(0.0, banks[each] - used) + gained
            if is_ and (not was or ended):
                since[each] = moment
            elif not is_:
                since[each] = None
        return Clock(tuple(sorted(now)), tuple(since), None if banks is None else tuple(banks))


def clock_after(clock: Clock | None, spec: GameSpec, state: Any, seating: Seating | None, seat: int | None,
                at: str | None) -> Clock | None:
    """The clock after a commit by `seat` recorded `at` (from the start for a game's first commit); None for
    a game without a clock."""
    if seating is None or not seating.clocked or at is None:
        return clock
    rules = seating.rules
    assert rules is not None
    start = clock if clock is not None else Clock.start(rules, len(seating.names))
    return start.after(rules, seats_to_act(spec, state, seating), seat, at)


def commit_ends(rows: Sequence[EventText], index: int) -> bool:
    """Whether the event at `index` is the last of its commit (the next one has another command or time)."""
    if index + 1 == len(rows):
        return True
    this, following = rows[index], rows[index + 1]
    return this[5:7] != following[5:7]  # (command_id, recorded_at)
