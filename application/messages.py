"""The messages of the bus: small typed values naming work that is due, by ids and versions only.

A message says what is due, never how or where: the bus's table (application/bus.py, `HANDLERS`)
maps each message type to the handler that does the work, and a runner chooses where and when it
runs (a thread of this process, or an RQ job for `trailhead worker`). Messages are frozen msgspec
Structs encoded as arrays, so a message rides on RQ as its job's positional arguments (JSON):
`BotTurnDue("g", 7)` is the job `play_bots("g", 7)`, as earlier releases queued it too.
"""

from __future__ import annotations

from typing import Protocol

import msgspec


class Message(msgspec.Struct, frozen=True, array_like=True):
    """A message of the bus; each subclass is one line of the bus's table."""


class OfAGame(Protocol):
    """What a message of the bus's GAME lane names: one game at one version."""

    @property
    def game_id(self) -> str: ...

    @property
    def version(self) -> int: ...


class Timed(OfAGame, Protocol):
    """What a message of the bus's TIMER lane names besides: when it falls due (ISO 8601, UTC)."""

    @property
    def at(self) -> str: ...


class ProjectionDue(Message):
    """The log grew: the read models should catch up."""


class BotTurnDue(Message):
    """A bot seat of `game_id` is to act at `version`."""

    game_id: str
    version: int


class DeadlineDue(Message):
    """The earliest deadline of `game_id` at `version` falls `at` (ISO 8601, UTC): a seat's, or the filling's.

    `at` is empty in a deadline job queued before deadlines travelled as messages (its arguments were the
    game and the version): firing works the deadline out from the game again, so it needs no `at`.
    """

    game_id: str
    version: int
    at: str = ""


class AnalysisDue(Message):
    """Seat `seat`'s decision after event `at` of `game_id` is to be searched with `budget_ms` of budget.

    Someone waits for the answer (application/analysis.py): its handler keeps it in the storage, where
    the asker looks for it, so it may run on any host's worker.
    """

    game_id: str
    at: int
    seat: int
    budget_ms: int


class LadderDue(Message):
    """The ladder of `game_type` is to seat its waiting entrants (application/ladder.py) `at` (ISO 8601, UTC).

    On the TIMER lane: `slot` numbers the ladder's periodic rounds (`at` is slot x TRAILHEAD_LADDER_SECONDS
    after the epoch), so every process and sweep that schedules a round schedules the same one; a round
    schedules the next. A `wake` (an entrant just entered) runs at once beside the rounds and schedules none.
    """

    game_type: str
    slot: int
    at: str
    wake: bool = False

    @property
    def game_id(self) -> str:
        """The TIMER lane's key (messages.Timed): a timer of its own per round and per wake-up, so a round never
        replaces the timer of the one running (whose follow-up it is), and one round is set once however
        often it is scheduled."""
        return f"ladder-{self.game_type}-{'wake-' if self.wake else ''}{self.slot}"

    @property
    def version(self) -> int:
        return self.slot
class TournamentDue(Message):
    """Tournament `tournament_id` (at `version`) may have work: games to create and link, results to record, a
    round or an arena wave to pair, an end (application/tournaments/jobs.py). On the GAME lane, keyed by the
    tournament: one run at a time per tournament."""

    tournament_id: str
    version: int

    @property
    def game_id(self) -> str:  # the GAME lane's key (messages.OfAGame): the tournament's id
        return self.tournament_id


class TournamentGameEnded(Message):
    """Game `game_id`, created by a tournament, ended at `version`: its tournament records the result."""

    game_id: str
    version: int


class ArenaTimeUp(Message):
    """Arena `tournament_id`'s time is up `at` (ISO 8601, UTC): it pairs no more, and ends with its last game."""

    tournament_id: str
    version: int
    at: str

    @property
    def game_id(self) -> str:  # the TIMER lane's key (messages.Timed)
        return self.tournament_id


class TournamentStartsAt(Message):
    """Open tournament `tournament_id` is to start by itself `at` (ISO 8601, UTC; its `starts_at`). On the TIMER
    lane, a timer of its own (`starts_at` is set at creation and never moves, so `version` is 1)."""

    tournament_id: str
    at: str

    @property
    def game_id(self) -> str:  # the TIMER lane's key (messages.Timed): apart from the arena's end timer
        return f"tournament-start-{self.tournament_id}"

    @property
    def version(self) -> int:
        return 1


class WebhookOverDue(Message):
    """Game `game_id` ended at `version`: each of its webhook seats' engines is told so (application/webhooks.py)."""

    game_id: str
    version: int
