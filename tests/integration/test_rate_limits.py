"""Rate limits through the Flask test client: per client, per scope, 429 problem+json beyond them.

Each test builds its own app with the limits it needs (the shared `app` fixture has them
off); in-memory counts, so apps do not share them. The Redis-backed counts are tested in
tests/workers/test_rate_limits_redis.py, where the suite's Redis fixtures live.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from werkzeug.test import TestResponse

from application.settings import DEFAULT_RATE_LIMITS, SettingsError, rate_limits, settings_from_env
from domain.games import GAMES
from e2e.contract import SPEC_PATH, contract
from integration.toy_client import API, ToyGame, bearer
from service.app import create_app
from service.cli import main
from service.rate_limits import request_scope, storage_uri
from support.rows import untouched
from support.toy import SPEC as TOY

TOY_GAME = {"type": "toy", "seats": [{"name": "ann"}, {"name": "bob"}]}
RATE_LIMIT_HEADERS = ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")
DEFAULT_CREATIONS = 30  # a minute, per address


def limited_app(database: str, limits: str | None) -> Flask:
    config: dict[str, Any] = {"DATABASE": database, "GAMES": (*GAMES, TOY), "TESTING": True}
    if limits is not None:
        config["RATE_LIMITS"] = limits
    return create_app(config)


def limited(database: str, limits: str) -> FlaskClient:
    return limited_app(database, limits).test_client()


def create(client: FlaskClient, address: str = "127.0.0.1", **kw: Any) -> TestResponse:
    return client.post(f"{API}/games", json=TOY_GAME, environ_base={"REMOTE_ADDR": address}, **kw)


def assert_rate_limited(response: TestResponse, limit: int) -> None:
    """A 429 problem with Retry-After and the RateLimit headers, as openapi.yaml describes it."""
    assert response.status_code == 429, response.get_data(as_text=True)
    assert response.headers["Content-Type"] == "application/problem+json"
    problem = response.get_json()
    assert problem["type"] == "urn:trailhead:problem:rate-limited"
    assert problem["status"] == 429 and problem["title"] and problem["detail"]
    retry_after = int(response.headers["Retry-After"])
    assert 1 <= retry_after <= 60
    assert int(response.headers["RateLimit-Limit"]) == limit
    assert response.headers["RateLimit-Remaining"] == "0"
    assert int(response.headers["RateLimit-Reset"]) == retry_after
    contract().validate_response(WerkzeugOpenAPIRequest(response.request), WerkzeugOpenAPIResponse(response))


def test_the_fourth_creation_from_one_address_is_429_and_another_address_is_still_served(database: str) -> None:
    client = limited(database, "create=3/minute")
    remaining = []
    for _ in range(3):
        response = create(client)
        assert response.status_code == 201
        assert response.headers["RateLimit-Limit"] == "3"
        assert 0 < int(response.headers["RateLimit-Reset"]) <= 60
        assert "Retry-After" not in response.headers
        remaining.append(response.headers["RateLimit-Remaining"])
    assert remaining == ["2", "1", "0"]

    refused = create(client)
    assert_rate_limited(refused, 3)
    assert "3 game creations per minute" in refused.get_json()["detail"]
    assert create(client, "10.0.0.2").status_code == 201
    assert_rate_limited(create(client), 3)  # still refused: the other address used its own allowance


def test_a_refused_creation_creates_nothing(database: str) -> None:
    client = limited(database, "create=1/minute")
    assert create(client).status_code == 201
    assert create(client).status_code == 429
    listed = client.get(f"{API}/games").get_json()["games"]
    assert len(listed) == 1


def test_creations_count_by_address_even_with_a_seat_token(database: str) -> None:
    """A creation mints tokens: counted by token, every new game would bring a fresh allowance."""
    client = limited(database, "create=2/minute")
    first = create(client).get_json()
    token = first["seats"][0]["token"]
    assert create(client, headers=bearer(token)).status_code == 201
    assert_rate_limited(create(client, headers=bearer(token)), 2)


def test_forks_and_imports_count_as_creations(database: str) -> None:
    client = limited(database, "create=2/minute")
    game = create(client).get_json()
    fork = f"{API}/games/{game['id']}/fork"
    assert client.post(fork, json={"at": 1}).status_code == 422  # the game runs still: refused, and counted
    assert_rate_limited(client.post(fork, json={"at": 1}), 2)
    assert_rate_limited(client.post(f"{API}/replays", json={}), 2)


def test_commands_are_limited_per_seat_token(database: str) -> None:
    client = limited(database, "command=2/minute")
    game = ToyGame(client)
    assert game.send(0, "Bid", {"amount": 1}).status_code == 201
    assert game.send(0, "Bid", {"amount": 1}).status_code == 422  # refused by the rules, counted all the same
    version = game.get(0)["version"]
    refused = game.send(0, "Bid", {"amount": 1})
    assert_rate_limited(refused, 2)
    assert "2 commands per minute" in refused.get_json()["detail"]
    assert game.get(0)["version"] == version  # the refused command decided nothing, appended nothing
    assert game.send(1, "Bid", {"amount": 2}).status_code == 201  # the other seat, from the same address


def test_a_token_that_matches_no_seat_counts_by_address(database: str) -> None:
    client = limited(database, "command=2/minute")
    game = ToyGame(client)
    url = f"{game.url}/commands"
    body = {"type": "Bid", "args": {"amount": 1}}
    assert client.post(url, json=body).status_code == 401
    assert client.post(url, json=body, headers=bearer("made-up-1")).status_code == 401
    assert_rate_limited(client.post(url, json=body, headers=bearer("made-up-2")), 2)
    assert game.send(0, "Bid", {"amount": 1}).status_code == 201  # a real token still has its own allowance


def test_a_player_key_has_its_own_allowance(database: str) -> None:
    client = limited(database, "read=2/minute")
    ann = client.post(f"{API}/players", json={"name": "Ann"}).get_json()
    bob = client.post(f"{API}/players", json={"name": "Bob"}).get_json()
    for _ in range(2):
        assert client.get(f"{API}/players/me", headers=bearer(ann["key"])).status_code == 200
    assert_rate_limited(client.get(f"{API}/players/me", headers=bearer(ann["key"])), 2)
    assert client.get(f"{API}/players/me", headers=bearer(bob["key"])).status_code == 200  # same address


def test_reads_are_limited_per_client_across_every_get(database: str) -> None:
    client = limited(database, "read=3/minute")
    game = ToyGame(client)
    assert client.get(game.url).status_code == 200
    assert client.get(f"{API}/game-types").status_code == 200
    assert client.get("/healthz").status_code == 200
    refused = client.get(f"{game.url}/events")
    assert_rate_limited(refused, 3)
    assert "3 reads per minute" in refused.get_json()["detail"]
    seat = client.get(game.url, headers=game.auth(0))
    assert seat.status_code == 200 and seat.headers["RateLimit-Remaining"] == "2"
    assert client.get(game.url, environ_base={"REMOTE_ADDR": "10.0.0.3"}).status_code == 200


def test_each_scope_counts_apart(database: str) -> None:
    client = limited(database, "create=1/minute;command=1/minute;read=1/minute")
    game = ToyGame(client)
    assert game.send(0, "Bid", {"amount": 1}).status_code == 201
    assert client.get(game.url).status_code == 200
    assert create(client).status_code == 429
    assert game.send(0, "Bid", {"amount": 1}).status_code == 429
    assert client.get(game.url).status_code == 429


def test_several_limits_in_one_scope_all_hold(database: str) -> None:
    client = limited(database, "create=5/minute,2/hour")
    assert create(client).status_code == 201
    assert create(client).status_code == 201
    refused = create(client)
    assert refused.status_code == 429
    assert refused.headers["RateLimit-Limit"] == "2" and int(refused.headers["Retry-After"]) > 60
    assert "2 game creations per hour" in refused.get_json()["detail"]


def test_off_turns_every_limit_off(database: str) -> None:
    app = limited_app(database, "off")
    client = app.test_client()
    assert "limiter" not in app.extensions
    game = ToyGame(client)
    for _ in range(DEFAULT_CREATIONS + 1):
        response = create(client)
        assert response.status_code == 201
        assert not set(RATE_LIMIT_HEADERS) & set(response.headers.keys())
    assert not set(RATE_LIMIT_HEADERS) & set(client.get(game.url).headers.keys())


def test_a_scope_set_off_is_not_counted_while_the_others_are(database: str) -> None:
    client = limited(database, "read=off;create=1/minute")
    assert create(client).status_code == 201
    assert create(client).status_code == 429
    response = client.get(f"{API}/game-types")
    assert response.status_code == 200 and "RateLimit-Limit" not in response.headers



def test_the_defaults_are_on_without_a_setting(database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`trailhead serve` without TRAILHEAD_RATE_LIMITS: 30 creations, 600 commands and 1200 reads a minute."""
    monkeypatch.delenv("TRAILHEAD_RATE_LIMITS", raising=False)
    assert settings_from_env()["RATE_LIMITS"] == DEFAULT_RATE_LIMITS
    assert DEFAULT_RATE_LIMITS == {"create": "30/minute", "command": "600/minute", "read": "1200/minute",
                                   "analysis": "20/minute", "address-command": "3000/minute",
                                   "address-read": "6000/minute"}
    client = limited_app(database, None).test_client()
    game = ToyGame(client)
    assert game.send(0, "Bid", {"amount": 1}).headers["RateLimit-Limit"] == "600"
    assert client.get(game.url).headers["RateLimit-Limit"] == "1200"
    for _ in range(DEFAULT_CREATIONS - 1):
        response = create(client)
        assert response.status_code == 201 and response.headers["RateLimit-Limit"] == "30"
    assert_rate_limited(create(client), DEFAULT_CREATIONS)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, DEFAULT_RATE_LIMITS),
        ("", DEFAULT_RATE_LIMITS),
        ("on", DEFAULT_RATE_LIMITS),
        ("OFF", {}),
        ("create=off;command=off;read=off;analysis=off", {}),
        ("create=10/minute", {**DEFAULT_RATE_LIMITS, "create": "10/minute"}),
        (" read = 5 per second ; command=100/2 minutes; ", {"create": "30/minute", "command": "100/2 minutes",
                                                          "read": "5 per second", "analysis": "20/minute",
                                                              "address-command": "3000/minute",
                                                              "address-read": "6000/minute"}),
        ("create=5/second,100/hour;read=off;analysis=3/minute",
         {"create": "5/second,100/hour", "command": "600/minute", "analysis": "3/minute",
              "address-command": "3000/minute"}),
            ("read=off;address-read=50/minute",
             {"create": "30/minute", "command": "600/minute", "analysis": "20/minute",
              "address-command": "3000/minute", "address-read": "50/minute"}),
    ],
)
def test_the_setting_s_syntax(value: str | None, expected: dict[str, str]) -> None:
    assert rate_limits(value) == expected


@pytest.mark.parametrize(
    ("value", "complaint"),
    [
        ("creates=10/minute", "unknown scope 'creates'"),
        ("create", "'create' is not scope=LIMIT"),
        ("10/minute", "'10/minute' is not scope=LIMIT"),
        ("create=lots", "create: 'lots' is not a limit"),
        ("create=10/fortnight", "create: '10/fortnight' is not a limit"),
        ("create=", "create: '' is not a limit"),
        ("read=0/minute", "would refuse every request"),
        ("read=1/minute;read=2/minute", "the scope 'read' is given twice"),
        ("create=10/minute;command=600/minute;read=1200/minute;stream=5/minute", "unknown scope 'stream'"),
    ],
)
def test_a_malformed_setting_is_refused_with_what_was_wrong(value: str, complaint: str, database: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SettingsError, match="^TRAILHEAD_RATE_LIMITS: ") as refused:
        rate_limits(value)
    assert complaint in str(refused.value) and "create=10/minute" in str(refused.value)
    with pytest.raises(SettingsError, match=complaint):
        limited_app(database, value)
    monkeypatch.setenv("TRAILHEAD_RATE_LIMITS", value)
    with pytest.raises(SettingsError, match=complaint):
        create_app({"DATABASE": database})


@pytest.mark.parametrize("command", [["serve", "--port", "1"], ["db", "status"]])
def test_the_command_line_refuses_a_malformed_setting_at_start(command: list[str], database: str) -> None:
    result = CliRunner().invoke(main, command, env={"TRAILHEAD_RATE_LIMITS": "create=many",
                                                    "TRAILHEAD_DB": database})
    assert result.exit_code == 1, result.output
    assert "Error: TRAILHEAD_RATE_LIMITS: create: 'many' is not a limit" in result.output
    assert "Traceback" not in result.output
    assert untouched(database)  # refused before the database was opened: no file made, no table created


def test_every_route_counts_in_its_scope(app: Flask) -> None:
    expected = {
        ("POST", f"{API}/games"): "create",
        ("POST", f"{API}/games/g/fork"): "create",
        ("POST", f"{API}/replays"): "create",
        ("POST", f"{API}/games/g/commands"): "command",
        ("GET", f"{API}/games"): "read",
        ("GET", f"{API}/games/g"): "read",
        ("GET", f"{API}/games/g/actions"): "read",
        ("GET", f"{API}/games/g/events"): "read",
        ("GET", f"{API}/games/g/stream"): "read",
        ("GET", f"{API}/games/g/export"): "read",
        ("GET", f"{API}/exports/games"): "read",
        ("GET", f"{API}/leaderboard"): "read",
        ("HEAD", "/healthz"): "read",
        ("GET", "/openapi.yaml"): "read",
    }
    found = {}
    for method, path in expected:
        with app.test_request_context(path, method=method):
            found[(method, path)] = request_scope()
    assert found == expected


@pytest.mark.parametrize(
    ("redis_url", "uri"),
    [
        (None, "memory://"),
        ("redis://127.0.0.1:6379/3", "redis://127.0.0.1:6379/3"),
        ("rediss://:secret@cache:6380/0", "rediss://:secret@cache:6380/0"),
        ("unix:///run/redis.sock?db=2", "redis+unix:///run/redis.sock?db=2"),
    ],
)
def test_the_counts_live_in_redis_url_s_redis_else_in_memory(redis_url: str | None, uri: str) -> None:
    assert storage_uri(redis_url) == uri


def test_every_operation_documents_its_429() -> None:
    spec = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    operations = {
        f"{method.upper()} {path}": operation["responses"].get("429")
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in ("get", "post", "put", "patch", "delete")
    }
    assert len(operations) >= 18
    assert {name for name, response in operations.items()
            if response != {"$ref": "#/components/responses/TooManyRequests"}} == set()
    headers = spec["components"]["responses"]["TooManyRequests"]["headers"]
    assert set(headers) == {"Retry-After", *RATE_LIMIT_HEADERS}
