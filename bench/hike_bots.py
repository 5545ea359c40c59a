"""How strong is Hike!'s `expert` bot? One expert against `random` bots, seeded, per table size.

    python bench/hike_bots.py [--games N] [--jobs J] [--seats 2 4 6] [--level expert] [--opponent random]
                              [--rules-version V] [--option NAME ...]

Plays N (default 300) games per table size on domain.core.Table, seeds `hike-bench-<seats>-<n>`,
with the strong bot in seat n mod seats (so it takes every seat in turn) and `random` in the
others. Prints per table size: the strong bot's win rate (shared wins counted apart), how often
it finished the race, the mean length in commands and in days (Preparations + race), and
how the games ended (RaceEnded's reason: the last field reached, no sled able to move any more,
the day guard or cap, nobody on the start), under the current rules version unless `--rules-version`
names an older one, with the boolean table options named by `--option` on (`simultaneous_days`: the
seats to act take turns command by command, so the mushers' days interleave). `--level random
--opponent random` measures random-only tables.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections import Counter
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
    ending: str


def play_one(job: tuple[int, int, str, str, int, tuple[str, ...]]) -> Outcome:
    """One game with the strong bot in seat `number % seats`; its outcome for that bot."""
    seats, number, level, opponent, rules_version, options = job
    strong = number % seats
    levels = [level if seat == strong else opponent for seat in range(seats)]
    config = SPEC.normalize_config([SeatConfig(name=f"p{s}", bot=b) for s, b in enumerate(levels)],
                                   dict.fromkeys(options, True), rules_version=rules_version)
    table = Table(SPEC, config, seed=f"hike-bench-{seats}-{number}")
    commands = 0
    while not table.finished:
        to_act = sorted(SPEC.to_act(table.state))
        seat = to_act[commands % len(to_act)]
        table.submit(seat, table.bot_command(seat, levels[seat]))
        commands += 1
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
        ending=str(table.state.ending),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seats", type=int, nargs="*", default=[2, 4, 6])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--rules-version", type=int, default=SPEC.rules_version, choices=SPEC.rules_versions)
    parser.add_argument("--option", action="append", default=[], choices=sorted(SPEC.options_schema["properties"]),
                        help="a boolean table option to turn on (repeatable)")
    args = parser.parse_args(argv)
    options = tuple(sorted(args.option))
    print(f"hike, rules version {args.rules_version}{''.join(f', {name}' for name in options)}: {args.level} "
          f"(1 seat, rotating) against {args.opponent}, {args.games} seeded games per table size")
    for seats in args.seats:
        jobs = [(seats, number, args.level, args.opponent, args.rules_version, options)
                for number in range(args.games)]
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
        endings = Counter(o.ending for o in outcomes)
        print(f"  {seats} seats: win rate {100 * won / args.games:.1f}% (+{100 * shared / args.games:.1f}% shared), "
              f"finished {100 * finished / args.games:.1f}%; "
              f"{statistics.mean(o.commands for o in outcomes):.0f} commands and "
              f"{statistics.mean(o.days for o in outcomes):.1f} days per game; {elapsed:.1f} s")
        print("    ended: " + "; ".join(f"{reason} {100 * count / args.games:.1f}%"
                                       for reason, count in endings.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
