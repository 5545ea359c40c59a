"""The RQ job functions. They take the worker's container, then ids and versions only; the log is the work."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from application.container import Trailhead
from application.bus import ProjectionDue
from application.deadlines import DeadlineDue
from workers.rq import BOT_JOB, DEADLINE_JOB, PROJECTION_JOB, rq_enqueue_sweep, rq_runner

log = logging.getLogger(__name__)


def project_read_models(app: Trailhead) -> dict[str, Any]:
    """Catch the read models up with the log from their checkpoint."""
    rq_runner(app.runner).projection_started()
    return dataclasses.asdict(app.projector.run(app.store))


def play_bots(app: Trailhead, game_id: str, version: int) -> dict[str, Any]:
    """Play the game's bot seats for a while; re-enqueue if a bot is still to act after the budget."""
    runner = rq_runner(app.runner)
    played, waiting = app.bus.play_bots(game_id, float(app.settings["BOT_BUDGET_SECONDS"]))
    if waiting:
        runner.enqueue_bots(game_id, app.games.load(game_id).version)
    return {"game_id": game_id, "from_version": version, "played": played, "waiting": waiting}


def fire_deadline(app: Trailhead, game_id: str, version: int) -> dict[str, Any]:
    """Time out the seat (or fill the open seats) whose deadline passed at this version, if the game is
    still there; the follow-ups go to the queues (the next deadline is scheduled from them)."""
    runner = rq_runner(app.runner)
    follow = app.bus.perform(DeadlineDue(game_id, version, ""))
    early = [message for message in follow if isinstance(message, DeadlineDue) and message.version == version]
    for message in early:  # woke before the deadline (another host's clock): once more, at the deadline
        runner.schedule_deadline(message, again=True)
    app.bus.drain(message for message in follow if message not in early)
    fired = any(isinstance(message, ProjectionDue) for message in follow)  # a command was committed
    return {"game_id": game_id, "version": version, "fired": fired}


def sweep(app: Trailhead) -> dict[str, Any]:
    """Catch up after an outage: project the log, then re-enqueue every bot seat left waiting and
    schedule every pending deadline again."""
    outcome = app.projector.run(app.store)
    waiting = app.store.bot_waiting_games()
    deadlines = app.bus.pending_deadlines()
    rq_enqueue_sweep(rq_runner(app.runner), waiting, deadlines)
    log.info("sweep: projected %s events, %s games with a bot to act, %s pending deadlines", outcome.applied,
             len(waiting), len(deadlines))
    return {"projected": outcome.applied, "bot_games": len(waiting), "deadlines": len(deadlines),
            "halted_at": outcome.halted_at}


JOBS: dict[str, Callable[..., dict[str, Any]]] = {PROJECTION_JOB: project_read_models, BOT_JOB: play_bots,
                                                  DEADLINE_JOB: fire_deadline}
