"""CPU per `search` decision in Peaks: time.process_time over the same 12 decisions spread across a seeded guide
game (the decisions with more than one legal command, every STRIDE-th), at the search's own budget.

    nice -n 19 .venv/bin/python -m bench.peaks_search_cpu [--seats 2] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import time

from domain.core import SeatConfig, Table
from domain.games.peaks import SPEC

STRIDE = 25
DECISIONS = 12


def positions(seats: int) -> list[tuple[Table, int]]:
    """Copies of the table at the 12 decisions measured (a guide game to each)."""
    seated = [SeatConfig(name=f"p{i}", bot="guide") for i in range(seats)]
    config = SPEC.normalize_config(seated, {}, SPEC.rules_version)
    table = Table(SPEC, config, f"peaks-search-cpu-{seats}")
    found: list[tuple[Table, int]] = []
    step = 0
    while not table.finished and len(found) < DECISIONS:
        seat = min(SPEC.to_act(table.state))
        if len(SPEC.legal_commands(table.state, seat)) > 1:
            step += 1
            if step % STRIDE == 0:
                copy = Table(SPEC, config, table.seed)
                copy.events, copy.state = list(table.events), table.state
                found.append((copy, seat))
        table.submit(seat, table.bot_command(seat, "guide"))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--restrict", nargs="*", default=[], help="regexes a profile line must match")
    parser.add_argument("--sort", default="tottime", help="the profile's order (pstats keys)")
    args = parser.parse_args()
    found = positions(args.seats)
    profile = cProfile.Profile() if args.profile else None
    start = time.process_time()
    if profile:
        profile.enable()
    chosen = [table.bot_command(seat, "search") for table, seat in found]
    if profile:
        profile.disable()
    spent = time.process_time() - start
    print(f"{args.seats} seats: {len(found)} decisions, {1000 * spent / len(found):.1f} ms CPU a decision "
          f"(choices {hashlib.sha256(repr([SPEC.commands.encode_json(c) for c in chosen]).encode()).hexdigest()[:8]})")
    if profile:
        pstats.Stats(profile).sort_stats(args.sort).print_stats(*args.restrict, 45)


if __name__ == "__main__":
    main()
