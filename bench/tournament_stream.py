"""What a tournament's stream costs (service/tournament_stream.py, service/tournament_streams.py): a finished Swiss
of `random` bots on a temporary SQLite file, rendered from its first event as a stream opened there would send it,
folding each event once (now) and folding every event's state again from the first (before: the oracle of
tests/integration/test_tournaments_stream.py, which checks the two texts are the same); and what a wake-up or a
poll with nothing new costs: before, a whole load and fold per open stream; now, one read of the events after the
last one per tournament (the row's read is shown beside it).

    python bench/tournament_stream.py [--entrants 16,32] [--rounds 5,6]
"""

from __future__ import annotations

import argparse
import logging
import shutil
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.append(str(Path(__file__).resolve().parent.parent / "tests" / "integration"))

from application.tournaments import entry  # noqa: E402
from application.tournaments.stream import load  # noqa: E402
from bootstrap import bootstrap  # noqa: E402
from service.tournament_stream import messages_after  # noqa: E402
from test_tournaments_stream import reference  # noqa: E402

TIMES = 50


def measure(directory: str, entrants: int, rounds: int) -> str:
    app = bootstrap({"DATABASE": f"{directory}/bench-{entrants}-{rounds}.sqlite", "REDIS_URL": ""})
    try:
        created = entry.create(app.bus, {"type": "nanga-parbat", "format": "swiss", "name": "Bench",
                                         "seats_per_game": 2, "rounds": rounds,
                                         "entrants": [{"bot": "random"}] * entrants}, None)
        tid = created.loaded.record.id
        entry.start(app.bus, tid, created.creator_token, None)
        assert app.runner.wait_idle(600)  # type: ignore[attr-defined]
        version = load(app.store, tid).version
        started = time.process_time()
        before = reference(app.store, tid, 0)
        folded_again = time.process_time() - started
        started = time.process_time()
        now = messages_after(app.store, tid, 0)[0]
        folded_once = time.process_time() - started
        assert before == now
        started = time.perf_counter()
        for _ in range(TIMES):
            reference(app.store, tid, version)
        idle_before = (time.perf_counter() - started) / TIMES
        started = time.perf_counter()
        for _ in range(TIMES):
            app.store.tournament_events(tid, version)
        idle_now = (time.perf_counter() - started) / TIMES
        started = time.perf_counter()
        for _ in range(TIMES):
            app.store.tournament(tid)
        row = (time.perf_counter() - started) / TIMES
    finally:
        app.runner.wait_idle(30)  # type: ignore[attr-defined]
        app.close()
    return (f"| {entrants} entrants, {rounds} rounds | {version} | {len(now) // 1000} kB | {folded_again * 1000:.0f} ms"
            f" | {folded_once * 1000:.0f} ms | {idle_before * 1000:.1f} ms | {idle_now * 1000:.2f} ms"
            f" ({row * 1000:.2f} ms) |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", default="16,32")
    parser.add_argument("--rounds", default="5,6")
    args = parser.parse_args()
    print("| Swiss | events | text from the start | CPU, folded again per event | CPU, folded once "
          "| nothing new, before (a stream) | now (a tournament; its row) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    directory = tempfile.mkdtemp(prefix="trailhead-bench-")
    try:
        for entrants, rounds in zip(args.entrants.split(","), args.rounds.split(","), strict=True):
            print(measure(directory, int(entrants), int(rounds)), flush=True)
    finally:
        logging.disable()  # the embedded runner's catch-up thread outlives its closed app and would say so
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
