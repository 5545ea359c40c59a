"""One racing process, run by test_store_races.py; it prints `ready`, waits for `go` on stdin, then acts.

    python racer.py bid DATABASE GAME_ID SEAT EXPECTED_VERSION COMMAND_ID AMOUNT
        with its own storage of DATABASE (a TRAILHEAD_DB value: a SQLite path or a PostgreSQL URL)
        and command handler, submit one Bid at EXPECTED_VERSION;
        print the outcome as one JSON line.
    python racer.py boot
        for each database (TRAILHEAD_DB value) read from stdin, start the app on it (what each gunicorn worker
        does at boot) and print {"outcome": "booted"} or {"outcome": "failed", "error": ...}.

The test starts every racer, waits until all are ready, then releases them at once (`go`, or
the next database): a barrier across processes, so they really collide.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(TESTS.parent), str(TESTS)]

from integration.event_log import open_service, submitted  # noqa: E402
from support.toy import SPEC as TOY  # noqa: E402

from storage import VersionConflict  # noqa: E402


def wait_for_go() -> None:
    print("ready", flush=True)
    if sys.stdin.readline().strip() != "go":
        raise SystemExit("expected 'go' on stdin")


def bid(database: str, game_id: str, seat: str, expected: str, command_id: str, amount: str) -> dict[str, Any]:
    games = open_service(database)
    try:
        wait_for_go()
        response = submitted(games, game_id, int(seat), "Bid", {"amount": int(amount)},
                                expected_version=int(expected), command_id=command_id)
        return {"outcome": "answered", "response": response}
    except VersionConflict as conflict:
        return {"outcome": "conflict", "current": conflict.current}
    finally:
        games.store.close()


def boot() -> None:
    from service.app import create_app  # Flask only here: the bid racers start faster without it

    print("ready", flush=True)
    for line in sys.stdin:
        try:
            create_app({"DATABASE": line.strip(), "GAMES": (TOY,)})
            outcome = {"outcome": "booted"}
        except Exception as error:  # noqa: BLE001 - reported to the test, which fails on it
            outcome = {"outcome": "failed", "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(outcome), flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "boot":
        boot()
    else:
        print(json.dumps(bid(*sys.argv[2:])), flush=True)
