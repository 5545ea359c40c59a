"""The embedded runner: the bus's messages run on background threads of this process (no REDIS_URL).

Nothing runs inside the request that triggered it. Each lane of the bus (application/bus.py,
`Lane`) has its place here: catch-up messages (the projection) wake a thread that runs them
together after a short wait; game messages (bot turns) queue for a game thread that runs them
a game at a time, round robin across games (application/game_queue.py); timed messages (the
deadlines) set a timer (application/timers.py); questions (analyses) queue for a thread of their
own, so that a search someone waits for neither waits behind the bots nor holds them up. What a
message does is the bus's table's: this runner only chooses where and when. At start (`resume`)
every game whose bot seat is to act is queued and every pending deadline's timer is set again, so
a crash loses neither.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any, cast

from application.bus import Lane, MessageBus
from application.game_queue import GameQueue, Key, question_key
from application.messages import Message, Timed
from application.projections import Projector, RunOutcome
from application.timers import DeadlineTimers
from storage import Storage, StorageClosed

log = logging.getLogger(__name__)

BOTS = "trailhead-bots"  # the game lane's thread (and queue)
QUESTIONS = "trailhead-analysis"  # the question lane's


class InlineRunner:
    """Runs the bus's messages on a catch-up thread, a game thread, a question thread and timers of this process."""

    kind = "inline"
    # After a wake-up the catch-up thread waits this long, so that the commits of that moment
    # share one projection run (one write transaction) instead of adding one each to the writers'
    # queue; readers of the read models call catch_up() and never see the delay.
    COALESCE_SECONDS = 0.05
    RETRY_SECONDS = (0.5, 60.0)  # a failing game message is retried after 0.5 s, doubling up to 60 s

    def __init__(self, store: Storage, projector: Projector) -> None:
        self.store = store
        self.projector = projector
        self._wake = threading.Event()
        self._closed = threading.Event()  # the container closed: the catch-up thread ends and is not started again
        self._project_lock = threading.Lock()
        self._pending_lock = threading.Lock()
        self._pending: dict[Message, None] = {}  # catch-up messages waiting, each once, in arrival order
        self._thread: threading.Thread | None = None
        self._pid: int | None = None
        self._queues = {BOTS: GameQueue(), QUESTIONS: GameQueue(question_key)}
        self._threads: dict[str, tuple[threading.Thread, int]] = {}  # each queue's thread, and its process
        self._bus: MessageBus | None = None
        self._timers = DeadlineTimers(self._fire)

    def dispatch(self, bus: MessageBus, message: Message) -> list[Message]:
        self._bus = bus
        match bus.route(message).lane:
            case Lane.CATCH_UP:
                with self._pending_lock:
                    self._pending[message] = None
                self._wake_catch_up()
            case Lane.GAME:
                self._queues[BOTS].put(message)
                self._start(BOTS)
            case Lane.TIMER:
                self._timers.set(cast(Timed, message))
            case Lane.QUESTION:
                self._queues[QUESTIONS].put(message)
                self._start(QUESTIONS)
        return []

    def resume(self, bus: MessageBus) -> int:
        """Queue every game whose bot seat is to act and set the timer of every pending deadline (after a
        restart); returns how many games have a bot seat to act."""
        self._bus = bus
        self.catch_up()
        waiting = bus.bot_turns_waiting()
        deadlines = bus.pending_deadlines()
        for message in [*waiting, *deadlines, *bus.tournaments_due()]:
            self.dispatch(bus, message)
        if deadlines:
            log.info("set the timers of %s pending deadline(s) again", len(deadlines))
        return len(waiting)

    def close(self) -> None:
        """Cancel this process's timers and end its catch-up thread (the container closes): the next start sets
        them again. (A catch-up thread left running would go on reading a database that is closed, or gone.)"""
        self._timers.close()
        self._closed.set()
        self._wake.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread() and self._pid == os.getpid():
            thread.join(timeout=5)

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Wait until no game message is queued or running (tests, the CLI); returns whether it got there."""
        return self._queues[BOTS].wait_empty(timeout)

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
        return {"jobs": "inline", "ok": True, "bot_games_queued": self._queues[BOTS].size(),
                "deadlines_pending": self._timers.pending(), "problems": []}

    def _fire(self, due: Timed) -> None:
        """A timer's firing, on a timer thread: the timed message, then its follow-ups."""
        bus = self._bus
        assert bus is not None
        bus.drain(bus.perform(cast(Message, due)))

    # -- the catch-up thread ------------------------------------------------------------------

    def _wake_catch_up(self) -> None:
        if self._closed.is_set():
            return
        if self._thread is None or self._pid != os.getpid() or not self._thread.is_alive():
            self._pid = os.getpid()
            self._thread = threading.Thread(target=self._catch_up_forever, name="trailhead-projection", daemon=True)
            self._thread.start()
        self._wake.set()

    def _catch_up_forever(self) -> None:
        while not self._closed.is_set():
            self._wake.wait(timeout=1.0)  # also every second, for commits another process made
            time.sleep(self.COALESCE_SECONDS)
            self._wake.clear()
            if self._closed.is_set():
                return
            try:
                self._run_pending()
            except StorageClosed:
                return  # the process is shutting down
            except Exception:  # noqa: BLE001 - a failed run is retried on the next wake-up
                log.exception("inline catch-up run failed")

    def _run_pending(self) -> None:
        """Run the catch-up messages dispatched since the last run; with none, catch the read models up
        with the commits other processes made. A message that could not run waits for the next wake-up."""
        with self._pending_lock:
            pending, self._pending = list(self._pending), {}
        if not pending:
            self.catch_up(wait=False)
            return
        bus = self._bus
        assert bus is not None
        try:
            follow = self._run_holding_the_lock(bus, pending)
        except Exception:
            self._put_back(pending)
            raise
        if follow is None:
            self._put_back(pending)
            return
        bus.drain(follow)

    def _run_holding_the_lock(self, bus: MessageBus, pending: list[Message]) -> list[Message] | None:
        """Run `pending` while this process holds the projection lock (one process at a time catches up,
        as `catch_up` does); returns their follow-ups, or None if another process holds it now."""
        with self._project_lock, self.store.projection_lock() as held:
            if not held:
                return None
            return [follow for message in pending for follow in bus.perform(message)]

    def _put_back(self, pending: list[Message]) -> None:
        with self._pending_lock:
            self._pending = dict.fromkeys([*pending, *self._pending])

    # -- the game thread and the question thread ------------------------------------------------

    def _start(self, name: str) -> None:
        """Start the thread of the queue `name` unless it runs in this process (a forked child starts its own,
        on a copy of the queue)."""
        thread, pid = self._threads.get(name, (None, None))
        if thread is not None and pid == os.getpid() and thread.is_alive():
            return
        if pid is not None and pid != os.getpid():
            self._queues[name] = self._queues[name].after_fork()
        thread = threading.Thread(target=self._run_forever, args=[name], name=name, daemon=True)
        self._threads[name] = (thread, os.getpid())
        thread.start()

    def _run_forever(self, name: str) -> None:
        """Run the queue's messages one at a time. A failing game message is retried later, doubling its wait;
        a failing question is only logged (the asker gets no answer in time and may ask again)."""
        failures: dict[Key, int] = {}
        retried = name == BOTS
        while True:
            queue = self._queues[name]
            message = queue.take()
            bus = self._bus
            assert bus is not None
            try:
                # its follow-ups first, while it is in play: the game's next turn queues after the others
                bus.drain(bus.perform(message))
            except StorageClosed:
                return  # the process is shutting down; the waiting seats are resumed at the next start
            except Exception:  # noqa: BLE001 - logged; a game message is retried later, never lost
                if not retried:
                    log.exception("%s failed", message)
                    queue.done(message)
                    continue
                key = queue.key(message)
                failures[key] = failures.get(key, 0) + 1
                delay = min(self.RETRY_SECONDS[0] * 2 ** (failures[key] - 1), self.RETRY_SECONDS[1])
                log.exception("%s failed (%s time(s)); retried in %.1f s", message, failures[key], delay)
                queue.done(message, retry_after=delay)
                continue
            failures.pop(queue.key(message), None)
            queue.done(message)
