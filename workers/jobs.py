"""The RQ job functions. They take ids and versions only; the log is the work."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from service.readmodels import bot_waiting_games
from workers.bots import play_bot_turns
from workers.context import current_context
from workers.dispatch import RqJobs

log = logging.getLogger(__name__)


def project_read_models() -> dict[str, Any]:
    """Catch the read models up with the log from their checkpoint."""
    context = current_context()
    if isinstance(context.jobs, RqJobs):
        context.jobs.redis.delete(context.jobs.pending_key)
    return dataclasses.asdict(context.projector.run(context.db))


def play_bots(game_id: str, version: int) -> dict[str, Any]:
    """Play the game's bot seats for a while; re-enqueue if a bot is still to act after the budget."""
    context = current_context()
    games = context.games()
    jobs = context.jobs
    if isinstance(jobs, RqJobs):
        with jobs.playing(game_id):
            played, waiting = play_bot_turns(games, game_id, context.config["BOT_BUDGET_SECONDS"])
        if waiting:
            jobs.enqueue_bots(game_id, games.load(game_id).version)
    else:
        played, waiting = play_bot_turns(games, game_id)
    return {"game_id": game_id, "from_version": version, "played": played, "waiting": waiting}


def sweep() -> dict[str, Any]:
    """Catch up after an outage: project the log, then re-enqueue every bot seat left waiting."""
    context = current_context()
    outcome = context.projector.run(context.db)
    waiting = bot_waiting_games(context.db)
    jobs = context.jobs
    if isinstance(jobs, RqJobs):
        jobs.wake_projection(force=True)
        for game_id, version in waiting:
            jobs.enqueue_bots(game_id, version, force=True)
    log.info("sweep: projected %s events, %s games with a bot to act", outcome.applied, len(waiting))
    return {"projected": outcome.applied, "bot_games": len(waiting), "halted_at": outcome.halted_at}
