"""Fixtures for the replay tests: finished games in a real database (either backend), and more databases on
the same backend for tests that need several."""

from __future__ import annotations

from support.handler import REGISTRY, bot_game, open_games
from support.rows import new_database  # noqa: F401 - a fixture of these tests
from application.handler import GameService


def finished_bot_game(games: GameService, type_: str, seed: str, seats: int | None = None) -> str:
    """A finished bots-only game, its seats taking the game's bot levels in turn."""
    return bot_game(games, type_, seed, seats=seats)


__all__ = ["REGISTRY", "finished_bot_game", "open_games"]
