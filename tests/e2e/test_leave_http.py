"""After leaving, a player sees what a spectator sees until the game ends (issue 27), over real HTTP.

A Hike! or Peaks seat's hand is hidden from the others. Its player leaves, by its seat token in one game and by
its player key in another; the takeover bot plays the seat on. From then on every read that shows a
seat's hidden information answers the leaver as it answers a spectator: the game's view, the listed
actions, the events, the event stream, the timeline and the replay (whose `as` that seat is refused).
Otherwise the leaver could read the bot's hand and tell a partner.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
import requests

from e2e.contract import Api, Server
from support.sse import sse_messages

API = "/api/v1"
TYPES = ["hike", "peaks"]  # hidden hands
PEOPLE: dict[str, str] = {}  # game id -> the credential of the person who stays


def game(api: Api, game_id: str, token: str | None = None) -> dict[str, Any]:
    return api.call("GET", f"{API}/games/{game_id}", 200, token=token).json()


def resting_for(api: Api, game_id: str, seat: int) -> dict[str, Any]:
    """The game once the bot has played up to `seat`'s turn (the person's, who does not move), or to the
    game's end: it rests."""
    deadline = time.monotonic() + 60
    now: dict[str, Any] = {}
    while time.monotonic() < deadline:
        now = game(api, game_id)
        if (now["to_act"] == [seat] or now["status"] == "finished") and game(api, game_id)["version"] == now["version"]:
            return now
        time.sleep(0.05)
    raise AssertionError(f"the bot did not play up to seat {seat}'s turn: {now.get('status')}, to act "
                         f"{now.get('to_act')}, version {now.get('version')}")


def bot_played(api: Api, game_id: str, seat: int, other: int, since: int) -> dict[str, Any]:
    """The game resting at `other`'s turn after the bot played `seat` at least once since version `since`
    (`other` plays its first listed action meanwhile if it must)."""
    for _ in range(50):
        rest = resting_for(api, game_id, other)
        log = api.call("GET", f"{API}/games/{game_id}/events?after={since}&limit=1000", 200).json()["events"]
        if any(event["seat"] == seat for event in log):
            return rest
        listed = api.call("GET", f"{API}/games/{game_id}/actions", 200, token=PEOPLE[game_id]).json()
        api.call("POST", f"{API}/games/{game_id}/commands", 201, token=PEOPLE[game_id],
                 json={**listed["actions"][0], "expected_version": listed["version"]})
    raise AssertionError(f"the bot never played seat {seat}")


def streamed(server: Server, game_id: str, token: str | None, version: int) -> list[dict[str, Any]]:
    """The game's stream from its start up to `version`, as `token` reads it."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with requests.get(f"{server.base_url}{API}/games/{game_id}/stream", headers=headers, stream=True,
                      timeout=30) as stream:
        assert stream.status_code == 200, stream.text
        bodies = []
        for message in sse_messages(stream):
            if "data" not in message or "id" not in message:
                continue
            bodies.append(json.loads(message["data"]))
            if bodies[-1]["seq"] == version:
                return bodies
    raise AssertionError("the stream ended early")


def reads(api: Api, server: Server, game_id: str, token: str | None, version: int) -> dict[str, Any]:
    """Every read of the game that redacts by seat, as `token` (None: a spectator) gets it."""
    view = game(api, game_id, token)
    return {
        "view": (view["you"], view["state"], view["to_act"], view["version"]),
        "actions": api.call("GET", f"{API}/games/{game_id}/actions", 200, token=token).json(),
        "events": api.call("GET", f"{API}/games/{game_id}/events?limit=1000", 200, token=token).json(),
        "stream": streamed(server, game_id, token, version),
        "timeline": api.call("GET", f"{API}/games/{game_id}/timeline", 200, token=token).json(),
        "replay": api.call("GET", f"{API}/games/{game_id}/replay?at={version}", 200, token=token).json(),
    }


def check_the_leaver_reads_as_a_spectator(api: Api, server: Server, game_id: str, leaver: str, seat: int,
                                          other: int) -> list[dict[str, Any]]:
    """Leave, let the bot play the seat, and compare each read; returns the seat's own events (redacted)."""
    mine = game(api, game_id, leaver)
    assert mine["you"] == seat and mine["state"] != game(api, game_id)["state"]  # a hand the others do not see
    left = api.call("POST", f"{API}/games/{game_id}/leave", 201, token=leaver).json()
    assert [e["type"] for e in left["events"]] == ["SeatLeft"]

    rest = bot_played(api, game_id, seat, other, left["version"])
    as_leaver = reads(api, server, game_id, leaver, rest["version"])
    as_spectator = reads(api, server, game_id, None, rest["version"])

    for read in as_spectator:
        assert as_leaver[read] == as_spectator[read], f"the leaver's {read} is not a spectator's"
    assert as_leaver["view"][0] is None and as_leaver["actions"]["seat"] is None
    seats_own = [event for event in as_leaver["events"]["events"]
                 if event["visibility"] != "public" and seat in event["visibility"]]
    assert all(event["redacted"] for event in seats_own)  # the seat's own cards: dealt, or drawn by the bot
    return seats_own
    refused = api.call("GET", f"{API}/games/{game_id}/replay?at={rest['version']}&as={seat}", 403, token=leaver)
    assert refused.json()["detail"] == f"you left seat {seat}: its view stays private until the game ends"


@pytest.mark.parametrize("type_", TYPES)
def test_a_seat_token_that_left_reads_as_a_spectator(api: Api, server: Server, type_: str) -> None:
    created = api.call("POST", f"{API}/games", 201, json={
        "type": type_, "seats": [{"name": "Ann"}, {"name": "Bob"}], "seed": "left-by-token"}).json()
    tokens = {seat["index"]: seat["token"] for seat in created["seats"]}
    PEOPLE[created["id"]] = tokens[1]

    own = check_the_leaver_reads_as_a_spectator(api, server, created["id"], tokens[0], seat=0, other=1)

    assert own or type_ == "peaks"  # Hike! deals each musher's hand to that seat alone

    bob = game(api, created["id"], tokens[1])
    assert bob["you"] == 1 and bob["state"] != game(api, created["id"])["state"]  # who stays keeps their eyes


@pytest.mark.parametrize("type_", TYPES)
def test_a_player_key_that_left_reads_as_a_spectator(api: Api, server: Server, type_: str) -> None:
    cy = api.call("POST", f"{API}/players", 201, json={"name": "Cy"}).json()
    created = api.call("POST", f"{API}/games", 201, json={
        "type": type_, "seats": [{"name": "Dee"}, {"player": cy["id"]}], "takeover_bot": "random",
        "seed": "left-by-key"}).json()
    PEOPLE[created["id"]] = created["seats"][0]["token"]

    own = check_the_leaver_reads_as_a_spectator(api, server, created["id"], cy["key"], seat=1, other=0)

    assert own or type_ == "peaks"


def test_a_stream_open_when_its_seat_leaves_goes_on_as_a_spectators(api: Api, server: Server) -> None:
    """A stream opened with the seat's token before leaving: the events after the SeatLeft reach it as a
    spectator reads them (a card the bot draws for the seat stays hidden)."""
    for attempt in range(3):  # the server mixes its own bits into the seed: a game may end before such a draw
        played = left_while_streaming(api, server, f"left-while-streaming-{attempt}")
        if played is not None:
            break
    assert played is not None, "in three games the bot drew no card for the seat that left before the end"
    game_id, seen, left, drawn, version = played
    wait_for_seen(seen, version)
    spectator = {event["seq"]: event for event in log(api, game_id, None)}
    after = [body for body in seen if body["seq"] > left]
    assert after and all(body["redacted"] == spectator[body["seq"]]["redacted"] for body in after)
    assert next(body for body in after if body["seq"] == drawn["seq"])["redacted"] is True


def left_while_streaming(api: Api, server: Server, seed: str) -> tuple[str, list[dict[str, Any]], int,
                                                                          dict[str, Any], int] | None:
    """A Peaks game whose seat 0 leaves while its stream is open, played by seat 1 (its first listed action)
    until the takeover bot draws a card only seat 0 sees: (game id, what the stream brought, the version of
    the leave, the drawn card's event, the version then); None if the game ended first."""
    created = api.call("POST", f"{API}/games", 201, json={
        "type": "peaks", "seats": [{"name": "Eve"}, {"name": "Fay"}], "seed": seed}).json()
    game_id = created["id"]
    tokens = {seat["index"]: seat["token"] for seat in created["seats"]}
    seen: list[dict[str, Any]] = []
    reader = threading.Thread(target=follow, args=(server, game_id, tokens[0], seen), daemon=True)
    reader.start()
    wait_for_seen(seen, created["version"])  # the stream is open, as Eve's seat, before she leaves
    left = api.call("POST", f"{API}/games/{game_id}/leave", 201, token=tokens[0]).json()["version"]
    checked = left
    while True:
        rest = resting_for(api, game_id, 1)
        if rest["status"] == "finished":
            return None
        events = api.call("GET", f"{API}/games/{game_id}/events?after={checked}&limit=1000", 200).json()["events"]
        drawn = next((event for event in events if event["visibility"] == [0]), None)
        if drawn is not None:
            return game_id, seen, left, drawn, rest["version"]
        checked = events[-1]["seq"] if events else checked
        listed = api.call("GET", f"{API}/games/{game_id}/actions", 200, token=tokens[1]).json()
        api.call("POST", f"{API}/games/{game_id}/commands", 201, token=tokens[1],
                 json={**listed["actions"][0], "expected_version": listed["version"]})


def log(api: Api, game_id: str, token: str | None) -> list[dict[str, Any]]:
    return api.call("GET", f"{API}/games/{game_id}/events?limit=1000", 200, token=token).json()["events"]


def follow(server: Server, game_id: str, token: str, seen: list[dict[str, Any]]) -> None:
    """Read the game's stream as `token` into `seen` until it ends or the connection goes."""
    try:
        with requests.get(f"{server.base_url}{API}/games/{game_id}/stream", stream=True, timeout=60,
                          headers={"Authorization": f"Bearer {token}"}) as stream:
            for message in sse_messages(stream):
                if "data" in message and "id" in message:
                    seen.append(json.loads(message["data"]))
    except requests.RequestException:
        return


def wait_for_seen(seen: list[dict[str, Any]], version: int) -> None:
    deadline = time.monotonic() + 30
    while not (seen and seen[-1]["seq"] >= version):
        assert time.monotonic() < deadline, "the stream did not catch up"
        time.sleep(0.05)
