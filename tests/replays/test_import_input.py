"""POST /replays takes documents up to 32 MiB while every other body keeps 1 MiB; bad input inside
a document (integers beyond 64 bits) is a 400 naming the field; seat names pass as the document
hashes them."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from integration.test_api_errors import assert_problem
from integration.toy_client import API
from domain.core import SeatConfig
from replays.log import log_from_store
from replays.transfer import export_document
from support.handler import bot_game_export, open_games, play_bots

MIB = 1024 * 1024
IMPORT_LIMIT = 32 * MIB


# The documents are made once (per module, or per test process: tests/conftest.py's long_game_export) on a SQLite
# file of their own; the tests import them into the client's database.
@pytest.fixture(scope="module")
def long_export(long_game_export: dict[str, Any]) -> bytes:
    """The export of a long game, well over 1 MiB, as a request body."""
    text = json.dumps(long_game_export).encode()
    assert 1.5 * MIB < len(text) < 4 * MIB
    return text


@pytest.fixture(scope="module")
def toy_export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return bot_game_export(tmp_path_factory.mktemp("toy") / "source.sqlite", "toy", "small")


def post_json(client: FlaskClient, path: str, data: bytes) -> Any:
    return client.post(f"{API}{path}", data=data, content_type="application/json")


def test_an_export_over_1_mib_is_imported_and_audits(client: FlaskClient, long_export: bytes) -> None:
    response = post_json(client, "/replays", long_export)

    assert response.status_code == 201, response.get_data(as_text=True)[:500]
    imported = response.get_json()
    assert imported["version"] == json.loads(long_export)["version"] > 4000
    assert client.get(f"{API}/games/{imported['id']}/audit").get_json()["status"] == "ok"


@pytest.mark.both_backends  # a large log written in one transaction
def test_a_document_of_exactly_32_mib_is_imported(client: FlaskClient, long_export: bytes) -> None:
    padded = b" " * (IMPORT_LIMIT - len(long_export)) + long_export  # whitespace before a JSON value is JSON

    response = post_json(client, "/replays", padded)

    assert len(padded) == IMPORT_LIMIT
    assert response.status_code == 201, response.get_data(as_text=True)[:500]


def test_a_document_over_32_mib_is_a_413_problem_and_nothing_is_imported(client: FlaskClient,
                                                                          long_export: bytes) -> None:
    padded = b" " * (IMPORT_LIMIT + 1 - len(long_export)) + long_export

    body = assert_problem(post_json(client, "/replays", padded), 413)

    assert body["type"] == "urn:trailhead:problem:request-entity-too-large"
    assert body["detail"] == "the request body exceeds the limit of this route (33554432 bytes, 32 MiB)"
    assert client.get(f"{API}/games").get_json()["games"] == []


@pytest.mark.parametrize("path", ["/games", "/games/any-game/fork"], ids=["create", "fork"])
def test_every_other_body_keeps_the_1_mib_limit(client: FlaskClient, long_export: bytes, path: str) -> None:
    body = assert_problem(post_json(client, path, long_export), 413)

    assert body["detail"] == "the request body exceeds the limit of this route (1048576 bytes, 1 MiB)"


INTEGER_PLACES = [
    ("version",), ("rules_version",), ("format_version",), ("events", 0, "seq"), ("events", 3, "seat"),
    ("events", 1, "data", "card"), ("commands", 0, "expected_version"), ("commands", 1, "first_seq"),
    ("commands", 1, "last_seq"), ("commands", 1, "seat"), ("commands", 1, "args", "amount"), ("options", "pile"),
    ("seats", 0, "bot"),
]


def place_name(path: tuple[Any, ...]) -> str:
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path).lstrip(".")


@pytest.mark.parametrize("value", [2**63, -(2**63) - 1], ids=["above", "below"])
@pytest.mark.parametrize("path", INTEGER_PLACES, ids=place_name)
def test_an_integer_beyond_64_bits_anywhere_in_a_document_is_a_400_naming_it(
    client: FlaskClient, toy_export: dict[str, Any], path: tuple[Any, ...], value: int
) -> None:
    document = copy.deepcopy(toy_export)
    node = document
    for part in path[:-1]:
        node = node[part]
    assert path[-1] in node if isinstance(node, dict) else path[-1] < len(node)
    node[path[-1]] = value

    body = assert_problem(post_json(client, "/replays", json.dumps(document).encode()), 400)

    assert body["detail"] == (f"{place_name(path)}: Must lie in the signed 64-bit range, "
                              "-9223372036854775808 to 9223372036854775807.")


@pytest.mark.both_backends  # control characters as each backend stores them
def test_a_document_whose_seat_names_hold_control_characters_still_imports(
    client: FlaskClient, new_database: Callable[[str], str]
) -> None:
    """Release 0.1 took any seat name, and the names are inside the hashed GameCreated: such a game
    exported then imports now (nothing is lost across releases); only new games refuse the names."""
    games = open_games(new_database("release-0.1-like"))
    seats = [SeatConfig(name="ann\u202e", bot="random"), SeatConfig(name="bob\x07", bot="careful")]
    game_id = games.create("toy", seats, {"pile": 5}, "old names").game.record.id
    play_bots(games, game_id)
    document = export_document(games.store, log_from_store(games.store, game_id), game_id)

    response = post_json(client, "/replays", json.dumps(document).encode())

    assert response.status_code == 201, response.get_json()
    imported = response.get_json()["id"]
    assert [s["name"] for s in client.get(f"{API}/games/{imported}").get_json()["seats"]] == ["ann\u202e", "bob\x07"]
    assert client.get(f"{API}/games/{imported}/audit").get_json()["status"] == "ok"
