"""Tournaments on PostgreSQL with real RQ workers (issue 30): `trailhead serve` with Redis, two `trailhead worker`
processes running the tournament's jobs (creating and linking games, results, pairing, the arena's timer) and
the bots. Each format runs with bots only, and with player entrants playing their own games through the API
(`trailhead-bot --tournament` with the player's key: tournament_players.py). Every exchange the tests make is
checked against openapi.yaml.

The server's tournament streams poll only every ten minutes (TRAILHEAD_TOURNAMENT_STREAM_POLL_SECONDS): what a
worker appends reaches them by its notice on Redis, or not at all within a test."""

from __future__ import annotations

import json
import re
import threading
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
import requests

from e2e.contract import Api
from e2e.tournament_players import (TURN_SECONDS, PlayerRunner, games_of, played_by, points_add_up, runner_games,
                                    seated_again_if_time_allowed)
from support.cli_workers import start_worker, stop_workers
from support.redis_server import own_database
from support.sse import sse_messages
from support.served import Served, serve, stop

API = "/api/v1"
pytestmark = pytest.mark.slow  # real servers, real workers


class Installation:
    def __init__(self, served: Served, logs: list[Path]) -> None:
        self.served = served
        self.logs = logs
        self.api = Api(served.base_url)

    def finished(self, tournament_id: str, seconds: float = 90) -> dict[str, Any]:
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            body = self.api.call("GET", f"{API}/tournaments/{tournament_id}", 200).json()
            if body["status"] == "finished":
                return body
            time.sleep(0.2)
        worker = "\n".join(log.read_text(errors="replace")[-3000:] for log in self.logs)
        raise AssertionError(f"not finished: {body}\n{self.served.output()}\n{worker}")


@pytest.fixture(scope="module")
def installation(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                 redis_server_url: str, worker_id: str) -> Iterator[Installation]:
    workdir = tmp_path_factory.mktemp("tournaments-rq")
    with request.getfixturevalue("postgres").schema() as database, own_database(redis_server_url, worker_id) as redis:
        settings = {"TRAILHEAD_DB": database, "REDIS_URL": redis, "TRAILHEAD_QUEUE_PREFIX": f"t{uuid.uuid4().hex[:8]}",
                    "TRAILHEAD_SWEEP_SECONDS": "1", "TRAILHEAD_ARENA_MINUTE_SECONDS": "3",
                    "TRAILHEAD_TOURNAMENT_STREAM_POLL_SECONDS": "600"}
        served = serve(workdir, **settings)
        logs = [workdir / f"worker-{index}.log" for index in range(2)]
        workers = [start_worker(settings, log) for log in logs]
        try:
            yield Installation(served, logs)
        finally:
            stop_workers(workers)
            stop(served)


def start(installation: Installation, **body: Any) -> str:
    created = installation.api.call("POST", f"{API}/tournaments", 201, json=body).json()
    installation.api.call("POST", f"{API}/tournaments/{created['id']}/start", 201, token=created["creator_token"])
    return str(created["id"])


def test_a_swiss_runs_to_its_end_on_the_workers_and_audits_clean(installation: Installation) -> None:
    tournament_id = start(installation, type="nanga-parbat", format="swiss", name="Swiss on RQ", seats_per_game=2,
                          rounds=3, entrants=[{"bot": "random"} for _ in range(6)])
    body = installation.finished(tournament_id)
    games = [game for round_ in body["rounds"] for table in round_["tables"] for game in table["games"]]
    assert len(games) == 9 and sum(row["points"] for row in body["standings"]) == 9
    report = installation.api.call("GET", f"{API}/tournaments/{tournament_id}/audit", 200).json()
    assert report["ok"], report["problems"]
    worked = "".join(log.read_text(errors="replace") for log in installation.logs)
    assert "tournament_due" in worked and "tournament_game_ended" in worked  # the workers ran the jobs


def test_an_arena_ends_by_its_timer_on_the_workers(installation: Installation) -> None:
    # 4 minutes of 3 s: the first pairing job may wait behind the module's other tests' jobs on the two workers
    # (on a loaded machine, more than the 6 s of 2 minutes: the arena then ended with no game)
    tournament_id = start(installation, type="nanga-parbat", format="arena", name="Arena on RQ", seats_per_game=2,
                          duration_minutes=4, entrants=[{"bot": "random"} for _ in range(4)])
    body = installation.finished(tournament_id)
    games = [game for round_ in body["rounds"] for table in round_["tables"] for game in table["games"]]
    assert len(games) >= 2 and all(game["status"] == "finished" for game in games)
    assert installation.api.call("GET", f"{API}/tournaments/{tournament_id}/audit", 200).json()["ok"]


def test_a_duplicate_round_robin_with_a_player_runs_on_the_workers(installation: Installation) -> None:
    api = installation.api
    player = api.call("POST", f"{API}/players", 201, json={"name": "Pat"}).json()
    tournament_id = start(installation, type="hike", format="round_robin", name="Duplicate on RQ", seats_per_game=2,
                          duplicate=True, turn_seconds=600, entrants=[{"bot": "random"}, {"player": player["id"]}])
    ends = time.monotonic() + 90
    while (body := api.call("GET", f"{API}/tournaments/{tournament_id}", 200).json())["status"] != "finished":
        assert time.monotonic() < ends, installation.served.output()
        for game in [g for r in body["rounds"] for t in r["tables"] for g in t["games"] if g["status"] == "playing"]:
            actions = api.call("GET", f"{API}/games/{game['game_id']}/actions", 200, token=player["key"]).json()
            if actions["actions"]:
                first = actions["actions"][0]
                api.call("POST", f"{API}/games/{game['game_id']}/commands", (201, 409, 422), token=player["key"],
                         json={"type": first["type"], "args": first["args"], "expected_version": actions["version"]})
        time.sleep(0.02)
    games = [g for r in body["rounds"] for t in r["tables"] for g in t["games"]]
    assert len(games) == 2 and games[0]["seats"] == list(reversed(games[1]["seats"]))  # one set, both seatings
    assert sum(row["points"] for row in body["standings"]) == 1
    assert api.call("GET", f"{API}/tournaments/{tournament_id}/audit", 200).json()["ok"]


def test_a_tournament_starts_by_itself_on_the_workers(installation: Installation) -> None:
    at = (datetime.now(UTC) + timedelta(seconds=2)).isoformat()
    created = installation.api.call("POST", f"{API}/tournaments", 201, json={
        "type": "nanga-parbat", "format": "round_robin", "name": "Timed on RQ", "seats_per_game": 2,
        "entrants": [{"bot": "random"} for _ in range(2)], "starts_at": at}).json()
    assert created["status"] == "open"
    body = installation.finished(created["id"])
    assert len(body["rounds"]) == 1
    worked = "".join(log.read_text(errors="replace") for log in installation.logs)
    assert "tournament_starts" in worked  # the workers ran the timer's job


def player(installation: Installation, name: str) -> dict[str, Any]:
    return installation.api.call("POST", f"{API}/players", 201, json={"name": name}).json()


def played_to_the_end(installation: Installation, players: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    """Create and start a tournament with these player entrants, each playing its games with trailhead-bot until
    the tournament finishes; the finished tournament, each player's games checked played by the player itself and
    matched with the games its runner reports."""
    created = installation.api.call("POST", f"{API}/tournaments", 201, json={
        **body, "turn_seconds": TURN_SECONDS,
        "entrants": [*body["entrants"], *({"player": p["id"]} for p in players)]}).json()
    with ExitStack() as stack:
        runners = [stack.enter_context(PlayerRunner(installation.served.base_url, p["key"], created["id"], index))
                   for index, p in enumerate(players)]
        installation.api.call("POST", f"{API}/tournaments/{created['id']}/start", 201, token=created["creator_token"])
        lines = [runner.finished(seconds=180) for runner in runners]
    finished = installation.finished(created["id"], seconds=30)
    for entrant, said in zip(players, lines, strict=True):
        mine = played_by(installation.api, finished, entrant["id"])
        assert mine, f"{entrant['name']} played no game"
        assert sorted(line.split()[2] for line in runner_games(said)) == sorted(game["game_id"] for game in mine)
    points_add_up(finished)
    report = installation.api.call("GET", f"{API}/tournaments/{created['id']}/audit", 200).json()
    assert report["ok"], report["problems"]
    return finished


def test_a_player_plays_every_round_of_a_swiss_on_the_workers(installation: Installation) -> None:
    """Three entrants, two rounds: a game a round and a bye a round; the player plays every round it is paired."""
    pat = player(installation, "Swiss player on RQ")
    body = played_to_the_end(installation, [pat], type="nanga-parbat", format="swiss", name="Swiss with a player",
                             seats_per_game=2, rounds=2, entrants=[{"bot": "random"} for _ in range(2)])
    assert len(body["rounds"]) == 2 and len(games_of(body)) == 2
    assert all(len(round_["byes"]) == 1 and len(round_["tables"]) == 1 for round_ in body["rounds"])
    row = next(row for row in body["standings"] if row["entrant"] == pat["id"])
    assert row["games"] + row["byes"] == 2 and row["byes"] <= 1  # a bye at most, then paired: no repeat bye


def test_a_player_plays_its_arena_games_on_the_workers_until_the_time_is_up(installation: Installation) -> None:
    """Two of this installation's 3-s arena minutes: time for the first wave's job on loaded workers. A player
    whose first wave ended a minute before the arena's end is seated again (checked when it did)."""
    pat = player(installation, "Arena player on RQ")
    time_up = datetime.now(UTC) + timedelta(seconds=6)  # not after the arena's end: it starts after this
    body = played_to_the_end(installation, [pat], type="nanga-parbat", format="arena", name="Arena with a player",
                             seats_per_game=2, duration_minutes=2, entrants=[{"bot": "random"} for _ in range(3)])
    assert len(games_of(body)) >= 2 and all(game["status"] == "finished" for game in games_of(body))
    seated_again_if_time_allowed(installation.api, body, pat["id"], time_up - timedelta(seconds=3))


def test_two_players_meet_in_a_round_robin_on_the_workers(installation: Installation) -> None:
    """Two player entrants and a bot: each plays its two games itself, the one between them included (both seats
    of that game played through the API), and each sits out a round with a bye."""
    ann, bob = player(installation, "Ann on RQ"), player(installation, "Bob on RQ")
    body = played_to_the_end(installation, [ann, bob], type="nanga-parbat", format="round_robin",
                             name="Round robin of players", seats_per_game=2, entrants=[{"bot": "random"}])
    assert len(body["rounds"]) == 3 and len(games_of(body)) == 3
    assert {frozenset(game["seats"]) for game in games_of(body)} == {
        frozenset({ann["id"], bob["id"]}), frozenset({ann["id"], "bot-1"}), frozenset({bob["id"], "bot-1"})}
    assert all(row["games"] == 2 and row["byes"] == 1 for row in body["standings"])


def stream_reads(installation: Installation) -> dict[str, float]:
    """The server's trailhead_tournament_stream_reads_total, by read (service/tournament_streams.py)."""
    text = requests.get(f"{installation.served.base_url}/metrics", timeout=10).text
    found = {"woken": 0.0, "polled": 0.0}
    for name, value in re.findall(r'^trailhead_tournament_stream_reads_total\{read="(\w+)"\} (\S+)$', text, re.M):
        found[name] = float(value)
    return found


def test_the_tournament_stream_reads_nothing_while_idle_and_is_woken_by_the_workers_appends(
        installation: Installation) -> None:
    api = installation.api
    player = api.call("POST", f"{API}/players", 201, json={"name": "Sam"}).json()
    created = api.call("POST", f"{API}/tournaments", 201, json={
        "type": "hike", "format": "round_robin", "name": "Streamed on RQ", "seats_per_game": 2, "turn_seconds": 600,
        "entrants": [{"bot": "random"}, {"player": player["id"]}]}).json()
    tournament_id = created["id"]
    before = stream_reads(installation)
    got: list[tuple[float, str, str]] = []  # (when, event, data)

    def listen() -> None:
        url = f"{installation.served.base_url}{API}/tournaments/{tournament_id}/stream"
        with requests.get(url, stream=True, timeout=120) as response:
            for message in sse_messages(response):
                if "event" in message:
                    got.append((time.monotonic(), message["event"], message.get("data", "")))
                    if message["event"] == "end":
                        return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    ends = time.monotonic() + 10
    while stream_reads(installation)["woken"] < before["woken"] + 1:
        assert time.monotonic() < ends, "the stream never read its tournament"
        time.sleep(0.05)
    time.sleep(0.5)  # (the watcher reads once more when its Redis subscription starts: what it may have missed)
    opened = stream_reads(installation)
    time.sleep(1.5)  # an open tournament, nothing happening
    idle = stream_reads(installation)
    assert idle == opened and idle["woken"] - before["woken"] <= 2 and idle["polled"] == before["polled"]

    started_at = time.monotonic()
    api.call("POST", f"{API}/tournaments/{tournament_id}/start", 201, token=created["creator_token"])
    while not any(event == "gameStarted" for _, event, _ in got):  # the worker pairs and links: its notices wake
        assert time.monotonic() < started_at + 20, (got, installation.served.output())
        time.sleep(0.02)
    game_id = next(json.loads(data)["game_id"] for _, event, data in got if event == "gameStarted")
    time.sleep(1.5)  # the game waits for the player (the bot's move, if it has one first, is not the tournament's)
    waiting = stream_reads(installation)
    time.sleep(1.5)
    assert stream_reads(installation) == waiting  # nothing appended to the tournament: nothing read

    last_command = time.monotonic()
    while True:
        actions = api.call("GET", f"{API}/games/{game_id}/actions", 200, token=player["key"]).json()
        if api.call("GET", f"{API}/games/{game_id}", 200).json()["status"] == "finished":
            break
        if actions["actions"]:
            first = actions["actions"][0]
            api.call("POST", f"{API}/games/{game_id}/commands", (201, 409, 422), token=player["key"],
                     json={"type": first["type"], "args": first["args"], "expected_version": actions["version"]})
            last_command = time.monotonic()
        assert time.monotonic() < started_at + 90, installation.served.output()
        time.sleep(0.02)
    listener.join(30)
    kinds = [event for _, event, _ in got]
    assert kinds == ["roundStarted", "gameStarted", "gameFinished", "standings", "tournamentFinished", "end"], kinds
    assert got[-1][0] - last_command < 20  # the worker's GameResulted and TournamentFinished woke it (poll: 600 s)
    body = api.call("GET", f"{API}/tournaments/{tournament_id}", 200).json()
    assert json.loads(got[-2][2])["standings"] == body["standings"]
    final = stream_reads(installation)
    assert final["polled"] == before["polled"]  # the poll never ran: every read was a wake-up's
    assert final["woken"] - before["woken"] <= body["version"]  # at most one read per append
    worked = "".join(log.read_text(errors="replace") for log in installation.logs)
    assert "tournament_due" in worked and "tournament_game_ended" in worked  # the workers appended
