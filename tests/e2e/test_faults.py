"""Faults a real `trailhead serve` must live through: SIGKILL of the whole server in the embedded mode."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from e2e.contract import ROOT, free_port
from service.app import create_app
from support.serving import wait_healthy

API = "/api/v1"


@contextmanager
def serving(database: Path, log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`trailhead serve` (gunicorn, two workers, inline jobs) in a process group of its own."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "TRAILHEAD_SYNCHRONOUS")}
    env.update(TRAILHEAD_DB=str(database), PYTHONPATH=str(ROOT), TRAILHEAD_RATE_LIMITS="off")  # it polls
    with log.open("ab") as sink:
        process = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--port",
                                    str(port), "--workers", "2"], cwd=ROOT, env=env, stdout=sink,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, process, 60, lambda: log.read_text(errors="replace")[-3000:])
        yield base, process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)


def versions(base: str, ids: list[str]) -> dict[str, tuple[int, str]]:
    games = (requests.get(f"{base}{API}/games/{game_id}", timeout=10).json() for game_id in ids)
    return {game["id"]: (game["version"], game["status"]) for game in games}


def test_a_sigkilled_embedded_server_finishes_every_bots_only_game_after_its_restart(tmp_path: Path) -> None:
    database, log = tmp_path / "trailhead.sqlite", tmp_path / "server.log"
    create_app({"DATABASE": str(database)})  # the tables exist before two workers boot on the file
    seats = [{"name": f"driver-{i}", "bot": "random"} for i in range(4)]
    with serving(database, log) as (base, process):
        ids = [requests.post(f"{base}{API}/games", json={"type": "hitchiker", "seats": seats, "seed": f"kill-{i}"},
                             timeout=30).json()["id"] for i in range(3)]
        deadline = time.monotonic() + 30
        while not any(version > 50 for version, _ in versions(base, ids).values()):
            assert time.monotonic() < deadline, "the bots did not start playing"
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGKILL)  # master and workers at once: no shutdown code runs
        process.wait()
    at_kill = versions_from_file(database, ids)
    unfinished = [game_id for game_id, (_, status) in at_kill.items() if status != "finished"]
    assert unfinished, "every game had finished before the kill: the test proves nothing"

    with serving(database, log) as (base, _process):
        restarted = time.monotonic()
        resumed_after = None
        deadline = restarted + 180
        while True:
            now = versions(base, ids)
            if resumed_after is None and any(now[g][0] > at_kill[g][0] for g in unfinished):
                resumed_after = time.monotonic() - restarted
            if all(status == "finished" for _, status in now.values()):
                break
            assert time.monotonic() < deadline, f"not finished after the restart: {now}"
            time.sleep(0.2)
        print(f"bots resumed {resumed_after:.2f} s after the restart answered; all finished after "
              f"{time.monotonic() - restarted:.1f} s")
        for game_id in ids:
            audit = requests.get(f"{base}{API}/games/{game_id}/audit", timeout=60).json()
            assert audit["status"] == "ok", audit


def versions_from_file(database: Path, ids: list[str]) -> dict[str, tuple[int, str]]:
    """What the killed server left in its file (nothing answers on HTTP now)."""
    import sqlite3

    conn = sqlite3.connect(database)
    try:
        rows = conn.execute(f"SELECT id, version, status FROM games WHERE id IN ({','.join('?' * len(ids))})",
                            ids).fetchall()
    finally:
        conn.close()
    return {row[0]: (row[1], row[2]) for row in rows}


pytestmark = pytest.mark.slow
