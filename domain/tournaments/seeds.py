"""The tournament's seed and what is derived from it (docs/tournaments.md, Seeds).

The tournament has one secret seed, committed in TournamentCreated as sha256(seed) and revealed when it
finishes. Everything chance decides in it comes from that seed, one way:

- the starting order: the entrants in joining order, shuffled by `Rng(seed, 0, label="tournament:order")`;
- each game's seed: `sha256("trailhead-tournament/v1" NUL "game" NUL round NUL table NUL seed)` in hex. The
  games of one table in a duplicate tournament share it (that is the point of duplicate seating); an arena's
  waves count as rounds. A game's seed, revealed when that game ends, tells nothing of the tournament's seed
  or of any other game's seed (sha256 is one-way), so a finished game's audit leaks nothing of the rest.

RoundPaired records `seed_commitment = sha256(game seed)` for every game, which the game's own
GameCreated repeats: the audit re-derives each game seed from the revealed tournament seed and checks both.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from domain.core import Rng, seed_commitment

__all__ = ["game_seed", "game_seed_commitment", "seed_commitment", "starting_order"]


def game_seed(tournament_seed: str, round_: int, table: int) -> str:
    """The seed of the game(s) at `table` (1-based) of `round_` (1-based)."""
    material = f"trailhead-tournament/v1\x00game\x00{round_}\x00{table}\x00{tournament_seed}"
    return hashlib.sha256(material.encode()).hexdigest()


def game_seed_commitment(tournament_seed: str, round_: int, table: int) -> str:
    return seed_commitment(game_seed(tournament_seed, round_, table))


def starting_order(tournament_seed: str, entrants: Sequence[str]) -> tuple[str, ...]:
    """The entrants shuffled from the seed: the order pairing breaks ties by (and round robin schedules from)."""
    return Rng(tournament_seed, 0, label="tournament:order").shuffled(entrants)
