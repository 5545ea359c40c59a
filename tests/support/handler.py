"""The container on a real SQLite file, its handler with no follow-up jobs, and bots-only games played through it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from application.bus import MessageBus
from application.container import Trailhead
from application.handler import GameService, StateCache
from application.settings import registry_of
from bootstrap import bootstrap
from domain.core import SeatConfig
from domain.games import GAMES
from storage import SqliteStorage
from support.toy import SPEC as TOY

REGISTRY = registry_of((*GAMES, TOY))


def settings_for(db_path: Path | str, **overrides: Any) -> dict[str, Any]:
    return {"DATABASE": str(db_path), "SYNCHRONOUS": "FULL", "REDIS_URL": None, "QUEUE_PREFIX": "trailhead",
            "SWEEP_SECONDS": 30, "BOT_BUDGET_SECONDS": 2.0, "PROJECTION_BATCH": 500, **overrides}


def container(db_path: Path | str, **overrides: Any) -> Trailhead:
    """The whole container (inline runner unless REDIS_URL is given), the registered games plus the toy."""
    return bootstrap(settings_for(db_path, **overrides), (*GAMES, TOY))


def open_games(db_path: Path | str) -> GameService:
    """The handler alone on its own storage, every migration applied: commits run no follow-ups."""
    store = SqliteStorage(db_path)
    store.migrate()
    return GameService(store, REGISTRY, StateCache())


def bot_game(games: GameService | MessageBus, type_: str, seed: str, level: str | None = None,
             seats: int | None = None) -> str:
    """A bots-only game played to its end; without `level`, the seats take the game's levels in turn."""
    handler = games.games if isinstance(games, MessageBus) else games
    spec = REGISTRY(type_)
    levels = [level] if level is not None else list(spec.bots)
    count = seats or spec.min_seats
    chosen = [SeatConfig(name=f"{levels[i % len(levels)]}-{i}", bot=levels[i % len(levels)]) for i in range(count)]
    committed = handler.create(type_, chosen, {}, seed)
    game_id = committed.game.record.id
    play_bots(handler, game_id)
    return game_id


def play_bots(games: GameService, game_id: str) -> int:
    """Every bot turn of a game, one after another through the handler (no runner, no projection)."""
    from application.bus import play_bot_turn

    played = 0
    while play_bot_turn(games, game_id) is not None:
        played += 1
    return played
