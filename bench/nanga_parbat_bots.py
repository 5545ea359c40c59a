"""How strong is Nanga Parbat's `greedy` bot? Seeded games against `random`.

    python bench/nanga_parbat_bots.py [--games N] [--jobs J] [--level greedy] [--area-scoring] [--rules-version V]
                                      [--option NAME ...] [--seeds PREFIX]

Plays N (default 500) games on domain.core.Table, seeds `nanga-bench-0` ... (another `--seeds` prefix gives
another sample), the strong bot in seat 0 for even games and seat 1 for odd ones, and prints its win
rate, the draws, both bots' mean scores, the second seat's mean score (its last turn is whole under rules
version 2 and with `--option whole_last_turn`) and the mean game length (commands), under the current rules
version or `--rules-version`; `--option` turns a boolean option on.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.core import SeatConfig, Table
from domain.games.nanga_parbat import SPEC


def play_one(job: tuple[int, str, dict[str, bool], int, str]) -> tuple[int, int, int, int, int]:
    """One game: (strong bot's place, strong bot's score, random's score, commands played, seat 1's score)."""
    number, level, options, rules_version, seeds = job
    strong = number % 2
    levels = [level, "random"] if strong == 0 else ["random", level]
    config = SPEC.normalize_config([SeatConfig(name=lvl, bot=lvl) for lvl in levels], options,
                                   rules_version=rules_version)
    table = Table(SPEC, config, f"{seeds}-{number}")
    commands = table.play_bots(levels)
    result = SPEC.result(table.state)
    assert result is not None
    by_seat = {row["seat"]: row for row in result["standings"]}
    return by_seat[strong]["place"], by_seat[strong]["score"], by_seat[1 - strong]["score"], commands, by_seat[1]["score"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--level", default="greedy")
    parser.add_argument("--area-scoring", action="store_true")
    parser.add_argument("--rules-version", type=int, default=SPEC.rules_version, choices=SPEC.rules_versions)
    parser.add_argument("--option", action="append", default=[], help="a boolean option to turn on (repeatable)")
    parser.add_argument("--seeds", default="nanga-bench", help="the seeds' prefix")
    args = parser.parse_args(argv)
    options = {"area_scoring": args.area_scoring, **{name: True for name in args.option}}
    jobs = [(number, args.level, options, args.rules_version, args.seeds) for number in range(args.games)]
    started = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            outcomes = pool.map(play_one, jobs, chunksize=8)
    else:
        outcomes = [play_one(job) for job in jobs]
    elapsed = time.perf_counter() - started
    wins = sum(1 for place, mine, theirs, *_ in outcomes if place == 1 and mine > theirs)
    draws = sum(1 for _, mine, theirs, *_ in outcomes if mine == theirs)
    variant = "".join(f" ({name})" for name, on in sorted(options.items()) if on)
    print(f"nanga-parbat{variant}, rules version {args.rules_version}: {args.level} vs random over {args.games} "
          f"seeded games, alternating seats")
    print(f"  {args.level} wins {wins} ({100 * wins / args.games:.1f}%), draws {draws}, "
          f"losses {args.games - wins - draws}")
    print(f"  mean score: {args.level} {statistics.mean(o[1] for o in outcomes):.1f}, "
          f"random {statistics.mean(o[2] for o in outcomes):.1f}")
    for seat in (0, 1):  # the strong bot is seat 0 in even games, seat 1 in odd ones
        games = [o for number, o in enumerate(outcomes) if number % 2 == seat]
        if games:
            print(f"  {args.level} as seat {seat}: wins {100 * sum(o[0] == 1 and o[1] > o[2] for o in games) / len(games):.1f}%"
                  f", mean score {statistics.mean(o[1] for o in games):.1f}")
    print(f"  mean game length: {statistics.mean(o[3] for o in outcomes):.1f} commands")
    print(f"  {elapsed:.1f} s on {args.jobs} process(es)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
