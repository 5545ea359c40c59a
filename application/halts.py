"""A game no bot can move: halted and reported, never retried.

A bot seat to act with no legal command (a state no command should leave: a fork taken between two
events of one command, before forks were held to command ends) has nothing to choose from. Trying
again cannot help, so its bot turns stop: the read model marks the game (game_summaries.bot_to_act,
HALTED_BOT; the projection computes the same mark from the state), the sweeps and restarts no longer
hand it to the bots, and /healthz and `trailhead jobs` name it as failing until an operator acts.
"""

from __future__ import annotations

import logging

from application.game import LoadedGame
from application.handler import GameService
from domain.core import NoLegalCommand

log = logging.getLogger(__name__)


def halt(games: GameService, game: LoadedGame, error: NoLegalCommand) -> None:
    """Record that `game`'s bot cannot move at its version; logged once per attempt, never raised."""
    log.error("game %s (%s) is halted at version %s: %s; its bot turns stop until an operator acts",
              game.record.id, game.record.type, game.version, error.reason)
    games.store.mark_bot_halted(game.record.id, game.version)


def halted_reason(game_id: str, type_: str, version: int) -> str:
    """The /healthz reason for a halted game."""
    return (f"game {game_id} ({type_}) is halted at version {version}: its bot seat to act has no legal "
            "command, so no bot can move it; its bot turns are not retried")
