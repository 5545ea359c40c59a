"""Seeds no one can guess: a client's seed is mixed with the server's 256 bits unless the operator says exact
(on each backend: the seed's parts and source are stored with the game)."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask

from domain.games import GAMES
from service.app import create_app
from service.cli import main

pytestmark = pytest.mark.both_backends  # the seed's parts and source as each backend stores them

SOLO = [{"name": "solo", "bot": "random"}]


def app_on(database: str, **config: Any) -> Flask:
    return create_app({"DATABASE": database, "GAMES": GAMES, "REDIS_URL": None, **config})


def played(app: Flask, seed: str | None) -> dict[str, Any]:
    """A finished solo Hikes of the West game created with `seed` (None: none sent)."""
    client = app.test_client()
    body = {"type": "hikes-of-the-west", "seats": SOLO, **({"seed": seed} if seed is not None else {})}
    created = client.post("/api/v1/games", json=body)
    assert created.status_code == 201, created.get_json()
    assert app.extensions["trailhead"].runner.wait_idle(60)
    return {"created": created.get_json(), "final": client.get(f"/api/v1/games/{created.get_json()['id']}").get_json(),
            "events": client.get(f"/api/v1/games/{created.get_json()['id']}/events?limit=5").get_json()["events"]}


def dealt(game: dict[str, Any]) -> list[Any]:
    """The opening chance outcomes after GameCreated (public in this game)."""
    return [(e["type"], e["data"]) for e in game["events"][1:4]]


def test_by_default_a_client_seed_is_mixed_with_the_servers_and_both_parts_are_revealed(database: str) -> None:
    app = app_on(database)
    first, second = played(app, "4711"), played(app, "4711")

    for game in (first, second):
        assert game["created"]["seed_source"] == "mixed" and game["final"]["seed_source"] == "mixed"
        assert game["created"]["seed_commitment"] != hashlib.sha256(b"4711").hexdigest()
        final = game["final"]
        assert final["status"] == "finished"
        assert hashlib.sha256(final["seed"].encode()).hexdigest() == final["seed_commitment"]
        assert final["seed_parts"]["client"] == "4711" and re.fullmatch(r"[0-9a-f]{64}", final["seed_parts"]["server"])
        assert final["seed"] == f"{final['seed_parts']['server']}:4711"
        audit = app.test_client().get(f"/api/v1/games/{final['id']}/audit").get_json()
        assert audit["status"] == "ok", audit
    assert first["final"]["seed_parts"]["server"] != second["final"]["seed_parts"]["server"]
    assert dealt(first) != dealt(second)  # the same client seed no longer decides the deals


def test_exact_client_seeds_replay_the_same_game_and_say_so(database: str) -> None:
    app = app_on(database, CLIENT_SEEDS="exact")
    first, second = played(app, "4711"), played(app, "4711")

    for game in (first, second):
        assert game["created"]["seed_source"] == "client"
        assert game["created"]["seed_commitment"] == hashlib.sha256(b"4711").hexdigest()
        assert game["final"]["seed"] == "4711" and "seed_parts" not in game["final"]
    assert dealt(first) == dealt(second)
    assert first["final"]["result"] == second["final"]["result"]


def test_without_a_client_seed_the_server_draws_it(database: str) -> None:
    game = played(app_on(database), None)
    assert game["created"]["seed_source"] == "server" and game["final"]["seed_source"] == "server"
    assert re.fullmatch(r"[0-9a-f]{64}", game["final"]["seed"]) and "seed_parts" not in game["final"]


def test_an_unknown_client_seeds_setting_is_refused_at_start(database: str) -> None:
    with pytest.raises(ValueError, match="TRAILHEAD_CLIENT_SEEDS must be one of mixed, exact"):
        app_on(database, CLIENT_SEEDS="sometimes")


def test_a_mixed_game_exports_imports_and_keeps_its_seed_source(database: str,
                                                                 new_database: Callable[[str], str]) -> None:
    game = played(app_on(database), "weak")
    here = app_on(database).test_client()
    document = here.get(f"/api/v1/games/{game['final']['id']}/export").get_json()
    assert document["seed_source"] == "mixed" and document["seed"] == game["final"]["seed"]

    elsewhere = app_on(new_database("elsewhere")).test_client()
    imported = elsewhere.post("/api/v1/replays", json=document)
    assert imported.status_code == 201, imported.get_json()
    view = elsewhere.get(f"/api/v1/games/{imported.get_json()['id']}").get_json()
    assert view["seed_source"] == "mixed" and view["seed_parts"] == game["final"]["seed_parts"]
    older = {key: value for key, value in document.items() if key != "seed_source"}  # a release-0.1 document
    again = app_on(new_database("third")).test_client()
    reimported = again.post("/api/v1/replays", json=older)
    assert reimported.status_code == 201
    assert again.get(f"/api/v1/games/{reimported.get_json()['id']}").get_json()["seed_source"] == "unknown"


def test_the_cli_plays_with_a_random_seed_and_prints_it() -> None:
    outputs = [CliRunner().invoke(main, ["play", "hikes-of-the-west", "--json"]) for _ in range(2)]
    seeds = [json.loads(out.output)["seed"] for out in outputs]
    assert all(out.exit_code == 0 for out in outputs) and seeds[0] != seeds[1]
    again = CliRunner().invoke(main, ["play", "hikes-of-the-west", "--json", "--seed", seeds[0]])
    assert json.loads(again.output) == json.loads(outputs[0].output)  # the printed seed replays the game
