"""What `trailhead jobs` and `trailhead projections` show and do."""

from __future__ import annotations

from rq import Queue
from rq.job import Job
from rq.registry import FailedJobRegistry, StartedJobRegistry
from rq.serializers import JSONSerializer

from service.readmodels import checkpoint, head_position
from workers.context import WorkerContext
from workers.dispatch import RqJobs
from workers.projections import RunOutcome, rebuild


def projection_line(context: WorkerContext) -> str:
    db = context.db
    mark = checkpoint(db)
    head = head_position(db)
    line = f"projection read_models: at position {mark['position']} of {head} (lag {head - mark['position']})"
    if mark["halted_at"] is not None:
        line += f"; HALTED at position {mark['halted_at']}: {mark['error']}"
    return line


def _queues(jobs: RqJobs) -> list[Queue]:
    return [jobs.projections, jobs.bots]


def status_lines(context: WorkerContext) -> list[str]:
    """The projection's checkpoint, and with Redis each queue's waiting, running and failed counts."""
    lines = [projection_line(context)]
    jobs = context.jobs
    if not isinstance(jobs, RqJobs):
        lines.append("jobs: inline (REDIS_URL is not set): they run inside the service")
        return lines
    for queue in _queues(jobs):
        started = StartedJobRegistry(queue=queue)
        failed = FailedJobRegistry(queue=queue)
        lines.append(f"queue {queue.name}: {queue.count} waiting, {started.count} running, {failed.count} failed")
    return lines


def failed_lines(context: WorkerContext, limit: int) -> list[str]:
    """One line per failed job: when, which function, the ids it carried, and the last line of its error."""
    jobs = context.jobs
    if not isinstance(jobs, RqJobs):
        return ["jobs: inline (REDIS_URL is not set): no failed-job registry"]
    lines = []
    for queue in _queues(jobs):
        registry = FailedJobRegistry(queue=queue)
        ids = registry.get_job_ids(0, limit - 1)
        for job in Job.fetch_many(ids, connection=jobs.redis, serializer=JSONSerializer):
            if job is None:
                continue
            error = (job.latest_result().exc_string if job.latest_result() else "") or ""
            last = error.strip().splitlines()[-1] if error.strip() else "(no error text)"
            lines.append(f"{job.ended_at or '-'} {queue.name} {job.id} {job.func_name}{tuple(job.args)}: {last}")
    return lines or ["no failed jobs"]


def rebuild_read_models(context: WorkerContext) -> RunOutcome:
    return rebuild(context.db, context.projector)
