"""PostgreSQL going away under a running app: 503s that change nothing, /healthz failing, then all resumes.

The test runs its own PostgreSQL server (tests/support/databases.py's PrivateServer: initdb and
pg_ctl in a temp dir), since it stops and starts it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from domain.games import GAMES
from integration.toy_client import ToyGame
from service.app import create_app
from service.cli import main
from service.problems import PROBLEM_TYPE
from support.databases import PrivateServer
from support.toy import SPEC as TOY

pytestmark = pytest.mark.slow


@pytest.fixture
def server() -> Iterator[PrivateServer]:
    running = PrivateServer()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def client(server: PrivateServer) -> Iterator[FlaskClient]:
    app = create_app({"DATABASE": server.url, "GAMES": (*GAMES, TOY), "TESTING": True, "CLIENT_SEEDS": "exact",
                      "RATE_LIMITS": "off", "RESUME_BOTS": False, "DB_POOL_WAIT_SECONDS": 0.5})
    yield app.test_client()
    app.extensions["trailhead"].close()


def test_while_postgresql_is_down_commands_are_503_and_healthz_fails_then_everything_resumes(
    server: PrivateServer, client: FlaskClient
) -> None:
    game = ToyGame(client)
    game.play(0, "Bid", {"amount": 1}, expected_version=3, command_id="first")
    assert client.get("/healthz").get_json()["database"] == "ok"

    server.halt()
    refused = game.send(1, "Bid", {"amount": 2}, expected_version=4, command_id="second")
    assert refused.status_code == 503, refused.get_json()
    assert refused.get_json()["type"] == f"{PROBLEM_TYPE}database-unavailable"
    assert refused.headers["Retry-After"] == "1"
    assert client.get(game.url).status_code == 503
    health = client.get("/healthz")
    assert health.status_code == 200
    body = health.get_json()
    assert (body["status"], body["database"], body["projection"]) == ("failing", "unavailable", None)
    assert [reason["check"] for reason in body["reasons"]] == ["database"]

    server.start()
    # A client retrying after Retry-After gets through once the pool has reconnected; the refused
    # command was not recorded, so it is applied now, once.
    deadline = time.monotonic() + 30
    while (retried := game.send(1, "Bid", {"amount": 2}, expected_version=4, command_id="second")).status_code == 503:
        assert time.monotonic() < deadline, "the app did not reconnect within 30 s"
        time.sleep(0.2)
    assert retried.status_code == 201, retried.get_json()
    assert [event["seq"] for event in retried.get_json()["events"]] == [5]
    assert game.get()["version"] == 5
    assert client.get("/healthz").get_json()["database"] == "ok"


@pytest.mark.parametrize("command", [["serve", "--port", "1"], ["db", "status"], ["db", "migrate"]])
def test_a_database_that_does_not_answer_stops_a_command_with_one_line_and_no_password(command: list[str]) -> None:
    from support.databases import free_port

    url = f"postgresql://postgres:hunter2@127.0.0.1:{free_port()}/trailhead"  # nothing listens there
    result = CliRunner().invoke(main, command, env={"TRAILHEAD_DB": url})
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Error: cannot connect to postgresql://postgres:***@127.0.0.1:"), result.output
    assert "hunter2" not in result.output
    assert "Traceback" not in result.output
