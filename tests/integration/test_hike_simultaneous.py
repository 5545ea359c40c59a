"""Hike!'s simultaneous days over the API (rulebook, End of the day, Pro tip; option `simultaneous_days`):
several seats to act at once, each listing and sending its own commands in any order, while the
bot-turn jobs play the bot seats' days; the log audits, and replays give the same race."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from domain.core import Rng
from domain.games.hike import SPEC

from .toy_client import API, bearer, bots_settled

OPTIONS = {"simultaneous_days": True}


def create(client: FlaskClient, seats: list[dict[str, Any]], seed: str) -> dict[str, Any]:
    response = client.post(f"{API}/games", json={"type": "hike", "seats": seats, "options": OPTIONS, "seed": seed})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def choice(view: dict[str, Any], actions: list[dict[str, Any]], version: int) -> dict[str, Any]:
    """What a person playing as the expert bot would pick from their own view and listed actions."""
    legal = [SPEC.commands.decode(action["type"], action["args"]) for action in actions]
    chosen = SPEC.bots["expert"](view, legal, Rng("person", version))
    return actions[legal.index(chosen)]


def test_two_people_and_a_bot_race_simultaneous_days_each_acting_for_their_own_seat(client: FlaskClient) -> None:
    created = create(client, [{"name": "Ann"}, {"name": "Bo"}, {"name": "Husky", "bot": "expert"}], "together")
    game_id, tokens = created["id"], {seat["index"]: seat["token"] for seat in created["seats"] if "token" in seat}
    together = 0  # commands sent while both people were to act
    for _ in range(2000):
        assert bots_settled(client)
        game = client.get(f"{API}/games/{game_id}").get_json()
        if game["status"] == "finished":
            break
        people = [seat for seat in game["to_act"] if seat in tokens]
        assert people, f"nobody but a bot to act, and the bot did not play: {game['to_act']}"
        listed = {seat: client.get(f"{API}/games/{game_id}/actions", headers=bearer(tokens[seat])).get_json()
                  for seat in people}
        assert all(listed[seat]["actions"] for seat in people), "a seat to act without actions"
        if game["state"]["phase"] == "race":
            assert game["state"]["current"] is None  # nobody's turn alone: every racer on the road acts
        seat = max(people)  # the higher seat first: the order between seats is free
        view = client.get(f"{API}/games/{game_id}", headers=bearer(tokens[seat])).get_json()["state"]
        action = choice(view, listed[seat]["actions"], game["version"])
        sent = client.post(f"{API}/games/{game_id}/commands", headers=bearer(tokens[seat]),
                           json={"type": action["type"], "args": action["args"]})
        assert sent.status_code == 201, sent.get_json()
        together += len(people) > 1
    else:
        raise AssertionError("the game did not finish")
    assert together > 0, "the two people were never to act at once"
    assert client.get(f"{API}/games/{game_id}/audit").get_json()["ok"] is True


def test_the_bot_turn_jobs_play_a_bots_only_table_of_simultaneous_days_to_the_end(client: FlaskClient) -> None:
    seats = [{"name": f"bot-{i}", "bot": level} for i, level in enumerate(("expert", "random", "expert", "random"))]
    game_id = create(client, seats, "bots-together")["id"]
    assert bots_settled(client, 120)
    game = client.get(f"{API}/games/{game_id}").get_json()
    assert game["status"] == "finished" and game["result"]["standings"]
    events = client.get(f"{API}/games/{game_id}/events?limit=1000").get_json()["events"]
    day_one = next(index for index, event in enumerate(events)
                   if event["type"] == "DayStarted" and event["data"]["phase"] == "race")
    assert len({event["seat"] for event in events[day_one:] if event["type"] == "HuskyRan"}) > 1
    assert client.get(f"{API}/games/{game_id}/audit").get_json()["ok"] is True


def test_on_a_clocked_simultaneous_day_each_seat_s_clock_runs_for_its_own_moves(client: FlaskClient) -> None:
    """A natural fit for clocks: every musher on the road is to act, each seat's time runs for its own decisions,
    and one seat's command leaves the other's deadline where it was."""
    response = client.post(f"{API}/games", json={"type": "hike", "seats": [{"name": "Ann"}, {"name": "Bo"}],
                                                  "options": OPTIONS, "seed": "clocked-1", "initial_seconds": 900,
                                                  "increment_seconds": 5})
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    game_id, tokens = created["id"], {seat["index"]: seat["token"] for seat in created["seats"]}
    for _ in range(500):
        game = client.get(f"{API}/games/{game_id}").get_json()
        assert game["status"] == "active"
        if len(game["to_act"]) == 2:
            break
        seat = game["to_act"][0]
        listed = client.get(f"{API}/games/{game_id}/actions", headers=bearer(tokens[seat])).get_json()
        view = client.get(f"{API}/games/{game_id}", headers=bearer(tokens[seat])).get_json()["state"]
        action = choice(view, listed["actions"], game["version"])
        sent = client.post(f"{API}/games/{game_id}/commands", headers=bearer(tokens[seat]),
                           json={"type": action["type"], "args": action["args"]})
        assert sent.status_code == 201, sent.get_json()
    else:
        raise AssertionError("the two mushers never raced the same day")
    before = {row["seat"]: row["deadline"] for row in game["deadlines"]}
    assert sorted(before) == [0, 1] and game["state"]["phase"] == "race"
    action = client.get(f"{API}/games/{game_id}/actions", headers=bearer(tokens[1])).get_json()["actions"][0]
    sent = client.post(f"{API}/games/{game_id}/commands", headers=bearer(tokens[1]),
                       json={"type": action["type"], "args": action["args"]})
    assert sent.status_code == 201, sent.get_json()
    after = {row["seat"]: row["deadline"] for row in client.get(f"{API}/games/{game_id}").get_json()["deadlines"]}
    assert after[0] == before[0]  # seat 0's decision began when the day did, and still runs
    assert after.get(1) != before[1]  # seat 1 acted: its own time was taken and its increment added
