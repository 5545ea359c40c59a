"""Peaks' speed-ups change nothing (issue: cheaper search iterations): fingerprints recorded on the code before them.

Seeded games of 2 to 4 seats, guide and random bots, are played through a Table; at every decision the legal
commands of every seat to act, every seat's view, the state and the new events are hashed; and the core's search
(`analyse`, a small budget) at positions along a guide game is hashed as (command, visits, value) lists. A change
that alters any listing (its commands or their order), view, state, event, bot choice or search result fails here.
"""

from __future__ import annotations

import hashlib

from domain.core import Rng, SeatConfig, Table
from domain.core.search import analyse
from domain.games.peaks import SPEC
from domain.games.peaks.bots import guide_bot
from support.search_pins import feed

# (rules version, seats, round cap (rules version 3; before it, the first STEPS decisions), levels in turn, seed)
GAMES = [
    (3, 2, 12, ("guide", "random"), "same-a"),
    (3, 3, 8, ("random", "guide"), "same-b"),
    (3, 4, 8, ("guide",), "same-c"),
    (2, 2, 0, ("guide", "random"), "same-d"),
    (2, 4, 0, ("random", "guide"), "same-e"),
    (1, 3, 0, ("guide", "random"), "same-f"),
]
STEPS = 500
GAMES_DIGEST = "f74c1735b8bffb5657cf891146980615fcd965a4a4f9c8864b541228a5b9849f"
SEARCH_DIGEST = "956cd373804de39a4828b377a07ab948abc581ce47513207f9f61e3f6e2dddbd"


def table(version: int, seats: int, cap: int, seed: str) -> Table:
    options = {"round_cap": cap} if version >= 3 else {}
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="guide") for i in range(seats)], options, version)
    return Table(SPEC, config, seed)


def games_digest() -> str:
    digest = hashlib.sha256()
    for version, seats, cap, levels, seed in GAMES:
        game = table(version, seats, cap, seed)
        for _ in range(STEPS if version < 3 else 10_000):
            if game.finished:
                break
            state = game.state
            feed(digest, state)
            for seat in range(seats):
                feed(digest, SPEC.view(state, seat))
            for seat in sorted(SPEC.to_act(state)):
                legal = SPEC.legal_commands(state, seat)
                feed(digest, [SPEC.commands.encode(c) for c in legal])
                feed(digest, SPEC.commands.encode(guide_bot(SPEC.view(state, seat), legal, Rng(seed, seat))))
            seat = min(SPEC.to_act(state))
            command = game.bot_command(seat, levels[seat % len(levels)])
            feed(digest, [SPEC.events.encode(e) for e in game.submit(seat, command)])
        feed(digest, game.state)
        feed(digest, SPEC.result(game.state))
    return digest.hexdigest()


def search_digest() -> str:
    digest = hashlib.sha256()
    positions = 0
    for version, seats, seed in ((3, 2, "same-s2"), (3, 4, "same-s4")):
        game = table(version, seats, 0, seed)
        for step in range(160):
            seat = min(SPEC.to_act(game.state))
            legal = SPEC.legal_commands(game.state, seat)
            if step % 40 == 7 and len(legal) > 1:
                searched = analyse(SPEC, SPEC.view(game.state, seat), legal, Rng(seed, step, "search"), 30)
                feed(digest, [(SPEC.commands.encode(s.command), s.visits, s.value) for s in searched])
                positions += 1
            game.submit(seat, game.bot_command(seat, "guide"))
    assert positions >= 6
    return digest.hexdigest()


def test_games_are_unchanged() -> None:
    assert games_digest() == GAMES_DIGEST


def test_search_results_are_unchanged() -> None:
    assert search_digest() == SEARCH_DIGEST
