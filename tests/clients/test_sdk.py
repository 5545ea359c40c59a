"""The SDK against a real `trailhead serve`: every operation, the problems as exceptions, safe retries,
the event stream's resumption after a drop, and `turns()` to the end of a game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import requests

from support.proxy import Proxy
from trailhead_client import (
    BadRequest, Client, CommandIdReused, ConnectionFailed, Forbidden, IllegalCommand, NotFound, SeatHandle,
    Turn, Unauthorized, VersionConflict,
)

GAME_TYPES = ["hike", "hikes-of-the-west", "nanga-parbat", "hitchiker", "peaks"]
QUICK = {"round_limit": 3}  # a Hitchiker of three rounds: a few seconds over HTTP


def hitchiker(client: Client, seed: str) -> SeatHandle:
    """A new two-seat Hitchiker, seat 0 ours, seat 1 the strongest bot's."""
    created = client.create_game("hitchiker", ["sdk", {"name": "bot", "bot": client.strongest_bot("hitchiker")}],
                                 options=QUICK, seed=seed)
    assert created["seats"][0]["token"] and "token" not in created["seats"][1]
    return client.seats_of(created)[0]


def first_turn(seat: SeatHandle) -> Turn:
    """The seat's first turn (the bot may move first: the starting roll decides)."""
    turns = seat.turns()
    try:
        return next(turns)
    finally:
        turns.close()


def play_out(seat: SeatHandle) -> int:
    """Play the first listed action at every turn until the game is over; the number of moves made."""
    moves = 0
    for turn in seat.turns():
        assert turn.actions and turn.view["version"] == turn.version and seat.index in turn.view["to_act"]
        turn.play(0)
        moves += 1
    return moves


@pytest.fixture(scope="module")
def finished(server: Any) -> Iterator[tuple[Client, SeatHandle]]:
    """A Hitchiker played to its end by seat 0."""
    with Client(server.base_url) as sdk:
        seat = hitchiker(sdk, "sdk-finished")
        assert play_out(seat) > 0
        yield sdk, seat


def test_game_types_are_listed_and_one_is_described_and_kept_by_its_etag(client: Client) -> None:
    types = client.game_types()
    assert [t["id"] for t in types] == GAME_TYPES
    statuses: list[int] = []
    client.transport.session.hooks["response"].append(lambda response, *a, **k: statuses.append(response.status_code))
    described = client.game_type("peaks")
    assert described["id"] == "peaks" and {"Climb", "GainMountain"} <= set(described["commands"])
    assert described["view_schema"]["type"] == "object" and {"rules", "catalog"} <= set(described)
    assert client.game_type("peaks") is described  # If-None-Match answered 304: the kept copy
    assert statuses == [200, 304]
    assert client.strongest_bot("hike") == [level for level in next(t for t in types if t["id"] == "hike")["bots"]
                                            if level != "search"][-1]


def test_turns_yield_until_the_game_is_over_then_end(finished: tuple[Client, SeatHandle]) -> None:
    _, seat = finished
    game = seat.view()
    assert game["status"] == "finished" and game["you"] == 0 and game["to_act"] == []
    result = seat.result()
    assert result is not None and {s["seat"] for s in result["standings"]} == {0, 1}
    assert list(seat.turns()) == [] and seat.turn() is None  # a finished game has no turn left
    assert len(seat.actions()) == 0


def test_the_log_replays_audits_exports_imports_and_forks(finished: tuple[Client, SeatHandle]) -> None:
    client, seat = finished
    version = seat.view()["version"]
    events = list(client.iter_events(seat.game_id))
    assert [e["seq"] for e in events] == list(range(1, version + 1))
    page = client.events(seat.game_id, seat.token, after=2, limit=3)
    assert [e["seq"] for e in page["events"]] == [3, 4, 5] and page["next"] == 5 and page["has_more"]
    streamed = list(client.stream(seat.game_id, after=version - 2))
    assert [m["seq"] for m in streamed] == [version - 1, version] and streamed[-1]["status"] == "finished"
    replay = client.replay(seat.game_id, 1, as_seat=0)
    assert replay["at"] == 1 and replay["as"] == 0  # type: ignore[typeddict-item]
    timeline = client.timeline(seat.game_id)
    assert [e["seq"] for e in timeline["entries"]] == list(range(1, version + 1))
    audit = client.audit(seat.game_id, head=events[-1]["hash"])
    assert audit["ok"] and audit["checks"]["rederivation"] == "ok"
    document = client.export(seat.game_id)
    assert document["format"] == "trailhead-replay" and document["version"] == version
    imported = client.import_replay(document)
    assert imported["original_id"] == seat.game_id and imported["version"] == version
    assert client.import_replay(document)["id"] == imported["id"]  # the same document, the same game
    at = max(command["last_seq"] for command in document["commands"] if command["last_seq"] < version)
    fork = client.fork(seat.game_id, at)  # a fork point ends a command
    assert fork["forked_from"]["game_id"] == seat.game_id and fork["seats"][0]["token"]


def test_the_lobby_the_leaderboard_and_the_service(finished: tuple[Client, SeatHandle]) -> None:
    client, seat = finished
    page = client.games(type_="hitchiker", status="finished", seat_name="sdk", limit=1)
    assert len(page["games"]) == 1 and page["games"][0]["type"] == "hitchiker"
    assert seat.game_id in {g["id"] for g in client.iter_games(type_="hitchiker", seat_name="sdk", limit=1)}
    board = client.leaderboard("hitchiker")
    assert board["type"] == "hitchiker" and "sdk" in {p["name"] for p in board["seat_names"]}
    assert client.healthz()["status"] in ("ok", "degraded")
    assert client.openapi().startswith("openapi: 3.1")


def test_problems_are_raised_as_their_exceptions(client: Client, finished: tuple[Client, SeatHandle]) -> None:
    _, other = finished
    seat = hitchiker(client, "sdk-problems")
    turn = first_turn(seat)
    with pytest.raises(NotFound) as missing:
        client.game("no-such-game")
    assert missing.value.status == 404 and missing.value.slug == "not-found" and missing.value.detail
    with pytest.raises(NotFound):
        client.game_type("chess")
    with pytest.raises(Unauthorized) as unauthorized:
        client.actions(seat.game_id, "not-a-token")
    assert unauthorized.value.status == 401 and unauthorized.value.title == "Unauthorized"
    with pytest.raises(Forbidden):
        client.actions(seat.game_id, other.token)  # a token of another game
    with pytest.raises(BadRequest) as malformed:
        seat.send("NoSuchCommand", {})
    assert malformed.value.status == 400 and malformed.value.type == "urn:trailhead:problem:invalid-command"
    with pytest.raises(IllegalCommand) as illegal:
        seat.send("RollDice", {}, expected_version=turn.version)  # hometowns are chosen first
    assert illegal.value.status == 422 and illegal.value.detail
    with pytest.raises(VersionConflict) as stale:
        client.play(seat.game_id, seat.token, turn.actions[0], expected_version=turn.version - 1)
    assert stale.value.status == 409 and stale.value.current_version == turn.version
    played = turn.play(turn.actions[0])
    with pytest.raises(CommandIdReused):
        seat.send(turn.actions[1].type, turn.actions[1].args, command_id=played["events"][0]["command_id"])


def test_a_command_whose_answer_was_lost_is_retried_with_its_id_and_applied_once(client: Client,
                                                                               proxy: Proxy) -> None:
    seat = hitchiker(client, "sdk-lost")
    turn = first_turn(seat)
    with Client(proxy.base_url) as through:
        proxy.lose_next_response()
        answer = through.play(seat.game_id, seat.token, turn.actions[0])
    commands = [head for head in proxy.requests if head.startswith(f"POST /api/v1/games/{seat.game_id}/commands")]
    assert len(commands) == 2  # sent, answer lost, sent again
    command_id = answer["events"][0]["command_id"]
    assert command_id.startswith("sdk-")
    logged = [e for e in client.iter_events(seat.game_id) if e["command_id"] == command_id]
    assert [e["seq"] for e in logged] == [e["seq"] for e in answer["events"]]  # appended once
    assert client.replay(seat.game_id, answer["version"])["version"] >= answer["version"]


def test_a_creation_whose_answer_was_lost_is_not_sent_again(client: Client, proxy: Proxy) -> None:
    with Client(proxy.base_url) as through:
        proxy.lose_next_response()
        with pytest.raises(ConnectionFailed):
            through.create_game("hikes-of-the-west", ["solo"])
    assert [head.split(" ")[:2] for head in proxy.requests] == [["POST", "/api/v1/games"]]


def test_the_stream_resumes_after_the_connection_drops(client: Client, proxy: Proxy) -> None:
    seat = hitchiker(client, "sdk-dropped")
    with Client(proxy.base_url) as through:
        stream = through.stream(seat.game_id)  # a spectator's
        seqs = [next(stream)["seq"]]  # the first connection has brought the events so far
        proxy.drop_connections()
        play_out(seat)  # the game goes on to its end meanwhile
        seqs += [message["seq"] for message in stream]
    version = seat.view()["version"]
    assert seqs == list(range(1, version + 1))  # nothing lost, nothing twice, to the end
    streams = [head.split("\r\n") for head in proxy.requests if "/stream" in head.split("\r\n")[0]]
    assert len(streams) == 2 and not any(h.lower().startswith("last-event-id:") for h in streams[0])
    resumed = [int(h.split(":")[1]) for h in streams[1] if h.lower().startswith("last-event-id:")]
    assert len(resumed) == 1 and 1 <= resumed[0] < version, streams


def test_a_stream_that_cannot_be_reached_fails_after_bounded_retries() -> None:
    client = Client("http://127.0.0.1:9", retries=1)
    client.transport.sleep = lambda seconds: None
    with pytest.raises(ConnectionFailed):
        list(client.stream("anything"))
    with pytest.raises(ConnectionFailed) as failed:
        client.healthz()
    assert isinstance(failed.value.__cause__, requests.ConnectionError)
