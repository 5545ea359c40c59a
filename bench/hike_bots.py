"""How strong is Hike!'s `expert` bot? One expert against `random` bots, seeded, per table size.

    python bench/hike_bots.py [--games N] [--jobs J] [--seats 2 4 6] [--level expert]

Plays N (default 300) games per table size on domain.core.Table, seeds `hike-bench-<seats>-<n>`,
with the strong bot in seat n mod seats (so it takes every seat in turn) and `random` in the
others. Prints per table size: the strong bot's win rate (shared wins counted apart), how often
it finished the race, the mean length in commands and in days (Preparations + race), and
how many games ended otherwise than by someone reaching the last field.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.core import SeatConfig, Table  # noqa: E402
from domain.games.hike import SPEC  # noqa: E402
from domain.games.hike.events import DayStarted  # noqa: E402


class Outcome(NamedTuple):
    """One game, seen from the strong bot's seat."""

    won: bool
    shared: bool
    finished: bool
    commands: int
    days: int
    normal_end: bool


def play_one(job: tuple[int, int, str]) -> Outcome:
    """One game with the strong bot in seat `number % seats`; its outcome for that bot."""
    seats, number, level = job
    strong = number % seats
    levels = [level if seat == strong else "random" for seat in range(seats)]
    config = SPEC.normalize_config([SeatConfig(name=f"p{s}", bot=b) for s, b in enumerate(levels)], {})
    table = Table(SPEC, config, seed=f"hike-bench-{seats}-{number}")
    commands = table.play_bots(levels)
    result = SPEC.result(table.state)
    assert result is not None
    winners = result["winners"]
    days = sum(1 for event in table.events if isinstance(event, DayStarted))
    return Outcome(
        won=strong in winners and len(winners) == 1,
        shared=strong in winners and len(winners) > 1,
        finished=strong in result["finishers"],
        commands=commands,
        days=days,
        normal_end=bool(result["finishers"]),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seats", type=int, nargs="*", default=[2, 4, 6])
    parser.add_argument("--level", default="expert")
    args = parser.parse_args(argv)
    print(f"hike: {args.level} (1 seat, rotating) against random, {args.games} seeded games per table size")
    for seats in args.seats:
        jobs = [(seats, number, args.level) for number in range(args.games)]
        started = time.perf_counter()
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                outcomes = pool.map(play_one, jobs, chunksize=10)
        else:
            outcomes = [play_one(job) for job in jobs]
        elapsed = time.perf_counter() - started
        won = sum(1 for o in outcomes if o.won)
        shared = sum(1 for o in outcomes if o.shared)
        finished = sum(1 for o in outcomes if o.finished)
        abnormal = sum(1 for o in outcomes if not o.normal_end)
        print(f"  {seats} seats: win rate {100 * won / args.games:.1f}% (+{100 * shared / args.games:.1f}% shared), "
              f"finished {100 * finished / args.games:.1f}%; "
              f"{statistics.mean(o.commands for o in outcomes):.0f} commands and "
              f"{statistics.mean(o.days for o in outcomes):.1f} days per game; "
              f"{abnormal} games without a finisher; {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
