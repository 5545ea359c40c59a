"""The `search` level over HTTP (issue 29): listed with every level's words, a seat's own budget recorded with the
seat, bounded, refused on other levels, kept by a fork, and a game against it audited."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from integration.toy_client import bots_settled
from domain.core.seating import strongest_bot, table_set
from domain.games import game_spec

API = "/api/v1"
NANGA = "nanga-parbat"


def create(client: FlaskClient, bot_seat: dict[str, Any]) -> Any:
    return client.post(f"{API}/games", json={"type": NANGA, "seed": "search-seat",
                                             "seats": [{"name": "Ann"}, {"name": "Bot", **bot_seat}]})


def test_game_types_list_search_last_with_every_level_in_words(client: FlaskClient) -> None:
    listed = {kind["id"]: kind for kind in client.get(f"{API}/game-types").get_json()}
    kind = listed[NANGA]
    assert kind["bots"] == ["random", "greedy", "search"]
    assert [row["level"] for row in kind["bot_levels"]] == kind["bots"]
    search = kind["bot_levels"][-1]
    settings = game_spec(NANGA).search
    assert settings is not None
    assert f"{settings.iterations} iterations a decision" in search["description"]
    assert str(settings.max_iterations) in search["description"] and search["strength"]
    assert all(row["description"] and row["strength"] for row in kind["bot_levels"])
    assert client.get(f"{API}/game-types/{NANGA}").get_json()["bot_levels"] == kind["bot_levels"]
    for other in listed.values():  # every type keeps `bots` and describes each of them
        assert [row["level"] for row in other["bot_levels"]] == other["bots"]


def test_a_search_seat_s_own_budget_is_recorded_with_the_seat_and_played(client: FlaskClient) -> None:
    response = create(client, {"bot": "search", "iterations": 4})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    assert created["seats"][1]["iterations"] == 4 and "iterations" not in created["seats"][0]
    headers = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    events = client.get(f"{API}/games/{created['id']}/events", headers=headers).get_json()["events"]
    assert events[0]["data"]["seats"] == [{"name": "Ann", "bot": None},
                                          {"name": "Bot", "bot": "search", "iterations": 4}]
    while bots_settled(client) and (game := client.get(f"{API}/games/{created['id']}",
                                                         headers=headers).get_json())["status"] == "active":
        actions = client.get(f"{API}/games/{created['id']}/actions", headers=headers).get_json()
        first = actions["actions"][0]
        sent = client.post(f"{API}/games/{created['id']}/commands", headers=headers,
                           json={"type": first["type"], "args": first["args"], "expected_version": actions["version"]})
        assert sent.status_code == 201, sent.get_json()
    assert game["seats"][1]["iterations"] == 4
    assert client.get(f"{API}/games/{created['id']}/audit").get_json()["status"] == "ok"
    log = client.get(f"{API}/games/{created['id']}/events?limit=1000").get_json()["events"]
    at = next(event["seq"] for event, after in zip(log[5:], log[6:]) if event["command_id"] != after["command_id"])
    forked = client.post(f"{API}/games/{created['id']}/fork", json={"at": at})
    assert forked.status_code == 201, forked.get_json()
    fork = forked.get_json()
    assert fork["seats"][1]["bot"] == "search" and fork["seats"][1]["iterations"] == 4
    fork_headers = {"Authorization": f"Bearer {fork['seats'][0]['token']}"}
    fork_events = client.get(f"{API}/games/{fork['id']}/events", headers=fork_headers).get_json()["events"]
    assert fork_events[0]["data"]["seats"][1] == {"name": "Bot", "bot": "search", "iterations": 4}


def test_a_budget_is_bounded_and_only_a_search_seat_s(client: FlaskClient) -> None:
    settings = game_spec(NANGA).search
    assert settings is not None
    for seat, field in (({"bot": "search", "iterations": settings.max_iterations + 1}, "iterations"),
                        ({"bot": "search", "iterations": 0}, "iterations"),
                        ({"bot": "greedy", "iterations": 5}, "iterations"),
                        ({"iterations": 5}, "iterations")):
        response = create(client, seat)
        assert response.status_code == 400, (seat, response.get_json())
        assert response.headers["Content-Type"] == "application/problem+json"
        assert field in str(response.get_json()), response.get_json()
    assert create(client, {"bot": "search", "iterations": settings.max_iterations}).status_code == 201


def test_search_may_be_the_takeover_bot_but_the_default_stays_the_strongest_hand_written_level() -> None:
    spec = game_spec(NANGA)
    assert strongest_bot(spec) == "greedy"
    assert table_set(spec, 2, [1], [None, None]).takeover_bot == "greedy"
    assert table_set(spec, 2, [1], [None, None], fill_with_bots_after=5, takeover_bot="search").takeover_bot == "search"
