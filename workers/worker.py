"""`trailhead worker`: an RQ worker for the projection and bot queues, with a catch-up sweep.

The worker runs jobs in its own process (RQ's SimpleWorker: no fork per job, so a job costs
milliseconds, not a process) on the container it was started with: one storage, one state
cache, one projector. A job names a line of the bus's message table (workers/jobs.py); the
worker's own Job class binds it to that container, so nothing is kept in a module-level
global. The sweep runs when the worker starts and every TRAILHEAD_SWEEP_SECONDS. Each worker also runs RQ's
scheduler (in a child process), which enqueues the deadline jobs of clocked games when they
fall due.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import redis
from rq import SimpleWorker
from rq.job import Job
from rq.serializers import JSONSerializer

from application.container import Trailhead
from workers.jobs import run_message, sweep
from workers.rq import QUEUE_KINDS, rq_runner

log = logging.getLogger(__name__)


def job_class_for(app: Trailhead) -> type[Job]:
    """An RQ Job class whose jobs run the message they carry through `app`'s bus."""

    class BoundJob(Job):
        @property
        def func(self) -> Callable[..., Any]:
            return functools.partial(run_message, app, self.func_name or "")

    return BoundJob


class SweepingWorker(SimpleWorker):
    """A SimpleWorker whose maintenance also runs the catch-up sweep."""

    app: Trailhead

    def run_maintenance_tasks(self) -> None:
        super().run_maintenance_tasks()
        try:
            sweep(self.app)
        except Exception:  # noqa: BLE001 - the next maintenance round tries again
            log.exception("catch-up sweep failed")


RECONNECT_SECONDS = (0.5, 30.0)  # the first wait after Redis went away, and the longest


def run_worker(app: Trailhead, kinds: Sequence[str] = QUEUE_KINDS, burst: bool = False) -> bool:
    """Work the given queues until stopped (or, with burst, until they are empty).

    Redis going away does not end the worker: it waits (0.5 s, doubling up to 30 s), starts
    a new RQ worker when Redis answers again, and that worker's first maintenance round runs
    the sweep, which re-enqueues whatever the outage made the service drop.
    """
    while True:
        try:
            return _work(app, kinds, burst)
        except (redis.ConnectionError, redis.TimeoutError) as error:
            log.warning("Redis is unreachable (%s); waiting for it", error)
            delay = RECONNECT_SECONDS[0]
            time.sleep(delay)
            while not _redis_answers(app):
                delay = min(delay * 2, RECONNECT_SECONDS[1])
                time.sleep(delay)
            log.info("Redis answers again: the worker starts over, with a sweep")


def _redis_answers(app: Trailhead) -> bool:
    try:
        return bool(rq_runner(app.runner).redis.ping())
    except redis.RedisError:
        return False


def _work(app: Trailhead, kinds: Sequence[str], burst: bool) -> bool:
    runner = rq_runner(app.runner)
    interval = max(1, int(app.settings["SWEEP_SECONDS"]))
    job_class = job_class_for(app)
    worker = SweepingWorker(
        [runner.queues[kind] for kind in kinds],
        connection=runner.redis,
        serializer=JSONSerializer,
        job_class=job_class,
        maintenance_interval=interval,
        worker_ttl=interval + 15,
    )
    worker.app = app
    return worker.work(burst=burst, with_scheduler=True, logging_level="INFO")
