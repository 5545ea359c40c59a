"""The message bus: follow-up work after a commit, run from a queue, never by re-entering the handler.

The handler returns what it committed; `follow_ups` names the work that commit calls for
(the projection is due; a bot seat is to act at version N), and the bus runs a small loop
over those messages (cosmicpython's message bus). Where each message runs is the runner's
choice: the inline runner (the embedded default) plays bot turns right here in the loop
and wakes a projection thread; the RQ runner (workers/rq.py) enqueues both for
`trailhead worker`. A bot turn is one command through the same handler, and its commit's
follow-ups join the same queue, so bots never recurse.
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import os
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from application.handler import Committed, GameService, LoadedGame
from application.projections import Projector, RunOutcome
from domain.core import SeatConfig, play_bot
from storage import Storage, VersionConflict

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True, slots=True)
class ProjectionDue:
    """The log grew: the read models should catch up."""


@dataclasses.dataclass(frozen=True, slots=True)
class BotTurnDue:
    """A bot seat of `game_id` is to act at `version`."""

    game_id: str
    version: int


Message = ProjectionDue | BotTurnDue


def follow_ups(committed: Committed) -> list[Message]:
    """The work a commit calls for: the projection, and a bot turn when a bot seat is now to act."""
    if not committed.new:
        return []
    messages: list[Message] = [ProjectionDue()]
    if committed.game.bot_seats_to_act():
        messages.append(BotTurnDue(committed.game.record.id, committed.game.version))
    return messages


def bot_command_id(game_id: str, version: int, seat: int) -> str:
    """Deterministic, so a duplicated or retried bot job appends nothing twice."""
    return f"bot:{game_id}:{version}:{seat}"


def play_bot_turn(games: GameService, game_id: str, known: LoadedGame | None = None) -> Committed | None:
    """One bot seat's command, chosen from its own view and legal commands, through the handler.

    Returns what it committed, or None when no bot seat is to act (or it lost a race).
    """
    game = known if known is not None else games.load(game_id)
    bots = game.bot_seats_to_act()
    if not bots:
        return None
    seat = bots[0]
    level = game.bot_level(seat)
    assert level is not None
    command = play_bot(game.spec, game.state, seat, level, games.seed(game_id), game.version)
    type_, args = game.spec.commands.encode(command)
    try:
        return games.submit(game_id, seat, type_, args, expected_version=game.version,
                            command_id=bot_command_id(game_id, game.version, seat), bot=level)
    except VersionConflict:
        log.info("bot seat %s of %s lost a race at version %s", seat, game_id, game.version)
        return None


class Runner(Protocol):
    """Where follow-up messages run: here and now, or on a queue for the workers."""

    kind: str

    def dispatch(self, bus: MessageBus, message: Message) -> list[Message]:
        """Run `message` (returning the follow-ups of what it committed) or enqueue it (returning none)."""

    def catch_up(self) -> None:
        """Read your writes: bring the read models up to date now where this runner projects in-process."""

    def health(self) -> dict[str, Any]:
        """What /healthz reports of the jobs: `{"jobs": kind, ...}` and whether they are `ok`."""


class MessageBus:
    """The handler plus the loop that runs each commit's follow-ups after the handler has returned."""

    def __init__(self, games: GameService, runner: Runner, projector: Projector) -> None:
        self.games = games
        self.runner = runner
        self.projector = projector

    @property
    def store(self) -> Storage:
        return self.games.store

    # -- what writers call ------------------------------------------------------------------

    def create(self, type_: str, seats: Sequence[SeatConfig], options: Mapping[str, Any] | None = None,
               seed: str | None = None) -> Committed:
        committed = self.games.create(type_, seats, options, seed)
        self.follow(committed)
        return committed

    def submit(self, game_id: str, seat: int, type_: str, args: Mapping[str, Any],
               expected_version: int | None = None, command_id: str | None = None) -> Committed:
        committed = self.games.submit(game_id, seat, type_, args, expected_version, command_id)
        self.follow(committed)
        return committed

    def follow(self, committed: Committed) -> None:
        """Run the follow-ups of a commit, and theirs, until none is left."""
        self.drain(follow_ups(committed))

    def drain(self, messages: Iterable[Message]) -> None:
        queue = collections.deque(messages)
        while queue:
            queue.extend(self.runner.dispatch(self, queue.popleft()))

    # -- what runners call ------------------------------------------------------------------

    def perform(self, message: Message) -> list[Message]:
        """Run one message here; returns the follow-ups of what it committed."""
        if isinstance(message, ProjectionDue):
            self.projector.run(self.store)
            return []
        committed = play_bot_turn(self.games, message.game_id)
        return follow_ups(committed) if committed is not None else []

    def play_bots(self, game_id: str, budget_seconds: float | None = None) -> tuple[int, bool]:
        """Play the game's bot seats until a human is to act, it ends, or the budget is spent.

        Other follow-ups (the projection) go to the runner. Returns the number of commands
        played and whether a bot is still to act.
        """
        deadline = None if budget_seconds is None else time.monotonic() + budget_seconds
        played = 0
        while True:
            game = self.games.load(game_id)
            if not game.bot_seats_to_act():
                return played, False
            if deadline is not None and time.monotonic() > deadline:
                return played, True
            committed = play_bot_turn(self.games, game_id, game)
            if committed is not None:
                played += 1
                self.drain(message for message in follow_ups(committed) if not isinstance(message, BotTurnDue))


class InlineRunner:
    """The embedded runner: bot turns in the committing thread's loop, projections in a background thread."""

    kind = "inline"
    # After a wake-up the projection thread waits this long, so that the commits of that moment
    # share one run (one write transaction) instead of adding one each to the writers' queue;
    # readers of the read models call catch_up() and never see the delay.
    COALESCE_SECONDS = 0.05

    def __init__(self, store: Storage, projector: Projector) -> None:
        self.store = store
        self.projector = projector
        self._wake = threading.Event()
        self._project_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pid: int | None = None

    def dispatch(self, bus: MessageBus, message: Message) -> list[Message]:
        if isinstance(message, ProjectionDue):
            self._wake_projection()
            return []
        return bus.perform(message)

    def catch_up(self, wait: bool = True) -> RunOutcome | None:
        """Bring the read models up to date now (read-your-writes for the embedded runner).

        One process at a time projects (a lock beside the database), so gunicorn's workers
        do not race each other for the same events; without `wait`, a process that finds
        another one projecting leaves the work to it.
        """
        with self._project_lock:
            while True:
                with self.store.projection_lock() as held:
                    if held:
                        return self.projector.run(self.store)
                if not wait:
                    return None
                time.sleep(0.005)

    def health(self) -> dict[str, Any]:
        return {"jobs": "inline", "ok": True}

    def _wake_projection(self) -> None:
        if self._thread is None or self._pid != os.getpid() or not self._thread.is_alive():
            self._pid = os.getpid()
            self._thread = threading.Thread(target=self._project_forever, name="trailhead-projection", daemon=True)
            self._thread.start()
        self._wake.set()

    def _project_forever(self) -> None:
        while True:
            self._wake.wait(timeout=1.0)  # also every second, for commits another process made
            time.sleep(self.COALESCE_SECONDS)
            self._wake.clear()
            try:
                self.catch_up(wait=False)
            except Exception:  # noqa: BLE001 - a failed run is retried on the next wake-up
                log.exception("inline projection run failed")
