"""A command handler on a real SQLite file, with no follow-up jobs, and bots-only games played through it."""

from __future__ import annotations

from pathlib import Path

from domain.core import SeatConfig
from domain.games import GAMES
from service.database import connect, prepare_database
from service.games import GameService, Jobs, LoadedGame, StateCache
from service.settings import registry_of
from service.store import EventStore
from support.toy import SPEC as TOY
from workers.bots import play_bot_turns

REGISTRY = registry_of((*GAMES, TOY))


class NoJobs:
    """Commits without any follow-up job: the tests drive bots and projections themselves."""

    def after_commit(self, games: GameService, game_id: str, game: LoadedGame | None = None) -> None:
        return None


def open_games(db_path: Path | str, jobs: Jobs | None = None) -> GameService:
    """The handler on its own connection, every table created; the registered games plus the toy."""
    prepare_database(db_path)
    return GameService(EventStore(connect(db_path)), REGISTRY, StateCache(), jobs or NoJobs())


def bot_game(games: GameService, type_: str, seed: str, level: str | None = None, seats: int | None = None) -> str:
    """A bots-only game played to its end; without `level`, the seats take the game's levels in turn."""
    spec = REGISTRY(type_)
    levels = [level] if level is not None else list(spec.bots)
    count = seats or spec.min_seats
    chosen = [SeatConfig(name=f"{levels[i % len(levels)]}-{i}", bot=levels[i % len(levels)]) for i in range(count)]
    game, _ = games.create(type_, chosen, {}, seed)
    play_bot_turns(games, game.record.id)
    return game.record.id
