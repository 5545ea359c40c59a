"""How strong is Peaks' `guide` bot? Seeded games against `random`, and how long games run.

    python bench/peaks_bots.py [--games N] [--jobs J] [--level guide] [--seats 2,4] [--rules-version V]

For each seat count, plays N (default 300) games on domain.core.Table, seeds
`peaks-bench-<seats>-<n>`, one strong bot and `random` in every other seat, the
strong bot's seat rotating with the game number. Prints its win rate (sole or
shared first place), mean scores, and game length in turns (every player's turn
counts one): the distribution, and the maximum against the round cap ruling
(the game ends after every seat has taken that many turns). Then the same number
of games with `random` in every seat (the longest games), for their lengths.
Under rules version 2 it also counts how often the book's choices were used: rewards
declined, bonus cards discarded during another step, climbs asked to be backed and
backed (ClimbBacked), per game.
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
from domain.games.peaks import SPEC
from domain.games.peaks.cards import board


V2_EVENTS = ("RewardDeclined", "BackingAsked", "ClimbBacked")


def play_one(job: tuple[int, int, str, int]) -> tuple[int, int, float, int, str, dict[str, int]]:
    """One game: (strong bot's place, its score, the others' mean score, turns played, end reason, choice counts)."""
    number, seats, level, rules_version = job
    strong = number % seats
    levels = ["random"] * seats
    levels[strong] = level
    if level == "random":
        number += 1_000_000  # the all-random games get seeds of their own
    config = SPEC.normalize_config([SeatConfig(name=lvl, bot=lvl) for lvl in levels], {},
                                   rules_version=rules_version)
    table = Table(SPEC, config, f"peaks-bench-{seats}-{number}")
    table.play_bots(levels)
    types = [event.TYPE for event in table.events]
    counts = {name: types.count(name) for name in V2_EVENTS}
    counts["mid-step discards"], state = 0, None
    for event in table.events:  # a discard while a step waits (version 2), not at the start of a turn
        counts["mid-step discards"] += event.TYPE == "BonusCardDiscarded" and bool(state and state.steps)
        state = SPEC.evolve(state, event)
    result = SPEC.result(table.state)
    assert result is not None
    by_seat = {row["seat"]: row for row in result["standings"]}
    others = statistics.mean(by_seat[s]["score"] for s in range(seats) if s != strong)
    return by_seat[strong]["place"], by_seat[strong]["score"], others, table.state.turn, result["reason"], counts


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(seats: int, level: str, outcomes: list[tuple[int, int, float, int, str, dict[str, int]]]) -> None:
    games = len(outcomes)
    wins = sum(1 for place, *_ in outcomes if place == 1)
    turns = [o[3] for o in outcomes]
    cap = board().round_cap * seats
    capped = sum(1 for o in outcomes if o[4].startswith("round cap"))
    if level == "random":
        print(f"peaks, {seats} seats: random in every seat over {games} seeded games")
    else:
        print(f"peaks, {seats} seats: {level} vs {seats - 1} random over {games} seeded games, rotating seats")
        print(f"  {level} wins {wins} ({100 * wins / games:.1f}%; a fair share is {100 / seats:.1f}%)")
        print(f"  mean score: {level} {statistics.mean(o[1] for o in outcomes):.1f}, "
              f"random {statistics.mean(o[2] for o in outcomes):.1f}")
    print(f"  turns: min {min(turns)}, median {percentile(turns, 0.5)}, p90 {percentile(turns, 0.9)}, "
          f"p99 {percentile(turns, 0.99)}, max {max(turns)}; cap {cap} ({board().round_cap} rounds), "
          f"games ended by the cap: {capped}")
    totals = {name: sum(o[5][name] for o in outcomes) for name in outcomes[0][5]}
    if any(totals.values()):
        print("  per game: " + ", ".join(f"{name} {total / games:.2f}" for name, total in totals.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--level", default="guide")
    parser.add_argument("--seats", default="2,4")
    parser.add_argument("--rules-version", type=int, default=SPEC.rules_version, choices=SPEC.rules_versions)
    args = parser.parse_args(argv)
    print(f"peaks, rules version {args.rules_version}")
    started = time.perf_counter()
    for level in (args.level, "random"):
        for seats in (int(s) for s in args.seats.split(",")):
            jobs = [(number, seats, level, args.rules_version) for number in range(args.games)]
            if args.jobs > 1:
                with multiprocessing.Pool(args.jobs) as pool:
                    outcomes = pool.map(play_one, jobs, chunksize=8)
            else:
                outcomes = [play_one(job) for job in jobs]
            report(seats, level, outcomes)
    print(f"  {time.perf_counter() - started:.1f} s on {args.jobs} process(es)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
