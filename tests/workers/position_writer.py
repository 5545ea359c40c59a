"""One writer process of test_positions.py: it prints `ready`, waits for `go` on stdin, then writes.

    python position_writer.py DATABASE THREADS GAMES COMMANDS

Each of THREADS threads has its own storage and command handler and its own GAMES toy games,
created (and bid) before `ready`; after `go` it submits COMMANDS `Roll`s, one game after the
other in turn, as fast as it can. It prints one JSON line: the events each thread appended.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS.parent), str(TESTS)]

from domain.core import SeatConfig  # noqa: E402
from support.handler import open_games  # noqa: E402


def main(database: str, threads: int, games_each: int, commands: int) -> None:
    go = threading.Event()
    ready = threading.Barrier(threads + 1)
    appended = [0] * threads
    errors: list[str] = []

    def write(index: int) -> None:
        games = open_games(database)
        try:
            ids = []
            for _ in range(games_each):
                created = games.create("toy", [SeatConfig(name="Ann"), SeatConfig(name="Bob")], {"pile": 9}, None)
                game_id = created.game.record.id
                games.submit(game_id, 0, "Bid", {"amount": 1})
                games.submit(game_id, 1, "Bid", {"amount": 0})  # seat 0 bid higher: it acts first
                ids.append(game_id)
            ready.wait()
            go.wait()
            for turn in range(commands):
                game_id = ids[turn % games_each]
                seat = (turn // games_each) % 2  # each Roll passes the turn to the other seat
                appended[index] += len(games.submit(game_id, seat, "Roll", {}).events)
        except BaseException as error:  # noqa: BLE001 - reported to the test, which fails on it
            errors.append(f"{type(error).__name__}: {error}")
            if not ready.broken:
                ready.abort()
        finally:
            games.store.close()

    workers = [threading.Thread(target=write, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    try:
        ready.wait()
    except threading.BrokenBarrierError:
        pass
    print("ready", flush=True)
    if sys.stdin.readline().strip() != "go":
        raise SystemExit("expected 'go' on stdin")
    go.set()
    for worker in workers:
        worker.join()
    print(json.dumps({"appended": appended, "errors": errors}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
