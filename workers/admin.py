"""What `trailhead jobs` and `trailhead projections` show and do."""

from __future__ import annotations

from application.container import Trailhead
from application.health import assess
from application.projections import PROJECTION, RunOutcome


def projection_line(app: Trailhead) -> str:
    mark = app.store.checkpoint(PROJECTION)
    head = app.store.head_position()
    line = f"projection read_models: at position {mark.position} of {head} (lag {head - mark.position})"
    if mark.halted_at is not None:
        line += f"; HALTED at position {mark.halted_at}: {mark.error}"
    return line


def health_lines(app: Trailhead) -> list[str]:
    """What /healthz says: the status and one line per reason."""
    health = assess(app)
    return [f"health: {health['status']}"] + [f"  {r['status']}: {r['check']}: {r['detail']}" for r in health["reasons"]]


def status_lines(app: Trailhead) -> list[str]:
    """The health, the projection's checkpoint, and with Redis each queue's waiting, running and failed counts."""
    lines = [*health_lines(app), projection_line(app)]
    status = getattr(app.runner, "status_lines", None)
    if status is None:
        lines.append("jobs: inline (REDIS_URL is not set): they run inside the service")
        return lines
    return lines + status()


def failed_lines(app: Trailhead, limit: int) -> list[str]:
    """One line per failed job: when, which function, the ids it carried, and the last line of its error."""
    failed = getattr(app.runner, "failed_lines", None)
    if failed is None:
        return ["jobs: inline (REDIS_URL is not set): no failed-job registry"]
    return failed(limit)


def rebuild_read_models(app: Trailhead) -> RunOutcome:
    return app.projector.rebuild(app.store)
