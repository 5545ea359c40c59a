"""Server-Sent Events over real HTTP against `trailhead serve`, on each backend: in order, resumable, alive."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from support.serving import serving
from support.sse import play, sse_messages

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(module_database: str) -> Iterator[str]:
    with serving(module_database, TRAILHEAD_STREAM_HEARTBEAT_SECONDS="0.3") as base:
        yield base


def new_game(base: str) -> tuple[str, dict[str, str]]:
    created = requests.post(f"{base}/api/v1/games", json={"type": "hikes-of-the-west", "seats": [{"name": "Ann"}]},
                            timeout=10).json()
    return created["id"], {"Authorization": f"Bearer {created['seats'][0]['token']}"}


def collect(base: str, game_id: str, headers: dict[str, str], out: list[dict[str, Any]], last_id: int | None = None,
            stop_after: int | None = None) -> None:
    import json

    request_headers = dict(headers)
    if last_id is not None:
        request_headers["Last-Event-ID"] = str(last_id)
    with requests.get(f"{base}/api/v1/games/{game_id}/stream", headers=request_headers, stream=True,
                      timeout=30) as response:
        assert response.headers["Content-Type"].startswith("text/event-stream")
        assert response.headers["Cache-Control"] == "no-store"  # a seat's stream carries its secrets
        for message in sse_messages(response):
            if message.get("event") == "end":
                out.append({"end": True})
                return
            if "data" in message and "id" in message:
                body = json.loads(message["data"])
                assert int(message["id"]) == body["seq"] == body["version"]
                assert body["status"] in ("active", "finished") and isinstance(body["to_act"], list)
                out.append(body)
                if stop_after is not None and len(out) >= stop_after:
                    return


def test_a_connected_client_sees_every_event_in_order(server: str) -> None:
    game_id, headers = new_game(server)
    seen: list[dict[str, Any]] = []
    reader = threading.Thread(target=collect, args=(server, game_id, headers, seen))
    reader.start()
    final = play(server, game_id, headers)
    reader.join(timeout=60)
    assert not reader.is_alive()
    assert seen[-1] == {"end": True}
    events = seen[:-1]
    assert [e["seq"] for e in events] == list(range(1, final + 1))
    assert events[-1]["status"] == "finished" and events[-1]["to_act"] == []
    assert all(e["status"] == "active" for e in events[:-1])
    log = requests.get(f"{server}/api/v1/games/{game_id}/events?limit=1000", headers=headers, timeout=10).json()
    assert [(e["seq"], e["hash"]) for e in events] == [(e["seq"], e["hash"]) for e in log["events"]]


def test_reconnecting_with_last_event_id_misses_nothing(server: str) -> None:
    game_id, headers = new_game(server)
    play(server, game_id, headers, commands=5)
    first: list[dict[str, Any]] = []
    collect(server, game_id, headers, first, stop_after=4)
    last_seen = first[-1]["seq"]
    final = play(server, game_id, headers)
    rest: list[dict[str, Any]] = []
    collect(server, game_id, headers, rest, last_id=last_seen)
    assert rest[-1] == {"end": True}
    seqs = [e["seq"] for e in first] + [e["seq"] for e in rest[:-1]]
    assert seqs == list(range(1, final + 1))


def test_an_idle_stream_gets_heartbeats(server: str) -> None:
    game_id, headers = new_game(server)
    with requests.get(f"{server}/api/v1/games/{game_id}/stream", headers=headers, stream=True, timeout=30) as response:
        comments = []
        for message in sse_messages(response):
            if "comment" in message:
                comments.append(message["comment"])
                if len(comments) == 2:
                    break
    assert comments == ["keep-alive", "keep-alive"]


def test_a_bad_last_event_id_is_a_problem(server: str) -> None:
    game_id, headers = new_game(server)
    response = requests.get(f"{server}/api/v1/games/{game_id}/stream", headers={**headers, "Last-Event-ID": "x"},
                            timeout=10)
    assert response.status_code == 400
    assert response.headers["Content-Type"] == "application/problem+json"
