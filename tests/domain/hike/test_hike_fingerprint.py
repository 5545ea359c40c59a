"""Hike!'s outcomes pinned by fingerprint: speed work on the rules and bots must change nothing they produce.

Seeded games of the expert and random levels, under every rules version and table option and at 2 to 6 seats,
are hashed at every step: for each seat to act its legal commands (in order), the refusal of every candidate,
its view and the expert's choice; the state and the events of each command. The search (`analyse`) is hashed
at a small budget at positions of the preparations and the race: every root command's visits and value.

The digests were computed on the code before the rules' hot paths were made cheaper (commit 3d43b29's rules),
so a change that alters any listing, refusal, view, event, state, bot choice or search result fails here.
Run this module as a script to print the digests of the current code.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from domain.core import Rng, SeatConfig, Table
from domain.core.search import analyse
from domain.games.hike import SPEC
from domain.games.hike import rules

# (seed, levels, rules version, options)
GAMES: tuple[tuple[str, tuple[str, ...], int, dict[str, bool]], ...] = (
    ("fp-a", ("expert", "expert"), 3, {}),
    ("fp-b", ("expert", "random", "expert"), 3, {"simultaneous_days": True}),
    ("fp-c", ("random", "expert", "random", "expert"), 2, {}),
    ("fp-d", ("expert", "expert", "random", "expert", "expert"), 1, {}),
    ("fp-e", ("random", "expert"), 3, {"care_card_lapses": True}),
    ("fp-f", ("expert",) * 6, 3, {"simultaneous_days": True, "care_card_lapses": True}),
)
SEARCHED_GAMES = ("fp-a", "fp-b", "fp-c", "fp-f")
"""The games whose positions the search is run from (one in Preparations, one in the race, each)."""
ITERATIONS = 20

EXPECTED_GAMES = "5e5f20b84b66cc5357f611c62ca75fa1aaf2e7efff4ce7668972e9eb4c7d5e06"
EXPECTED_SEARCH = "0ecd087bf3be7e20698892245116dd392d2a752ed23afe99de5b43809e998ebc"


def table(seed: str, levels: tuple[str, ...], version: int, options: dict[str, bool]) -> Table:
    seats = [SeatConfig.of(f"p{index}", level) for index, level in enumerate(levels)]
    return Table(SPEC, SPEC.normalize_config(seats, options, version), seed)


def step_text(state: Any) -> str:
    """Everything the listing, the refusals, the views and the expert make of one state, as text."""
    parts = [repr(state)]
    for seat in sorted(SPEC.to_act(state)):
        view = SPEC.view(state, seat)
        legal = SPEC.legal_commands(state, seat)
        refusals = [(command, rules.refusal(state, seat, command)) for command in rules.candidates(state, seat)]
        parts += [repr(legal), repr(refusals), json.dumps(view, sort_keys=True),
                  repr(SPEC.bots["expert"](view, legal, Rng("fp-expert", seat)))]
    return "\n".join(parts)


def games_digest() -> tuple[str, dict[str, list[tuple[Any, int]]]]:
    """The digest of every game's steps, and each searched game's positions: (state, seat) with a choice."""
    digest = hashlib.sha256()
    positions: dict[str, list[tuple[Any, int]]] = {}
    for seed, levels, version, options in GAMES:
        game = table(seed, levels, version, options)
        digest.update(repr(game.events).encode())
        seen: list[tuple[Any, int]] = []
        while not game.finished:
            digest.update(step_text(game.state).encode())
            seat = min(SPEC.to_act(game.state))
            if len(SPEC.legal_commands(game.state, seat)) > 1:
                seen.append((game.state, seat))
            events = game.submit(seat, game.bot_command(seat, levels[seat]))
            digest.update(repr(events).encode())
        digest.update(repr(SPEC.result(game.state)).encode())
        positions[seed] = seen
    return digest.hexdigest(), positions


def search_digest(positions: dict[str, list[tuple[Any, int]]]) -> str:
    """The digest of `analyse` at a Preparations and a race position of each searched game."""
    digest = hashlib.sha256()
    for seed in SEARCHED_GAMES:
        preparing = [p for p in positions[seed] if p[0].phase.value == "preparations"]
        racing = [p for p in positions[seed] if p[0].phase.value == "race"]
        chosen = [preparing[len(preparing) // 2], racing[len(racing) // 3]]
        for index, (state, seat) in enumerate(chosen):
            searched = analyse(SPEC, SPEC.view(state, seat), SPEC.legal_commands(state, seat),
                               Rng(seed, index, "fp-search"), ITERATIONS)
            digest.update(repr([(s.command, s.visits, s.value) for s in searched]).encode())
    return digest.hexdigest()


def test_games_and_searches_are_unchanged() -> None:
    played, positions = games_digest()
    assert played == EXPECTED_GAMES
    assert search_digest(positions) == EXPECTED_SEARCH


if __name__ == "__main__":
    import time

    start = time.process_time()
    played, positions = games_digest()
    middle = time.process_time()
    print("games ", played, f"{middle - start:.2f} s", {seed: len(p) for seed, p in positions.items()})
    print("search", search_digest(positions), f"{time.process_time() - middle:.2f} s")
