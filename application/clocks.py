"""Turn clocks (issue 15): when each seat's decision began, its deadline, and a Fischer clock's time left.

A clocked table (domain/core/seating.py, TableSet) gives each decision `turn_seconds`, or
gives each seat a Fischer clock: `initial_seconds` for the game, the time a decision takes
taken off it (never below 0) and `increment_seconds` added after each of the seat's own
decisions. The rules never read the time: a deadline passing is recorded as the TimeOut
command the scheduler sends (application/deadlines.py), and the audit re-derives from that.

The clock is folded from the log beside the state (application/handler.py, LoadedGame), one
step per commit, from the commit's `recorded_at` and the seats to act after it:

- a seat that becomes to act starts a decision at that commit's time;
- a seat that acts and is still to act (its command asked for another decision) starts a new one;
- a seat that stays to act while others act keeps waiting from when it started;
- a seat's decision ends when it acts or is no longer to act: a Fischer clock loses the time it
  took, and gains the increment when the seat acted (a timeout's bot move is the seat's action).

Only seats a person plays have deadlines; a bot seat, a filled seat or a seat whose player left
has none. The folding costs one step per commit and only for clocked games.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from domain.core import GameSpec
from domain.core.seating import Seating, TableSet, seats_to_act
from storage import EventText, Storage, VersionConflict
from storage.records import iso_utc as iso  # the format recorded_at is stored in

if TYPE_CHECKING:
    from application.handler import LoadedGame


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


class DecisionTimedOut(VersionConflict):
    """A seat's command decided on a version its own timeout moved past: the takeover bot played that
    decision (HTTP 409, as any version conflict, saying so)."""

    def __init__(self, expected: int, current: int, seat: int, bot: str, seq: int) -> None:
        super().__init__(expected, current)
        self.args = (f"seat {seat}'s time ran out: the {bot} bot played its decision after version {expected} "
                     f"(TurnTimedOut, event {seq}), and the game is at version {current} now; read the game "
                     "again and decide on its current version",)


def conflict_of(store: Storage, game: LoadedGame, seat: int, expected: int) -> VersionConflict:
    """The conflict of `seat`'s command decided on `expected`, saying so when the seat's own decision timed
    out meanwhile (a clocked game's TurnTimedOut for this seat after `expected`)."""
    if game.clock is not None and expected < game.version:
        for event in store.events(game.record.id, after=expected, limit=min(game.version - expected, 500)):
            if event.type == "TurnTimedOut" and event.seat == seat:
                return DecisionTimedOut(expected, game.version, seat, event.data["bot"], event.seq)
    return VersionConflict(expected, game.version)


# -- what a loaded game's clock says ---------------------------------------------------------------


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
