"""Fixtures for the replay tests: finished games in a real SQLite file."""

from __future__ import annotations

from pathlib import Path

from domain.core import SeatConfig
from domain.games import GAMES
from service.database import connect, ensure_schema
from service.games import GameService, StateCache
from service.readmodels import ensure_read_model_schema
from service.settings import registry_of
from service.store import EventStore
from support.toy import SPEC as TOY
from workers.bots import play_bot_turns

REGISTRY = registry_of((*GAMES, TOY))


class NoJobs:
    def after_commit(self, games: GameService, game_id: str) -> None:
        return None


def open_games(db_path: Path) -> GameService:
    db = connect(db_path)
    ensure_schema(db)
    ensure_read_model_schema(db)
    return GameService(EventStore(db), REGISTRY, StateCache(), NoJobs())


def finished_bot_game(games: GameService, type_: str, seed: str, seats: int | None = None) -> str:
    spec = REGISTRY(type_)
    count = seats or spec.min_seats
    levels = list(spec.bots)
    chosen = [SeatConfig(name=f"p{i}", bot=levels[i % len(levels)]) for i in range(count)]
    game, _ = games.create(type_, chosen, {}, seed)
    play_bot_turns(games, game.record.id)
    return game.record.id
