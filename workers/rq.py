"""The RQ runner: follow-up messages become jobs on Redis queues for `trailhead worker`.

Jobs are wake-up calls carrying ids and versions: the log, read from a checkpoint, is the
work. The projection job is coalesced (at most one waits); a bot job is enqueued once per
game version; a deadline job is scheduled (RQ's scheduler, which `trailhead worker` runs)
for the time of a clocked game's next deadline at a version, under an id naming both, so
setting it again (the sweep does) changes nothing. Enqueueing never fails a command: if
Redis is down the failure is logged and the workers' catch-up sweep re-enqueues what was
missed, deadlines included (found again in the stored logs).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import redis
from rq import Queue, Retry
from rq.serializers import JSONSerializer

from application.bus import Message, MessageBus, ProjectionDue
from application.clock import instant
from application.deadlines import DeadlineDue

log = logging.getLogger(__name__)

PROJECTION_JOB = "project_read_models"
BOT_JOB = "play_bots"
DEADLINE_JOB = "fire_deadline"
QUEUE_KINDS = ("projections", "bots")


class RqRunner:
    """Enqueues the projection (coalesced) and bot turns (one job per game version) on RQ."""

    kind = "rq"

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.prefix = config["QUEUE_PREFIX"]
        self.redis = redis.Redis.from_url(config["REDIS_URL"], socket_timeout=2, socket_connect_timeout=2)
        self.projections = Queue(f"{self.prefix}-projections", connection=self.redis, serializer=JSONSerializer)
        self.bots = Queue(f"{self.prefix}-bots", connection=self.redis, serializer=JSONSerializer)

    @property
    def queues(self) -> dict[str, Queue]:
        return {"projections": self.projections, "bots": self.bots}

    @property
    def pending_key(self) -> str:
        return f"{self.prefix}:projection-pending"

    def dispatch(self, bus: MessageBus, message: Message) -> list[Message]:
        try:
            if isinstance(message, ProjectionDue):
                self.wake_projection()
            elif isinstance(message, DeadlineDue):
                self.schedule_deadline(message)
            else:
                self.enqueue_bots(message.game_id, message.version)
        except redis.RedisError as error:
            log.warning("could not enqueue %s (the sweep will catch up): %s", message, error)
        return []

    def catch_up(self) -> None:
        """The workers project; a reader sees the read models as far as they have got."""

    def resume(self, bus: MessageBus) -> int:
        """Enqueue a bot job for every game whose bot seat is to act and schedule every pending deadline
        (the workers' sweep does it too); returns how many games have a bot seat to act."""
        bus.projector.run(bus.store)
        waiting = bus.store.bot_waiting_games()
        rq_enqueue_sweep(self, waiting, bus.pending_deadlines())
        return len(waiting)

    def ping(self) -> bool:
        try:
            return bool(self.redis.ping())
        except redis.RedisError:
            return False

    def health(self) -> dict[str, Any]:
        """Redis up, and a live worker for every queue that has jobs waiting (application/health.py)."""
        from rq import Worker

        if not self.ping():
            return {"jobs": "rq", "redis": "down", "ok": False,
                    "problems": [("redis", "failing", "Redis does not answer: no bot turn or projection can be queued")]}
        problems = []
        try:
            for kind, queue in self.queues.items():
                waiting = queue.count
                if waiting and not Worker.all(queue=queue):
                    problems.append(("workers", "failing",
                                     f"{waiting} job(s) wait on the {kind} queue and no live worker serves it"))
        except redis.RedisError as error:
            problems.append(("redis", "failing", f"Redis failed answering: {error}"))
        return {"jobs": "rq", "redis": "ok", "ok": not problems, "problems": problems}

    def projection_started(self) -> None:
        """A projection job began: the next commit may enqueue another."""
        self.redis.delete(self.pending_key)

    def wake_projection(self, force: bool = False) -> None:
        """Enqueue a projection run unless one is already waiting to start."""
        if self.redis.set(self.pending_key, "1", nx=True, ex=30) or force:
            self.projections.enqueue(PROJECTION_JOB, retry=Retry(max=3, interval=[1, 2, 5]), job_timeout=300,
                                     result_ttl=60, failure_ttl=7 * 24 * 3600)

    def enqueue_bots(self, game_id: str, version: int, force: bool = False) -> None:
        """Enqueue a bot-turn job for this game at this version (once, unless forced)."""
        key = f"{self.prefix}:bot:{game_id}:{version}"
        if self.redis.set(key, "1", nx=True, ex=600) or force:
            self.bots.enqueue(BOT_JOB, game_id, version, retry=Retry(max=3, interval=[1, 2, 5]), job_timeout=120,
                              result_ttl=60, failure_ttl=7 * 24 * 3600)

    def schedule_deadline(self, due: DeadlineDue, again: bool = False) -> None:
        """Schedule the deadline job of a game's version for `due.at` (RQ's scheduler enqueues it then; at
        once if that has passed). One job id per game version: scheduling it again moves nothing, unless
        `again` (a job that woke early, running under that id, sets a new one)."""
        job_id = None if again else f"deadline-{due.game_id}-{due.version}"
        self.bots.enqueue_at(instant(due.at), DEADLINE_JOB, due.game_id, due.version, job_id=job_id,
                             retry=Retry(max=3, interval=[1, 2, 5]), job_timeout=120, result_ttl=60,
                             failure_ttl=7 * 24 * 3600)

    def status_lines(self) -> list[str]:
        from rq.registry import FailedJobRegistry, StartedJobRegistry

        lines = []
        for queue in self.queues.values():
            started = StartedJobRegistry(queue=queue)
            failed = FailedJobRegistry(queue=queue)
            lines.append(f"queue {queue.name}: {queue.count} waiting, {started.count} running, {failed.count} failed")
        return lines

    def failed_lines(self, limit: int) -> list[str]:
        from rq.job import Job
        from rq.registry import FailedJobRegistry

        lines = []
        for queue in self.queues.values():
            ids = FailedJobRegistry(queue=queue).get_job_ids(0, limit - 1)
            for job in Job.fetch_many(ids, connection=self.redis, serializer=JSONSerializer):
                if job is None:
                    continue
                error = (job.latest_result().exc_string if job.latest_result() else "") or ""
                last = error.strip().splitlines()[-1] if error.strip() else "(no error text)"
                lines.append(f"{job.ended_at or '-'} {queue.name} {job.id} {job.func_name}{tuple(job.args)}: {last}")
        return lines or ["no failed jobs"]


def rq_runner(runner: object) -> RqRunner:
    """The container's runner as the RQ runner the worker was started on.

    Raises:
        RuntimeError: the container runs jobs inline (no REDIS_URL).
    """
    if not isinstance(runner, RqRunner):
        raise RuntimeError("trailhead worker needs REDIS_URL (without it, jobs run inside the service)")
    return runner


def rq_enqueue_sweep(runner: RqRunner, waiting: list[tuple[str, int]], deadlines: list[DeadlineDue]) -> None:
    """After a sweep: one projection run, a bot job for every game left waiting for a bot, and the
    deadline job of every pending deadline."""
    runner.wake_projection(force=True)
    for game_id, version in waiting:
        runner.enqueue_bots(game_id, version, force=True)
    for due in deadlines:
        runner.schedule_deadline(due)

