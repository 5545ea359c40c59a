"""Nanga Parbat's search under rules versions 1 to 3 is pinned by fingerprint (rules version 4's search).

Rules version 4 changed only what the `search` level lends the core's search (bots.py: a prior, another leaf
evaluation); the audit replays a search seat's moves with today's code, so games of versions 1 to 3 must be
searched exactly as before. Seeded games of search seats (a small budget) against greedy and random, under
every older version and table option, are hashed command by command (each command and its events); and
`analyse` is hashed at positions along a greedy game of each version ((command, visits, value) per root
command, at the default budget and a small one). The digests were computed on the code before version 4.
Version 4's own search is pinned alike (its digests from its first commit), for the same reason.
Run this module as a script (`PYTHONPATH=.:tests python FILE`) to print the digests of the current code.
"""

from __future__ import annotations

from typing import Any

from domain.core import SeatConfig, Table
from domain.games.nanga_parbat import SPEC
from support import search_pins

# (seed, levels by seat, rules version, options, the search seats' budget)
GAMES: tuple[tuple[str, tuple[str, str], int, dict[str, bool], int], ...] = (
    ("np-same-a", ("search", "greedy"), 3, {}, 40),
    ("np-same-b", ("greedy", "search"), 3, {"whole_last_turn": True}, 40),
    ("np-same-c", ("search", "random"), 3, {"area_scoring": True}, 25),
    ("np-same-d", ("search", "search"), 2, {}, 20),
    ("np-same-e", ("random", "search"), 1, {"area_scoring": True}, 30),
)
SEARCHED: tuple[tuple[str, int, dict[str, bool]], ...] = (
    ("np-same-s3", 3, {}),
    ("np-same-t3", 3, {"whole_last_turn": True, "area_scoring": True}),
    ("np-same-s2", 2, {}),
)
"""The greedy games whose positions are searched: every 11th decision with a choice."""
GAMES_V4: tuple[tuple[str, tuple[str, str], int, dict[str, bool], int], ...] = (
    ("np-four-a", ("search", "greedy"), 4, {}, 40),
    ("np-four-b", ("greedy", "search"), 4, {"whole_last_turn": True, "area_scoring": True}, 40),
)
SEARCHED_V4: tuple[tuple[str, int, dict[str, bool]], ...] = (
    ("np-four-s", 4, {}),
    ("np-four-t", 4, {"area_scoring": True}),
)
"""Rules version 4's search, pinned alike from its first release: its games must keep their search too."""

EXPECTED_GAMES = "d8669ef20e9066206de4774a99e793b8559272a4ec5532a6a03c0aa8fa159274"
EXPECTED_SEARCH = "fb018d392442c5bfc421d693769bfe9750790592a2e0219513d90636ba4f054d"
EXPECTED_GAMES_V4 = "20e16dbf2b9bd6720ae8a73344c7d1f8afd13c9e6b00ae59cad1e5e031bb2898"
EXPECTED_SEARCH_V4 = "9bdf6834d3704487f19ca4d3b39ebd55a13589c89b7345c63263239bb2bc3c60"


def table(seed: str, levels: tuple[str, ...], version: int, options: dict[str, bool], budget: int | None) -> Table:
    seats = [SeatConfig.of(f"p{index}", level, budget if level == "search" else None)
             for index, level in enumerate(levels)]
    game = Table(SPEC, SPEC.normalize_config(seats, options, version), seed)
    assert game.state.rules_version == version
    return game


def games_digest(games: tuple[tuple[str, tuple[str, str], int, dict[str, bool], int], ...] = GAMES) -> str:
    return search_pins.games_digest(SPEC, ((table(seed, levels, version, options, budget), levels)
                                           for seed, levels, version, options, budget in games))


def search_digest(searched_games: tuple[tuple[str, int, dict[str, bool]], ...] = SEARCHED, least: int = 12) -> str:
    return search_pins.search_digest(
        SPEC, ((seed, table(seed, ("greedy", "greedy"), version, options, None))
               for seed, version, options in searched_games),
        "greedy", 11, lambda positions: SPEC.search.iterations if positions % 4 == 0 else 60, "np-same", least)


def test_older_versions_search_games_as_before() -> None:
    assert games_digest() == EXPECTED_GAMES


def test_older_versions_analyse_as_before() -> None:
    assert search_digest() == EXPECTED_SEARCH


def test_version_4_searches_as_released() -> None:
    assert games_digest(GAMES_V4) == EXPECTED_GAMES_V4
    assert search_digest(SEARCHED_V4, 8) == EXPECTED_SEARCH_V4


if __name__ == "__main__":
    search_pins.show(games=games_digest, search=search_digest, games_v4=lambda: games_digest(GAMES_V4),
                     search_v4=lambda: search_digest(SEARCHED_V4, 8))
