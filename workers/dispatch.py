"""Job dispatch after a commit: on RQ queues with REDIS_URL, in-process without it.

Jobs are wake-up calls carrying ids and versions: the log, read from a
checkpoint, is the work. Enqueueing never fails a command: if Redis is down the
failure is logged and the workers' catch-up sweep re-enqueues what was missed.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import redis
import sqlite_utils
from rq import Queue, Retry
from rq.serializers import JSONSerializer

from domain.core import GameSpec
from service.database import connect, try_file_lock
from service.games import GameService, Jobs, LoadedGame
from workers.bots import bot_seats_to_act, play_bot_turns
from workers.projections import Projector

log = logging.getLogger(__name__)

PROJECTION_JOB = "workers.jobs.project_read_models"
BOT_JOB = "workers.jobs.play_bots"


class InlineJobs:
    """The embedded runner: bot turns in the committing thread, projections in a background thread.

    A bot's own command commits inside the loop; that nested commit only marks its
    game as pending, and the outer loop drains it, so bot turns never recurse.
    """

    def __init__(self, config: Mapping[str, Any], registry: Callable[[str], GameSpec]) -> None:
        self.config = config
        self.projector = Projector(registry, int(config.get("PROJECTION_BATCH", 500)))
        self._local = threading.local()
        self._wake = threading.Event()
        self._project_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pid: int | None = None
        self._db: sqlite_utils.Database | None = None
        self._db_pid: int | None = None

    def after_commit(self, games: GameService, game_id: str, game: LoadedGame | None = None) -> None:
        self._wake_projection()
        pending: list[str] | None = getattr(self._local, "pending", None)
        if pending is not None:
            if game_id not in pending:
                pending.append(game_id)
            return
        self._local.pending = pending = [game_id]
        try:
            while pending:
                pending_id = pending.pop(0)
                play_bot_turns(games, pending_id, known=game if pending_id == game_id else None)
                game = None
        finally:
            self._local.pending = None

    def catch_up(self, wait: bool = True) -> None:
        """Bring the read models up to date now (read-your-writes for the embedded runner).

        One process at a time projects (a lock beside the database), so gunicorn's
        workers do not race each other for the same events; without `wait`, a process
        that finds another one projecting leaves the work to it.
        """
        path = self.config["DATABASE"]
        with self._project_lock:
            while True:
                with try_file_lock(path, "projection") as held:
                    if held:
                        self.projector.run(self._connection())
                        return
                if not wait:
                    return
                time.sleep(0.005)

    def _connection(self) -> sqlite_utils.Database:
        """The projection's own connection in this process (used under the projection lock)."""
        if self._db is None or self._db_pid != os.getpid():
            self._db = connect(self.config["DATABASE"], self.config["SYNCHRONOUS"])
            self._db_pid = os.getpid()
        return self._db

    def _wake_projection(self) -> None:
        if self._thread is None or self._pid != os.getpid() or not self._thread.is_alive():
            self._pid = os.getpid()
            self._thread = threading.Thread(target=self._project_forever, name="trailhead-projection", daemon=True)
            self._thread.start()
        self._wake.set()

    def _project_forever(self) -> None:
        while True:
            self._wake.wait(timeout=1.0)  # also every second, for commits another process made
            self._wake.clear()
            try:
                self.catch_up(wait=False)
            except Exception:  # noqa: BLE001 - a failed run is retried on the next wake-up
                log.exception("inline projection run failed")


class RqJobs:
    """Enqueues the projection (coalesced) and bot turns (one per game version) on RQ."""

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.config = config
        self.prefix = config["QUEUE_PREFIX"]
        self.redis = redis.Redis.from_url(config["REDIS_URL"], socket_timeout=2, socket_connect_timeout=2)
        self.projections = Queue(f"{self.prefix}-projections", connection=self.redis, serializer=JSONSerializer)
        self.bots = Queue(f"{self.prefix}-bots", connection=self.redis, serializer=JSONSerializer)
        self._local = threading.local()

    def ping(self) -> bool:
        try:
            return bool(self.redis.ping())
        except redis.RedisError:
            return False

    @property
    def pending_key(self) -> str:
        return f"{self.prefix}:projection-pending"

    def after_commit(self, games: GameService, game_id: str, game: LoadedGame | None = None) -> None:
        try:
            self.wake_projection()
            if getattr(self._local, "playing", None) == game_id:
                return
            game = game if game is not None else games.load(game_id)
            if bot_seats_to_act(game):
                self.enqueue_bots(game_id, game.version)
        except redis.RedisError as error:
            log.warning("could not enqueue jobs for game %s (the sweep will catch up): %s", game_id, error)

    def wake_projection(self, force: bool = False) -> None:
        """Enqueue a projection run unless one is already waiting to start."""
        if self.redis.set(self.pending_key, "1", nx=True, ex=30) or force:
            self.projections.enqueue(
                PROJECTION_JOB, retry=Retry(max=3, interval=[1, 2, 5]), job_timeout=300, result_ttl=60,
                failure_ttl=7 * 24 * 3600,
            )

    def enqueue_bots(self, game_id: str, version: int, force: bool = False) -> None:
        """Enqueue a bot-turn job for this game at this version (once, unless forced)."""
        key = f"{self.prefix}:bot:{game_id}:{version}"
        if self.redis.set(key, "1", nx=True, ex=600) or force:
            self.bots.enqueue(
                BOT_JOB, game_id, version, retry=Retry(max=3, interval=[1, 2, 5]), job_timeout=120, result_ttl=60,
                failure_ttl=7 * 24 * 3600,
            )

    @contextlib.contextmanager
    def playing(self, game_id: str) -> Iterator[None]:
        """While a bot job plays this game, its own commits do not enqueue more bot jobs."""
        self._local.playing = game_id
        try:
            yield
        finally:
            self._local.playing = None


def jobs_for(config: Mapping[str, Any], registry: Callable[[str], GameSpec]) -> Jobs:
    """The job runner the configuration asks for: RQ with REDIS_URL, inline without."""
    if config.get("REDIS_URL"):
        return RqJobs(config)
    return InlineJobs(config, registry)
