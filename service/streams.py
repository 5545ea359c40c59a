"""The streams of one process: a watcher that follows the log, and the games' timelines it keeps.

One watcher per process (an asyncio task) follows the log's global positions
(`events_from(position)`): one query per tick, never one per stream. It ticks when
- a commit of this process wakes it (MessageBus.on_commit, thread-safe into the event loop);
- a commit notice arrives on Redis pub/sub (REDIS_URL set: every process publishes its commits,
  workers/commits.py), so a commit on another host wakes the streams here at once;
- TRAILHEAD_STREAM_POLL_SECONDS (0.25 s) passed: the safety net for commits of processes that
  cannot tell us (gunicorn's other worker, another process's bot thread, without Redis).

For every game that has a stream open, the watcher keeps a timeline (service/timeline.py): the
game's events and the version, status and to_act after each one, folded once per process (not
once per stream) on the hub's own thread. Streams wait on an asyncio.Event and, woken, send what their timeline has
beyond their last seq: an idle stream costs a coroutine and a socket, no thread and no query.
The log stays the truth: a wake-up lost costs latency, never an event.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any

from application.clock_view import seat_deadline
from application.container import Trailhead
from application.handler import Committed
from service.notices import Watcher
from service.player_stream import GameProgress, PlayerMessage, current_only, game_messages
from service.timeline import Timeline, message

log = logging.getLogger(__name__)

PLAYER_EVENTS = frozenset({"TableSet", "SeatJoined"})  # the events that give a game to a player


@dataclasses.dataclass(slots=True)
class PlayerWatch:
    """A player's stream: the player, the games watched for it, and those it started with."""

    player: str
    games: set[str]
    initial: frozenset[str]

WATCH_BATCH = 1000  # events read per tick at most; a longer backlog takes several ticks back to back
SEND_BATCH = 500  # events sent per write while a stream catches up


class Hub:
    """The process's open streams: caps, subscriptions, the watcher and its timelines."""

    def __init__(self, app: Trailhead, settings: Mapping[str, Any]) -> None:
        self.app = app
        self.poll_seconds = float(settings.get("STREAM_POLL_SECONDS", 0.25))
        self.heartbeat_seconds = float(settings.get("STREAM_HEARTBEAT_SECONDS", 15.0))
        self.per_client = int(settings.get("STREAMS_PER_CLIENT", 20))
        self.total = int(settings.get("STREAMS_TOTAL", 1000))
        self.redis_url: str | None = settings.get("REDIS_URL") or None
        self.prefix = str(settings.get("QUEUE_PREFIX") or "trailhead")
        self.open = 0
        self.report_open: Callable[[int], None] | None = None  # told the count as it changes (service/metrics.py)
        self.by_client: collections.Counter[str] = collections.Counter()
        self.waiters: dict[str, set[asyncio.Event]] = {}
        self.timelines: dict[str, Timeline] = {}  # as of the last tick, for the streams
        self._owned: dict[str, Timeline] = {}  # the hub thread's own
        self._position: int | None = None  # the watcher's place in the log; None: start from the head
        # The earliest place a new player's stream was admitted at, for the next tick to read from (a game
        # given to the player between its admission and the watcher's first look is found in the log)
        self._rewind: int | None = None
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="trailhead-streams")
        self._watcher = Watcher()
        self.player_watches: dict[asyncio.Event, PlayerWatch] = {}
        app.bus.on_commit(self._on_commit)

    # -- caps -------------------------------------------------------------------------------

    def is_full(self) -> bool:
        return self.open >= self.total

    def acquire(self, client: str) -> str | None:
        """Count a stream of `client` in; returns why not ("total" or "client") when a cap is reached."""
        if self.open >= self.total:
            return "total"
        if self.by_client[client] >= self.per_client:
            return "client"
        self.open += 1
        self.by_client[client] += 1
        if self.report_open is not None:
            self.report_open(self.open)
        return None

    def release(self, client: str) -> None:
        self.open -= 1
        if self.report_open is not None:
            self.report_open(self.open)
        self.by_client[client] -= 1
        if self.by_client[client] <= 0:
            del self.by_client[client]

    # -- subscriptions ----------------------------------------------------------------------

    def subscribe(self, game_id: str) -> asyncio.Event:
        self._start()
        wake = asyncio.Event()
        self.waiters.setdefault(game_id, set()).add(wake)
        assert self._watcher.wake is not None
        self._watcher.wake.set()  # the watcher loads the game's timeline now
        return wake

    def subscribe_player(self, player: str, games: list[str], since: int) -> tuple[asyncio.Event, PlayerWatch]:
        """Watch a player's games, and the games the log gives the player after global position `since`
        (the head when the stream was admitted, before its games were listed)."""
        self._start()
        self._rewind = since if self._rewind is None else min(self._rewind, since)
        wake = asyncio.Event()
        watch = PlayerWatch(player, set(games), frozenset(games))
        self.player_watches[wake] = watch
        for game_id in games:
            self.waiters.setdefault(game_id, set()).add(wake)
        assert self._watcher.wake is not None
        self._watcher.wake.set()
        return wake, watch

    def unsubscribe_player(self, wake: asyncio.Event) -> None:
        watch = self.player_watches.pop(wake, None)
        for game_id in watch.games if watch is not None else ():
            self.unsubscribe(game_id, wake)

    def _found_player_games(self, found: list[tuple[str, str]]) -> bool:
        """Add the games the log just gave to watched players; whether any was new."""
        added = False
        for player, game_id in found:
            for wake, watch in self.player_watches.items():
                if watch.player == player and game_id not in watch.games:
                    watch.games.add(game_id)
                    self.waiters.setdefault(game_id, set()).add(wake)
                    added = True
        return added

    async def player_messages(self, watch: PlayerWatch, after: int | None, wake: asyncio.Event) -> AsyncIterator[str]:
        """The SSE text of a player's stream (service/player_stream.py) until the client goes away."""
        yield "retry: 1000\n\n"
        last_sent = time.monotonic()
        progress: dict[str, GameProgress] = {}
        while True:
            wake.clear()
            ready = all(game_id in self.timelines for game_id in watch.games)
            batch: list[PlayerMessage] = []
            for game_id in sorted(watch.games) if ready or progress else ():
                timeline = self.timelines.get(game_id)
                if timeline is None:
                    continue
                fresh = game_id not in progress
                state = progress.setdefault(game_id, GameProgress())
                found = game_messages(timeline, watch.player, state, self.deadline)
                if after is not None:
                    found = [m for m in found if m.position > after]
                elif fresh and game_id in watch.initial:
                    found = current_only(found, timeline.events[-1].position if timeline.events else 0)
                batch.extend(found)
            if batch:
                batch.sort(key=lambda m: m.position)
                yield "".join(m.sse() for m in batch)
                last_sent = time.monotonic()
            if await self._keep_alive_due(wake, last_sent):
                yield ": keep-alive\n\n"
                last_sent = time.monotonic()

    async def _keep_alive_due(self, wake: asyncio.Event, last_sent: float) -> bool:
        """Wait for a wake-up until a keep-alive is due; whether one is due now."""
        idle = self.heartbeat_seconds - (time.monotonic() - last_sent)
        if idle <= 0:
            return True
        try:
            await asyncio.wait_for(wake.wait(), idle)
        except TimeoutError:
            pass
        return False

    def deadline(self, game_id: str, seat: int, version: int) -> str | None:
        """The seat's deadline at `version`, from the timeline's clock (None: no clock, or not known)."""
        timeline = self.timelines.get(game_id)
        return timeline.deadlines.get((seat, version)) if timeline is not None else None

    def unsubscribe(self, game_id: str, wake: asyncio.Event) -> None:
        waiting = self.waiters.get(game_id)
        if waiting is not None:
            waiting.discard(wake)
            if not waiting:
                del self.waiters[game_id]

    async def messages(self, game_id: str, seat: int | None, after: int, wake: asyncio.Event) -> AsyncIterator[str]:
        """The SSE text of a game's events after `after`, as `seat` may read them, until the game is finished."""
        yield "retry: 1000\n\n"
        last_sent = time.monotonic()
        while True:
            wake.clear()
            timeline = self.timelines.get(game_id)
            if timeline is not None:
                version = timeline.version
                finished = timeline.finished_at(version)
                if seat is not None and timeline.game.seating is not None and seat in timeline.game.seating.gone:
                    seat = None  # its player left: a spectator's stream from now on (service/api.py, reader_seat)
                if after < version:
                    upto = min(version, after + SEND_BATCH)
                    yield "".join(message(timeline.events[i], timeline.marks[i], seat, finished)
                                  for i in range(after, upto))
                    after = upto
                    last_sent = time.monotonic()
                    continue
                if finished:
                    yield "event: end\ndata: {}\n\n"
                    return
            if await self._keep_alive_due(wake, last_sent):
                yield ": keep-alive\n\n"
                last_sent = time.monotonic()

    # -- the watcher ------------------------------------------------------------------------

    def _start(self) -> None:
        from workers.commits import commits_channel

        self._watcher.start("trailhead-stream-watcher", self._watch, self.redis_url, commits_channel(self.prefix))

    def _on_commit(self, _committed: Committed) -> None:
        """A commit of this process (any thread): wake the watcher, if streams are open."""
        loop, wake = self._watcher.loop, self._watcher.wake
        if loop is None or wake is None or not self.waiters or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(wake.set)
        except RuntimeError:  # the loop closed meanwhile
            pass

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._watcher.wake is not None
        while True:
            self._watcher.wake.clear()
            wanted = frozenset(self.waiters)
            players = frozenset(watch.player for watch in self.player_watches.values())
            more = False
            if wanted or self.timelines or players:
                try:
                    touched, self.timelines, more, found = await loop.run_in_executor(
                        self._executor, self._tick, wanted, players)
                except Exception:  # noqa: BLE001 - the next tick tries again
                    log.exception("the stream watcher failed a tick")
                    touched, found = set(), []
                if self._found_player_games(found):
                    more = True  # load the new games' timelines at once
                for game_id in touched:
                    for wake in self.waiters.get(game_id, ()):
                        wake.set()
            else:
                self._position = None  # nothing to watch: start again from the head, with no backlog to walk
            if more:
                continue
            try:
                polling = self.waiters or self.player_watches
                await asyncio.wait_for(self._watcher.wake.wait(), self.poll_seconds if polling else None)
            except TimeoutError:
                pass

    def _tick(self, wanted: frozenset[str],
              players: frozenset[str] = frozenset()) -> tuple[set[str], dict[str, Timeline], bool, list[tuple[str, str]]]:
        """On the hub's thread: read the log past the watcher's position (one query), extend the
        watched games' timelines, load those newly watched and drop the others; and find the games
        the log gives to the watched `players` (TableSet and SeatJoined events naming them)."""
        store = self.app.store
        touched: set[str] = set()
        found: list[tuple[str, str]] = []
        more = False
        rewind, self._rewind = self._rewind, None
        if rewind is not None:  # events already applied are skipped below: reading them again changes nothing
            self._position = rewind if self._position is None else min(self._position, rewind)
        if self._position is None:
            self._position = store.head_position()
        else:
            page = store.events_from(self._position, WATCH_BATCH)
            more = len(page) == WATCH_BATCH
            for event in page:
                if players and event.type in PLAYER_EVENTS:
                    data = event.data
                    named = data["players"] if event.type == "TableSet" else [data["player"]]
                    found.extend((player, event.game_id) for player in named if player in players)
                timeline = self._owned.get(event.game_id)
                if timeline is None or event.seq <= timeline.version:
                    continue
                if event.seq == timeline.version + 1:
                    timeline.apply(event)
                else:  # a gap (never expected): read the game again below
                    log.warning("stream watcher: game %s jumped from %s to %s; reloading", event.game_id,
                                timeline.version, event.seq)
                    del self._owned[event.game_id]
                touched.add(event.game_id)
            if page:
                self._position = page[-1].position
        for game_id in set(self._owned) - wanted:
            del self._owned[game_id]
        for game_id in wanted - set(self._owned):
            timeline = self._load(game_id)
            if timeline is not None:
                self._owned[game_id] = timeline
                touched.add(game_id)
        for game_id in touched:
            self._clock(self._owned.get(game_id))
        return touched, dict(self._owned), more, found

    def _clock(self, timeline: Timeline | None) -> None:
        """Note the deadlines of the seats to act at the timeline's version, for a clocked game."""
        if timeline is None or timeline.game.seating is None or not timeline.game.seating.clocked:
            return  # no clock (a timeline's game has a seating from its first event on)
        game = self.app.games.load(timeline.game_id)
        if game.version != timeline.version:
            return  # the log moved on meanwhile: the next tick notes that version's
        for seat in game.to_act():
            timeline.deadlines[(seat, game.version)] = seat_deadline(game, seat)

    def _load(self, game_id: str) -> Timeline | None:
        record = self.app.store.game(game_id)
        if record is None:
            return None
        timeline = Timeline(game_id, self.app.registry(record.type))
        for event in self.app.store.events(game_id):
            timeline.apply(event)
        return timeline
