"""Turn clocks over real HTTP (issue 15): a missed deadline played by the takeover bot and recorded, the seat
handed to the bot for good after `missed_turns_limit` timeouts, a Fischer clock's time shrinking and growing,
open seats filled with bots after `fill_with_bots_after`, and a deadline pending across a restart of
`trailhead serve`. Every request and response is checked against openapi.yaml (e2e/contract.py); the clocks
are kept short (1 to 4 seconds) and every wait polls up to a deadline."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta
from functools import partial
from typing import Any

import requests

from e2e.contract import Api, Server
from storage import open_storage
from support.serving import serving
from support import waiting
from support.sse import sse_messages

API = "/api/v1"


wait_for = partial(waiting.wait_for, timeout=20.0, interval=0.1)


def game(api: Api, game_id: str, token: str | None = None) -> dict[str, Any]:
    return api.call("GET", f"{API}/games/{game_id}", 200, token=token).json()


def events(api: Api, game_id: str) -> list[dict[str, Any]]:
    return api.call("GET", f"{API}/games/{game_id}/events?limit=1000", 200).json()["events"]


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


def test_missed_deadlines_are_played_by_the_takeover_bot_then_the_seat_is_its_for_good(api: Api) -> None:
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"name": "Ann"}, {"name": "Bea", "bot": "random"}], "turn_seconds": 1,
        "missed_turns_limit": 2, "takeover_bot": "random"}).json()
    game_id, ann = created["id"], created["seats"][0]["token"]
    waiting = wait_for(lambda: (g := game(api, game_id, ann))["deadlines"] and g, what="Ann's deadline")
    assert waiting["clock"] == {"turn_seconds": 1, "initial_seconds": None, "increment_seconds": None,
                                "missed_turns_limit": 2, "takeover_bot": "random", "missed": [0, 0],
                                "remaining_seconds": None}
    [deadline] = waiting["deadlines"]
    assert deadline["seat"] == 0 and 0 <= deadline["remaining_seconds"] <= 1
    assert moment(deadline["deadline"]) == moment(waiting["updated_at"]) + timedelta(seconds=1)
    version = waiting["version"]
    listed = api.call("GET", f"{API}/games/{game_id}/actions", 200, token=ann).json()
    log = wait_for(lambda: (e := events(api, game_id)) and any(x["type"] == "TurnTimedOut" for x in e) and e,
                   what="the first timeout")
    timed_out = log[version]
    assert (timed_out["type"], timed_out["seat"], timed_out["data"]) == (
        "TurnTimedOut", 0, {"seat": 0, "bot": "random", "missed": 1, "reason": "timeout"})
    command_id = f"timeout:{game_id}:{version}:0"
    bot_move = [e for e in log[version + 1:] if e["command_id"] == command_id]
    assert timed_out["command_id"] == command_id and bot_move and all(e["seat"] == 0 for e in bot_move)
    late = api.call("POST", f"{API}/games/{game_id}/commands", 409, token=ann,
                    json={**listed["actions"][0], "expected_version": version}).json()
    assert late["type"].endswith("version-conflict") and "seat 0's time ran out: the random bot played" in late["detail"]

    finished = wait_for(lambda: (g := game(api, game_id))["status"] == "finished" and g, timeout=30,
                        what="the second timeout, then the bots to the end")
    log = events(api, game_id)
    left = next(e for e in log if e["type"] == "SeatLeft")
    assert left["data"] == {"seat": 0, "bot": "random", "reason": "timeout", "resigned": False}
    assert log[left["seq"] - 2]["type"] == "TurnTimedOut" and log[left["seq"] - 2]["data"]["missed"] == 2
    assert finished["seats"][0]["gone"] and finished["clock"]["missed"] == [2, 0] and finished["deadlines"] == []
    assert any(e["seat"] == 0 and e["command_id"].startswith("bot:") for e in log[left["seq"]:])  # played for good
    commands = api.call("GET", f"{API}/games/{game_id}/export", 200).json()["commands"]
    timeouts = [c for c in commands if c["type"] == "TimeOut"]
    assert [(c["seat"], c["bot"], c["args"]) for c in timeouts] == [(0, "random", {"seat": 0})] * 2
    report = api.call("GET", f"{API}/games/{game_id}/audit", 200).json()
    assert report["ok"] and report["checks"]["rederivation"] == "ok", report


def test_a_fischer_clock_counts_down_while_the_seat_decides_and_gains_the_increment(api: Api) -> None:
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"name": "Ann"}, {"name": "Bea", "bot": "random"}],
        "initial_seconds": 30, "increment_seconds": 10}).json()
    game_id, ann = created["id"], created["seats"][0]["token"]
    first = wait_for(lambda: (g := game(api, game_id, ann))["deadlines"] and g, what="Ann's deadline")
    time.sleep(0.3)
    later = game(api, game_id, ann)
    assert later["version"] == first["version"]
    shrunk = later["clock"]["remaining_seconds"][0]
    assert shrunk < first["clock"]["remaining_seconds"][0] <= 30
    assert later["deadlines"][0]["remaining_seconds"] == shrunk
    assert later["deadlines"][0]["deadline"] == first["deadlines"][0]["deadline"]  # the same decision
    listed = api.call("GET", f"{API}/games/{game_id}/actions", 200, token=ann).json()
    api.call("POST", f"{API}/games/{game_id}/commands", 201, token=ann,
             json={**listed["actions"][0], "expected_version": listed["version"]})
    after = game(api, game_id, ann)
    bank = after["clock"]["remaining_seconds"][0]
    assert shrunk + 5 < bank <= 40  # what was left, less the moment the command took, plus 10
    assert after["clock"]["initial_seconds"] == 30 and after["clock"]["increment_seconds"] == 10


def test_the_players_stream_tells_the_deadline_of_the_turn(api: Api, server: Server) -> None:
    ann = api.call("POST", f"{API}/players", 201, json={"name": "Ann"}).json()
    with requests.get(f"{server.base_url}{API}/players/me/stream", headers={"Authorization": f"Bearer {ann['key']}"},
                      stream=True, timeout=30) as stream:
        assert stream.status_code == 200
        created = api.call("POST", f"{API}/games", 201, json={
            "type": "nanga-parbat", "seats": [{"player": ann["id"]}, {"name": "Bea", "bot": "random"}],
            "turn_seconds": 60}).json()
        turn = next(body for message in sse_messages(stream) if message.get("event") == "yourTurn"
                    and (body := json.loads(message["data"]))["game_id"] == created["id"])
    view = game(api, created["id"], ann["key"])
    assert turn["version"] == view["version"] and turn["seat"] == 0
    assert turn["deadline"] == view["deadlines"][0]["deadline"]


def test_open_seats_are_filled_with_bots_after_the_delay(api: Api) -> None:
    ann = api.call("POST", f"{API}/players", 201, json={"name": "Ann"}).json()
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"player": ann["id"]}, {"open": True}], "fill_with_bots_after": 1,
        "takeover_bot": "random"}).json()
    game_id = created["id"]
    waiting = game(api, game_id)
    assert waiting["status"] == "open" and waiting["clock"] is None and waiting["deadlines"] == []
    assert moment(waiting["fill_deadline"]) == moment(waiting["created_at"]) + timedelta(seconds=1)
    started = wait_for(lambda: (g := game(api, game_id))["status"] == "active" and g, what="the bots to fill the seat")
    assert started["fill_deadline"] is None
    assert [(s["name"], s["bot"], s["open"]) for s in started["seats"]] == [
        ("Ann", None, False), ("Bot (random)", "random", False)]
    log = events(api, game_id)
    filled = [e for e in log if e["command_id"] == f"fill:{game_id}"]
    assert [(e["type"], e["data"]) for e in filled] == [
        ("SeatFilledByBot", {"seat": 1, "bot": "random"}), ("GameStarted", {"names": ["Ann", "Bot (random)"]})]
    assert game_id not in {g["id"] for g in api.call("GET", f"{API}/games?open=true", 200).json()["games"]}


def test_a_deadline_pending_when_the_server_stops_fires_after_it_starts_again(database: str) -> None:
    with serving(database) as first:
        api = Api(first)
        created = api.call("POST", f"{API}/games", 201, json={
            "type": "nanga-parbat", "seats": [{"name": "Ann"}, {"name": "Bea", "bot": "random"}], "turn_seconds": 4,
            "takeover_bot": "random"}).json()
        game_id = created["id"]
        waiting = wait_for(lambda: (g := game(api, game_id))["deadlines"] and g, what="Ann's deadline")
        api.session.close()
    store = open_storage(database)
    try:  # stopped before the deadline: nothing fired it there
        assert store.game(game_id).version == waiting["version"]  # type: ignore[union-attr]
    finally:
        store.close()
    with serving(database) as second:
        api = Api(second)
        log = wait_for(lambda: (e := events(api, game_id)) and len(e) > waiting["version"] and e, timeout=20,
                       what="the deadline to fire on the new server")
        timed_out = log[waiting["version"]]
        assert (timed_out["type"], timed_out["seat"], timed_out["command_id"]) == (
            "TurnTimedOut", 0, f"timeout:{game_id}:{waiting['version']}:0")
        assert moment(timed_out["recorded_at"]) >= moment(waiting["deadlines"][0]["deadline"])
        api.session.close()
