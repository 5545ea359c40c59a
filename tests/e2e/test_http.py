"""End to end over real HTTP against `trailhead serve` (gunicorn, two workers), checked against openapi.yaml."""

from __future__ import annotations

import hashlib
import json
import random
import socket
import threading
import time
import uuid
from typing import Any
from urllib.parse import urlsplit

import pytest
import requests
import yaml
from openapi_spec_validator import validate as validate_spec
from openapi_spec_validator.readers import read_from_filename

from e2e.contract import SPEC_PATH, Api, Server
from application.chain import GENESIS_HASH, event_hash, salt_for


API = "/api/v1"
SOLO = "hikes-of-the-west"
MAX_COMMANDS = 5000

pytestmark = pytest.mark.slow  # a real server, real processes


def spec() -> dict[str, Any]:
    return yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


def test_openapi_yaml_is_a_valid_openapi_document() -> None:
    document, base_uri = read_from_filename(str(SPEC_PATH))

    validate_spec(document, base_uri=base_uri)

    assert document["openapi"].startswith("3.1")


def test_openapi_yaml_is_served_and_parses(api: Api) -> None:
    response = api.call("GET", "/openapi.yaml", 200)

    assert response.headers["Content-Type"].startswith("application/yaml")
    assert yaml.safe_load(response.text) == spec()


def test_healthz_answers_with_a_database_round_trip(api: Api) -> None:
    health = api.call("GET", "/healthz", 200).json()

    assert health["status"] == "ok" and health["database"] == "ok" and health["jobs"] == "inline"
    assert health["reasons"] == []


def test_the_server_writes_one_access_log_line_per_request(api: Api, server: Server) -> None:
    marker = f"/healthz?probe={uuid.uuid4().hex}"
    api.call("GET", marker, 200)
    deadline = time.monotonic() + 10
    while marker not in server.output():
        assert time.monotonic() < deadline, server.output()
        time.sleep(0.05)
    (line,) = [line for line in server.output().splitlines() if marker in line]
    assert f'"GET {marker} HTTP/1.1" 200' in line


def test_game_types_offer_the_solo_game(api: Api) -> None:
    types = {t["id"]: t for t in api.call("GET", f"{API}/game-types", 200).json()}

    assert SOLO in types, sorted(types)
    assert types[SOLO]["min_seats"] == 1
    assert "random" in types[SOLO]["bots"] and len(types[SOLO]["bots"]) >= 2


def create_solo(api: Api) -> tuple[str, str, dict[str, Any]]:
    created = api.call("POST", f"{API}/games", 201, json={"type": SOLO, "seats": [{"name": "walker"}]})
    body = created.json()
    assert created.headers["Location"] == f"{API}/games/{body['id']}"
    (seat,) = body["seats"]
    return body["id"], seat["token"], body


def read_log(api: Api, game_id: str, token: str | None = None) -> list[dict[str, Any]]:
    events, after = [], 0
    while True:
        page = api.call("GET", f"{API}/games/{game_id}/events", 200, token=token,
                        params={"after": after, "limit": 50}).json()
        events += page["events"]
        if not page["has_more"]:
            return events
        after = page["next"]


def test_play_the_solo_game_to_the_end_over_http(api: Api) -> None:
    game_id, token, created = create_solo(api)
    url = f"{API}/games/{game_id}"
    rng = random.Random(2024)
    first_view = api.call("GET", url, 200, token=token).json()
    assert first_view["you"] == 0 and first_view["status"] == "active" and "seed" not in first_view

    commands, head = 0, created["head_hash"]
    while True:
        listed = api.call("GET", f"{url}/actions", 200, token=token).json()
        if not listed["actions"]:  # nothing to do: only once the game is over
            break
        assert listed["seat"] == 0
        action = rng.choice(listed["actions"])
        sent = api.call("POST", f"{url}/commands", 201, token=token, json={
            "type": action["type"], "args": action["args"], "expected_version": listed["version"],
            "command_id": f"walk-{commands}",
        }).json()
        assert sent["version"] > listed["version"] and sent["events"]
        assert sent["events"][0]["prev_hash"] == head and sent["events"][-1]["hash"] == sent["head_hash"]
        head = sent["head_hash"]
        if commands == 0:  # while the game runs, the walker reads only what is public or its own
            for event in read_log(api, game_id, token):
                hidden = event["visibility"] != "public" and 0 not in event["visibility"]
                assert event["redacted"] is hidden and (event["data"] is None) is hidden, event
        commands += 1
        assert commands < MAX_COMMANDS, "the solo game did not end"

    final = api.call("GET", url, 200, token=token).json()
    assert final["status"] == "finished" and final["to_act"] == [] and final["result"] is not None
    assert final["head_hash"] == head
    assert [s["seat"] for s in final["result"]["standings"]] == [0]
    assert hashlib.sha256(final["seed"].encode()).hexdigest() == final["seed_commitment"] == created["seed_commitment"]
    finished = api.call("POST", f"{url}/commands", 422, token=token, json={"type": action["type"],
                                                                          "args": action["args"]})
    assert "over" in finished.json()["detail"]
    # After the end the log is open to anyone: audit it from the genesis hash, as any client could.
    log = read_log(api, game_id)
    assert len(log) == final["version"] and [e["seq"] for e in log] == list(range(1, len(log) + 1))
    assert not [e for e in log if e["redacted"]]
    assert log[0]["type"] == "GameCreated" and log[0]["data"]["seed_commitment"] == final["seed_commitment"]
    prev = GENESIS_HASH
    for event in log:
        assert event["prev_hash"] == prev
        salt = salt_for(event["visibility"], final["seed"], event["seq"])  # hidden events: salted from the seed
        prev = event_hash(prev, event["seq"], event["type"], event["data"], event["seat"], event["command_id"], salt)
        assert event["hash"] == prev, f"event {event['seq']} does not verify"
    assert final["head_hash"] == prev


@pytest.mark.both_backends  # each backend's lock on the game
def test_racing_commands_across_workers_one_wins_the_rest_conflict(api: Api) -> None:
    game_id, token, _ = create_solo(api)
    url = f"{API}/games/{game_id}"
    listed = api.call("GET", f"{url}/actions", 200, token=token).json()
    action = listed["actions"][0]
    barrier = threading.Barrier(8)
    responses: list[requests.Response | None] = [None] * 8

    def racer(index: int) -> None:
        with requests.Session() as session:
            barrier.wait(timeout=30)
            responses[index] = session.post(f"{api.base_url}{url}/commands", timeout=30,
                                            headers={"Authorization": f"Bearer {token}"},
                                            json={**action, "expected_version": listed["version"],
                                                  "command_id": f"racer-{index}"})

    threads = [threading.Thread(target=racer, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    done = [r for r in responses if r is not None]
    assert len(done) == 8
    assert sorted(r.status_code for r in done) == [201] + [409] * 7, [r.text[:200] for r in done]
    for response in done:
        api.validate(response)
    (winner,) = [r.json() for r in done if r.status_code == 201]
    assert {r.json()["current_version"] for r in done if r.status_code == 409} == {winner["version"]}
    assert api.call("GET", url, 200).json()["version"] == winner["version"]


def test_error_responses_match_the_contract(api: Api) -> None:
    game_id, token, _ = create_solo(api)
    _, other_token, _ = create_solo(api)
    url = f"{API}/games/{game_id}"
    listed = api.call("GET", f"{url}/actions", 200, token=token).json()
    action = {"type": listed["actions"][0]["type"], "args": listed["actions"][0]["args"]}
    api.call("POST", f"{url}/commands", 201, token=token, json={**action, "command_id": "once"})

    api.call("POST", f"{API}/games", 400, valid_request=False, data="{not json",
             headers={"Content-Type": "application/json"})
    api.call("POST", f"{API}/games", 400, valid_request=False, json={"type": SOLO, "seats": "walker"})
    api.call("POST", f"{API}/games", 400, json={"type": SOLO, "seats": [{"name": "a"}, {"name": "b"}]})
    api.call("POST", f"{API}/games", 404, json={"type": "no-such-game", "seats": [{"name": "walker"}]})
    api.call("GET", f"{API}/games/{uuid.uuid4().hex}", 404)
    api.call("GET", f"{url}/events", 400, valid_request=False, params={"limit": 0})
    api.call("POST", f"{url}/commands", 400, token=token, json={"type": "NoSuchCommand", "args": {}})
    api.call("POST", f"{url}/commands", 401, valid_request=False, json=action)
    api.call("GET", url, 401, token="not-a-real-token")
    api.call("POST", f"{url}/commands", 403, token=other_token, json=action)
    api.call("POST", f"{url}/commands", 409, token=token, json={**action, "expected_version": 0})
    reused = api.call("POST", f"{url}/commands", 422, token=token,
                      json={"type": "NoSuchCommand", "args": {}, "command_id": "once"})
    assert "once" in reused.json()["detail"]


@pytest.mark.both_backends  # PostgreSQL's text refuses NUL
def test_a_nul_character_in_an_id_or_a_filter_finds_nothing_as_on_any_other_text(api: Api) -> None:
    """PostgreSQL's text cannot hold U+0000: a lookup by such text must find nothing there too, not fail."""
    game_id, token, _ = create_solo(api)
    for path in (f"{API}/games/{game_id}%00", f"{API}/games/%00/events", f"{API}/games/{game_id}%00/actions",
                 f"{API}/games/{game_id}%00/audit"):
        api.call("GET", path, 404, valid_request=False)
    assert api.call("GET", f"{API}/games?type=hike%00", 200, valid_request=False).json()["games"] == []
    assert api.call("GET", f"{API}/games?seat_name=walker%00", 200, valid_request=False).json()["games"] == []
    api.call("POST", f"{API}/games/{game_id}%00/commands", 404, valid_request=False, token=token,
             json={"type": "NoSuchCommand", "args": {}})


def test_bad_integers_and_bodies_over_the_limit_are_problems_the_contract_documents(api: Api) -> None:
    game_id, token, _ = create_solo(api)
    url = f"{API}/games/{game_id}"
    command = {"type": "NoSuchCommand", "args": {}}

    api.call("GET", f"{url}/events", 400, valid_request=False, params={"after": 2**63})
    api.call("GET", f"{API}/games", 400, valid_request=False, params={"cursor": 2**70})
    api.call("GET", f"{url}/stream?after=%C2%B2", 400, valid_request=False)
    api.call("GET", f"{url}/stream", 400, valid_request=False, headers={"Last-Event-ID": str(2**63)})
    api.call("POST", f"{url}/commands", 400, valid_request=False, token=token,
             json={**command, "expected_version": 2**63})
    too_large = api.call("POST", f"{url}/commands", 413, valid_request=False, token=token,
                         json={**command, "command_id": "x" * (3 * 512 * 1024)})
    assert too_large.json()["detail"] == "the request body exceeds the limit of this route (1048576 bytes, 1 MiB)"
    # Sent in chunks, with no Content-Length to refuse it by: the limit holds while the body is read.
    chunked = requests.post(f"{api.base_url}{url}/commands", timeout=30,
                            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
                            data=(b" " * 65536 for _ in range(24)))
    assert chunked.status_code == 413, chunked.text[:500]
    assert chunked.headers["Content-Type"] == "application/problem+json"


def test_an_export_over_1_mib_is_imported_over_http(api: Api, long_game_export: dict[str, Any]) -> None:
    document = long_game_export
    body = json.dumps(document).encode()
    assert len(body) > 2 * 1024 * 1024

    imported = api.call("POST", f"{API}/replays", 201, data=body, headers={"Content-Type": "application/json"})

    assert imported.json()["head_hash"] == document["head_hash"]
    assert imported.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize(("request_bytes", "status", "kind"), [
    (b"GET /healthz?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: t\r\n\r\n", 414, "uri-too-long"),
    (b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Padding: " + b"a" * 40000 + b"\r\n\r\n", 431,
     "request-header-fields-too-large"),
], ids=["414", "431"])
def test_a_request_line_or_headers_too_long_are_problems(server: Server, request_bytes: bytes, status: int,
                                                        kind: str) -> None:
    host, port = urlsplit(server.base_url).hostname, urlsplit(server.base_url).port
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(request_bytes)
        answer = b""
        while chunk := conn.recv(65536):  # the server closes the connection after answering
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(f"HTTP/1.1 {status} ".encode()), head
    assert b"content-type: application/problem+json" in head.lower()
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"] == f"urn:trailhead:problem:{kind}" and problem["detail"]
    assert f"x-request-id: {problem['instance']}\r\n".encode() in head.lower() + b"\r\n"  # an id, even here


@pytest.mark.parametrize("path", ["/api/v1/game-types/a%0Ab", "/api/v1/games/x%0D%0Ay", "/docs/a%0A.js"])
def test_a_path_with_an_encoded_line_break_gets_the_services_own_404_problem(api: Api, path: str) -> None:
    response = api.call("GET", path, 404, valid_request=False)
    assert response.headers["Content-Type"].startswith("application/problem+json")
    assert response.json()["status"] == 404
