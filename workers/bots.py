"""Bot turns: a bot seat chooses from its own view and submits through the command handler."""

from __future__ import annotations

import logging

from domain.core import bot_rng
from service.games import GameService
from service.store import VersionConflict

log = logging.getLogger(__name__)


def bot_command_id(game_id: str, version: int, seat: int) -> str:
    """Deterministic, so a duplicated or retried bot job appends nothing twice."""
    return f"bot:{game_id}:{version}:{seat}"


def play_bot_turns(games: GameService, game_id: str, max_turns: int = 100_000) -> int:
    """Let the bot seats act until a human seat is to act or the game ends; returns turns played."""
    played = 0
    while played < max_turns:
        game = games.load(game_id)
        bots = [seat for seat in game.to_act() if game.bot_level(seat)]
        if not bots:
            return played
        seat = bots[0]
        level = game.bot_level(seat)
        assert level is not None
        legal = game.spec.legal_commands(game.state, seat)
        view = game.spec.view(game.state, seat)
        command = game.spec.bots[level](view, legal, bot_rng(games.seed(game_id), game.version, seat))
        type_, args = game.spec.commands.encode(command)
        try:
            games.submit(
                game_id,
                seat,
                type_,
                args,
                expected_version=game.version,
                command_id=bot_command_id(game_id, game.version, seat),
                bot=level,
            )
        except VersionConflict:
            log.info("bot seat %s of %s lost a race at version %s; reloading", seat, game_id, game.version)
        played += 1
    return played
