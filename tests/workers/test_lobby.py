"""The lobby read model over the API: filters, newest first, cursor pages, leaderboard, lag."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.both_backends  # ordering and cursor pages done in SQL


def create(client: Any, type_: str, seats: list[dict[str, Any]], seed: str) -> dict[str, Any]:
    """A game created through the API, once its bots (which play after the response) have played."""
    response = client.post("/api/v1/games", json={"type": type_, "seats": seats, "seed": seed})
    assert response.status_code == 201
    assert client.application.extensions["trailhead"].runner.wait_idle(60)
    return response.get_json()


def test_games_are_listed_newest_first_with_filters_and_cursor_pages(client_for: Any, database: str) -> None:
    client = client_for(database)
    solo = [create(client, "hikes-of-the-west", [{"name": f"hiker-{i % 2}", "bot": "random"}], f"s{i}")
            for i in range(5)]
    duel = create(client, "toy", [{"name": "Ann"}, {"name": "hiker-0"}], "duel")
    everything = client.get("/api/v1/games?limit=200").get_json()
    assert [g["id"] for g in everything["games"]] == [duel["id"], *[g["id"] for g in reversed(solo)]]
    assert everything["next_cursor"] is None

    first = client.get("/api/v1/games?limit=2").get_json()
    second = client.get(f"/api/v1/games?limit=2&cursor={first['next_cursor']}").get_json()
    third = client.get(f"/api/v1/games?limit=2&cursor={second['next_cursor']}").get_json()
    paged = [g["id"] for page in (first, second, third) for g in page["games"]]
    assert paged == [g["id"] for g in everything["games"]] and third["next_cursor"] is None

    finished = client.get("/api/v1/games?status=finished&type=hikes-of-the-west").get_json()["games"]
    assert sorted(g["id"] for g in finished) == sorted(g["id"] for g in solo)
    active = client.get("/api/v1/games?status=active").get_json()["games"]
    assert [g["id"] for g in active] == [duel["id"]] and active[0]["to_act"] == [0, 1]
    named = client.get("/api/v1/games?seat_name=hiker-0").get_json()["games"]
    assert [g["id"] for g in named] == [duel["id"], solo[4]["id"], solo[2]["id"], solo[0]["id"]]
    assert client.get("/api/v1/games?status=paused").status_code == 400
    assert client.get("/api/v1/games?limit=0").status_code == 400


def test_the_leaderboard_counts_games_wins_placings_and_the_best_score(client_for: Any, database: str) -> None:
    client = client_for(database)
    for i in range(4):
        create(client, "hikes-of-the-west", [{"name": "walker", "bot": "planner"}], f"board-{i}")
    board = client.get("/api/v1/leaderboard?type=hikes-of-the-west").get_json()
    assert board["score_order"] == "low"
    (walker,) = board["seat_names"]
    scores = [g["result"]["score"] for g in (client.get(f"/api/v1/games/{s['id']}").get_json()
                                             for s in client.get("/api/v1/games").get_json()["games"])]
    wins = sum(1 for g in client.get("/api/v1/games").get_json()["games"] if g["winners"])
    assert walker == {"name": "walker", "games_played": 4, "games_won": wins, "mean_placing": 1.0,
                      "best_score": min(scores)}
    assert client.get("/api/v1/leaderboard").status_code == 400
    assert client.get("/api/v1/leaderboard?type=chess").status_code == 404


def test_a_game_reports_how_far_the_read_model_is_behind(client_for: Any, database: str) -> None:
    client = client_for(database)
    game = create(client, "toy", [{"name": "Ann"}, {"name": "Bob"}], "lag")
    client.get("/api/v1/games")  # the embedded runner catches the read models up before a lobby read
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["projection_lag"] == 0
