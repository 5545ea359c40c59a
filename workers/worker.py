"""`trailhead worker`: an RQ worker for the projection and bot queues, with a catch-up sweep.

The worker runs jobs in its own process (RQ's SimpleWorker: no fork per job, so a
job costs milliseconds, not a process), keeps one SQLite connection and one state
cache, and runs the sweep when it starts and every TRAILHEAD_SWEEP_SECONDS.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from rq import Queue, SimpleWorker
from rq.serializers import JSONSerializer

from workers.context import current_context
from workers.dispatch import RqJobs
from workers.jobs import sweep

log = logging.getLogger(__name__)

QUEUE_KINDS = ("projections", "bots")


class SweepingWorker(SimpleWorker):
    """A SimpleWorker whose maintenance also runs the catch-up sweep."""

    def run_maintenance_tasks(self) -> None:
        super().run_maintenance_tasks()
        try:
            sweep()
        except Exception:  # noqa: BLE001 - the next maintenance round tries again
            log.exception("catch-up sweep failed")


def queues_for(jobs: RqJobs, kinds: Sequence[str]) -> list[Queue]:
    by_kind = {"projections": jobs.projections, "bots": jobs.bots}
    return [by_kind[kind] for kind in kinds]


def run_worker(kinds: Sequence[str] = QUEUE_KINDS, burst: bool = False) -> bool:
    """Work the given queues until stopped (or, with burst, until they are empty)."""
    context = current_context()
    jobs = context.jobs
    if not isinstance(jobs, RqJobs):
        raise RuntimeError("trailhead worker needs REDIS_URL (without it, jobs run inside the service)")
    interval = max(1, int(context.config["SWEEP_SECONDS"]))
    worker = SweepingWorker(
        queues_for(jobs, kinds),
        connection=jobs.redis,
        serializer=JSONSerializer,
        maintenance_interval=interval,
        worker_ttl=interval + 15,
    )
    return worker.work(burst=burst, with_scheduler=True, logging_level="INFO")
