"""CPU per decision of the `search` level: the same searched decisions of one seeded game, timed.

    python bench/search_speed.py [--type TYPE ...] [--seats S] [--decisions N] [--skip K] [--runs R]
                                 [--iterations N] [--seed SEED] [--quick]

For each game type with a `search` level (or the `--type`s named), a game of the strongest hand-written level
(domain/core/seating.py `strongest_bot`) in every seat (`--seats`, within the game's range) is played on
domain.core.Table from one seed. At each of its first N decisions with more than one legal command (after the
first K such, `--skip`: e.g. to reach Hike!'s race) the search level is asked what it would play, at the game's
default budget or `--iterations`, and its CPU time (time.process_time) is taken; the game goes on with the
hand-written level's command, so every run, and every version of the code that keeps the game's outcomes,
searches the same positions. Prints, per type, the median over R runs of the mean milliseconds per searched
decision, each run's figure, and a digest of the searched choices (equal digests: the same positions were
searched and the search chose alike).

To compare two versions of the code, run it on each in turn (alternating, a few times: the machine is
shared and its load moves the figures) and divide the medians.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.core import SeatConfig, Table  # noqa: E402
from domain.core.search import SEARCH_LEVEL  # noqa: E402
from domain.core.seating import strongest_bot  # noqa: E402
from domain.games import GAMES, game_spec  # noqa: E402


def one_run(type_: str, seats: int, decisions: int, iterations: int | None, seed: str,
            skip: int = 0) -> tuple[float, str]:
    """The mean CPU seconds per searched decision, and a digest of the choices."""
    spec = game_spec(type_)
    strong = strongest_bot(spec)
    configs = [SeatConfig.of(f"p{i}", SEARCH_LEVEL, iterations) for i in range(seats)]
    table = Table(spec, spec.normalize_config(configs, {}), seed)
    digest, spent, searched, skipped = hashlib.sha256(), 0.0, 0, 0
    while not table.finished and searched < decisions:
        seat = min(spec.to_act(table.state))
        if len(spec.legal_commands(table.state, seat)) > 1 and skipped < skip:
            skipped += 1
        elif len(spec.legal_commands(table.state, seat)) > 1:
            start = time.process_time()
            choice = table.bot_command(seat, SEARCH_LEVEL)
            spent += time.process_time() - start
            searched += 1
            digest.update(repr(choice).encode())
        table.submit(seat, table.bot_command(seat, strong))
    return spent / max(1, searched), digest.hexdigest()[:12]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--type", action="append", help="a game type (repeatable); default: all with search")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=12, help="searched decisions per run")
    parser.add_argument("--skip", type=int, default=0, help="decisions with a choice played before timing")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=None, help="the search budget (default: the game's)")
    parser.add_argument("--seed", default="search-speed")
    parser.add_argument("--quick", action="store_true", help="2 decisions, 1 run")
    args = parser.parse_args()
    if args.quick:
        args.decisions, args.runs = 2, 1
    types = args.type or [spec.id for spec in GAMES if spec.search is not None]
    for type_ in types:
        spec = game_spec(type_)
        seats = min(max(args.seats, spec.min_seats), spec.max_seats)  # a solo game is played alone
        figures, digests = [], set()
        for _ in range(args.runs):
            mean, digest = one_run(type_, seats, args.decisions, args.iterations, args.seed, args.skip)
            figures.append(mean * 1000)
            digests.add(digest)
        runs = " ".join(f"{figure:.0f}" for figure in figures)
        print(f"{type_:<20} {statistics.median(figures):7.0f} ms/decision  (runs: {runs}; "
              f"{args.decisions} decisions after {args.skip}, {seats} seats; choices {', '.join(sorted(digests))})",
              flush=True)


if __name__ == "__main__":
    main()
