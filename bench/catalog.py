"""The games a benchmark can play: the registry's games, plus the test suite's toy game.

`domain.games` is written in parallel with the benchmarks and may fail to import
(a game missing or half-written); the toy game (tests/support/toy.py) is always
there, and its `Roll` command extends a game forever.
"""

from __future__ import annotations

import sys
from pathlib import Path

from domain.core import GameSpec

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GAME = "hikes-of-the-west"
TOY_ID = "toy"


def toy_spec() -> GameSpec:
    """The toy game of the test suite (tests/support/toy.py)."""
    tests = str(ROOT / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    from support.toy import SPEC

    return SPEC


def registry_games() -> tuple[tuple[GameSpec, ...], str | None]:
    """The registry's games, and why they are missing if `domain.games` does not import."""
    try:
        from domain.games import GAMES
    except Exception as error:  # noqa: BLE001 - a game package half-written: fall back to the toy game
        return (), f"{type(error).__name__}: {error}"
    return tuple(GAMES), None


def all_games() -> tuple[GameSpec, ...]:
    """The registry's games plus the toy game (what bench/service_app.py serves)."""
    games, _ = registry_games()
    return (*games, *(() if any(spec.id == TOY_ID for spec in games) else (toy_spec(),)))


def spec_of(game_id: str) -> GameSpec:
    for spec in all_games():
        if spec.id == game_id:
            return spec
    raise SystemExit(f"no game type {game_id!r}; available: {', '.join(s.id for s in all_games())}")


def in_registry(game_id: str) -> bool:
    """Whether `trailhead serve` itself offers this game (else serve bench/service_app.py)."""
    games, _ = registry_games()
    return any(spec.id == game_id for spec in games)
