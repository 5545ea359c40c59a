"""The embedded runner's timers (the bus's TIMER lane): one pending timer per game and message type.

A clocked game's commit asks for a timer at its next deadline (application/bus.py, a
DeadlineDue message); a later version's timer replaces an earlier one's, and an earlier
version's never replaces a later one's (two threads may commit one game's versions and set
their timers in either order). A timer due in the past fires at once. What a firing does is
the bus's table's (`fire_deadline` for a deadline): it looks at the game again and does nothing
if the game moved on. Nothing here must survive the process: at start the runner finds every
pending deadline again in the stored logs (`MessageBus.pending_deadlines`).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from datetime import UTC, timedelta

import msgspec
from apscheduler.schedulers.background import BackgroundScheduler

from application.clock import instant, iso, utc_now
from application.messages import Timed
from storage import StorageClosed

log = logging.getLogger(__name__)


def timer_id(due: Timed) -> str:
    """One timer per game and message type: a deadline's never replaces another kind of timer of the game."""
    return f"{type(due).__name__}:{due.game_id}"


class DeadlineTimers:
    """Timers by game and message type, each firing `fire(due)` at its `due.at` on one of the scheduler's threads."""

    THREADS = 4  # deadlines of different games firing at the same moment play their bots side by side
    RETRY_SECONDS = (0.5, 60.0)  # a firing that failed is tried again after 0.5 s, doubling up to 60 s

    def __init__(self, fire: Callable[[Timed], None]) -> None:
        self._fire = fire
        self._lock = threading.Lock()
        self._versions: dict[str, int] = {}  # timer id -> the version of its pending timer
        self._failures: dict[tuple[str, int], int] = {}
        self._scheduler: BackgroundScheduler | None = None
        self._pid: int | None = None
        self._closed = False

    def set(self, due: Timed) -> None:
        """Fire at `due.at` (at once if that has passed), unless a later version of the game has a timer."""
        with self._lock:
            if self._closed:
                return
            scheduler = self._started()
            timer = timer_id(due)
            pending = self._versions.get(timer)
            if pending is not None and pending > due.version:
                return
            self._versions[timer] = due.version
            scheduler.add_job(self._run, "date", run_date=instant(due.at), args=[due], id=timer,
                              replace_existing=True, misfire_grace_time=None)

    def pending(self) -> int:
        with self._lock:
            return len(self._versions)

    def close(self) -> None:
        """Cancel every timer; none is set from now on."""
        with self._lock:
            self._closed = True
            if self._scheduler is not None and self._pid == os.getpid():
                # The timers first, under the scheduler's own lock: one firing at this moment is then
                # done with the scheduler's store before shutdown marks it stopped (stopped, it fails
                # to remove the fired timer, and its thread dies with a JobLookupError).
                self._scheduler.remove_all_jobs()
                self._scheduler.shutdown(wait=False)
            self._scheduler = None
            self._versions.clear()

    def _started(self) -> BackgroundScheduler:
        """This process's scheduler, started on first use (a forked child starts its own)."""
        if self._scheduler is None or self._pid != os.getpid():
            self._scheduler = BackgroundScheduler(timezone=UTC, executors={
                "default": {"type": "threadpool", "max_workers": self.THREADS}})
            self._scheduler.start()
            self._pid = os.getpid()
            self._versions.clear()
        return self._scheduler

    def _run(self, due: Timed) -> None:
        with self._lock:
            if self._versions.get(timer_id(due)) == due.version:
                del self._versions[timer_id(due)]
        key = (timer_id(due), due.version)
        try:
            self._fire(due)
        except StorageClosed:
            return  # the process is shutting down; the next start finds the deadline again
        except Exception:  # noqa: BLE001 - logged, and tried again later
            failures = self._failures[key] = self._failures.get(key, 0) + 1
            delay = min(self.RETRY_SECONDS[0] * 2 ** (failures - 1), self.RETRY_SECONDS[1])
            log.exception("%s failed to fire (%s time(s)); tried again in %.1f s", due, failures, delay)
            self.set(msgspec.structs.replace(due, at=iso(utc_now() + timedelta(seconds=delay))))
            return
        self._failures.pop(key, None)
