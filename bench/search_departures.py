"""Where does the `search` level depart from the hand-written bot it searches around?

    python bench/search_departures.py --type TYPE [--games N] [--seats S] [--iterations N] [--seeds PREFIX]

Plays N seeded games of the game's strongest hand-written level (domain/core/seating.py `strongest_bot`) in every
seat on domain.core.Table. At each decision the search actually weighs (more than one legal command, and more
than one left by the game's `narrow`), the search level is asked too (the game's default budget or
`--iterations`); the game goes on with the hand-written bot's command. Prints, per kind of command the
hand-written bot chose (its class name), how many such decisions were searched, how often the search chose
otherwise, and a few examples. A search that departs often where the hand-written bot plays a sound rule
(basic-strategy Blackjack, say) is spending its budget on noise.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.core import SeatConfig, Table  # noqa: E402
from domain.core.search import SEARCH_LEVEL  # noqa: E402
from domain.core.seating import strongest_bot  # noqa: E402
from domain.games import game_spec  # noqa: E402

EXAMPLES = 2


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--type", required=True)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--iterations", type=int, help="the search budget (default: the game's)")
    parser.add_argument("--seeds", default="departures")
    args = parser.parse_args(argv)
    spec = game_spec(args.type)
    assert spec.search is not None, f"{args.type} has no search level"
    strong = strongest_bot(spec)
    searched: collections.Counter[str] = collections.Counter()
    departed: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    narrow = spec.search.narrow
    configs = [SeatConfig.of(f"p{seat}", SEARCH_LEVEL, args.iterations) for seat in range(args.seats)]
    for number in range(args.games):
        table = Table(spec, spec.normalize_config(configs, {}), f"{args.seeds}-{number}")
        while not table.finished:
            seat = min(spec.to_act(table.state))
            legal = spec.legal_commands(table.state, seat)
            chosen = table.bot_command(seat, strong)
            if len(legal) > 1 and len(narrow(table.state, legal) if narrow else legal) > 1:
                kind = type(chosen).__name__
                searched[kind] += 1
                mine = table.bot_command(seat, SEARCH_LEVEL)
                if mine != chosen:
                    departed[kind] += 1
                    if len(examples[kind]) < EXAMPLES:
                        examples[kind].append(f"{chosen!r} -> {mine!r}")
            table.submit(seat, chosen)
    print(f"{args.type}, {args.games} games of {strong} at {args.seats} seats, search at "
          f"{args.iterations or spec.search.iterations} iterations")
    print(f"| {strong} chose | searched | search chose otherwise | examples |")
    print("| --- | --- | --- | --- |")
    for kind, count in searched.most_common():
        print(f"| {kind} | {count} | {departed[kind]} ({100 * departed[kind] / count:.0f}%) | "
              f"{'; '.join(examples[kind])} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
