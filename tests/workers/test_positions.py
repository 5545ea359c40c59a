"""Global positions a projection can follow, on each backend: many writers race while a follower reads.

The trap (issue 13): positions taken from a sequence are numbered when a transaction inserts
and become visible when it commits, in another order. A follower reading `position > p`
may then see p+2 while p+1's transaction is still committing, pass it, and never read p+1.
Here writer processes (position_writer.py: threads with a storage and handler each, many games)
commit as fast as they can while the test follows the log with `events_from(position, limit)`
in a loop, as the projection and the stream watcher do. The follower must see every event
exactly once, in position order, and never a gap: a position missing when a higher one is
visible is one a later commit would make visible below the follower's mark.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from storage import open_storage

WRITER = Path(__file__).with_name("position_writer.py")
ROOT = Path(__file__).resolve().parents[2]
PROCESSES, THREADS, GAMES, COMMANDS = 4, 2, 3, 50

pytestmark = [pytest.mark.slow, pytest.mark.both_backends]  # each backend numbers and commits its own way


def test_a_follower_sees_every_event_once_in_order_while_many_writers_race(database: str) -> None:
    setup = open_storage(database)
    setup.migrate()  # the schema exists before the writers boot
    setup.close()
    # -X faulthandler: a writer that dies of a signal (seen once under load: no `ready`, no stderr)
    # leaves its stack on stderr, which the assertions below show with its exit status.
    writers = [subprocess.Popen([sys.executable, "-X", "faulthandler", str(WRITER), database, str(THREADS), str(GAMES), str(COMMANDS)],
                                cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True) for _ in range(PROCESSES)]
    follower = open_storage(database)
    try:
        for writer in writers:  # a barrier across processes: every writer has its games and waits
            assert writer.stdout is not None
            line = writer.stdout.readline()
            if line.strip() != "ready":
                out, err = writer.communicate(timeout=30)
                pytest.fail(f"a writer said {line!r} instead of 'ready' (exit status {writer.returncode}):"
                            f" stdout {out[-1000:]!r}, stderr {err[-3000:]!r}")
        seen: list[tuple[int, str, int]] = []  # (position, game id, seq) in the order read
        position = follower.head_position()  # the games' openings, written before the race
        reads = 0
        for writer in writers:
            assert writer.stdin is not None
            writer.stdin.write("go\n")
            writer.stdin.flush()
        started = time.monotonic()
        while True:
            writing = any(writer.poll() is None for writer in writers)
            batch = follower.events_from(position, 25)
            reads += 1
            for event in batch:
                assert event.position == position + 1, (
                    f"position {event.position} was visible after {position} while {position + 1} was not:"
                    f" a commit still to come would land below the follower's mark ({len(seen)} events followed)")
                position = event.position
                seen.append((event.position, event.game_id, event.seq))
            if not batch and not writing:
                break
            assert time.monotonic() - started < 120, "the writers did not finish in 120 s"
        outcomes = [writer.communicate(timeout=30) for writer in writers]
    finally:
        for writer in writers:
            if writer.poll() is None:
                writer.kill()
                writer.communicate()
        follower.close()

    reports = []
    for writer, (out, err) in zip(writers, outcomes):
        assert writer.returncode == 0, err[-3000:]
        reports.append(json.loads(out.strip().splitlines()[-1]))
    assert not [error for report in reports for error in report["errors"]]
    appended = sum(sum(report["appended"]) for report in reports)
    assert appended == PROCESSES * THREADS * COMMANDS

    store = open_storage(database)
    try:
        log = [(e.position, e.game_id, e.seq) for e in store.events_from(seen[0][0] - 1, 1 << 30)]
    finally:
        store.close()
    assert len(seen) == appended and len(set(seen)) == len(seen)  # every event of the race, once
    assert seen == log  # the whole log past the openings, in position order, nothing skipped
    games = {game_id for _, game_id, _ in seen}
    assert len(games) == PROCESSES * THREADS * GAMES
    print(f"{appended} events from {PROCESSES * THREADS} writers on {len(games)} games followed in {reads} reads, "
          f"{time.monotonic() - started:.1f} s")
