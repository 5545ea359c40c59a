"""Several hosts (issue 13, README "Several hosts"): two `trailhead serve` and two `trailhead worker`
processes on one PostgreSQL schema and one Redis database, installed as README says.

A game created on one host is played through both; commands racing through both hosts at one
expected version give exactly one 201; bots and projections run on the workers, so a bot seat
plays on its own and the lobby of either host lists every game.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from e2e.contract import ROOT, free_port
from support.databases import TestDatabases, rows
from support.redis_server import own_database
from support.serving import wait_healthy

API = "/api/v1"
SOLO = "hikes-of-the-west"

pytestmark = pytest.mark.slow


class Installation:
    """Two hosts (base URLs) and two workers on one database and one Redis."""

    def __init__(self, database: str, env: dict[str, str], logs: Path) -> None:
        self.database = database
        self.env = env
        self.logs = logs
        self.hosts: list[str] = []
        self.processes: list[subprocess.Popen[bytes]] = []

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "service.cli", *args], cwd=ROOT, env=self.env,
                              capture_output=True, text=True, timeout=60, check=False)

    def start(self, name: str, *args: str) -> subprocess.Popen[bytes]:
        log = self.logs / f"{name}.log"
        with log.open("wb") as sink:  # a group of its own: RQ's scheduler child goes with its worker
            process = subprocess.Popen([sys.executable, "-m", "service.cli", *args], cwd=ROOT, env=self.env,
                                       stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)
        self.processes.append(process)
        return process

    def output(self, name: str, tail: int = 3000) -> str:
        return (self.logs / f"{name}.log").read_text(errors="replace")[-tail:]

    def stop(self) -> list[int | None]:
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        codes = []
        for process in self.processes:
            try:
                codes.append(process.wait(timeout=20))
            except subprocess.TimeoutExpired:
                codes.append(None)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        return codes


@pytest.fixture(scope="module")
def installation(postgres: TestDatabases, redis_server_url: str, worker_id: str,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installation]:
    logs = tmp_path_factory.mktemp("several-hosts")
    with postgres.schema() as database, own_database(redis_server_url, worker_id) as redis_url:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRAILHEAD_")}
        env.update(TRAILHEAD_DB=database, REDIS_URL=redis_url, TRAILHEAD_QUEUE_PREFIX=f"hosts{uuid.uuid4().hex[:8]}",
                   TRAILHEAD_SWEEP_SECONDS="5", TRAILHEAD_RATE_LIMITS="off", PYTHONPATH=str(ROOT))
        setup = Installation(database, env, logs)
        migrated = setup.run("db", "migrate")
        assert migrated.returncode == 0 and "migration(s) applied" in migrated.stdout, migrated.stdout + migrated.stderr
        try:
            for host in ("host-a", "host-b"):
                port = free_port()
                setup.start(host, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "1")
                setup.hosts.append(f"http://127.0.0.1:{port}")
            for worker in ("worker-a", "worker-b"):
                setup.start(worker, "worker")
            for name, base, process in zip(("host-a", "host-b"), setup.hosts, setup.processes):
                wait_healthy(base, process, 60, lambda name=name: setup.output(name))
            yield setup
        finally:
            codes = setup.stop()
        assert codes == [0, 0, 0, 0], f"exit statuses {codes}:\n" + "\n".join(
            setup.output(name) for name in ("host-a", "host-b", "worker-a", "worker-b"))


def wait_for(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        assert time.monotonic() < deadline, f"timed out after {timeout:g} s waiting for {what}"
        time.sleep(0.1)
    return value


def create(base: str, seats: list[dict[str, Any]], type_: str = SOLO) -> dict[str, Any]:
    created = requests.post(f"{base}{API}/games", json={"type": type_, "seats": seats}, timeout=30)
    assert created.status_code == 201, created.text
    return created.json()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_two_hosts_and_two_workers_on_one_postgresql_and_one_redis(installation: Installation) -> None:
    """One scenario (one installation: its tests would each start their own on another xdist worker)."""
    hosts_share_redis_and_postgresql_and_play_no_job_themselves(installation)
    a_game_created_on_one_host_is_played_through_both(installation)
    commands_racing_through_both_hosts_at_one_version_give_exactly_one_201(installation)
    bots_and_projections_run_on_the_workers_and_either_lobby_lists_every_game(installation)


def hosts_share_redis_and_postgresql_and_play_no_job_themselves(installation: Installation) -> None:
    for base in installation.hosts:
        health = requests.get(f"{base}/healthz", timeout=10).json()
        assert health["database"] == "ok" and health["jobs"] == "rq" and health["redis"] == "ok", health


def a_game_created_on_one_host_is_played_through_both(installation: Installation) -> None:
    first, second = installation.hosts
    game = create(first, [{"name": "walker"}])
    headers = auth(game["seats"][0]["token"])
    played = 0
    while True:
        base = installation.hosts[played % 2]  # every other command through the other host
        offered = requests.get(f"{base}{API}/games/{game['id']}/actions", headers=headers, timeout=10).json()
        if not offered["actions"]:
            break
        reply = requests.post(f"{base}{API}/games/{game['id']}/commands", headers=headers, timeout=10,
                              json={**offered["actions"][0], "expected_version": offered["version"]})
        assert reply.status_code == 201, reply.text
        played += 1
    views = [requests.get(f"{base}{API}/games/{game['id']}", headers=headers, timeout=10).json()
             for base in (first, second)]
    assert views[0]["status"] == "finished" and played > 10
    assert {(view["version"], view["head_hash"]) for view in views} == {(views[0]["version"], views[0]["head_hash"])}
    events = [requests.get(f"{base}{API}/games/{game['id']}/events?limit=1000", headers=headers,
                           timeout=10).json()["events"] for base in (first, second)]
    assert events[0] == events[1] and [e["seq"] for e in events[0]] == list(range(1, views[0]["version"] + 1))
    audit = requests.get(f"{second}{API}/games/{game['id']}/audit", timeout=30).json()
    assert audit["status"] == "ok", audit


def commands_racing_through_both_hosts_at_one_version_give_exactly_one_201(installation: Installation) -> None:
    game = create(installation.hosts[1], [{"name": "racer"}])
    headers = auth(game["seats"][0]["token"])
    rounds = 8
    for _ in range(rounds):
        offered = requests.get(f"{installation.hosts[0]}{API}/games/{game['id']}/actions", headers=headers,
                               timeout=10).json()
        assert offered["actions"], "the game ended before the races did"
        body = {**offered["actions"][0], "expected_version": offered["version"]}
        barrier = threading.Barrier(2)
        statuses: dict[int, int] = {}

        def send(host: int, body: dict[str, Any] = body, barrier: threading.Barrier = barrier,
                 statuses: dict[int, int] = statuses) -> None:
            barrier.wait()
            statuses[host] = requests.post(f"{installation.hosts[host]}{API}/games/{game['id']}/commands",
                                           headers=headers, timeout=30,
                                           json={**body, "command_id": uuid.uuid4().hex}).status_code

        racers = [threading.Thread(target=send, args=(host,)) for host in (0, 1)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        assert sorted(statuses.values()) == [201, 409], statuses
    # no gap in seq, and one command record per accepted race
    seqs = [row[0] for row in rows(installation.database, "SELECT seq FROM events WHERE game_id = ? ORDER BY seq",
                                   [game["id"]])]
    assert seqs == list(range(1, len(seqs) + 1))
    commands = rows(installation.database, "SELECT COUNT(*) FROM commands WHERE game_id = ? AND seat = 0",
                    [game["id"]])[0][0]
    assert commands == rounds
    # the same command id through the other host is the first answer again, nothing appended
    offered = requests.get(f"{installation.hosts[0]}{API}/games/{game['id']}/actions", headers=headers,
                           timeout=10).json()
    body = {**offered["actions"][0], "expected_version": offered["version"], "command_id": uuid.uuid4().hex}
    answers = [requests.post(f"{base}{API}/games/{game['id']}/commands", headers=headers, json=body, timeout=10)
               for base in installation.hosts]
    assert [a.status_code for a in answers] == [201, 201] and answers[0].json() == answers[1].json()
    assert len(rows(installation.database, "SELECT 1 FROM events WHERE game_id = ?", [game["id"]])) == \
        answers[0].json()["version"]


def bots_and_projections_run_on_the_workers_and_either_lobby_lists_every_game(installation: Installation) -> None:
    first, second = installation.hosts
    bots_only = create(first, [{"name": "bot-walker", "bot": "random"}])
    with_a_bot = create(second, [{"name": "human"}, {"name": "bot-rider", "bot": "random"}], "hitchiker")
    human = auth(with_a_bot["seats"][0]["token"])
    finished = wait_for(lambda: (g := requests.get(f"{second}{API}/games/{bots_only['id']}", timeout=10).json())
                        ["status"] == "finished" and g, 90, "the bot seat to play its game to the end")
    assert finished["result"] is not None
    bot_commands = rows(installation.database, "SELECT command_id FROM commands WHERE game_id = ? ORDER BY first_seq",
                        [bots_only["id"]])
    assert len(bot_commands) > 1 and all(row[0].startswith("bot:") for row in bot_commands[1:])

    # the human's game: whenever the bot seat is to act, it acts without anyone asking
    def human_to_act() -> dict[str, Any] | None:
        offered = requests.get(f"{first}{API}/games/{with_a_bot['id']}/actions", headers=human, timeout=10).json()
        return offered if offered["actions"] else None

    for _ in range(3):
        offered = wait_for(human_to_act, 60, "the bot seat to hand the turn back")
        reply = requests.post(f"{first}{API}/games/{with_a_bot['id']}/commands", headers=human, timeout=10,
                              json={**offered["actions"][0], "expected_version": offered["version"]})
        assert reply.status_code == 201, reply.text
    bot_moves = rows(installation.database, "SELECT COUNT(*) FROM commands WHERE game_id = ? AND bot IS NOT NULL",
                     [with_a_bot["id"]])[0][0]
    assert bot_moves > 0

    # every game of the module, created through either host, in the lobby of each: projected by the workers
    everything = {row[0] for row in rows(installation.database, "SELECT id FROM games")}
    assert {bots_only["id"], with_a_bot["id"]} <= everything and len(everything) == 4  # and the two above

    def listed(base: str) -> set[str]:
        return {g["id"] for g in requests.get(f"{base}{API}/games?limit=100", timeout=10).json()["games"]}

    for base in (first, second):
        wait_for(lambda base=base: listed(base) == everything, 60, f"the lobby of {base} to list every game")
    finished_lobby = requests.get(f"{first}{API}/games?status=finished&type={SOLO}", timeout=10).json()["games"]
    assert bots_only["id"] in {g["id"] for g in finished_lobby}
    worked = installation.output("worker-a", 1 << 24) + installation.output("worker-b", 1 << 24)
    assert "play_bots(" in worked and "project_read_models(" in worked, worked[-3000:]
