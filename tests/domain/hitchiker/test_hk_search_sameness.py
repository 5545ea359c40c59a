"""Hitchiker's search, pinned by digest under every rules version, before any change to it.

The audit re-derives a search seat's moves with today's code (domain/core/seating.py `play_bot`), so a change to
what Hitchiker lends the search (bots.py `SEARCH`: `rollout`, `narrow`, `prior`) must leave the games of the
versions released before it searched exactly as before, as Nanga Parbat's version 4 did
(tests/domain/nanga_parbat/test_np_search_sameness.py). Short seeded games (a round limit of 12) with search seats
against the hustler and random, under each version and table option, are hashed command by command (each command
and its events); and `analyse` is hashed at positions along a hustler game of each version ((command, visits,
value) per root command). The digests were computed on the code of rules version 3's search (2026-11-29), before
version 4; version 4's own search is pinned alike (its digests from its first commit), for the same reason.
Run this module as a script (`PYTHONPATH=.:tests python FILE`) to print the digests of the current code.
"""

from __future__ import annotations

from typing import Any

from domain.core import SeatConfig, Table
from domain.games.hitchiker import SPEC
from support import search_pins

ROUNDS = 12
# (seed, levels by seat, rules version, options, the search seats' budget)
GAMES: tuple[tuple[str, tuple[str, ...], int, dict[str, Any], int], ...] = (
    ("hk-same-a", ("search", "hustler"), 3, {}, 12),
    ("hk-same-b", ("hustler", "search", "random"), 3, {"declinable_insurance": True, "lie_n_sin_sting": True}, 10),
    ("hk-same-c", ("search", "search"), 2, {}, 8),
    ("hk-same-d", ("random", "search"), 1, {}, 10),
)
SEARCHED: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("hk-same-s3", 3, {}),
    ("hk-same-t3", 3, {"declinable_insurance": True}),
    ("hk-same-s2", 2, {}),
)
"""The hustler games whose positions are searched: every 7th decision with a choice."""
GAMES_V4: tuple[tuple[str, tuple[str, ...], int, dict[str, Any], int], ...] = (
    ("hk-four-a", ("search", "hustler"), 4, {}, 12),
    ("hk-four-b", ("hustler", "search", "search"), 4, {"lie_n_sin_sting": True}, 10),
)
SEARCHED_V4: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("hk-four-s", 4, {}),
    ("hk-four-t", 4, {"declinable_insurance": True}),
)
"""Rules version 4's search (short playouts, playouts.py), pinned alike from its first release."""

EXPECTED_GAMES = "93751017ff6205abe74704bb5b706f4d31ce8a88c61aef88b948edca20f9286e"
EXPECTED_SEARCH = "78e3487192a2ea2d4c8c77e7d52ada05502644193ed4b874a808f18a180df13e"
EXPECTED_GAMES_V4 = "f8c1b65f2904867a1fee03fb0130c623b8c8dcdc6f536e9c3c61ea122ad4014a"
EXPECTED_SEARCH_V4 = "b5d1bbe533372507538278773db9e7c39388dba51e97572e8d97ce1015ab299e"


def table(seed: str, levels: tuple[str, ...], version: int, options: dict[str, Any], budget: int | None) -> Table:
    seats = [SeatConfig.of(f"p{index}", level, budget if level == "search" else None)
             for index, level in enumerate(levels)]
    game = Table(SPEC, SPEC.normalize_config(seats, {**options, "round_limit": ROUNDS}, version), seed)
    assert game.state.rules_version == version
    return game


def games_digest(games: tuple[tuple[str, tuple[str, ...], int, dict[str, Any], int], ...] = GAMES) -> str:
    return search_pins.games_digest(SPEC, ((table(seed, levels, version, options, budget), levels)
                                           for seed, levels, version, options, budget in games))


def search_digest(searched_games: tuple[tuple[str, int, dict[str, Any]], ...] = SEARCHED, least: int = 9) -> str:
    return search_pins.search_digest(
        SPEC, ((seed, table(seed, ("hustler", "hustler"), version, options, None))
               for seed, version, options in searched_games), "hustler", 7, lambda positions: 24, "hk-same", least)


def test_every_version_searches_games_as_before() -> None:
    assert games_digest() == EXPECTED_GAMES


def test_every_version_analyses_as_before() -> None:
    assert search_digest() == EXPECTED_SEARCH


def test_version_4_searches_as_released() -> None:
    assert games_digest(GAMES_V4) == EXPECTED_GAMES_V4
    assert search_digest(SEARCHED_V4, 6) == EXPECTED_SEARCH_V4


if __name__ == "__main__":
    search_pins.show(games=games_digest, search=search_digest, games_v4=lambda: games_digest(GAMES_V4),
                     search_v4=lambda: search_digest(SEARCHED_V4, 6))
