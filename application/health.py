"""How the service is doing: `ok`, `degraded` or `failing`, with a reason for each problem.

- failing: something has stopped and stays stopped until an operator acts: the database does
  not answer (PostgreSQL down or out of connections: commands get 503); the projection is
  halted on an event it cannot apply; a game is halted because its bot seat to act has no legal
  command (application/halts.py: its bot turns are not retried); Redis does not answer (RQ mode: no bot turn or
  projection can be queued); jobs wait on a queue that no live worker serves.
  The disk holding the database is full (check `storage`: writes are refused with 503 until space
  is freed; /healthz answers 503 too, see `cannot_write`).
- degraded: still moving, but behind: the read models lag the log by more than
  TRAILHEAD_HEALTH_MAX_LAG events; a bot seat has been waiting for more than
  TRAILHEAD_HEALTH_BOT_WAIT_SECONDS; a queued job has waited that long while none of the workers
  registered for its queue sent a heartbeat for as long (they died without a word: RQ keeps a
  killed worker in its registry until its key expires; workers/rq.py).

The API keeps taking commands in every other state (the log is the truth), so /healthz answers 200
then whatever the status: alert on `status`, not on the HTTP code. Only a full disk, which refuses
every write, makes it answer 503, so that a load balancer sends the writes elsewhere.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

from application.container import Trailhead
from application.halts import halted_reason
from application.projections import PROJECTION
from storage import UNAVAILABLE

OK, DEGRADED, FAILING = "ok", "degraded", "failing"
HALTED_REPORTED = 20  # the halted games named (oldest first); the status is failing with one or a thousand
_RANK = {OK: 0, DEGRADED: 1, FAILING: 2}


@dataclasses.dataclass(frozen=True, slots=True)
class Reason:
    check: str
    status: str
    detail: str


def cannot_write(health: dict[str, Any]) -> bool:
    """Whether the service refuses every write just now (a full disk): /healthz answers 503 then."""
    return any(reason["check"] == "storage" and reason["status"] == FAILING for reason in health["reasons"])


def worst(statuses: list[str]) -> str:
    return max(statuses, key=_RANK.__getitem__, default=OK)


def assess(app: Trailhead, at: datetime | None = None) -> dict[str, Any]:
    """The /healthz body: status, reasons, and the figures they were judged on."""
    at = at or datetime.now(UTC)
    try:
        return _assess(app, at)
    except UNAVAILABLE as error:
        reason = Reason("database", FAILING, f"the database does not answer: {str(error).strip()}")
        jobs = dict(app.runner.health())
        jobs.pop("ok", None)
        return {"status": FAILING, "reasons": [dataclasses.asdict(reason)], "database": "unavailable",
                "projection": None, **{k: v for k, v in jobs.items() if k != "problems"}}


def _assess(app: Trailhead, at: datetime) -> dict[str, Any]:
    settings = app.settings
    reasons: list[Reason] = []
    mark = app.store.checkpoint(PROJECTION)
    head = app.store.head_position()
    projection = {"position": mark.position, "head_position": head, "lag": head - mark.position,
                  "halted_at": mark.halted_at, "error": mark.error}
    max_lag = int(settings.get("HEALTH_MAX_LAG", 1000))
    if mark.halted_at is not None:
        reasons.append(Reason("projection", FAILING, f"halted at position {mark.halted_at}: {mark.error}"))
    elif projection["lag"] > max_lag:
        reasons.append(Reason("projection", DEGRADED, f"the read models lag {projection['lag']} events behind the log"
                                                       f" (more than {max_lag})"))
    max_wait = float(settings.get("HEALTH_BOT_WAIT_SECONDS", 60))
    for game_id, since in app.store.longest_bot_waits(1):
        waited = (at - datetime.fromisoformat(since.replace("Z", "+00:00"))).total_seconds()
        if waited > max_wait:
            reasons.append(Reason("bots", DEGRADED, f"a bot seat of game {game_id} has waited {waited:.0f} s"
                                                    f" (more than {max_wait:g} s)"))
    full = app.store.storage_problem()
    if full is not None:
        reasons.append(Reason("storage", FAILING, full))
    for game_id, type_, version in app.store.halted_bot_games(HALTED_REPORTED):
        reasons.append(Reason("bots", FAILING, halted_reason(game_id, type_, version)))
    jobs = dict(app.runner.health())
    jobs.pop("ok", None)
    for check, status, detail in jobs.pop("problems", []):
        reasons.append(Reason(check, status, detail))
    return {
        "status": worst([reason.status for reason in reasons]),
        "reasons": [dataclasses.asdict(reason) for reason in reasons],
        "database": "ok",
        "projection": projection,
        **jobs,
    }
