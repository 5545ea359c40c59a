"""Where a fork may start, and how its seats start (issue 27).

A fork point must be the last event of a command: between two events of one command (a hike's last
terrain covered, its end not yet recorded) the game is half-way through a decision, and a fork taken
there could never move (nobody to act, or a seat to act with no listed action; a bot seat's job
failing for ever). Such an `at` is a 422 naming the nearest allowed steps, for every game type; a fork
at either of them has a seat to act with listed actions. A fork's seats start fresh: a seat whose
player left the source before the fork point is not handed to a bot in the fork.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.games import GAMES
from integration.toy_client import ToyGame, bearer, bots_settled
from service.app import create_app
from support.handler import bot_game, open_games
from support.toy import SPEC as TOY

API = "/api/v1"
TYPES = [spec.id for spec in GAMES]


@pytest.fixture(scope="module")
def sources(module_database: str) -> dict[str, str]:
    """A finished bots-only game of each type (the smallest table), by type."""
    games = open_games(module_database)
    try:
        # Hikes of the West by its planner: random hikers are stranded before a hike of theirs ends
        return {type_: bot_game(games, type_, f"fork-points-{type_}", level="planner" if type_ == "hikes-of-the-west"
                                else "random") for type_ in TYPES}
    finally:
        games.store.close()


@pytest.fixture(scope="module")
def fork_app(module_database: str, sources: dict[str, str]) -> Iterator[Flask]:
    yield create_app({"DATABASE": module_database, "GAMES": (*GAMES, TOY), "TESTING": True, "RATE_LIMITS": "off",
                      "CLIENT_SEEDS": "exact"})


@pytest.fixture(scope="module")
def fork_client(fork_app: Flask) -> FlaskClient:
    """One app for the module's forks of its source games (their bot seats play on in the background)."""
    return fork_app.test_client()


def command_spans(client: FlaskClient, game_id: str) -> list[tuple[int, int]]:
    """(first seq, last seq) of each recorded command of a finished game, from its export."""
    document = client.get(f"{API}/games/{game_id}/export").get_json()
    return sorted((command["first_seq"], command["last_seq"]) for command in document["commands"])


def stored_ids(client: FlaskClient) -> set[str]:
    return {game["id"] for game in client.get(f"{API}/games?limit=200").get_json()["games"]}


def fork(client: FlaskClient, game_id: str, at: int, seats: int | None = None) -> Any:
    body: dict[str, Any] = {"at": at}
    if seats is not None:
        body["seats"] = [{"name": f"Person {i}"} for i in range(seats)]
    return client.post(f"{API}/games/{game_id}/fork", json=body)


def can_move(client: FlaskClient, created: dict[str, Any]) -> None:
    """The fork has a seat to act, and each seat to act has a listed action."""
    game = client.get(f"{API}/games/{created['id']}").get_json()
    assert game["status"] == "active" and game["to_act"], game
    tokens = {seat["index"]: seat["token"] for seat in created["seats"]}
    for seat in game["to_act"]:
        actions = client.get(f"{API}/games/{created['id']}/actions", headers=bearer(tokens[seat])).get_json()
        assert actions["actions"], f"seat {seat} is to act in the fork but has no listed action"


@pytest.mark.parametrize("type_", TYPES)
def test_a_fork_between_two_events_of_one_command_is_a_422_naming_the_nearest_allowed_steps(
        fork_client: FlaskClient, sources: dict[str, str], type_: str) -> None:
    game_id = sources[type_]
    spans = command_spans(fork_client, game_id)
    version = spans[-1][1]
    first, last = next((a, b) for a, b in spans[1:] if b > a and b < version)  # a command of several events
    stored = stored_ids(fork_client)

    refused = fork(fork_client, game_id, first)

    assert refused.status_code == 422
    assert refused.mimetype == "application/problem+json"
    problem = json.loads(refused.get_data(as_text=True))
    assert problem["type"] == "urn:trailhead:problem:fork-point-inside-command"
    assert problem["at"] == first and problem["nearest"] == [first - 1, last]
    assert problem["detail"] == (f"a fork point must be the last event of a command: event {first} is followed by "
                                 f"more events of the same command; the nearest allowed steps are {first - 1} and "
                                 f"{last}")
    assert stored_ids(fork_client) == stored  # no game was made
    seats = len(fork_client.get(f"{API}/games/{game_id}").get_json()["seats"])
    for allowed in problem["nearest"]:
        assert fork(fork_client, game_id, allowed).status_code == 201  # the source's (bot) seats
        mine = fork(fork_client, game_id, allowed, seats=seats)  # every seat a person's: each one's actions are read
        assert mine.status_code == 201, mine.get_json()
        can_move(fork_client, mine.get_json())


def test_a_hikes_of_the_west_fork_at_the_last_terrain_before_the_hikes_end_is_refused(
        fork_client: FlaskClient, sources: dict[str, str]) -> None:
    """The probe's case: the last TerrainCovered before HikeCompleted of the same command (GET /actions then
    answered a 500)."""
    game_id = sources["hikes-of-the-west"]
    events = fork_client.get(f"{API}/games/{game_id}/events?limit=1000").get_json()["events"]
    at = next(before["seq"] for before, after in zip(events, events[1:])
              if (before["type"], after["type"]) == ("TerrainCovered", "HikeCompleted")
              and before["command_id"] == after["command_id"])

    refused = fork(fork_client, game_id, at)

    assert refused.status_code == 422
    problem = refused.get_json()
    assert problem["type"] == "urn:trailhead:problem:fork-point-inside-command"
    assert problem["nearest"][0] < at < problem["nearest"][-1]


def test_every_command_end_of_a_finished_game_is_a_fork_point(fork_client: FlaskClient,
                                                              sources: dict[str, str]) -> None:
    """Each end of a command from the set-up's to the one before the last is taken (a toy-sized check of
    the rule's other side: it refuses only what lies inside a command)."""
    game_id = sources["nanga-parbat"]
    spans = command_spans(fork_client, game_id)
    ends = [last for _, last in spans][:-1]
    for at in ends[:: max(1, len(ends) // 6)]:
        assert fork(fork_client, game_id, at).status_code == 201


def test_a_seat_whose_player_left_the_source_starts_fresh_in_the_fork(client: FlaskClient) -> None:
    game = ToyGame(client, options={"pile": 6}, seed="left")
    game.play(0, "Bid", {"amount": 2})
    left = client.post(f"{game.url}/leave", headers=game.auth(1))
    assert left.status_code == 201
    assert bots_settled(client)
    while (now := game.get())["status"] == "active":
        assert now["to_act"] == [0], now  # the takeover bot plays seat 1
        game.play(0, "Take", {"count": 1})
        assert bots_settled(client)
    seat_left = next(e["seq"] for e in game.all_events() if e["type"] == "SeatLeft")

    for seats in (None, [{"name": "Cy"}, {"name": "Di"}]):
        body: dict[str, Any] = {"at": seat_left} if seats is None else {"at": seat_left, "seats": seats}
        forked = client.post(f"{game.url}/fork", json=body)
        assert forked.status_code == 201, forked.get_json()
        created = forked.get_json()
        assert [(s["bot"], s["gone"]) for s in created["seats"]] == [(None, False), (None, False)]
        assert bots_settled(client)
        fork_game = client.get(f"{API}/games/{created['id']}").get_json()
        assert fork_game["version"] == seat_left  # no bot played a seat of the fork
        assert [(s["bot"], s["gone"]) for s in fork_game["seats"]] == [(None, False), (None, False)]
        tokens = {s["index"]: s["token"] for s in created["seats"]}
        seat = fork_game["to_act"][0]
        acted = client.post(f"{API}/games/{created['id']}/commands", headers=bearer(tokens[seat]),
                            json={"type": "Bid", "args": {"amount": 1}} if seat == 1 else
                            {"type": "Take", "args": {"count": 1}})
        assert acted.status_code == 201, acted.get_json()
        audit = client.get(f"{API}/games/{created['id']}/audit").get_json()
        assert audit["status"] == "ok", audit
