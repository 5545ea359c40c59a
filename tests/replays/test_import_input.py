"""Bad input inside a replay document to import (`POST /replays`) is a 400 naming the field:
integers beyond 64 bits, control characters in seat names."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from replays.log import log_from_store
from replays.transfer import export_document
from support.handler import bot_game

from .conftest import open_games

API = "/api/v1"


def exported(directory: Path, type_: str, seed: str, **kw: Any) -> dict[str, Any]:
    games = open_games(directory / "source.sqlite")
    try:
        game_id = bot_game(games, type_, seed, **kw)
        return export_document(games.store, log_from_store(games.store, game_id), game_id)
    finally:
        games.store.close()


@pytest.fixture(scope="module")
def toy_export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return exported(tmp_path_factory.mktemp("toy"), "toy", "small")


def post_json(client: FlaskClient, path: str, data: bytes) -> Any:
    return client.post(f"{API}{path}", data=data, content_type="application/json")


def assert_problem(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status and body["type"].startswith("urn:trailhead:problem:") and body["title"]
    return body


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


def test_a_control_character_in_an_imported_seat_name_is_a_400_naming_it(client: FlaskClient,
                                                                        toy_export: dict[str, Any]) -> None:
    document = copy.deepcopy(toy_export)
    document["seats"][1]["name"] = "bob\u202e"

    body = assert_problem(post_json(client, "/replays", json.dumps(document).encode()), 400)

    assert body["detail"] == ("seats.1.name: must not contain control or bidirectional formatting characters "
                              "(U+202E at index 3)")
    assert post_json(client, "/replays", json.dumps(toy_export).encode()).status_code == 201
