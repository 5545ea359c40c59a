"""A player's stream over real HTTP against `trailhead serve`: gameStart, yourTurn and gameFinish
across three simultaneous games, and resuming with Last-Event-ID."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from support.serving import serving
from support.sse import play, sse_messages

API = "/api/v1"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(module_database: str) -> Iterator[str]:
    with serving(module_database, TRAILHEAD_STREAM_HEARTBEAT_SECONDS="0.3") as base:
        yield base


def player(base: str, name: str) -> dict[str, Any]:
    reply = requests.post(f"{base}{API}/players", json={"name": name}, timeout=10)
    assert reply.status_code == 201, reply.text
    body = reply.json()
    return {**body, "headers": {"Authorization": f"Bearer {body['key']}"}}


def listen(base: str, who: dict[str, Any], out: list[dict[str, Any]], stop: threading.Event,
           last_id: int | None = None) -> None:
    headers = dict(who["headers"])
    if last_id is not None:
        headers["Last-Event-ID"] = str(last_id)
    with requests.get(f"{base}{API}/players/me/stream", headers=headers, stream=True, timeout=30) as response:
        assert response.status_code == 200, response.text
        assert response.headers["Cache-Control"] == "no-store"
        for message in sse_messages(response):
            if stop.is_set():
                return
            if "data" in message:
                body = json.loads(message["data"])
                assert body["type"] == message["event"]
                out.append({**body, "id": int(message["id"])})


def wait_for(condition: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_players_stream_follows_three_games_and_resumes(server: str) -> None:
    ann, bob = player(server, "Ann"), player(server, "Bob")
    seen: list[dict[str, Any]] = []
    stop = threading.Event()
    reader = threading.Thread(target=listen, args=(server, ann, seen, stop), daemon=True)
    reader.start()
    time.sleep(0.5)  # the stream is open before the games begin

    # 1: Ann and Bob hold the seats from the start; 2: Bob opens a table and Ann joins it;
    # 3: Ann's solo hike, played to its end
    duel = requests.post(f"{server}{API}/games", timeout=10, json={
        "type": "nanga-parbat", "seats": [{"player": ann["id"]}, {"player": bob["id"]}]}).json()
    table = requests.post(f"{server}{API}/games", timeout=10, json={
        "type": "nanga-parbat", "seats": [{"player": bob["id"]}, {"open": True}]}).json()
    assert table["status"] == "open"
    joined = requests.post(f"{server}{API}/games/{table['id']}/join", json={}, headers=ann["headers"], timeout=10)
    assert joined.status_code == 201 and joined.json()["status"] == "active"
    hike = requests.post(f"{server}{API}/games", timeout=10, json={
        "type": "hikes-of-the-west", "seats": [{"player": ann["id"]}]}).json()
    final = play(server, hike["id"], ann["headers"])

    def of(game: dict[str, Any], kind: str) -> list[dict[str, Any]]:
        return [m for m in seen if m["game_id"] == game["id"] and m["type"] == kind]

    wait_for(lambda: of(hike, "gameFinish") and of(duel, "gameStart") and of(table, "gameStart"))
    # every game started once, with Ann's seat; the hike finished at its last version
    for game, seat in ((duel, 0), (table, 1), (hike, 0)):
        assert [(m["seat"], m["game_type"]) for m in of(game, "gameStart")] == [(seat, game["type"])]
    assert [(m["version"], m["status"]) for m in of(hike, "gameFinish")] == [(final, "finished")]
    result = requests.get(f"{server}{API}/games/{hike['id']}", timeout=10).json()["result"]
    assert of(hike, "gameFinish")[0]["winners"] == result["winners"]
    # a yourTurn for every decision Ann made in the hike, and exactly when her seat was to act
    turns = of(hike, "yourTurn")
    assert len(turns) >= 3 and all(t["deadline"] is None and t["status"] == "active" for t in turns)
    assert turns == sorted(turns, key=lambda m: m["version"]) and len({t["version"] for t in turns}) == len(turns)
    # Nanga Parbat: whoever is to act in each duel gets (or does not get) Ann's yourTurn
    for game, seat in ((duel, 0), (table, 1)):
        to_act = requests.get(f"{server}{API}/games/{game['id']}", timeout=10).json()["to_act"]
        assert bool(of(game, "yourTurn")) == (seat in to_act)
    ids = [m["id"] for m in seen]
    assert ids == sorted(ids)

    # Resuming after the third message gives exactly what followed it, in order
    stop.set()
    again: list[dict[str, Any]] = []
    stop_again = threading.Event()
    cut = seen[2]["id"]
    resumed = threading.Thread(target=listen, args=(server, ann, again, stop_again, cut), daemon=True)
    resumed.start()
    expected = [m for m in seen if m["id"] > cut]
    wait_for(lambda: len(again) >= len(expected))
    stop_again.set()
    assert again[:len(expected)] == expected

    # A new stream without Last-Event-ID starts from now: the two ongoing duels, not the finished hike
    fresh: list[dict[str, Any]] = []
    stop_fresh = threading.Event()
    threading.Thread(target=listen, args=(server, ann, fresh, stop_fresh), daemon=True).start()
    wait_for(lambda: {m["game_id"] for m in fresh if m["type"] == "gameStart"} == {duel["id"], table["id"]})
    time.sleep(0.5)
    stop_fresh.set()
    assert hike["id"] not in {m["game_id"] for m in fresh}


def test_the_stream_needs_a_player_key(server: str) -> None:
    reply = requests.get(f"{server}{API}/players/me/stream", timeout=10)
    assert reply.status_code == 401 and reply.headers["Content-Type"] == "application/problem+json"
    reply = requests.get(f"{server}{API}/players/me/stream", headers={"Authorization": "Bearer nobody"}, timeout=10)
    assert reply.status_code == 401 and "no player" in reply.json()["detail"]
