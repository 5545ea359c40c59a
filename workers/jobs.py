"""The RQ jobs: each runs one message of the bus by the handler the bus's table names for it.

A job's name is its message's route's `job` and its arguments are the message's fields
(workers/rq.py), so the worker keeps no list of jobs of its own: a message type added to the
table is a job the workers run. The names are the ones earlier releases queued (release 0.1 as
"workers.jobs.<name>"), so jobs queued or scheduled before an upgrade still run after it. The
sweep is the workers' catch-up after an outage.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from application.bus import Route
from application.container import Trailhead
from application.messages import Message, ProjectionDue
from workers.rq import rq_runner

log = logging.getLogger(__name__)


def job_message(handlers: Mapping[type[Message], Route], job: str, args: Sequence[Any]) -> Message:
    """The message a job named `job` carries in `args`: the fields of the type whose route names that job.

    Raises:
        ValueError: no line of the table names that job.
        msgspec.ValidationError: the arguments are not that message's fields.
    """
    name = job.rsplit(".", 1)[-1]  # release 0.1 queued "workers.jobs.<name>"
    for type_, route in handlers.items():
        if route.job == name:
            return msgspec.convert(list(args), type_)
    raise ValueError(f"unknown job {job!r}")


def run_message(app: Trailhead, job: str, *args: Any) -> dict[str, Any]:
    """Run the message a job carries by its handler; its follow-ups go to the queues (or its timer again)."""
    message = job_message(app.bus.handlers, job, args)
    runner = rq_runner(app.runner)
    route = app.bus.route(message)
    runner.started(route)
    follow = app.bus.perform(message)
    runner.hand_on(app.bus, route, message, follow)
    return {"ran": repr(message), "follow_ups": [repr(followed) for followed in follow]}


def sweep(app: Trailhead) -> dict[str, Any]:
    """Catch up after an outage: project the log, then re-enqueue every bot seat left waiting, schedule every
    pending deadline again, and run every running tournament (and set its arena's end) again."""
    outcome = app.projector.run(app.store)
    waiting = app.bus.bot_turns_waiting()
    deadlines = app.bus.pending_deadlines()
    tournaments = app.bus.tournaments_due()  # a run each: one that finds nothing to do writes nothing
    rq_runner(app.runner).enqueue_again(app.bus, [ProjectionDue(), *waiting, *deadlines, *tournaments])
    log.info("sweep: projected %s events, %s games with a bot to act, %s pending deadlines", outcome.applied,
             len(waiting), len(deadlines))
    return {"projected": outcome.applied, "bot_games": len(waiting), "deadlines": len(deadlines),
            "halted_at": outcome.halted_at}
