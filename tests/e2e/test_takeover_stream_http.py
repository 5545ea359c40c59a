"""The player's stream after a takeover, over real HTTP (issue 27, section 3): once the player leaves,
resigns or runs out of turns on the clock, its stream sends one `seatTakenOver` (with the reason and
the bot now playing) and no `yourTurn` for that seat any more, while the bot plays it to the end.
Every message is checked against openapi.yaml's PlayerStreamMessage."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
import referencing
import referencing.jsonschema
import yaml

from e2e.contract import SPEC_PATH, Api, Server
from support.player_listener import Listener
from support.waiting import wait_for

API = "/api/v1"
SERVER_ENV = {"TRAILHEAD_STREAM_HEARTBEAT_SECONDS": "0.3"}  # a listener told to stop hears it within 0.3 s


def message_schema() -> jsonschema.Draft202012Validator:
    document = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    resource = referencing.Resource.from_contents(document, default_specification=referencing.jsonschema.DRAFT202012)
    registry = referencing.Registry().with_resource("urn:openapi", resource)
    return jsonschema.Draft202012Validator({"$ref": "urn:openapi#/components/schemas/PlayerStreamMessage"},
                                           registry=registry)


@pytest.fixture
def ann(api: Api) -> dict[str, Any]:
    return api.call("POST", f"{API}/players", 201, json={"name": "Ann"}).json()


@pytest.fixture
def listener(server: Server, ann: dict[str, Any]) -> Iterator[Listener]:
    listening = Listener(server.base_url, ann["key"])
    yield listening
    listening.stop()


def check_takeover(listener: Listener, game_id: str, reason: str, bot: str) -> dict[str, Any]:
    """Exactly one seatTakenOver for Ann's seat 0 of the game, valid, and no yourTurn after it."""
    messages = listener.of(game_id)
    schema = message_schema()
    for message in messages:
        schema.validate({k: v for k, v in message.items() if k not in ("id", "event")})
        assert message["event"] == message["type"]
    [taken] = [m for m in messages if m["type"] == "seatTakenOver"]
    assert (taken["game"], taken["game_id"], taken["seat"], taken["reason"], taken["bot"]) == (
        game_id, game_id, 0, reason, bot)
    after = messages[messages.index(taken) + 1:]
    assert [m for m in after if m["type"] == "yourTurn"] == []
    assert [m["id"] for m in messages] == sorted(m["id"] for m in messages)
    return taken


def finished(api: Api, game_id: str) -> dict[str, Any]:
    return wait_for(lambda: (g := api.call("GET", f"{API}/games/{game_id}", 200).json())["status"] == "finished"
                    and g, what="the bots to finish the game")


@pytest.mark.parametrize("how", ["leave", "resign"])
def test_after_leaving_or_resigning_the_stream_says_so_once_and_sends_no_more_turns(
        api: Api, ann: dict[str, Any], listener: Listener, how: str) -> None:
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"player": ann["id"]}, {"name": "Bea", "bot": "random"}],
        "takeover_bot": "random", "seed": f"takeover-{how}"}).json()
    game_id = created["id"]
    wait_for(lambda: listener.of(game_id, "yourTurn"), what="Ann's first turn")
    api.call("POST", f"{API}/games/{game_id}/{how}", 201, token=ann["key"])
    final = finished(api, game_id)
    wait_for(lambda: listener.of(game_id, "gameFinish"), what="the gameFinish message")
    taken = check_takeover(listener, game_id, "resigned" if how == "resign" else "left", "random")
    assert taken["status"] == "active"
    seat_left = next(e for e in api.call("GET", f"{API}/games/{game_id}/events?limit=1000", 200).json()["events"]
                     if e["type"] == "SeatLeft")
    assert taken["version"] == seat_left["seq"]
    [end] = listener.of(game_id, "gameFinish")
    assert end["version"] == final["version"] and end["winners"] == final["result"]["winners"]


def test_after_missing_too_many_turns_the_stream_says_timeout(
        api: Api, ann: dict[str, Any], listener: Listener) -> None:
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"player": ann["id"]}, {"name": "Bea", "bot": "random"}],
        "turn_seconds": 1, "missed_turns_limit": 1, "takeover_bot": "random", "seed": "takeover-timeout"}).json()
    game_id = created["id"]
    finished(api, game_id)  # Ann never acts: her first deadline hands her seat to the bot for good
    wait_for(lambda: listener.of(game_id, "gameFinish"), what="the gameFinish message")
    check_takeover(listener, game_id, "timeout", "random")
    assert len(listener.of(game_id, "yourTurn")) == 1  # the turn she let pass, and none after


def test_a_stream_opened_after_the_takeover_says_so_and_sends_no_turns_for_the_seat(
        api: Api, server: Server, ann: dict[str, Any], listener: Listener) -> None:
    bob = api.call("POST", f"{API}/players", 201, json={"name": "Bob"}).json()
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "nanga-parbat", "seats": [{"player": ann["id"]}, {"player": bob["id"]}],
        "takeover_bot": "random", "seed": "takeover-later"}).json()
    game_id = created["id"]
    first = wait_for(lambda: listener.of(game_id, "gameStart"), what="the gameStart message")[0]
    api.call("POST", f"{API}/games/{game_id}/leave", 201, token=ann["key"])
    for _ in range(6):  # Bob plays on; the bot answers for Ann's seat each time it is to act
        listed = wait_for(lambda: (a := api.call("GET", f"{API}/games/{game_id}/actions", 200,
                                                  token=bob["key"]).json())["actions"] and a, what="Bob's turn")
        api.call("POST", f"{API}/games/{game_id}/commands", 201, token=bob["key"],
                 json={**listed["actions"][0], "expected_version": listed["version"]})
    version = api.call("GET", f"{API}/games/{game_id}", 200).json()["version"]
    wait_for(lambda: any(m["version"] >= version for m in listener.messages if m["game_id"] == game_id)
             or listener.of(game_id, "seatTakenOver"), what="the stream to catch up")
    time.sleep(0.5)
    check_takeover(listener, game_id, "left", "random")

    # from now (no Last-Event-ID): the game's start and its takeover, no turn of the seat
    fresh = Listener(server.base_url, ann["key"])
    try:
        wait_for(lambda: fresh.of(game_id, "seatTakenOver"), what="the fresh stream's seatTakenOver")
        time.sleep(0.5)
    finally:
        fresh.stop()
    assert [m["type"] for m in fresh.of(game_id)] == ["gameStart", "seatTakenOver"]
    # resumed from the first message: the takeover once, as it was sent the first time
    resumed = Listener(server.base_url, ann["key"], last_id=first["id"])
    try:
        wait_for(lambda: resumed.of(game_id, "seatTakenOver"), what="the resumed stream's seatTakenOver")
        time.sleep(0.5)
    finally:
        resumed.stop()
    assert resumed.of(game_id) == [m for m in listener.of(game_id) if m["id"] > first["id"]]
