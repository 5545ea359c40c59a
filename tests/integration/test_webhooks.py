"""Webhook seats (docs/webhooks.md) over real HTTP: the server calls a local engine server for the seat's decisions.

One engine server per module (the SDK's example, trailhead_client.examples.webhook, on a thread on 127.0.0.1)
that records every request it accepts; the games run on the inline runner of an in-process app. The engine
checks each request's signature against the secrets it knows, and learns each game's from the create
response, as an engine's owner would: the server's first `hello`, which may come before, is refused until then
and greeted again (application/webhooks.py, HELLO_GRACE_SECONDS), so no decision is lost to the race.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from flask import Flask
from flask.testing import FlaskClient

from domain.games import GAMES
from service.app import create_app
from trailhead_client.examples.webhook import (SIGNATURE, TIMESTAMP, WebhookEngine, handler_for, make_server, signature,
                                                verify)

SHORT = {"hitchiker": {"round_limit": 4}, "peaks": {"round_cap": 6}}
# The flaky engine's answers to its first decisions, then good ones: late, a server error, a redirect, an index
# out of the list.
FLAKY = ("late", "500", "redirect", "illegal")


class Recorder(WebhookEngine):
    """The example engine (first listed action), keeping each request it accepts (path, headers, body)."""

    def __init__(self) -> None:
        super().__init__(secrets=())
        self.requests: list[tuple[str, dict[str, str], bytes]] = []
        self.flaky = 0
        self.refused = 0


@pytest.fixture(scope="module")
def engine() -> Iterator[tuple[Recorder, str]]:
    recorder = Recorder()
    base = handler_for(recorder)

    class Handler(base):  # type: ignore[misc, valid-type]
        def do_POST(self) -> None:  # noqa: N802
            body = self.rfile.read(int(self.headers["Content-Length"]))
            with recorder.lock:
                if not recorder.accepts(self.headers, body):
                    recorder.refused += 1
                    return self._send(401, {"error": "bad or missing signature"})
                recorder.requests.append((self.path, dict(self.headers), body))
            message = json.loads(body)
            if self.path == "/flaky" and message["type"] == "decide" and recorder.flaky < len(FLAKY):
                recorder.flaky += 1
                how = FLAKY[recorder.flaky - 1]
                if how == "late":
                    time.sleep(0.5)
                elif how in ("500", "redirect"):
                    self.send_response(500 if how == "500" else 307)
                    self.send_header("Location", "/followed")
                    self.send_header("Content-Length", "0")
                    return self.end_headers()
                return self._send(200, {"type": "choose", "index": 999})
            answer = recorder.answer(message)
            self._send(200 if answer is not None else 204, answer)

    server = make_server(recorder)
    server.RequestHandlerClass = Handler
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield recorder, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def webhook_app(database: str) -> Iterator[Flask]:
    yield create_app({"DATABASE": database, "GAMES": GAMES, "TESTING": True, "RATE_LIMITS": "off",
                      "WEBHOOK_HOSTS": "127.0.0.1", "WEBHOOK_SECRET": "a test key"})


def finished(client: FlaskClient, game_id: str) -> dict[str, Any]:
    runner = client.application.extensions["trailhead"].runner
    deadline = time.monotonic() + 60
    while True:
        assert runner.wait_idle(30)
        game = client.get(f"/api/v1/games/{game_id}").get_json()
        if game["status"] == "finished" or time.monotonic() > deadline:
            return game
        time.sleep(0.05)


def events(client: FlaskClient, game_id: str) -> list[dict[str, Any]]:
    found, after = [], 0
    while True:
        page = client.get(f"/api/v1/games/{game_id}/events?after={after}&limit=1000").get_json()
        found += page["events"]
        if not page["events"]:
            return found
        after = page["events"][-1]["seq"]


def test_a_webhook_seat_plays_every_game_type_to_the_end(webhook_app: Flask,
                                                          engine: tuple[Recorder, str]) -> None:
    recorder, base = engine
    client = webhook_app.test_client()
    for spec in GAMES:
        seats: list[dict[str, Any]] = [{"webhook": f"{base}/{spec.id}"}]
        if spec.max_seats > 1:
            seats.append({"name": "Rival", "bot": "random"})
        response = client.post("/api/v1/games", json={"type": spec.id, "seats": seats,
                                                      "options": SHORT.get(spec.id, {}), "seed": f"hook-{spec.id}"})
        assert response.status_code == 201, response.get_json()
        created = response.get_json()
        game_id, seat = created["id"], created["seats"][0]
        recorder.secrets.add(seat["webhook_secret"])
        assert seat["webhook"] == f"{base}/{spec.id}" and seat["webhook_timeout_ms"] == 1000 and "token" not in seat
        secret = seat["webhook_secret"]
        game = finished(client, game_id)
        assert game["status"] == "finished", (spec.id, game["version"])
        assert "webhook_secret" not in json.dumps(game) and secret not in json.dumps(game)

        calls = [(headers, body) for path, headers, body in recorder.requests if path == f"/{spec.id}"]
        kinds = [json.loads(body)["type"] for _, body in calls]
        assert kinds[0] == "hello" and kinds[-1] == "over" and set(kinds[1:-1]) == {"decide"}, (spec.id, kinds)
        assert all(verify([secret], headers, body) for headers, body in calls), spec.id
        assert not verify(["another secret"], *calls[0])

        log = events(client, game_id)
        assert not [e for e in log if e["type"] in ("TurnTimedOut", "SeatLeft")], spec.id
        ours = {e["command_id"] for e in log if e["seat"] == 0 and e["command_id"]}
        assert len(ours) == kinds.count("decide") and all(i.startswith("webhook:") for i in ours)
        audit = client.get(f"/api/v1/games/{game_id}/audit").get_json()
        assert audit["ok"] is True, audit
        assert secret not in client.get(f"/api/v1/games/{game_id}/export").get_data(as_text=True)


def test_late_failed_redirected_and_illegal_answers_are_taken_over(webhook_app: Flask,
                                                                   engine: tuple[Recorder, str]) -> None:
    recorder, base = engine
    client, before = webhook_app.test_client(), recorder.refused
    response = client.post("/api/v1/games", json={
        "type": "hike", "seats": [{"name": "Flaky", "webhook": f"{base}/flaky", "webhook_timeout_ms": 200},
                                  {"name": "Rival", "bot": "random"}],
        "missed_turns_limit": len(FLAKY), "seed": "flaky"})
    assert response.status_code == 201, response.get_json()
    game_id = response.get_json()["id"]
    time.sleep(0.3)  # the engine learns the secret late: the server's hello is refused until then, and waits
    refused = recorder.refused - before
    recorder.secrets.add(response.get_json()["seats"][0]["webhook_secret"])
    assert finished(client, game_id)["status"] == "finished"
    assert refused > 0  # ... and no decision was missed for it: only the flaky answers below were
    log = events(client, game_id)
    missed = [e["data"] for e in log if e["type"] == "TurnTimedOut"]
    assert [m["reason"] for m in missed] == ["webhook"] * len(FLAKY) and missed[-1]["missed"] == len(FLAKY)
    assert [e["data"]["reason"] for e in log if e["type"] == "SeatLeft"] == ["webhook"]  # the limit: for good
    decides = [json.loads(body) for path, _, body in recorder.requests
               if path == "/flaky" and json.loads(body)["type"] == "decide"]
    assert len(decides) == len(FLAKY)  # after the last miss the takeover bot plays the seat, unasked
    assert not [path for path, _, _ in recorder.requests if path == "/followed"]  # the redirect was not followed
    assert client.get(f"/api/v1/games/{game_id}/audit").get_json()["ok"] is True


def test_a_webhook_host_not_listed_is_refused(app: Flask, webhook_app: Flask) -> None:
    seats = [{"webhook": "http://localhost:9/"}, {"name": "Rival", "bot": "random"}]
    for flask_app in (webhook_app, app):  # a host not listed; no host listed at all (webhooks off)
        response = flask_app.test_client().post("/api/v1/games", json={"type": "hike", "seats": seats})
        assert response.status_code == 403
        assert response.get_json()["type"] == "urn:trailhead:problem:webhook-not-allowed"
    for seat in ({"webhook": "file:///etc/passwd"}, {"webhook": "http://127.0.0.1:9/", "bot": "random"},
                 {"name": "Ann", "webhook_timeout_ms": 500},
                 {"webhook": "http://127.0.0.1:9/", "webhook_timeout_ms": 10_001}):
        response = webhook_app.test_client().post("/api/v1/games", json={
            "type": "hike", "seats": [seat, {"name": "Rival", "bot": "random"}]})
        assert response.status_code == 400, seat


def test_the_example_engine_refuses_a_request_not_signed_with_a_known_secret() -> None:
    server = make_server(WebhookEngine(["the seat's secret"]))
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    url, body, stamp = f"http://127.0.0.1:{server.server_address[1]}/", b'{"type":"hello"}', str(int(time.time()))
    try:
        for secret, status in (("another secret", 401), ("the seat's secret", 200)):
            answer = requests.post(url, data=body, timeout=5, headers={
                TIMESTAMP: stamp, SIGNATURE: signature(secret, stamp, body), "Content-Type": "application/json"})
            assert answer.status_code == status
        assert answer.json()["type"] == "ready"
    finally:
        server.shutdown()
        server.server_close()
