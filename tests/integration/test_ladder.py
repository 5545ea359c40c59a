"""The ladder (issue 30, item 6) on both backends with the embedded runner: entries, rounds every second,
games seated by the matchmaking and rated in the ladder's own pool, leaving, and the refusals.

The toy game (tests/support/toy.py) keeps games short; a player's seat is played by the takeover bot once its
one-second turns time out, so player entrants' games end too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from application.ladder import LadderSettings
from domain.games import GAMES
from service.app import create_app
from support.toy import SPEC as TOY
from support.waiting import wait_for

pytestmark = pytest.mark.both_backends  # claims raced on each backend's transactions; the ladder's SQL

API = "/api/v1"


@pytest.fixture
def ladder_app(database: str) -> Iterator[Flask]:
    app = create_app({"DATABASE": database, "GAMES": (*GAMES, TOY), "RATE_LIMITS": "off", "LADDER_SECONDS": 1,
                      "LADDER_TURN_SECONDS": 1, "LADDER_TAKEOVER_BOT": "random"})
    yield app
    app.extensions["trailhead"].close()


def player(client: FlaskClient, name: str) -> tuple[dict[str, Any], dict[str, str]]:
    made = client.post(f"{API}/players", json={"name": name}).get_json()
    return made, {"Authorization": f"Bearer {made['key']}"}


def ladder(client: FlaskClient, type_: str = "toy") -> dict[str, Any]:
    answer = client.get(f"{API}/ladder/{type_}")
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_entrants_are_seated_round_after_round_and_rated_in_the_ladder_pool(ladder_app: Flask) -> None:
    client = ladder_app.test_client()
    (ann, ann_key), (bob, bob_key) = player(client, "Ann"), player(client, "Bob")
    entered = client.post(f"{API}/ladder/toy/entries", headers=ann_key)
    assert entered.status_code == 201
    assert {k: entered.get_json()[k] for k in ("type", "entrant", "name", "player", "bot", "games")} == {
        "type": "toy", "entrant": ann["id"], "name": "Ann", "player": ann["id"], "bot": None, "games": 0}
    assert client.post(f"{API}/ladder/toy/entries", headers=ann_key).status_code == 200  # entered already
    assert client.post(f"{API}/ladder/toy/entries", headers=ann_key, json={"bot": "random"}).status_code == 201
    assert client.post(f"{API}/ladder/toy/entries", headers=bob_key, json={"bot": "careful"}).status_code == 201
    assert client.post(f"{API}/ladder/toy/entries", headers=bob_key).status_code == 201
    everyone = {ann["id"], bob["id"], "bot:random", "bot:careful"}

    def played_enough() -> dict[str, Any] | None:
        now = ladder(client)
        return now if {row["entrant"]: row["games"] for row in now["entrants"]}.keys() == everyone and all(
            row["games"] >= 2 for row in now["entrants"]) else None

    shown = wait_for(played_enough, timeout=60, what="every entrant to play two ladder games")
    assert shown["seconds"] == 1 and shown["turn_seconds"] == 1
    games = shown["games"]
    assert games and all(len(game["entrants"]) == 2 and set(game["entrants"]) <= everyone for game in games)
    running: dict[str, int] = {}
    for game in games:
        for entrant in game["entrants"]:
            running[entrant] = running.get(entrant, 0) + (game["status"] != "finished")
    assert max(running.values()) <= 1  # nobody plays two ladder games at once

    # a game claimed a moment ago is listed with status null until it is created (openapi.yaml, Ladder)
    with_a_player = next(game for game in games if game["status"] is not None
                         and (ann["id"] in game["entrants"] or bob["id"] in game["entrants"]))
    events = client.get(f"{API}/games/{with_a_player['game_id']}/events?limit=5").get_json()["events"]
    created, table = events[0]["data"], next(e["data"] for e in events if e["type"] == "TableSet")
    assert created["ladder"] is True and table["turn_seconds"] == 1
    people = {ann["id"]: "Ann", bob["id"]: "Bob"}
    assert [seat["name"] for seat in created["seats"]] == [
        people.get(entrant, f"{entrant.removeprefix('bot:')} bot") for entrant in with_a_player["entrants"]]
    assert [p for p in table["players"]] == [e if e in people else None for e in with_a_player["entrants"]]

    finished = next(game for game in games if game["status"] == "finished")
    wait_for(lambda: client.get(f"{API}/leaderboard?type=toy&pool=ladder").get_json()["players"], timeout=10,
             what="the ladder's ratings")
    board = client.get(f"{API}/leaderboard?type=toy&pool=ladder").get_json()
    assert board["pool"] == "ladder" and {row["player"] for row in board["players"]} <= everyone
    assert set(finished["entrants"]) <= {row["player"] for row in board["players"]}
    assert client.get(f"{API}/leaderboard?type=toy").get_json()["players"] == []  # not in the rated pool
    rated = {row["entrant"]: row["rating"] for row in ladder(client)["entrants"]}
    assert all(rated[entrant] is not None for entrant in finished["entrants"])
    summaries = client.get(f"{API}/games?type=toy&status=finished").get_json()["games"]
    assert {summary["rated"] for summary in summaries} == {"ladder"}


def test_leaving_taking_out_a_bot_and_the_refusals(ladder_app: Flask) -> None:
    client = ladder_app.test_client()
    (ann, ann_key), (_bob, bob_key) = player(client, "Ann"), player(client, "Bob")
    assert client.post(f"{API}/ladder/toy/entries", headers=ann_key, json={"bot": "careful"}).status_code == 201
    refused = client.delete(f"{API}/ladder/toy/entries?bot=careful", headers=bob_key)
    assert refused.status_code == 403 and refused.content_type == "application/problem+json"
    assert client.delete(f"{API}/ladder/toy/entries?bot=careful", headers=ann_key).status_code == 204
    assert client.delete(f"{API}/ladder/toy/entries?bot=careful", headers=ann_key).status_code == 404
    assert client.delete(f"{API}/ladder/toy/entries", headers=ann_key).status_code == 404  # never entered
    assert ladder(client)["entrants"] == []

    bad_level = client.post(f"{API}/ladder/toy/entries", headers=ann_key, json={"bot": "grandmaster"})
    assert bad_level.status_code == 400 and "unknown bot level" in bad_level.get_json()["detail"]
    assert client.post(f"{API}/ladder/toy/entries", headers=ann_key, json={"level": "random"}).status_code == 400
    assert client.post(f"{API}/ladder/toy/entries").status_code == 401
    assert client.post(f"{API}/ladder/chess/entries", headers=ann_key).status_code == 404
    assert client.get(f"{API}/ladder/chess").status_code == 404
    alone = next((spec.id for spec in GAMES if spec.max_seats < 2), None)
    if alone is not None:
        assert client.post(f"{API}/ladder/{alone}/entries", headers=ann_key).status_code == 400

    # left, entered again: the same entrant, its games kept
    assert client.post(f"{API}/ladder/toy/entries", headers=ann_key).status_code == 201
    assert client.delete(f"{API}/ladder/toy/entries", headers=ann_key).status_code == 204
    again = client.post(f"{API}/ladder/toy/entries", headers=ann_key)
    assert again.status_code == 201 and again.get_json()["entrant"] == ann["id"]
    assert json.loads(json.dumps(ladder(client)["waiting"])) == [ann["id"]]  # alone: nobody to meet


def test_claims_are_all_or_nothing_and_given_up_when_their_game_never_came(ladder_app: Flask) -> None:
    store = ladder_app.extensions["trailhead"].store
    for entrant in ("a", "b", "c"):
        assert store.ladder_enter("toy", entrant, entrant, None, entrant.upper(), entrant) is True
    assert store.ladder_enter("toy", "a", "a", None, "A", "a") is False
    assert store.ladder_claim("toy", "g1", ["a", "b"]) is True
    assert store.ladder_claim("toy", "g2", ["c", "b"]) is False  # b plays g1: nothing of g2 is written
    entries = {entry.entrant: entry for entry in store.ladder_entries("toy")}
    assert (entries["c"].playing, entries["c"].games, entries["c"].waiting) == (None, 0, True)
    assert (entries["a"].playing, entries["a"].games, entries["a"].last_opponents) == ("g1", 1, ("b",))
    assert not entries["a"].waiting and [game["game_id"] for game in store.ladder_games("toy", 5)] == ["g1"]

    assert store.ladder_release("toy", "2000-01-01T00:00:00.000000Z") == 0  # g1 was claimed just now: kept
    assert store.ladder_release("toy", "9999-01-01T00:00:00.000000Z") == 2  # never created: given up
    assert all(entry.playing is None for entry in store.ladder_entries("toy"))
    assert store.ladder_leave("toy", "c") is True and store.ladder_leave("toy", "c") is False
    assert store.ladder_claim("toy", "g3", ["a", "c"]) is False  # c left
    assert store.ladder_types() == ["toy"]


def ladder_games_of(app: Flask) -> list[dict[str, Any]]:
    return app.extensions["trailhead"].store.ladder_games("toy", 10)


def test_an_entry_wakes_the_ladder_at_once_however_long_its_period(database: str) -> None:
    app = create_app({"DATABASE": database, "GAMES": (*GAMES, TOY), "RATE_LIMITS": "off", "LADDER_SECONDS": 3600})
    try:
        client = app.test_client()
        _ann, key = player(client, "Ann")
        client.post(f"{API}/ladder/toy/entries", headers=key, json={"bot": "random"})
        assert ladder_games_of(app) == []  # alone
        client.post(f"{API}/ladder/toy/entries", headers=key, json={"bot": "careful"})
        games = wait_for(lambda: ladder_games_of(app), timeout=10, what="the entry's wake-up to seat both")
        assert sorted(games[0]["entrants"]) == ["bot:careful", "bot:random"]
    finally:
        app.extensions["trailhead"].close()


def test_a_restarted_server_schedules_the_rounds_of_every_ladder_with_entrants(database: str) -> None:
    settings = {"DATABASE": database, "GAMES": (*GAMES, TOY), "RATE_LIMITS": "off", "LADDER_SECONDS": 1}
    before = create_app(settings)
    store = before.extensions["trailhead"].store
    for level in ("random", "careful"):  # entered with no wake-up and no round running (as if it had stopped)
        store.ladder_enter("toy", f"bot:{level}", None, level, f"{level} bot", "someone")
    before.extensions["trailhead"].close()
    after = create_app(settings)
    try:
        games = wait_for(lambda: ladder_games_of(after), timeout=10, what="a round after the restart")
        assert sorted(games[0]["entrants"]) == ["bot:careful", "bot:random"]
    finally:
        after.extensions["trailhead"].close()


def test_the_ladders_period_and_clock_must_be_positive() -> None:
    with pytest.raises(ValueError, match="TRAILHEAD_LADDER_SECONDS"):
        LadderSettings(seconds=0)
    with pytest.raises(ValueError, match="TRAILHEAD_LADDER_SECONDS"):
        LadderSettings(turn_seconds=-1)
