"""An episode's replay document is the export's own format: the service imports it, audits it, and exports
it again byte for byte; played on the service with the same seed and commands, the game is the same."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

import trailhead_env
from domain.games import GAMES
from replays.transfer import document_bytes
from trailhead_env import SeatEnv, TrailheadEnv

from .conftest import play_random


@pytest.mark.parametrize("game_type", [spec.id for spec in GAMES])
def test_the_service_imports_audits_and_exports_an_episode_as_it_was(
        client: FlaskClient, short_episodes: dict[str, TrailheadEnv], game_type: str) -> None:
    document = short_episodes[game_type].replay_document()
    imported = client.post("/api/v1/replays", json=document)
    assert imported.status_code == 201, imported.get_json()
    game = imported.get_json()
    assert game["original_id"] == document["game_id"] and game["head_hash"] == document["head_hash"]
    audit = client.get(f"/api/v1/games/{game['id']}/audit").get_json()
    assert audit["status"] == "ok" and audit["checks"]["rederivation"] == "ok"
    exported = client.get(f"/api/v1/games/{game['id']}/export").get_json()
    assert document_bytes(exported) == document_bytes(document)
    assert client.post("/api/v1/replays", json=document).status_code == 200  # the same game, already there


def test_a_changed_chance_outcome_in_an_episode_is_refused(client: FlaskClient,
                                                          short_episodes: dict[str, TrailheadEnv]) -> None:
    document = short_episodes["hikes-of-the-west"].replay_document()
    rolled = next(event for event in document["events"] if event["type"] == "DiceRolled")
    rolled["data"]["dice"] = [6 if die != 6 else 1 for die in rolled["data"]["dice"]]
    refused = client.post("/api/v1/replays", json=document)
    assert refused.status_code == 422
    assert f"event {rolled['seq']}" in refused.get_json()["detail"]


def test_a_wrapper_game_against_bots_imports_with_its_bot_seats(client: FlaskClient) -> None:
    env = SeatEnv("nanga-parbat", seats=2, seat=0, opponents="random", seed="against random")
    observation, _ = env.reset()
    terminated = False
    while not terminated:
        observation, _, terminated, _, _ = env.step(0)
    document = env.replay_document()
    assert document["seats"] == [{"name": "seat_0", "bot": None}, {"name": "seat_1", "bot": "random"}]
    imported = client.post("/api/v1/replays", json=document)
    assert imported.status_code == 201, imported.get_json()
    assert client.get(f"/api/v1/games/{imported.get_json()['id']}/audit").get_json()["status"] == "ok"


def without_game_id(event: dict[str, Any]) -> dict[str, Any]:
    data = {key: value for key, value in event["data"].items() if key != "game_id"}
    return {"type": event["type"], "data": data, "seat": event["seat"], "visibility": event["visibility"]}


def test_the_service_plays_the_same_game_from_the_same_seed_and_commands(client: FlaskClient) -> None:
    """The app under test takes client seeds as they are (tests/conftest.py), as the environment does."""
    env = play_random(trailhead_env.env("nanga-parbat", seats=2), "played twice", agent_seed=3)
    document = env.replay_document()
    created = client.post("/api/v1/games", json={"type": "nanga-parbat", "seed": "played twice",
                                                 "seats": [{"name": "seat_0"}, {"name": "seat_1"}]})
    assert created.status_code == 201
    game_id = created.get_json()["id"]
    tokens = [seat["token"] for seat in created.get_json()["seats"]]
    for command in document["commands"][1:]:
        sent = client.post(f"/api/v1/games/{game_id}/commands", json={"type": command["type"], "args": command["args"]},
                           headers={"Authorization": f"Bearer {tokens[command['seat']]}"})
        assert sent.status_code == 201, sent.get_json()
    served = client.get(f"/api/v1/games/{game_id}/export").get_json()
    assert [without_game_id(event) for event in served["events"]] == \
        [without_game_id(event) for event in document["events"]]
    assert served["seed"] == document["seed"] and served["seed_commitment"] == document["seed_commitment"]
