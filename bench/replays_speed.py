"""Issue 4 figures: rebuild speed of a long game against the raw read ceiling; batch verify rate.

1. A long game (Hitchiker, 6 bot seats, ~5,000 events) is played into a fresh SQLite
   file. Rebuild = read its rows, decode every event with the game's codec and fold it
   with `evolve` (what replay, audit and a cold load do). The ceiling, measured in the
   same run, reads the same rows with sqlite3 and json-decodes their data, nothing more.
2. Batch verify: N finished bot games of every registered type are audited one after
   another (chain, seed commitment, re-derivation of every event): games/s and events/s.

    python bench/replays_speed.py [--runs 5] [--games 10] [--quick]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from domain.core import SeatConfig  # noqa: E402
from domain.games import GAMES  # noqa: E402
from replays.audit import audit  # noqa: E402
from replays.log import log_from_store  # noqa: E402
from application.bus import play_bot_turn  # noqa: E402
from application.handler import GameService, StateCache  # noqa: E402
from application.settings import registry_of  # noqa: E402
from storage import SqliteStorage  # noqa: E402

REGISTRY = registry_of(GAMES)


def games_on(path: Path) -> GameService:
    """The handler alone on its own storage (no follow-ups: the bench plays the bots itself)."""
    store = SqliteStorage(path)
    store.migrate()
    return GameService(store, REGISTRY, StateCache())


def bot_game(games: GameService, type_: str, seats: int, seed: str) -> str:
    game = games.create(type_, [SeatConfig(name=f"bot-{i}", bot="random") for i in range(seats)], {}, seed).game
    while play_bot_turn(games, game.record.id) is not None:
        pass
    return game.record.id


def ceiling(path: Path, game_id: str) -> float:
    """Rows per second: read with sqlite3 and json-decode the data, nothing else."""
    conn = sqlite3.connect(path)
    started = time.perf_counter()
    rows = conn.execute("SELECT seq, type, data FROM events WHERE game_id = ? ORDER BY seq", [game_id]).fetchall()
    for _seq, _type, data in rows:
        json.loads(data)
    elapsed = time.perf_counter() - started
    conn.close()
    return len(rows) / elapsed


def rebuild(path: Path, game_id: str) -> float:
    """Events per second: read, decode with the codec, fold with evolve (a cold rebuild)."""
    games = GameService(SqliteStorage(path), REGISTRY, StateCache())
    games.store.conn  # noqa: B018 - opened before the clock, as the ceiling's connection is
    started = time.perf_counter()
    game = games.load(game_id)
    elapsed = time.perf_counter() - started
    assert game.finished
    games.store.close()
    return game.version / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=10, help="finished games per type for batch verify")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.games = 2, 2
    workdir = Path(tempfile.mkdtemp(prefix="trailhead-replays-"))
    try:
        path = workdir / "long.sqlite"
        games = games_on(path)
        long_id = bot_game(games, "hitchiker", 6, "long-game")
        events = games.load(long_id).version
        ceilings, rebuilds = [], []
        for _ in range(args.runs):
            ceilings.append(ceiling(path, long_id))
            rebuilds.append(rebuild(path, long_id))
        print(f"long game: hitchiker, 6 seats, {events} events; {args.runs} runs")
        print(f"  raw ceiling (sqlite3 + json.loads)   {statistics.median(ceilings):>10,.0f} events/s")
        print(f"  rebuild (read + decode + evolve)     {statistics.median(rebuilds):>10,.0f} events/s")
        print(f"  ratio                                {statistics.median(rebuilds) / statistics.median(ceilings):>10.1%}"
              "   (target >= 60%)")
        print("the longest of a few seeded bot games of each type, same measure:")
        for spec in GAMES:
            seats = spec.max_seats
            longest = max((bot_game(games, spec.id, seats, f"long-{spec.id}-{i}") for i in range(3)),
                          key=lambda gid: games.load(gid).version)
            size = games.load(longest).version
            ceiling_rate = statistics.median(ceiling(path, longest) for _ in range(args.runs))
            rebuild_rate = statistics.median(rebuild(path, longest) for _ in range(args.runs))
            print(f"  {spec.id:<20} {seats} seats {size:>6} events: ceiling {ceiling_rate:>9,.0f}/s, "
                  f"rebuild {rebuild_rate:>8,.0f}/s, ratio {rebuild_rate / ceiling_rate:6.1%}   (target >= 60%)")

        verify_path = workdir / "verify.sqlite"
        verify_games = games_on(verify_path)
        ids = [bot_game(verify_games, spec.id, spec.min_seats, f"verify-{i}") for spec in GAMES
               for i in range(args.games)]
        rates, event_rates = [], []
        for _ in range(args.runs):
            started = time.perf_counter()
            total = 0
            for game_id in ids:
                report = audit(log_from_store(verify_games.store, game_id, True), REGISTRY)
                assert report.ok, report.failure
                total += report.events
            elapsed = time.perf_counter() - started
            rates.append(len(ids) / elapsed)
            event_rates.append(total / elapsed)
        print(f"batch verify: {len(ids)} finished games ({args.games} per type, fewest seats), {args.runs} runs")
        print(f"  games verified per second            {statistics.median(rates):>10,.1f}")
        print(f"  events verified per second           {statistics.median(event_rates):>10,.0f}")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
