"""Digests that pin a game's `search` level, for the tests that hold an older rules version's search to what it was.

The audit re-derives a search seat's moves with today's code (domain/core/seating.py `play_bot`), so a game that
changes what it lends the search does so under a new rules version, and its older versions must search exactly
as before. Two digests show it: `games_digest` plays seeded games with search seats command by command (each
command and its events, then the result); `search_digest` runs `analyse` at positions along games of a
hand-written level ((command, visits, value) per root command).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from domain.core import GameSpec, Rng, Table
from domain.core.search import analyse


def feed(digest: Any, value: Any) -> None:
    digest.update(msgspec.json.encode(value))
    digest.update(b"\n")


def games_digest(spec: GameSpec, games: Iterable[tuple[Table, Sequence[str]]]) -> str:
    """Every game played to its end by its levels (seat by seat), hashed command by command."""
    digest = hashlib.sha256()
    for game, levels in games:
        while not game.finished:
            seat = min(spec.to_act(game.state))
            command = game.bot_command(seat, levels[seat])
            feed(digest, spec.commands.encode(command))
            feed(digest, [spec.events.encode(event) for event in game.submit(seat, command)])
        feed(digest, spec.result(game.state))
    return digest.hexdigest()


def search_digest(spec: GameSpec, games: Iterable[tuple[str, Table]], level: str, every: int,
                  budget: Callable[[int], int], label: str, least: int) -> str:
    """`analyse` at the decisions with a choice numbered 3 modulo `every` along each (seed, game) played by
    `level`, at `budget(positions so far)` iterations, each from Rng(seed, decision, label); at least `least`."""
    digest = hashlib.sha256()
    positions = 0
    for seed, game in games:
        choices = 0
        while not game.finished:
            seat = min(spec.to_act(game.state))
            legal = spec.legal_commands(game.state, seat)
            if len(legal) > 1:
                choices += 1
                if choices % every == 3:
                    searched = analyse(spec, spec.view(game.state, seat), legal, Rng(seed, choices, label),
                                       budget(positions))
                    feed(digest, [(spec.commands.encode(s.command), s.visits, s.value) for s in searched])
                    positions += 1
            game.submit(seat, game.bot_command(seat, level))
    assert positions >= least
    return digest.hexdigest()


def show(**digests: Callable[[], str]) -> None:
    """Print each named digest of the current code and the CPU it took (a pinning test module run as a script)."""
    import time

    for name, digest in digests.items():
        start = time.process_time()
        print(f"{name:<10}", digest(), f"{time.process_time() - start:.1f} s")
