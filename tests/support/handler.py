"""The handler on a real database with no follow-up jobs, and bots-only games played through it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from application.bus import MessageBus
from application.handler import GameService, StateCache
from application.settings import registry_of
from domain.core import SeatConfig
from domain.core.seating import hand_written_levels
from domain.games import GAMES
from replays.log import log_from_store
from replays.transfer import export_document
from storage import open_storage
from support.toy import SPEC as TOY

REGISTRY = registry_of((*GAMES, TOY))


def open_games(database: Path | str) -> GameService:
    """The handler alone on its own storage, every migration applied: commits run no follow-ups."""
    store = open_storage(str(database))
    store.migrate()
    return GameService(store, REGISTRY, StateCache(), client_seeds="exact")  # seeded games replay exactly


def bot_game(games: GameService | MessageBus, type_: str, seed: str, level: str | None = None,
             seats: int | None = None) -> str:
    """A bots-only game played to its end; without `level`, the seats take the game's levels in turn."""
    handler = games.games if isinstance(games, MessageBus) else games
    spec = REGISTRY(type_)
    levels = [level] if level is not None else hand_written_levels(spec)
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


def bot_game_export(database: Path | str, type_: str, seed: str, **kw: Any) -> dict[str, Any]:
    """The export document of a bots-only game played to its end on its own database (see bot_game)."""
    games = open_games(database)
    try:
        game_id = bot_game(games, type_, seed, **kw)
        return export_document(games.store, log_from_store(games.store, game_id), game_id)
    finally:
        games.store.close()
