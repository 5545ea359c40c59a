"""How well do Hikes of the West's bots hike? Seeded solo games per bot level, scored against par.

    python bench/hikes_of_the_west_bots.py [--games N] [--jobs J] [--level LEVEL ...] [--rules-version V]

Plays N (default 1,000) games per level on domain.core.Table, seeds `bench-0` ...
(the same deals for every level), and prints per level: the mean and median final
score, the mean sum of the three pars, the mean of score minus par, the share of
games at or under par, the finishing rate (all three hikes completed) with how many hikes the
others completed before they were stranded (out of dice; data/RULINGS.md, Running out of dice),
and the mean game length.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.core import SeatConfig, Table  # noqa: E402
from domain.games.hikes_of_the_west import SPEC  # noqa: E402


def play_one(job: tuple[int, str, int]) -> tuple[int, int, bool, int, int]:
    """One game: (final score, sum of the pars, stranded, commands played, hikes completed)."""
    number, level, rules_version = job
    config = SPEC.normalize_config([SeatConfig(name="bot", bot=level)], {}, rules_version=rules_version)
    table = Table(SPEC, config, seed=f"bench-{number}")
    commands = table.play_bots([level])
    result = SPEC.result(table.state)
    assert result is not None
    return result["score"], result["par"], result["stranded"], commands, result["completed"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--level", nargs="*", default=list(SPEC.bots))
    parser.add_argument("--rules-version", type=int, default=SPEC.rules_version, choices=SPEC.rules_versions)
    args = parser.parse_args(argv)
    print(f"hikes-of-the-west, rules version {args.rules_version}: {args.games} seeded games per level, "
          f"lower is better")
    for level in args.level:
        jobs = [(number, level, args.rules_version) for number in range(args.games)]
        started = time.perf_counter()
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                outcomes = pool.map(play_one, jobs, chunksize=25)
        else:
            outcomes = [play_one(job) for job in jobs]
        elapsed = time.perf_counter() - started
        scores = [o[0] for o in outcomes]
        pars = [o[1] for o in outcomes]
        at_par = sum(1 for o in outcomes if o[0] <= o[1])
        stranded = sum(1 for o in outcomes if o[2])
        reached = Counter(o[4] for o in outcomes if o[2])
        print(f"  {level:>8}: score mean {statistics.mean(scores):.2f}, median {statistics.median(scores):g}; "
              f"par sum mean {statistics.mean(pars):.2f}; score - par mean "
              f"{statistics.mean(s - p for s, p in zip(scores, pars, strict=True)):+.2f}; at or under par "
              f"{100 * at_par / args.games:.1f}%; {statistics.mean(o[3] for o in outcomes):.0f} commands/game; "
              f"{elapsed:.1f} s")
        print(f"  {'':>8}  finished all three hikes {100 * (args.games - stranded) / args.games:.1f}%; stranded "
              f"{100 * stranded / args.games:.1f}%, after completing "
              + ", ".join(f"{hikes} hike{'s' * (hikes != 1)} {100 * reached[hikes] / args.games:.1f}%"
                          for hikes in sorted(reached)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
