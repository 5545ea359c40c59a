"""A game as it stands: its stored events folded into its state, seating, version, head and clock.

A stored game is folded by one function, `fold`, whoever reads it: the handler's load and commits
(application/handler.py), the read-model projection (application/projections.py), the stream
watcher's timelines (service/timeline.py), the rebuild and step-through (replays/rebuild.py) and the
audit (replays/audit.py). Beside it stand the rules read off a folded game: its status (open while
seats wait for players, active, finished) and the seats to act. No other module applies a game's
`evolve` or `fold` (tests/test_architecture.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, Self, TypeVar

from application.chain import GENESIS_HASH
from application.clock import Clock, clock_after, commit_ends
from domain.core import GameSpec
from domain.core.seating import SEATING_EVENT_TYPES, Seating, next_seating, seats_to_act
from storage import ACTIVE, FINISHED, OPEN, EventText, GameRecord, StoredEvent


@dataclasses.dataclass(frozen=True, slots=True)
class FoldedGame:
    """A game folded from its log up to its event `version` (none yet at version 0)."""

    spec: GameSpec
    state: Any = None
    version: int = 0
    head_hash: str = GENESIS_HASH
    seating: Seating | None = None  # None only before the first event is folded
    clock: Clock | None = None  # a clocked game's clock at `version` (application/clock.py); None without a clock

    @property
    def finished(self) -> bool:
        return self.spec.result(self.state) is not None

    @property
    def started(self) -> bool:
        return self.seating is None or self.seating.started

    @property
    def status(self) -> str:
        """finished once the rules give a result, open while seats wait for players, active otherwise."""
        return FINISHED if self.finished else ACTIVE if self.started else OPEN

    def to_act(self) -> list[int]:
        """The seats that may act: none once the game is over or while it waits for players."""
        return seats_to_act(self.spec, self.state, self.seating)

    def moved(self, state: Any, version: int, head_hash: str, seating: Seating | None, clock: Clock | None) -> Self:
        """This game moved on to `version`. Built directly: `dataclasses.replace` took a fifth of the time
        of a fold of one event, as the projection and the stream timelines fold."""
        return FoldedGame(self.spec, state, version, head_hash, seating, clock)  # type: ignore[return-value]


@dataclasses.dataclass(frozen=True, slots=True)
class LoadedGame(FoldedGame):
    """A stored game as it stands, with its record (as of its version)."""

    record: GameRecord = dataclasses.field(kw_only=True)

    def bot_level(self, seat: int) -> str | None:
        """The level of the bot playing `seat` now: a bot seat's, a fill's or a takeover's; None for a person."""
        if self.seating is not None:
            return self.seating.bots[seat]
        return self.record.seats[seat].get("bot")

    def bot_budget(self, seat: int) -> int | None:
        """A `search` bot seat's own budget of iterations; None for the game's default."""
        if self.seating is not None:
            return self.seating.budgets[seat]
        return self.record.seats[seat].get("iterations")

    def webhook(self, seat: int) -> str | None:
        """The URL of the engine playing `seat` (docs/webhooks.md), until a bot plays it for good; None for any
        other seat."""
        return self.seating.webhook_of(seat) if self.seating is not None else None

    def bot_seats_to_act(self) -> list[int]:
        """The seats to act that the bots' side plays: bot seats, and webhook seats (their engines are called)."""
        return [seat for seat in self.to_act() if self.bot_level(seat) or self.webhook(seat)]

    def moved(self, state: Any, version: int, head_hash: str, seating: Seating | None, clock: Clock | None) -> Self:
        """This game moved on to `version`, with its record as it was (the handler reads it again)."""
        return LoadedGame(self.spec, state, version, head_hash, seating, clock, record=self.record)  # type: ignore


Game = TypeVar("Game", bound=FoldedGame)


def fold(game: Game, rows: Sequence[EventText], timed: bool = True) -> Game:
    """`game` after `rows`, the stored events that follow its version, in order.

    A clocked game's clock steps at the end of each commit among `rows`, and at the last row, which
    must end one: a read up to the log's head does (a command's events are appended whole). With
    `timed` False the clock is left as it is, for a fold that may stop inside a commit (one event
    at a time) by a reader that never shows the clock.

    The loop is a command's load (its hot path): a decode and an evolve per event, the seating
    folded only on its own events (a test on the type text, no call per event).
    """
    if not rows:
        return game
    spec, state, seating, clock = game.spec, game.state, game.seating, game.clock
    evolve, decode = spec.evolve, spec.events.decode_json
    clocked = timed and seating is not None and seating.clocked
    for index, (seq, type_, text, _hash, seat, _command_id, recorded_at) in enumerate(rows):
        event = decode(type_, text)
        state = evolve(state, event)
        if seating is None or type_ in SEATING_EVENT_TYPES:
            seating = next_seating(seating, event, seq)
            clocked = timed and seating.clocked
        if clocked and commit_ends(rows, index):
            clock = clock_after(clock, spec, state, seating, seat, recorded_at)
    last = rows[-1]
    return game.moved(state, last[0], last[3], seating, clock)


def played(game: Game, state: Any, version: int, head_hash: str) -> Game:
    """`game` after a command of its own rules, up to event `version`: `state` is what the command cycle
    folded as its `decide` emitted the events (domain.core.play_command), so they are not evolved again.
    A game's own events never change its seating, and its clock steps when the command commits."""
    return game.moved(state, version, head_hash, game.seating, game.clock)


def rows_of(events: Iterable[StoredEvent]) -> list[EventText]:
    """Stored events as `fold` reads them."""
    return [(e.seq, e.type, e.data_text, e.hash, e.seat, e.command_id, e.recorded_at)  # type: ignore[misc]
            for e in events]
