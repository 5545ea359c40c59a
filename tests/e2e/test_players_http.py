"""Players over real HTTP (issue 15): keys, open seats and joining (racing joins included), a game that
starts when its last seat fills, leaving to a bot, and the audit, export and import of such a game.
Every request and response is checked against openapi.yaml (e2e/contract.py)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
import requests

from e2e.contract import Api, Server
from service.app import create_app

API = "/api/v1"


def new_player(api: Api, name: str) -> dict[str, Any]:
    return api.call("POST", f"{API}/players", 201, json={"name": name}).json()


def events(api: Api, game_id: str) -> list[dict[str, Any]]:
    return api.call("GET", f"{API}/games/{game_id}/events?limit=1000", 200).json()["events"]


def play_out(api: Api, game_id: str, keys: dict[int, str]) -> dict[str, Any]:
    """Play the game to its end through the listed actions, each human seat with its key."""
    for _ in range(5000):
        game = api.call("GET", f"{API}/games/{game_id}", 200).json()
        if game["status"] == "finished":
            return game
        movers = [seat for seat in game["to_act"] if seat in keys]
        if not movers:  # a bot is to act: its thread plays on
            continue
        listed = api.call("GET", f"{API}/games/{game_id}/actions", 200, token=keys[movers[0]]).json()
        if not listed["actions"]:
            continue
        api.call("POST", f"{API}/games/{game_id}/commands", (201, 409), token=keys[movers[0]],
                 json={**listed["actions"][0], "expected_version": listed["version"]})
    raise AssertionError("the game did not end")


@pytest.mark.both_backends  # players and their games as each backend stores them
def test_a_player_gets_a_key_once_and_a_public_profile(api: Api) -> None:
    ann = new_player(api, "Ann")
    assert len(ann["id"]) == 32 and len(ann["key"]) >= 43 and ann["name"] == "Ann"
    profile = api.call("GET", f"{API}/players/{ann['id']}", 200).json()
    assert profile == {"id": ann["id"], "name": "Ann", "created_at": ann["created_at"], "ratings": {},
                       "recent_games": []}
    assert api.call("GET", f"{API}/players/me", 200, token=ann["key"]).json()["id"] == ann["id"]
    assert "key" not in json.dumps(profile)
    api.call("GET", f"{API}/players/{'0' * 32}", 404)
    api.call("GET", f"{API}/players/me", 401)
    api.call("POST", f"{API}/players", 400, json={"name": "a\u202eb"}, valid_request=False)
    api.call("POST", f"{API}/players", 400, json={}, valid_request=False)


@pytest.mark.both_backends  # each backend's lock on the seat
def test_of_two_racing_joins_exactly_one_takes_the_seat(api: Api, server: Server) -> None:
    host, bea, cal = new_player(api, "Host"), new_player(api, "Bea"), new_player(api, "Cal")
    for _round in range(4):
        table = api.call("POST", f"{API}/games", 201, json={
            "type": "nanga-parbat", "seats": [{"player": host["id"]}, {"open": True}]}).json()
        listed = api.call("GET", f"{API}/games?open=true&type=nanga-parbat", 200).json()["games"]
        assert table["id"] in {game["id"] for game in listed}
        start = threading.Barrier(2)
        answers: dict[str, requests.Response] = {}

        def join(who: dict[str, Any]) -> None:
            start.wait()
            answers[who["name"]] = requests.post(f"{server.base_url}{API}/games/{table['id']}/join", json={"seat": 1},
                                                 headers={"Authorization": f"Bearer {who['key']}"}, timeout=30)

        racers = [threading.Thread(target=join, args=(who,)) for who in (bea, cal)]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join()
        for answer in answers.values():
            api.validate(answer)
        assert sorted(answer.status_code for answer in answers.values()) == [201, 409]
        winner = next(name for name, answer in answers.items() if answer.status_code == 201)
        loser = answers["Cal" if winner == "Bea" else "Bea"].json()
        assert loser["type"].endswith("seat-taken") and "seat 1" in loser["detail"]
        joined = answers[winner].json()
        assert joined["seat"] == 1 and joined["status"] == "active"
        log = events(api, table["id"])
        assert [e["type"] for e in log].count("SeatJoined") == 1
        assert [e["type"] for e in log[-2:]] == ["SeatJoined", "GameStarted"]
        assert log[-2]["data"]["name"] == winner
        assert table["id"] not in {g["id"] for g in api.call("GET", f"{API}/games?open=true", 200).json()["games"]}
        # the seat token the join gave works like the player key
        seat = api.call("GET", f"{API}/games/{table['id']}", 200, token=joined["token"]).json()
        assert seat["you"] == 1 and seat["seats"][1]["name"] == winner and seat["seats"][1]["player"]


def test_a_game_waits_for_its_open_seats_then_starts_with_the_players_names(api: Api) -> None:
    ann, bob = new_player(api, "Ann"), new_player(api, "Bob")
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "hike", "seats": [{"name": "Hal", "bot": "expert"}, {"open": True}, {"open": True, "name": "Chair"}]
    }).json()
    game_id = created["id"]
    assert created["status"] == "open"
    assert [(s["name"], s["open"], "token" in s) for s in created["seats"]] == [
        ("Hal", False, False), ("Open seat 1", True, False), ("Chair", True, False)]
    first = api.call("POST", f"{API}/games/{game_id}/join", 201, token=ann["key"], json={}).json()
    assert (first["seat"], first["status"]) == (1, "open")
    waiting = api.call("GET", f"{API}/games/{game_id}", 200, token=ann["key"]).json()
    assert waiting["status"] == "open" and waiting["to_act"] == [] and waiting["you"] == 1
    assert api.call("GET", f"{API}/games/{game_id}/actions", 200, token=ann["key"]).json()["actions"] == []
    refused = api.call("POST", f"{API}/games/{game_id}/commands", 422, token=first["token"],
                       json={"type": "EndTurn", "args": {}})
    assert refused.json()["detail"] == "the game has not started: seat(s) 2 are open"
    version = waiting["version"]
    second = api.call("POST", f"{API}/games/{game_id}/join", 201, token=bob["key"]).json()
    assert (second["seat"], second["status"], second["version"]) == (2, "active", version + 2)
    log = events(api, game_id)
    started = log[version + 1]
    assert started["type"] == "GameStarted" and started["data"] == {"names": ["Hal", "Ann", "Bob"]}
    assert started["seat"] == 2 and started["visibility"] == "public"
    game = api.call("GET", f"{API}/games/{game_id}", 200).json()
    assert [m["name"] for m in game["state"]["mushers"]] == ["Hal", "Ann", "Bob"]  # renamed at the start
    assert [s["player"] for s in game["seats"]] == [None, ann["id"], bob["id"]]
    profile = api.call("GET", f"{API}/players/{bob['id']}", 200).json()
    assert [(g["id"], g["seat"]) for g in profile["recent_games"]] == [(game_id, 2)]


def test_a_player_who_leaves_is_played_by_the_bot_and_the_game_audits(api: Api, tmp_path: Path) -> None:
    ann, bob = new_player(api, "Ann"), new_player(api, "Bob")
    game = api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"player": ann["id"]}, {"player": bob["id"]}], "takeover_bot": "random"
    }).json()
    game_id = game["id"]
    table_set = events(api, game_id)[-1]
    assert table_set["type"] == "TableSet" and table_set["data"]["players"] == [ann["id"], bob["id"]]
    left = api.call("POST", f"{API}/games/{game_id}/resign", 201, token=ann["key"]).json()
    assert [(e["type"], e["seat"], e["data"]) for e in left["events"]] == [
        ("SeatLeft", 0, {"seat": 0, "bot": "random", "reason": "left", "resigned": True})]
    again = api.call("POST", f"{API}/games/{game_id}/resign", 201, token=ann["key"]).json()
    assert again == left  # sent again: the first answer
    assert "already left" in api.call("POST", f"{API}/games/{game_id}/leave", 422, token=ann["key"]).json()["detail"]
    refused = api.call("POST", f"{API}/games/{game_id}/commands", 422, token=ann["key"],
                       json={"type": "EndTurn", "args": {}})
    assert "left the game" in refused.json()["detail"]
    seats = api.call("GET", f"{API}/games/{game_id}", 200).json()["seats"]
    assert (seats[0]["gone"], seats[0]["bot"], seats[1]["gone"]) == (True, "random", False)
    finished = play_out(api, game_id, {1: bob["key"]})
    log = events(api, game_id)
    assert any(e["seat"] == 0 and e["command_id"].startswith("bot:") for e in log if e["seq"] > left["version"])
    report = api.call("GET", f"{API}/games/{game_id}/audit", 200).json()
    assert report["ok"] and report["checks"]["rederivation"] == "ok", report
    lines = api.call("GET", f"{API}/games/{game_id}/timeline", 200).json()["entries"]
    assert {"seq": left["version"], "type": "SeatLeft", "seat": 0, "label": None,
            "text": "Ann resigned; the random bot plays for them from now on"} in lines
    refused = api.call("POST", f"{API}/games/{game_id}/fork", 422, json={"at": 10}).json()
    assert refused["detail"] == "a game with a table (open seats, players or a clock) cannot be forked"
    exported = api.call("GET", f"{API}/games/{game_id}/export", 200).json()
    assert api.call("POST", f"{API}/replays", 200, json=exported).json()["id"] == game_id  # stored here already
    elsewhere = create_app({"DATABASE": str(tmp_path / "elsewhere.sqlite"), "RATE_LIMITS": "off"})
    try:
        imported = elsewhere.test_client().post(f"{API}/replays", json=exported)
        assert imported.status_code == 201, imported.get_json()
        assert imported.get_json()["head_hash"] == finished["head_hash"]
        audit = elsewhere.test_client().get(f"{API}/games/{imported.get_json()['id']}/audit").get_json()
        assert audit["ok"] and audit["checks"]["rederivation"] == "ok"
    finally:
        elsewhere.extensions["trailhead"].close()


def test_joining_and_leaving_refuse_what_they_cannot_do(api: Api) -> None:
    ann, bob, cid = new_player(api, "Ann"), new_player(api, "Bob"), new_player(api, "Cid")
    table = api.call("POST", f"{API}/games", 201, json={
        "type": "hike", "seats": [{"player": ann["id"]}, {"open": True}, {"name": "Dee"}]}).json()
    game_id = table["id"]
    dee = table["seats"][2]["token"]
    api.call("POST", f"{API}/games/{game_id}/join", 401, valid_request=False)
    assert "no player" in api.call("POST", f"{API}/games/{game_id}/join", 401, token=dee).json()["detail"]
    assert "already hold seat 0" in api.call("POST", f"{API}/games/{game_id}/join", 409, token=ann["key"]).json()["detail"]
    assert "not open" in api.call("POST", f"{API}/games/{game_id}/join", 409, token=bob["key"],
                                  json={"seat": 2}).json()["detail"]
    api.call("POST", f"{API}/games/{game_id}/join", 400, token=bob["key"], json={"seat": 7})
    api.call("POST", f"{API}/games/{'f' * 32}/join", 404, token=bob["key"])
    assert "not started" in api.call("POST", f"{API}/games/{game_id}/leave", 422, token=ann["key"]).json()["detail"]
    assert api.call("GET", f"{API}/games/{game_id}", 403, token=cid["key"]).json()["detail"] == \
        "you hold no seat in this game"
    api.call("POST", f"{API}/games", 400, json={"type": "hike", "seats": [{"player": "0" * 32}, {"name": "x"}]})
    api.call("POST", f"{API}/games", 400, json={"type": "hike", "seats": [{"player": ann["id"]}, {"player": ann["id"]}]})
    api.call("POST", f"{API}/games", 400, json={"type": "hike", "seats": [{"open": True, "bot": "expert"}, {"name": "x"}]},
             valid_request=False)
    api.call("POST", f"{API}/games", 400, json={"type": "hike", "seats": [{"name": "a"}, {"name": "b"}],
                                                "fill_with_bots_after": 5})
    api.call("POST", f"{API}/games", 400, json={"type": "hike", "seats": [{"name": "a"}, {"name": "b"}],
                                                "turn_seconds": 5, "initial_seconds": 60, "increment_seconds": 1})
    api.call("POST", f"{API}/games", 400, json={"type": "hike", "seats": [{"name": "a"}, {"name": "b"}],
                                                "takeover_bot": "nobody", "turn_seconds": 5})
