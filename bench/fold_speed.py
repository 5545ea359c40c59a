"""Fold speed of each game type against the raw parse ceiling, on the golden logs (no database).

For the longest golden log of each type: the ceiling json-decodes every event's data text;
the fold decodes every event with the game's codec (straight from its text) and applies
it with `evolve`; the load folds the same events as a cold `GameService.load` does, rows as the
store reads them through application/game.py's `fold` (the seating and, for a clocked game, the
clock beside the state). Prints the medians of several runs, and the fold's ratio to the ceiling,
per game type.

    python bench/fold_speed.py [--runs 7] [--type peaks]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from application.game import FoldedGame, fold as fold_game  # noqa: E402
from domain.core import canonical_json  # noqa: E402
from domain.games import GAMES  # noqa: E402

LOGS = ROOT / "tests" / "golden" / "logs"
RECORDED_AT = "2025-01-01T00:00:00.000000Z"  # golden logs keep no times: every event gets this one


def longest(type_: str) -> list[dict]:
    best: list[dict] = []
    for path in sorted(LOGS.glob(f"{type_}-[0-9]*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            events = [json.loads(line)["event"] for line in lines if line.startswith('{"event"')]
        if len(events) > len(best):
            best = events
    return best


def timed(work, runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--type", default=None)
    args = parser.parse_args()
    print(f"{'game':<20}{'events':>8}{'ceiling ev/s':>14}{'fold ev/s':>12}{'ratio':>8}{'load ev/s':>12}")
    for spec in GAMES:
        if args.type and spec.id != args.type:
            continue
        events = longest(spec.id)
        rows = [(e["type"], canonical_json(e["data"])) for e in events]
        stored = [(seq, type_, text, e["hash"], e["seat"], e["command_id"], RECORDED_AT)
                  for seq, ((type_, text), e) in enumerate(zip(rows, events), start=1)]
        texts = [text for _, text in rows]
        decode = getattr(spec.events, "decode_json", None)

        def ceiling() -> None:
            for text in texts:
                json.loads(text)

        def fold() -> None:
            state = None
            for type_, text in rows:
                event = decode(type_, text) if decode else spec.events.decode(type_, json.loads(text))
                state = spec.evolve(state, event)

        def load() -> None:
            fold_game(FoldedGame(spec), stored)

        raw, folded, loaded = timed(ceiling, args.runs), timed(fold, args.runs), timed(load, args.runs)
        n = len(rows)
        print(f"{spec.id:<20}{n:>8}{n / raw:>14,.0f}{n / folded:>12,.0f}{raw / folded:>8.0%}{n / loaded:>12,.0f}")


if __name__ == "__main__":
    main()
