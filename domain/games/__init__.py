"""The registry: one explicit, ordered tuple of game specs (no import side effects)."""

from __future__ import annotations

from domain.core import GameSpec, UnknownGame
from domain.games import hike, hikes_of_the_west, hitchiker, nanga_parbat, peaks

GAMES: tuple[GameSpec, ...] = (
    hike.SPEC,
    hikes_of_the_west.SPEC,
    nanga_parbat.SPEC,
    hitchiker.SPEC,
    peaks.SPEC,
)


def game_spec(game_id: str) -> GameSpec:
    """The spec registered under `game_id`.

    Raises:
        UnknownGame: no such game type.
    """
    for spec in GAMES:
        if spec.id == game_id:
            return spec
    raise UnknownGame(f"no game type {game_id!r}; offered: {', '.join(s.id for s in GAMES)}")
