"""Bot turns: a bot seat chooses from its own view and submits through the command handler."""

from __future__ import annotations

import logging
import time

from domain.core import bot_rng
from service.games import GameService, LoadedGame
from service.store import VersionConflict

log = logging.getLogger(__name__)


def bot_command_id(game_id: str, version: int, seat: int) -> str:
    """Deterministic, so a duplicated or retried bot job appends nothing twice."""
    return f"bot:{game_id}:{version}:{seat}"


def bot_seats_to_act(game: LoadedGame) -> list[int]:
    return [seat for seat in game.to_act() if game.bot_level(seat)]


def play_bot_turns(
    games: GameService, game_id: str, budget_seconds: float | None = None, known: LoadedGame | None = None
) -> tuple[int, bool]:
    """Let bot seats act until a human seat is to act, the game ends, or the time budget is spent.

    Each bot chooses from its own seat's view and legal commands only, and submits
    through the same handler as the API with `expected_version` and a deterministic
    command id. `known` is the game as the caller already holds it, used instead of a
    first reload. Returns the number of commands sent and whether a bot is still to act.
    """
    deadline = None if budget_seconds is None else time.monotonic() + budget_seconds
    played = 0
    while True:
        game = known if known is not None else games.load(game_id)
        known = None
        bots = bot_seats_to_act(game)
        if not bots:
            return played, False
        if deadline is not None and time.monotonic() > deadline:
            return played, True
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
