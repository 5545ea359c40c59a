"""Hitchiker: the `hustler` bot against `random`, and how long bots games last.

    python bench/hitchiker_bots.py [--games N] [--workers W] [--round-limit R] [--rules-version V]
                                   [--option NAME ...] [--seeds PREFIX]

Plays N seeded games (default 300), alternating 2 and 4 seats, with one hustler
and random bots in the other seats; the hustler's seat rotates game by game.
Prints the hustler's win rate (against the 1/seats a random bot would get), how
games ended, and the distribution of game length in turns (one turn = one
hitchiker's roll) with its maximum against the cap (round limit x seats). Games are played under the
current rules version unless `--rules-version` names an older one, with the option's default for bots-only
games (100 rounds) unless `--round-limit` says (0: no limit); `--option` turns a boolean option on
(`declinable_insurance`, `lie_n_sin_sting`), and `--seeds` names another seed prefix (another sample).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.core import SeatConfig, Table
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.state import BOTS_ROUND_LIMIT

STRONG = "hustler"


def play(job: tuple[int, int, int | None, int, tuple[str, ...], str]) -> dict[str, object]:
    """One game: (index, seats, round limit or None for the default, rules version, options on, seed prefix) ->
    who won, why, how many turns."""
    index, seats, round_limit, rules_version, switched_on, seeds = job
    strong_seat = index // 2 % seats
    levels = [STRONG if seat == strong_seat else "random" for seat in range(seats)]
    config = SPEC.normalize_config([SeatConfig(name=f"p{seat}", bot=levels[seat]) for seat in range(seats)],
                                   {**({} if round_limit is None else {"round_limit": round_limit}),
                                    **{name: True for name in switched_on}},
                                   rules_version=rules_version)
    table = Table(SPEC, config, f"{seeds}-{index}")
    table.play_bots(levels, max_commands=200_000)
    result = SPEC.result(table.state)
    assert result is not None
    winners = result["winners"]
    return {"seats": seats, "won": strong_seat in winners, "share": 1 / len(winners) if strong_seat in winners else 0,
            "reason": result["reason"], "turns": result["turns"], "cap": table.state.round_limit * seats}


def distribution(turns: list[int]) -> str:
    ordered = sorted(turns)
    def pct(p: float) -> int:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))]
    return (f"min {ordered[0]}, p25 {pct(0.25)}, median {int(statistics.median(ordered))}, p75 {pct(0.75)}, "
            f"p90 {pct(0.9)}, max {ordered[-1]}")


def histogram(turns: list[int], cap: int, width: int = 40) -> list[str]:
    step = max(1, cap // 10)
    buckets = Counter(min(turn // step, 9) for turn in turns)
    top = max(buckets.values())
    lines = []
    for bucket in range(10):
        low, high = bucket * step, (bucket + 1) * step if bucket < 9 else cap
        count = buckets.get(bucket, 0)
        lines.append(f"    {low:>5}-{high:<5} {count:>4} {'#' * round(width * count / top)}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600, help="games in all, alternately 2 and 4 seats")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--round-limit", type=int, default=None, help="rounds (0: no limit); default: the option's")
    parser.add_argument("--rules-version", type=int, default=SPEC.rules_version, choices=SPEC.rules_versions)
    parser.add_argument("--option", action="append", default=[], help="a boolean option to turn on (repeatable)")
    parser.add_argument("--seeds", default="hitchiker-bench", help="the seeds' prefix")
    args = parser.parse_args()
    jobs = [(index, 2 if index % 2 == 0 else 4, args.round_limit, args.rules_version, tuple(args.option), args.seeds)
            for index in range(args.games)]
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        rows = pool.map(play, jobs, chunksize=4)
    elapsed = time.perf_counter() - started
    print(f"Hitchiker, rules version {args.rules_version}{''.join(f' +{name}' for name in args.option)}: "
          f"{STRONG} vs random, {len(rows)} games, "
          f"round limit {BOTS_ROUND_LIMIT if args.round_limit is None else args.round_limit or 'none'}, "
          f"{args.workers} workers, {elapsed:.1f} s")
    for seats in (2, 4):
        games = [row for row in rows if row["seats"] == seats]
        if not games:
            continue
        wins = sum(1 for row in games if row["won"])
        share = sum(float(row["share"]) for row in games)  # type: ignore[arg-type]
        turns = [int(row["turns"]) for row in games]  # type: ignore[call-overload]
        cap = int(games[0]["cap"])  # type: ignore[call-overload]
        reasons = Counter(str(row["reason"]) for row in games)
        print(f"\n{seats} seats: {len(games)} games; {STRONG} won {wins} ({100 * wins / len(games):.1f}%, "
              f"tie-weighted {100 * share / len(games):.1f}%) against {100 / seats:.1f}% for a random seat")
        print(f"  ended by: {', '.join(f'{reason} {count}' for reason, count in sorted(reasons.items()))}")
        if cap:
            print(f"  turns: {distribution(turns)}; cap {cap} ({cap // seats} rounds x {seats}); "
                  f"max/cap {max(turns)}/{cap}, over the cap: {sum(1 for t in turns if t > cap)}")
        else:
            print(f"  turns: {distribution(turns)}; no round limit")
        print("\n".join(histogram(turns, cap or max(turns))))
    wins = sum(1 for row in rows if row["won"])
    print(f"\noverall: {STRONG} won {wins}/{len(rows)} ({100 * wins / len(rows):.1f}%)")


if __name__ == "__main__":
    main()
