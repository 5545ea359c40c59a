"""Nanga Parbat's search under rules versions 1 to 3 is pinned by fingerprint (rules version 4's search).

Rules version 4 changed only what the `search` level lends the core's search (bots.py: a prior, another leaf
evaluation); the audit replays a search seat's moves with today's code, so games of versions 1 to 3 must be
searched exactly as before. Seeded games of search seats (a small budget) against greedy and random, under
every older version and table option, are hashed command by command (each command and its events); and
`analyse` is hashed at positions along a greedy game of each version ((command, visits, value) per root
command, at the default budget and a small one). The digests were computed on the code before version 4.
Version 4's own search is pinned alike (its digests from its first commit), for the same reason.
Run this module as a script to print the digests of the current code.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from domain.core import Rng, SeatConfig, Table
from domain.core.search import analyse
from domain.games.nanga_parbat import SPEC

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
    return Table(SPEC, SPEC.normalize_config(seats, options, version), seed)


def feed(digest: Any, value: Any) -> None:
    digest.update(msgspec.json.encode(value))
    digest.update(b"\n")


def games_digest(games: tuple[tuple[str, tuple[str, str], int, dict[str, bool], int], ...] = GAMES) -> str:
    digest = hashlib.sha256()
    for seed, levels, version, options, budget in games:
        game = table(seed, levels, version, options, budget)
        assert game.state.rules_version == version
        while not game.finished:
            seat = min(SPEC.to_act(game.state))
            command = game.bot_command(seat, levels[seat])
            feed(digest, SPEC.commands.encode(command))
            feed(digest, [SPEC.events.encode(event) for event in game.submit(seat, command)])
        feed(digest, SPEC.result(game.state))
    return digest.hexdigest()


def search_digest(searched_games: tuple[tuple[str, int, dict[str, bool]], ...] = SEARCHED, least: int = 12) -> str:
    digest = hashlib.sha256()
    positions = 0
    for seed, version, options in searched_games:
        game = table(seed, ("greedy", "greedy"), version, options, None)
        choices = 0
        while not game.finished:
            seat = min(SPEC.to_act(game.state))
            legal = SPEC.legal_commands(game.state, seat)
            if len(legal) > 1:
                choices += 1
                if choices % 11 == 3:
                    budget = SPEC.search.iterations if positions % 4 == 0 else 60
                    searched = analyse(SPEC, SPEC.view(game.state, seat), legal, Rng(seed, choices, "np-same"), budget)
                    feed(digest, [(SPEC.commands.encode(s.command), s.visits, s.value) for s in searched])
                    positions += 1
            game.submit(seat, game.bot_command(seat, "greedy"))
    assert positions >= least
    return digest.hexdigest()


def test_older_versions_search_games_as_before() -> None:
    assert games_digest() == EXPECTED_GAMES


def test_older_versions_analyse_as_before() -> None:
    assert search_digest() == EXPECTED_SEARCH


def test_version_4_searches_as_released() -> None:
    assert games_digest(GAMES_V4) == EXPECTED_GAMES_V4
    assert search_digest(SEARCHED_V4, 8) == EXPECTED_SEARCH_V4


if __name__ == "__main__":
    import time

    start = time.process_time()
    print("games ", games_digest(), f"{time.process_time() - start:.1f} s")
    start = time.process_time()
    print("search", search_digest(), f"{time.process_time() - start:.1f} s")
    print("games v4 ", games_digest(GAMES_V4))
    print("search v4", search_digest(SEARCHED_V4, 8))
