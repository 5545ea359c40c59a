"""GET /metrics and the JSON request log of a real `trailhead serve` (two gunicorn workers, multiprocess metrics).

The tests send known requests over fresh connections (so both workers take some), tally what they were
answered, and check that a scrape, answered by either worker, shows exactly those counts moving.
"""

from __future__ import annotations

import collections
import json
import re
import time
from typing import Any

import pytest
import requests

from e2e.contract import Api, Server

SERVER_ENV = {
    "TRAILHEAD_LOG_FORMAT": "json",
    "TRAILHEAD_RATE_LIMITS": "command=30/minute;read=off;create=off;analysis=off",
    "TRAILHEAD_METRICS_TOKEN": None,
    "PROMETHEUS_MULTIPROC_DIR": None,  # `trailhead serve` makes its own
}
SAMPLE = re.compile(r"^(?P<name>[a-z_]+)(?:\{(?P<labels>[^}]*)\})? (?P<value>\S+)$")
LOG_FIELDS = {"time", "request_id", "method", "route", "game_id", "seat", "status", "duration_ms", "bytes", "client"}


def scrape(base_url: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of a scrape: (name, labels) -> value."""
    response = requests.get(base_url + "/metrics", timeout=10)
    assert response.status_code == 200, response.text
    assert response.headers["Content-Type"].startswith("text/plain; version=")
    samples = {}
    for line in response.text.splitlines():
        match = SAMPLE.match(line)
        if match is None:
            continue
        labels = frozenset(re.findall(r'(\w+)="([^"]*)"', match["labels"] or ""))
        samples[(match["name"], labels)] = float(match["value"])
    return samples


def value(samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


class Tally:
    """Requests over fresh connections (each may land on either worker), counted by route and status."""

    def __init__(self, server: Server) -> None:
        self.base = server.base_url
        self.requests: collections.Counter[tuple[str, int]] = collections.Counter()

    def send(self, method: str, path: str, route: str, token: str | None = None, **kwargs: Any) -> requests.Response:
        headers = {"Connection": "close", **kwargs.pop("headers", {})}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        response = requests.request(method, self.base + path, headers=headers, timeout=30, **kwargs)
        self.requests[(route, response.status_code)] += 1
        return response


def new_game(tally: Tally, seats: list[dict[str, Any]]) -> dict[str, Any]:
    response = tally.send("POST", "/api/v1/games", "/api/v1/games", json={"type": "hike", "seats": seats})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def play_one(tally: Tally, game: dict[str, Any]) -> tuple[int, int, dict[str, Any]]:
    """One legal command of the seat to act: (its seat, the version it was decided on, the command) and sent."""
    view = tally.send("GET", f"/api/v1/games/{game['id']}", "/api/v1/games/<game_id>").json()
    seat = view["to_act"][0]
    token = game["seats"][seat]["token"]
    actions = tally.send("GET", f"/api/v1/games/{game['id']}/actions", "/api/v1/games/<game_id>/actions",
                         token=token).json()
    command = {"type": actions["actions"][0]["type"], "args": actions["actions"][0]["args"],
               "expected_version": actions["version"]}
    response = tally.send("POST", f"/api/v1/games/{game['id']}/commands", "/api/v1/games/<game_id>/commands",
                          token=token, json=command)
    assert response.status_code == 201, response.text
    return seat, actions["version"], command


def test_a_scrape_counts_the_commands_and_requests_sent(server: Server, api: Api) -> None:
    before = scrape(server.base_url)
    tally = Tally(server)
    outcomes: collections.Counter[int] = collections.Counter()
    game = new_game(tally, [{"name": "ann"}, {"name": "bob"}])
    commands = f"/api/v1/games/{game['id']}/commands"
    rule = "/api/v1/games/<game_id>/commands"
    for _ in range(5):
        seat, version, command = play_one(tally, game)
        outcomes[201] += 1
    token = game["seats"][seat]["token"]
    stale = tally.send("POST", commands, rule, token=token, json={**command, "expected_version": version})
    outcomes[stale.status_code] += 1
    invalid = tally.send("POST", commands, rule, token=token, json={"type": "NoSuchCommand", "args": {}})
    outcomes[invalid.status_code] += 1
    malformed = tally.send("POST", commands, rule, token=token, json={"args": "not an object"})
    outcomes[malformed.status_code] += 1
    view = tally.send("GET", f"/api/v1/games/{game['id']}", "/api/v1/games/<game_id>").json()
    waiting = next(seat for seat in range(2) if seat not in view["to_act"])
    illegal = tally.send("POST", commands, rule, token=game["seats"][waiting]["token"],
                         json={"type": "EndTurn", "args": {}})
    outcomes[illegal.status_code] += 1
    assert (stale.status_code, invalid.status_code, malformed.status_code, illegal.status_code) == (409, 400, 400, 422)
    # Another game's seat spends its command allowance (30 a minute per seat, per worker) on malformed commands
    # until it is refused: 429s, counted as rate_limited
    other = new_game(tally, [{"name": "cy"}, {"name": "di"}])
    for _ in range(70):
        refused = tally.send("POST", f"/api/v1/games/{other['id']}/commands", rule, token=other["seats"][0]["token"],
                             json={"type": "NoSuchCommand", "args": {}})
        outcomes[refused.status_code] += 1
    assert outcomes[429] >= 1, outcomes
    after = scrape(server.base_url)

    def moved(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert {outcome: moved("trailhead_commands_total", type="hike", outcome=outcome)
            for outcome in ("accepted", "conflict", "illegal", "invalid", "rate_limited")} == {
        "accepted": outcomes[201], "conflict": outcomes[409], "illegal": outcomes[422], "invalid": outcomes[400],
        "rate_limited": outcomes[429]}
    # the handler's time over every command that reached it (all but the malformed and the rate-limited)
    # the handler timed every command that reached it: all but the malformed body and the rate-limited ones
    assert moved("trailhead_command_seconds_count", type="hike") == outcomes[201] + outcomes[409] + outcomes[422] + (
        outcomes[400] - 1)
    for (route, status), count in tally.requests.items():
        assert moved("trailhead_http_requests_total", route=route, status=str(status)) == count, (route, status)
    assert moved("trailhead_http_requests_total", route="/metrics", status="200") == 1  # the first scrape
    assert value(after, "trailhead_projection_lag_events") >= 0
    api.call("GET", "/metrics", 200)  # the contract describes it


def test_streams_open_are_counted_across_workers(server: Server) -> None:
    tally = Tally(server)
    game = new_game(tally, [{"name": "ann"}, {"name": "bob"}])
    assert value(scrape(server.base_url), "trailhead_streams_open") == 0
    streams = [requests.get(f"{server.base_url}/api/v1/games/{game['id']}/stream", stream=True, timeout=10,
                            headers={"Connection": "close"}) for _ in range(3)]
    try:
        assert [stream.status_code for stream in streams] == [200, 200, 200]
        assert value(scrape(server.base_url), "trailhead_streams_open") == 3
    finally:
        for stream in streams:
            stream.close()
    deadline = time.monotonic() + 10
    while value(scrape(server.base_url), "trailhead_streams_open") != 0:
        assert time.monotonic() < deadline, "the closed streams are still counted"
        time.sleep(0.1)


def test_bots_decisions_and_commands_are_counted(server: Server) -> None:
    tally = Tally(server)
    before = scrape(server.base_url)
    game = new_game(tally, [{"name": "r1", "bot": "random"}, {"name": "r2", "bot": "random"}])
    deadline = time.monotonic() + 60
    while tally.send("GET", f"/api/v1/games/{game['id']}", "/api/v1/games/<game_id>").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.2)
    after = scrape(server.base_url)
    decided = value(after, "trailhead_bot_decision_seconds_count", type="hike", level="random") - value(
        before, "trailhead_bot_decision_seconds_count", type="hike", level="random")
    accepted = value(after, "trailhead_commands_total", type="hike", outcome="accepted") - value(
        before, "trailhead_commands_total", type="hike", outcome="accepted")
    assert decided >= 10 and accepted == decided
    settled = time.monotonic() + 30  # the gauges are read from the read models, which catch up on their own
    while value(after, "trailhead_bot_turns_waiting") or value(after, "trailhead_deadlines_pending"):
        assert time.monotonic() < settled, "bot turns or deadlines still pending after the game finished"
        time.sleep(0.2)
        after = scrape(server.base_url)


def test_the_json_request_log_names_each_request_and_never_a_secret(server: Server) -> None:
    tally = Tally(server)
    game = new_game(tally, [{"name": "ann"}, {"name": "bob"}])
    token = game["seats"][0]["token"]
    player = tally.send("POST", "/api/v1/players", "/api/v1/players", json={"name": "logged"}).json()
    key = player["key"]
    sent = tally.send("GET", f"/api/v1/games/{game['id']}?token={token}&key={key}", "/api/v1/games/<game_id>",
                      token=token, headers={"X-Request-Id": "trace-42.seat:0", "X-Player-Key": key})
    assert sent.status_code == 200 and sent.headers["X-Request-Id"] == "trace-42.seat:0"
    refused = tally.send("GET", f"/api/v1/games/{game['id']}/actions?key={key}", "/api/v1/games/<game_id>/actions",
                         token=key, headers={"X-Request-Id": "no spaces allowed"})
    assert refused.status_code == 403
    fresh = refused.headers["X-Request-Id"]
    assert re.fullmatch(r"[0-9a-f]{32}", fresh) and refused.json()["instance"] == fresh
    too_long = tally.send("GET", "/api/v1/nowhere", "unmatched", headers={"X-Request-Id": "a" * 129})
    assert too_long.status_code == 404 and too_long.json()["instance"] == too_long.headers["X-Request-Id"] != "a" * 129
    deadline = time.monotonic() + 5
    while True:
        text = server.log.read_text(errors="replace")
        lines = [json.loads(line) for line in text.splitlines() if line.startswith('{"time"')]
        by_id = {line["request_id"]: line for line in lines if "request_id" in line}
        if {"trace-42.seat:0", fresh, too_long.headers["X-Request-Id"]} <= by_id.keys():
            break
        assert time.monotonic() < deadline, text[-2000:]
        time.sleep(0.1)
    assert token not in text and key not in text
    line = by_id["trace-42.seat:0"]
    assert set(line) == LOG_FIELDS
    assert (line["method"], line["route"], line["game_id"], line["seat"], line["status"]) == (
        "GET", "/api/v1/games/<game_id>", game["id"], 0, 200)
    assert line["bytes"] == len(sent.content) and 0 < line["duration_ms"] < 10_000
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["time"])
    assert (by_id[fresh]["status"], by_id[fresh]["seat"]) == (403, None)
    assert by_id[too_long.headers["X-Request-Id"]]["route"] is None
    assert " GET /api/v1/games" not in text  # no access-log line (it writes the raw path) beside the JSON ones
