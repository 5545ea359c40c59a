"""The message bus: follow-up work after a commit, run from a queue, never by re-entering the handler.

The handler returns what it committed; `follow_ups` names the work that commit calls for
(the projection is due; a bot seat is to act at version N; a deadline of version N falls at
time T), and the bus runs a small loop over those messages (cosmicpython's message bus).
Where each message runs is the runner's choice: the inline runner (the embedded default)
plays bot turns on a bot thread, wakes a projection thread and sets deadline timers
(application/timers.py); the RQ runner (workers/rq.py) enqueues them for `trailhead worker`
(deadlines with RQ's scheduler). A bot turn or a deadline is one command through the same
handler, and its commit's follow-ups join the same queue, so nothing recurses.
"""

from __future__ import annotations

import collections
import dataclasses
import logging
import os
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from application.deadlines import DeadlineDue, deadline_due, fire_deadline, pending_deadlines
from application.game import LoadedGame
from application.handler import CommandIdReused, Committed, GameService
from application.projections import Projector, RunOutcome
from application.timers import DeadlineTimers
from application.halts import halt
from domain.core import Command, NoLegalCommand, SeatConfig, play_bot
from storage import Storage, StorageClosed, VersionConflict

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True, slots=True)
class ProjectionDue:
    """The log grew: the read models should catch up."""


@dataclasses.dataclass(frozen=True, slots=True)
class BotTurnDue:
    """A bot seat of `game_id` is to act at `version`."""

    game_id: str
    version: int


Message = ProjectionDue | BotTurnDue | DeadlineDue


def follow_ups(committed: Committed) -> list[Message]:
    """The work a commit calls for: the projection, a bot turn when a bot seat is now to act, and a
    timer for the game's next deadline when it has one (a clock, or open seats filled after a delay)."""
    if not committed.new:
        return []
    game = committed.game
    messages: list[Message] = [ProjectionDue()]
    if game.bot_seats_to_act():
        messages.append(BotTurnDue(game.record.id, game.version))
    deadline = deadline_due(game)
    if deadline is not None:
        messages.append(deadline)
    return messages


def bot_command_id(game_id: str, version: int, seat: int) -> str:
    """Deterministic, so a duplicated or retried bot job appends nothing twice; clients may not
    send ids starting with "bot:" (a 400), so no client can take a bot's id."""
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
    command_id = bot_command_id(game_id, game.version, seat)
    try:
        try:
            return games.submit(game_id, seat, type_, args, expected_version=game.version, command_id=command_id,
                                bot=level)
        except CommandIdReused:
            # Clients cannot send ids in the bots' namespace (400), but a log from release 0.1 may
            # hold one: the version check, not the id, keeps a bot from playing twice.
            log.warning("bot command id %s of %s was taken; playing under a fresh one", command_id, game_id)
            return games.submit(game_id, seat, type_, args, expected_version=game.version,
                                command_id=f"{command_id}:{uuid.uuid4().hex}", bot=level)
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

    def resume(self, bus: MessageBus) -> int:
        """Hand every game whose bot seat is to act to the bots again, and set the timers of every pending
        deadline again (after a restart); returns how many games have a bot seat to act."""

    def health(self) -> dict[str, Any]:
        """What /healthz reports of the jobs: `{"jobs": kind, ...}` and whether they are `ok`."""


class MessageBus:
    """The handler plus the loop that runs each commit's follow-ups after the handler has returned."""

    def __init__(self, games: GameService, runner: Runner, projector: Projector) -> None:
        self.games = games
        self.runner = runner
        self.projector = projector
        self._listeners: list[Callable[[Committed], None]] = []

    def on_commit(self, listener: Callable[[Committed], None]) -> None:
        """Call `listener` with every new commit this process makes through the bus (clients' and bots').

        Listeners run on the committing thread right after the commit, before its follow-ups;
        they must be quick and thread-safe (wake an event loop with call_soon_threadsafe, publish
        on Redis). A listener that fails is logged and never fails the command. Nothing that must
        not be lost rides on them: the log is the truth, a listener is only a wake-up call.
        """
        self._listeners.append(listener)

    def notify(self, committed: Committed) -> None:
        if not committed.new:
            return
        for listener in self._listeners:
            try:
                listener(committed)
            except Exception:  # noqa: BLE001 - a wake-up call must never fail a command
                log.exception("commit listener %r failed", listener)

    @property
    def store(self) -> Storage:
        return self.games.store

    # -- what writers call ------------------------------------------------------------------

    def create(self, type_: str, seats: Sequence[SeatConfig], options: Mapping[str, Any] | None = None,
               seed: str | None = None, open_seats: Sequence[int] = (), players: Mapping[int, str] | None = None,
               table: Mapping[str, Any] | None = None) -> Committed:
        committed = self.games.create(type_, seats, options, seed, open_seats, players, table)
        self.follow(committed)
        return committed

    def submit(self, game_id: str, seat: int, type_: str, args: Mapping[str, Any],
               expected_version: int | None = None, command_id: str | None = None) -> Committed:
        committed = self.games.submit(game_id, seat, type_, args, expected_version, command_id)
        self.follow(committed)
        return committed

    def seat_command(self, game_id: str, command: Command, seat: int | None, command_id: str,
                     expected_version: int | None = None, bot: str | None = None,
                     tokens: Mapping[int, str] | None = None) -> Committed:
        committed = self.games.seat_command(game_id, command, seat, command_id, expected_version, bot, tokens)
        self.follow(committed)
        return committed

    def follow(self, committed: Committed) -> None:
        """Tell the listeners, then run the follow-ups of a commit, and theirs, until none is left."""
        self.notify(committed)
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
        if isinstance(message, DeadlineDue):
            return self.fire_deadline(message.game_id, message.version)
        game = self.games.load(message.game_id)
        try:
            committed = play_bot_turn(self.games, message.game_id, game)
        except NoLegalCommand as error:
            halt(self.games, game, error)
            return []
        if committed is None:
            return []
        self.notify(committed)
        return follow_ups(committed)

    def fire_deadline(self, game_id: str, version: int) -> list[Message]:
        """A timer's firing (application/deadlines.py): the follow-ups of what it committed, or the
        deadline again if the timer woke before it."""
        outcome = fire_deadline(self.games, game_id, version)
        if outcome is None:
            return []
        if isinstance(outcome, DeadlineDue):
            return [outcome]
        self.notify(outcome)
        return follow_ups(outcome)

    def pending_deadlines(self) -> list[DeadlineDue]:
        """The next deadline of every game that has one, found again from the stored games (after a restart)."""
        return pending_deadlines(self.games)

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
            try:
                committed = play_bot_turn(self.games, game_id, game)
            except NoLegalCommand as error:
                halt(self.games, game, error)  # reported, not retried (application/halts.py)
                return played, False
            if committed is not None:
                played += 1
                self.notify(committed)
                self.drain(message for message in follow_ups(committed) if not isinstance(message, BotTurnDue))


class InlineRunner:
    """The embedded runner: bot turns, projections and deadlines on background threads of this process.

    Nothing runs inside the request that triggered it: a bot turn due is queued for the bot
    thread, which plays the game's bot seats a budget at a time (round robin across games)
    after the response has gone; the projection thread catches the read models up; a deadline
    sets a timer (application/timers.py). At start (`resume`) every game whose bot seat is to
    act is queued and every pending deadline's timer is set again, so a crash loses neither.
    """

    kind = "inline"
    # After a wake-up the projection thread waits this long, so that the commits of that moment
    # share one run (one write transaction) instead of adding one each to the writers' queue;
    # readers of the read models call catch_up() and never see the delay.
    COALESCE_SECONDS = 0.05
    RETRY_SECONDS = (0.5, 60.0)  # a failing game's bot turn is retried after 0.5 s, doubling up to 60 s

    def __init__(self, store: Storage, projector: Projector, budget_seconds: float = 2.0) -> None:
        self.store = store
        self.projector = projector
        self.budget_seconds = budget_seconds
        self._wake = threading.Event()
        self._project_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pid: int | None = None
        self._bots = BotQueue()
        self._bot_thread: threading.Thread | None = None
        self._bot_pid: int | None = None
        self._bus: MessageBus | None = None
        self._timers = DeadlineTimers(self._fire_deadline)

    def dispatch(self, bus: MessageBus, message: Message) -> list[Message]:
        if isinstance(message, ProjectionDue):
            self._wake_projection()
            return []
        self._bus = bus
        if isinstance(message, DeadlineDue):
            self._timers.set(message)
            return []
        self._bots.put(message.game_id)
        self._start_bots()
        return []

    def resume(self, bus: MessageBus) -> int:
        """Queue every game whose bot seat is to act and set the timer of every pending deadline (after a
        restart); returns how many games have a bot seat to act."""
        self._bus = bus
        self.catch_up()
        waiting = self.store.bot_waiting_games()
        for game_id, _version in waiting:
            self._bots.put(game_id)
        if waiting:
            self._start_bots()
        deadlines = bus.pending_deadlines()
        for due in deadlines:
            self._timers.set(due)
        if deadlines:
            log.info("set the timers of %s pending deadline(s) again", len(deadlines))
        return len(waiting)

    def close(self) -> None:
        """Cancel this process's deadline timers (the container closes): the next start sets them again."""
        self._timers.close()

    def _fire_deadline(self, due: DeadlineDue) -> None:
        """A timer's firing, on a timer thread: the deadline's command, then its follow-ups."""
        bus = self._bus
        assert bus is not None
        bus.drain(bus.perform(due))

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Wait until no bot turn is queued or being played (tests, the CLI); returns whether it got there."""
        return self._bots.wait_empty(timeout)

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
        return {"jobs": "inline", "ok": True, "bot_games_queued": self._bots.size(),
                "deadlines_pending": self._timers.pending(), "problems": []}

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
            except StorageClosed:
                return  # the process is shutting down
            except Exception:  # noqa: BLE001 - a failed run is retried on the next wake-up
                log.exception("inline projection run failed")

    def _start_bots(self) -> None:
        if self._bot_thread is None or self._bot_pid != os.getpid() or not self._bot_thread.is_alive():
            if self._bot_pid != os.getpid():
                self._bots = self._bots.after_fork()
            self._bot_pid = os.getpid()
            self._bot_thread = threading.Thread(target=self._play_forever, name="trailhead-bots", daemon=True)
            self._bot_thread.start()

    def _play_forever(self) -> None:
        failures: dict[str, int] = {}
        while True:
            game_id = self._bots.take()
            bus = self._bus
            assert bus is not None
            try:
                _played, waiting = bus.play_bots(game_id, self.budget_seconds)
            except StorageClosed:
                return  # the process is shutting down; the waiting seats are resumed at the next start
            except Exception:  # noqa: BLE001 - logged, retried later; never lost
                failures[game_id] = failures.get(game_id, 0) + 1
                delay = min(self.RETRY_SECONDS[0] * 2 ** (failures[game_id] - 1), self.RETRY_SECONDS[1])
                log.exception("bot turn of %s failed (%s time(s)); retried in %.1f s", game_id, failures[game_id], delay)
                self._bots.done(game_id, retry_after=delay)
                continue
            failures.pop(game_id, None)
            self._bots.done(game_id, again=waiting)


class BotQueue:
    """Game ids whose bot seats are to act, each at most once, in arrival order; thread-safe.

    A game taken is "in play" until `done`; put again meanwhile, it is queued once more
    after it. `wait_empty` waits until nothing is queued, in play or waiting to be retried.
    """

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._queue: collections.deque[str] = collections.deque()
        self._queued: set[str] = set()
        self._in_play: set[str] = set()
        self._again: set[str] = set()
        self._retries = 0

    def after_fork(self) -> BotQueue:
        """A fresh queue for a forked child with the same games queued (the parent's thread is gone)."""
        fresh = BotQueue()
        for game_id in [*self._queue, *self._in_play]:
            fresh.put(game_id)
        return fresh

    def put(self, game_id: str) -> None:
        with self._lock:
            if game_id in self._in_play:
                self._again.add(game_id)
            elif game_id not in self._queued:
                self._queued.add(game_id)
                self._queue.append(game_id)
                self._lock.notify_all()

    def take(self) -> str:
        with self._lock:
            while not self._queue:
                self._lock.wait()
            game_id = self._queue.popleft()
            self._queued.discard(game_id)
            self._in_play.add(game_id)
            return game_id

    def done(self, game_id: str, again: bool = False, retry_after: float | None = None) -> None:
        with self._lock:
            self._in_play.discard(game_id)
            requeue = again or game_id in self._again
            self._again.discard(game_id)
            if retry_after is not None:
                self._retries += 1
                timer = threading.Timer(retry_after, self._retry, [game_id])
                timer.daemon = True
                timer.start()
            elif requeue:
                self._queued.add(game_id)
                self._queue.append(game_id)
            self._lock.notify_all()

    def _retry(self, game_id: str) -> None:
        with self._lock:  # a re-entrant lock: put() takes it again
            self._retries -= 1
            self.put(game_id)

    def size(self) -> int:
        with self._lock:
            return len(self._queue) + len(self._in_play) + self._retries

    def wait_empty(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._lock:
            while self._queue or self._in_play or self._retries:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._lock.wait(remaining)
            return True
