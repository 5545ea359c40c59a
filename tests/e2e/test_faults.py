"""Faults a real `trailhead serve` must live through, on each backend: SIGKILL of the whole server in the
embedded mode (inline jobs) while bots play and a client commits."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from e2e.contract import ROOT, free_port
from service.app import create_app
from support.databases import rows
from support.serving import wait_healthy

API = "/api/v1"


@contextmanager
def serving(database: str, log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`trailhead serve` (gunicorn, two workers, inline jobs) in a process group of its own."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "TRAILHEAD_SYNCHRONOUS")}
    env.update(TRAILHEAD_DB=database, PYTHONPATH=str(ROOT), TRAILHEAD_RATE_LIMITS="off")  # it polls
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


class Player(threading.Thread):
    """A client playing solo games as fast as it can until the server goes away; it keeps every 201."""

    def __init__(self, base: str) -> None:
        super().__init__(daemon=True)
        self.base = base
        self.acknowledged: list[tuple[str, str, int]] = []  # (game id, command id, version) of each 201
        self.stopped_by: BaseException | None = None  # the connection error the kill caused
        self.failure: BaseException | None = None  # anything else

    def run(self) -> None:
        session = requests.Session()
        try:
            while True:
                created = session.post(f"{self.base}{API}/games", timeout=10,
                                       json={"type": "hikes-of-the-west", "seats": [{"name": "client"}]})
                assert created.status_code == 201, created.text
                game_id = created.json()["id"]
                headers = {"Authorization": f"Bearer {created.json()['seats'][0]['token']}"}
                while True:
                    offered = session.get(f"{self.base}{API}/games/{game_id}/actions", headers=headers,
                                          timeout=10).json()
                    if not offered["actions"]:
                        break  # finished: a new game
                    command_id = uuid.uuid4().hex
                    reply = session.post(f"{self.base}{API}/games/{game_id}/commands", headers=headers, timeout=10,
                                         json={**offered["actions"][0], "expected_version": offered["version"],
                                               "command_id": command_id})
                    assert reply.status_code == 201, reply.text
                    self.acknowledged.append((game_id, command_id, reply.json()["version"]))
        except requests.RequestException as error:  # the kill
            self.stopped_by = error
        except BaseException as error:  # noqa: BLE001 - reported by the test
            self.failure = error
        finally:
            session.close()


def test_a_sigkilled_embedded_server_keeps_every_201_and_finishes_every_bots_only_game_after_its_restart(
        database: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    create_app({"DATABASE": database}).extensions["trailhead"].close()  # the tables exist before two workers boot
    seats = [{"name": f"driver-{i}", "bot": "random"} for i in range(4)]
    with serving(database, log) as (base, process):
        ids = [requests.post(f"{base}{API}/games", json={"type": "hitchiker", "seats": seats, "seed": f"kill-{i}"},
                             timeout=30).json()["id"] for i in range(3)]
        player = Player(base)
        player.start()
        deadline = time.monotonic() + 30
        while not any(version > 50 for version, _ in versions(base, ids).values()) or len(player.acknowledged) < 20:
            assert time.monotonic() < deadline, "the bots or the client did not get going"
            assert player.is_alive(), f"the client stopped: {player.failure or player.stopped_by}"
            time.sleep(0.1)
        os.killpg(process.pid, signal.SIGKILL)  # master and workers at once: no shutdown code runs
        process.wait()
        player.join(timeout=30)
        assert player.failure is None, player.failure
        assert not player.is_alive() and player.stopped_by is not None, "the client was not playing at the kill"
    at_kill = versions_in(database, ids)
    unfinished = [game_id for game_id, (_, status) in at_kill.items() if status != "finished"]
    assert unfinished, "every game had finished before the kill: the test proves nothing"
    # A 201 means committed: every command the client heard a 201 for is in the log, at its version.
    recorded = {(row[0], row[1]): row[2] for row in rows(
        database, "SELECT game_id, command_id, last_seq FROM commands WHERE command_id NOT LIKE ?", ["bot:%"])}
    missing = [(g, c, v) for g, c, v in player.acknowledged if recorded.get((g, c)) != v]
    assert not missing, f"{len(missing)} of {len(player.acknowledged)} acknowledged commands are not in the log"

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


def versions_in(database: str, ids: list[str]) -> dict[str, tuple[int, str]]:
    """What the killed server left in its database (nothing answers on HTTP now)."""
    found = rows(database, f"SELECT id, version, status FROM games WHERE id IN ({','.join('?' * len(ids))})", ids)
    return {row[0]: (row[1], row[2]) for row in found}


pytestmark = [pytest.mark.slow, pytest.mark.both_backends]  # what each backend keeps through a SIGKILL
