"""The RQ runner: the bus's messages become jobs on Redis queues for `trailhead worker`.

A job carries one message (application/messages.py): its name is the route's `job` in the bus's
table, its arguments the message's fields, and on a worker it runs the handler the same table
names (workers/jobs.py). Jobs are wake-up calls carrying ids and versions: the log, read from a
checkpoint, is the work. How a message waits follows its lane (application/bus.py, `Lane`): a
catch-up message's job is coalesced (at most one waits, on the projections queue); a game
message's job is enqueued once per game version (on the bots queue); a timed message's job is
scheduled for its time (RQ's scheduler, which `trailhead worker` runs) under an id naming the
game and version, so setting it again (the sweep does) changes nothing; a question's job (an
analysis someone waits for) is enqueued on the bots queue once per distinct message while a flag
naming all its fields holds. Enqueueing never fails a
command: if Redis is down the failure is logged and the workers' catch-up sweep re-enqueues what
was missed, deadlines included (found again in the stored logs).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import msgspec
import redis
from rq import Queue, Retry
from rq.serializers import JSONSerializer

from application.bus import Lane, MessageBus, Route
from application.clock import instant
from application.messages import Message, OfAGame, ProjectionDue, Timed

log = logging.getLogger(__name__)

QUEUE_KINDS = ("projections", "bots")
QUEUE_OF = {Lane.CATCH_UP: "projections", Lane.GAME: "bots", Lane.TIMER: "bots", Lane.QUESTION: "bots"}
JOB_SECONDS = {Lane.CATCH_UP: 300, Lane.GAME: 120, Lane.TIMER: 120, Lane.QUESTION: 60}  # longer: stopped
# How long "a job waits" holds without a job starting; a question's, while its job may wait and run (once
# it has run, its answer is stored and nobody sends it again; if it failed, it may be sent again after this).
FLAG_SECONDS = {Lane.CATCH_UP: 30, Lane.GAME: 600, Lane.QUESTION: 60}


def aware(moment: datetime) -> datetime:
    """RQ's times, as aware UTC datetimes (RQ reads some back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def job_args(message: Message) -> list[Any]:
    """The arguments of a message's job: its fields, in order (JSON)."""
    return cast(list[Any], msgspec.to_builtins(message))


def job_options(route: Route) -> dict[str, Any]:
    """Three tries a few seconds apart (a question: one, its asker asks again); a failed job is kept a week
    (`trailhead jobs failed`)."""
    retry = None if route.lane is Lane.QUESTION else Retry(max=3, interval=[1, 2, 5])
    return {"retry": retry, "job_timeout": JOB_SECONDS[route.lane], "result_ttl": 60, "failure_ttl": 7 * 24 * 3600}


class RqRunner:
    """Enqueues each message's job on RQ in the way of its lane."""

    kind = "rq"

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.prefix = config["QUEUE_PREFIX"]
        self.max_wait = float(config.get("HEALTH_BOT_WAIT_SECONDS", 60))
        self.redis = redis.Redis.from_url(config["REDIS_URL"], socket_timeout=2, socket_connect_timeout=2)
        self.projections = Queue(f"{self.prefix}-projections", connection=self.redis, serializer=JSONSerializer)
        self.bots = Queue(f"{self.prefix}-bots", connection=self.redis, serializer=JSONSerializer)

    @property
    def queues(self) -> dict[str, Queue]:
        return {"projections": self.projections, "bots": self.bots}

    def dispatch(self, bus: MessageBus, message: Message) -> list[Message]:
        try:
            self.enqueue(bus.route(message), message)
        except redis.RedisError as error:
            log.warning("could not enqueue %s (the sweep will catch up): %s", message, error)
        return []

    def catch_up(self) -> None:
        """The workers project; a reader sees the read models as far as they have got."""

    def resume(self, bus: MessageBus) -> int:
        """Enqueue a bot job for every game whose bot seat is to act and schedule every pending deadline
        (the workers' sweep does it too); returns how many games have a bot seat to act."""
        bus.projector.run(bus.store)
        waiting = bus.bot_turns_waiting()
        self.enqueue_again(bus, [ProjectionDue(), *waiting, *bus.pending_deadlines(), *bus.tournaments_due()])
        return len(waiting)

    def ping(self) -> bool:
        try:
            return bool(self.redis.ping())
        except redis.RedisError:
            return False

    def health(self) -> dict[str, Any]:
        """Redis up, and a live worker for every queue that has jobs waiting (application/health.py).

        A queue with jobs waiting and no worker registered for it is failing. A worker killed without
        a word (SIGKILL, the host gone) stays in RQ's registry until its key expires (its ttl plus a
        minute), so a queue whose oldest job has waited longer than TRAILHEAD_HEALTH_BOT_WAIT_SECONDS
        while none of its registered workers has sent a heartbeat for as long is degraded: a live
        idle worker would have taken the job, and a live busy one sends a heartbeat as each job starts.
        """
        from rq import Worker

        if not self.ping():
            return {"jobs": "rq", "redis": "down", "ok": False,
                    "problems": [("redis", "failing", "Redis does not answer: no bot turn or projection can be queued")]}
        problems = []
        try:
            for kind, queue in self.queues.items():
                waiting = queue.count
                if not waiting:
                    continue
                workers = Worker.all(queue=queue)
                if not workers:
                    problems.append(("workers", "failing",
                                     f"{waiting} job(s) wait on the {kind} queue and no live worker serves it"))
                elif (stalled := self._stalled(queue, workers)) is not None:
                    problems.append(("workers", "degraded",
                                     f"{waiting} job(s) wait on the {kind} queue, the oldest for {stalled:.0f} s, and"
                                     f" none of its {len(workers)} registered worker(s) has sent a heartbeat for as"
                                     f" long (more than {self.max_wait:g} s): they look dead"))
        except redis.RedisError as error:
            problems.append(("redis", "failing", f"Redis failed answering: {error}"))
        return {"jobs": "rq", "redis": "ok", "ok": not problems, "problems": problems}

    def _stalled(self, queue: Queue, workers: list[Any]) -> float | None:
        """How long the oldest job of `queue` has waited, if longer than max_wait with no heartbeat as recent."""
        from rq.job import Job

        oldest = next(iter(queue.get_job_ids(0, 1)), None)
        job = Job.fetch_many([oldest], connection=self.redis, serializer=JSONSerializer)[0] if oldest else None
        if job is None or job.enqueued_at is None:
            return None
        at = datetime.now(UTC)
        waited = (at - aware(job.enqueued_at)).total_seconds()
        beats = [aware(worker.last_heartbeat) for worker in workers if worker.last_heartbeat is not None]
        latest = max(beats, default=None)
        if waited <= self.max_wait or (latest is not None and (at - latest).total_seconds() <= self.max_wait):
            return None
        return waited

    def enqueue(self, route: Route, message: Message, force: bool = False) -> None:
        """Enqueue the job of `message` in the way of its lane: a catch-up job unless one of its type waits
        to start, a game job once per game version, a timed job scheduled for its time. With `force`, a job
        whatever the flags say (after an outage Redis may have lost the jobs they stand for)."""
        match route.lane:
            case Lane.CATCH_UP:
                self._enqueue_once(self.waiting_key(route), route, message, force)
            case Lane.GAME:
                game = cast(OfAGame, message)
                self._enqueue_once(f"{self.prefix}:{route.tag}:{game.game_id}:{game.version}", route, message, force)
            case Lane.TIMER:
                self.schedule(route, cast(Timed, message))
            case Lane.QUESTION:
                asked = ":".join(str(field) for field in job_args(message))
                self._enqueue_once(f"{self.prefix}:{route.tag}:{asked}", route, message, force)

    def enqueue_again(self, bus: MessageBus, messages: Iterable[Message]) -> None:
        """After an outage or a restart: the job of every message, whatever Redis says already waits."""
        for message in messages:
            self.enqueue(bus.route(message), message, force=True)

    def waiting_key(self, route: Route) -> str:
        """Set while a catch-up job of `route` waits to start."""
        return f"{self.prefix}:{route.tag}-pending"

    def started(self, route: Route) -> None:
        """A job of `route` began: the next catch-up message of its type may enqueue another."""
        if route.lane is Lane.CATCH_UP:
            self.redis.delete(self.waiting_key(route))

    def schedule(self, route: Route, due: Timed, again: bool = False) -> None:
        """Schedule the job of a timed message for `due.at` (RQ's scheduler enqueues it then; at once if
        that has passed). One job id per game version: scheduling it again moves nothing, unless `again`
        (a job that woke early, running under that id, sets a new one)."""
        job_id = None if again else self.timer_id(route, due)
        self.queues[QUEUE_OF[route.lane]].enqueue_at(whole_second_after(instant(due.at)), route.job,
                                                     *job_args(cast(Message, due)), job_id=job_id,
                                                     **job_options(route))

    def timer_id(self, route: Route, due: OfAGame) -> str:
        """The id of a timed message's job: one per message type, game and version."""
        return f"{route.tag}-{due.game_id}-{due.version}"

    def hand_on(self, bus: MessageBus, route: Route, ran: Message, follow: list[Message]) -> None:
        """The follow-ups of a job's message, to the queues. A timed message handing itself back (it woke
        before its time: another host's clock) is scheduled again under a fresh id, as its job holds the id."""
        early = [message for message in follow if self._woke_early(route, ran, message)]
        for message in early:
            self.schedule(route, cast(Timed, message), again=True)
        bus.drain(message for message in follow if message not in early)

    def _woke_early(self, route: Route, ran: Message, message: Message) -> bool:
        """`message` is the running timed job's own message again: the same type, game and version."""
        return (route.lane is Lane.TIMER and type(message) is type(ran)
                and self.timer_id(route, cast(OfAGame, message)) == self.timer_id(route, cast(OfAGame, ran)))

    def _enqueue_once(self, flag: str, route: Route, message: Message, force: bool) -> None:
        if self.redis.set(flag, "1", nx=True, ex=FLAG_SECONDS[route.lane]) or force:
            self.queues[QUEUE_OF[route.lane]].enqueue(route.job, *job_args(message), **job_options(route))

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


def whole_second_after(at: datetime) -> datetime:
    """`at` rounded up to a whole second: RQ's scheduled-job registry scores a job by its time truncated to the
    second (`calendar.timegm`), so a job scheduled for 10:00:00.4 would be enqueued at 10:00:00, before its
    time; rounded up, a timed job never starts early on one host's clock."""
    whole = at.replace(microsecond=0)
    return whole if whole == at else whole + timedelta(seconds=1)
