"""The open tournament streams of one process, and the watcher that reads their tournaments as they move.

Only a tournament's own appends change what its stream says (`roundStarted` is its RoundPaired, `gameFinished`
its GameResulted, which its job appends once the game's last commit is in), so the watcher wakes on those:
- an append by this process (MessageBus.on_tournament_commit: a join, a start, the jobs of the inline runner),
  thread-safe into the event loop;
- a notice on Redis (REDIS_URL set: every process publishes its tournaments' appends, workers/commits.py), so an
  append by an RQ worker, or by another server process, wakes the streams here at once;
- the safety poll, every TRAILHEAD_TOURNAMENT_STREAM_POLL_SECONDS (by default 5 s with Redis, for a notice lost
  while Redis failed; without Redis TRAILHEAD_STREAM_POLL_SECONDS, 0.25 s, as the games' watcher, for what
  gunicorn's other workers append): one read per followed tournament of its events after the last read (an
  indexed range, empty when nothing moved: cheaper on SQLite than reading its row for its version).
A game's other commits change nothing a tournament's stream says: they do not wake it.

Each tournament followed (one stream of it open or more) is read once per process, from where its last read
ended (`tournament_events(id, after)`), on the watcher's own thread; its streams fold the new events into their
own state (service/tournament_stream.py, `Cursor`) and send what is past their resume point. An idle stream
costs a coroutine and a socket, no query; a commit costs one read per tournament, whatever its streams.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any

from service.notices import Watcher
from service.tournament_stream import Cursor, Read
from storage import Storage

log = logging.getLogger(__name__)

SAFETY_POLL_SECONDS = 5.0  # with Redis: the watcher's poll, a net for notices lost while Redis failed
SEND_BATCH = 500  # events folded per write while a stream catches up


@dataclasses.dataclass(slots=True)
class Followed:
    """A tournament some streams of this process follow: what was read of it, and its streams' wake-ups."""

    read: Read = dataclasses.field(default_factory=Read)
    waiters: set[asyncio.Event] = dataclasses.field(default_factory=set)
    due: bool = True  # its events are to be read (a wake-up named it, or it was never read)
    loaded: bool = False


def poll_seconds(settings: Mapping[str, Any]) -> float:
    """The safety poll's period: TRAILHEAD_TOURNAMENT_STREAM_POLL_SECONDS, or its default (module docstring)."""
    chosen = settings.get("TOURNAMENT_STREAM_POLL_SECONDS")
    if chosen:
        return float(chosen)
    if settings.get("REDIS_URL"):
        return SAFETY_POLL_SECONDS
    return float(settings.get("STREAM_POLL_SECONDS", 0.25))


class TournamentStreams:
    """The process's open tournament streams, the tournaments they follow and the watcher reading those."""

    def __init__(self, store: Storage, settings: Mapping[str, Any]) -> None:
        self.store = store
        self.poll_seconds = poll_seconds(settings)
        self.heartbeat_seconds = float(settings.get("STREAM_HEARTBEAT_SECONDS", 15.0))
        self.redis_url: str | None = settings.get("REDIS_URL") or None
        self.prefix = str(settings.get("QUEUE_PREFIX") or "trailhead")
        self.followed: dict[str, Followed] = {}
        # the watcher's reads of a tournament's new events, on a wake-up (or a stream's first) or by the safety
        # poll: counted here, and told to `report_read` (service/metrics.py) when set
        self.reads = {"woken": 0, "polled": 0}
        self.report_read: Callable[[str], None] | None = None
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1,
                                                               thread_name_prefix="trailhead-tournament-streams")
        self._watcher = Watcher()

    # -- wake-ups ---------------------------------------------------------------------------

    def on_commit(self, tournament_id: str, _version: int) -> None:
        """An append to a tournament by this process (any thread): its streams here read it."""
        loop = self._watcher.loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._moved, tournament_id)
        except RuntimeError:  # the loop closed meanwhile
            pass

    def _moved(self, tournament_id: str | None) -> None:
        """On the loop: the tournament moved (None: any may have)."""
        named = self.followed.values() if tournament_id is None else filter(None, [self.followed.get(tournament_id)])
        for followed in named:
            followed.due = True
            if self._watcher.wake is not None:
                self._watcher.wake.set()

    def _notice(self, notice: dict[str, Any] | None) -> None:
        self._moved(None if notice is None else str(notice.get("tournament_id")))

    # -- streams ----------------------------------------------------------------------------

    async def messages(self, tournament_id: str, after: int) -> AsyncIterator[str]:
        """The SSE text of the tournament's stream after seq `after`, until it finished (then `end`)."""
        self._start()
        wake = asyncio.Event()
        followed = self.followed.setdefault(tournament_id, Followed())
        followed.waiters.add(wake)
        assert self._watcher.wake is not None
        self._watcher.wake.set()
        loop = asyncio.get_running_loop()
        cursor = Cursor(after)
        try:
            yield "retry: 1000\n\n"
            last_sent = time.monotonic()
            while True:
                wake.clear()
                if followed.loaded and cursor.index < len(followed.read.rows):
                    text = await loop.run_in_executor(self._executor, cursor.advance, followed.read, SEND_BATCH)
                    if text:
                        yield text
                        last_sent = time.monotonic()
                    continue
                if followed.loaded and cursor.finished:
                    yield "event: end\ndata: {}\n\n"
                    return
                idle = self.heartbeat_seconds - (time.monotonic() - last_sent)
                if idle <= 0:
                    yield ": keep-alive\n\n"
                    last_sent = time.monotonic()
                    continue
                try:
                    await asyncio.wait_for(wake.wait(), idle)
                except TimeoutError:
                    pass
        finally:
            followed.waiters.discard(wake)
            if not followed.waiters and self.followed.get(tournament_id) is followed:
                del self.followed[tournament_id]

    # -- the watcher ------------------------------------------------------------------------

    def _start(self) -> None:
        from workers.commits import tournament_commits_channel

        self._watcher.start("trailhead-tournament-stream-watcher", self._watch, self.redis_url,
                            tournament_commits_channel(self.prefix), self._notice)

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._watcher.wake is not None
        polled = time.monotonic()
        while True:
            self._watcher.wake.clear()
            poll = time.monotonic() - polled >= self.poll_seconds
            if poll:
                polled = time.monotonic()
            # each tournament to read, and whether a wake-up named it (else the poll reads it)
            due = {name: (followed, followed.due) for name, followed in self.followed.items() if followed.due or poll}
            for followed, _woken in due.values():
                followed.due = False  # before reading: a wake-up during the read reads again after it
            if due:
                try:
                    moved = await loop.run_in_executor(self._executor, self._read, due)
                except Exception:  # noqa: BLE001 - the next wake-up or poll tries again
                    log.exception("the tournament stream watcher failed a read")
                    moved = []
                    for followed, _woken in due.values():
                        followed.due = True
                for followed in moved:
                    for wake in followed.waiters:
                        wake.set()
            try:
                waited = self.poll_seconds - (time.monotonic() - polled)
                await asyncio.wait_for(self._watcher.wake.wait(), max(waited, 0.0) if self.followed else None)
            except TimeoutError:
                pass

    def _read(self, due: dict[str, tuple[Followed, bool]]) -> list[Followed]:
        """On the watcher's thread: read the new events of the tournaments `due`; those that got some, or were
        read for the first time."""
        moved = []
        for tournament_id, (followed, woken) in due.items():
            self._count("woken" if woken or not followed.loaded else "polled")
            rows = self.store.tournament_events(tournament_id, followed.read.version)
            if rows:
                followed.read.extend(self.store, tournament_id, rows)
            if rows or not followed.loaded:
                followed.loaded = True
                moved.append(followed)
        return moved

    def _count(self, what: str) -> None:
        self.reads[what] += 1
        if self.report_read is not None:
            self.report_read(what)
