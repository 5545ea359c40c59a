"""Tournaments end to end over real HTTP against `trailhead serve` (issue 30): each format played to its end by
bots, and by a player entrant among bots playing its own games through the API with its key (by hand, or with
`trailhead-bot --tournament`: tournament_players.py), the audit finding a result tampered with in the
database, export and import, and the API's errors. Every exchange is checked against openapi.yaml.

The server's arena minute lasts one second (TRAILHEAD_ARENA_MINUTE_SECONDS), so an arena of one minute is short.
Everything above the storage port runs on SQLite; the tampering runs on both backends, and every format has run,
with bots and with a player, on PostgreSQL with RQ workers in test_tournaments_rq.py.
"""

from __future__ import annotations

import json
import sqlite3
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest
import requests

from e2e.contract import Api, Server
from e2e.tournament_players import (TURN_SECONDS, PlayerRunner, played_by, points_add_up, runner_games,
                                    seated_again_if_time_allowed)
from storage import is_postgresql_url
from support.player_listener import Listener
from support.sse import sse_messages
from support.waiting import wait_for

API = "/api/v1"
SERVER_ENV = {"TRAILHEAD_ARENA_MINUTE_SECONDS": "1"}


def create(api: Api, token: str | None = None, **body: Any) -> dict[str, Any]:
    return api.call("POST", f"{API}/tournaments", 201, json=body, token=token).json()


def started(api: Api, created: dict[str, Any]) -> dict[str, Any]:
    return api.call("POST", f"{API}/tournaments/{created['id']}/start", 201, token=created["creator_token"]).json()


def finished(api: Api, server: Server, tournament_id: str, seconds: float = 60) -> dict[str, Any]:
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        body = api.call("GET", f"{API}/tournaments/{tournament_id}", 200).json()
        if body["status"] == "finished":
            return body
        time.sleep(0.1)
    raise AssertionError(f"the tournament did not finish: {body}\n{server.output()}")


def bots(level: str, count: int) -> list[dict[str, str]]:
    return [{"bot": level} for _ in range(count)]


def games_of(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [game for round_ in body["rounds"] for table in round_["tables"] for game in table["games"]]


def audit(api: Api, tournament_id: str) -> dict[str, Any]:
    return api.call("GET", f"{API}/tournaments/{tournament_id}/audit", 200).json()


@pytest.fixture(scope="module")
def round_robin(api: Api, server: Server) -> dict[str, Any]:
    created = create(api, type="nanga-parbat", format="round_robin", name="Four bots", seats_per_game=2,
                     entrants=bots("random", 4), seed="rr-e2e")
    assert created["status"] == "open" and "seed" not in created and created["creator_token"]
    started(api, created)
    return finished(api, server, created["id"])


def test_a_round_robin_of_four_bots_plays_every_pair_once_and_audits_clean(api: Api, round_robin: dict[str, Any]
                                                                           ) -> None:
    games = games_of(round_robin)
    assert len(games) == 6 and all(game["status"] == "finished" for game in games)
    pairs = {frozenset(game["seats"]) for game in games}
    assert len(pairs) == 6  # every pair of the four met once
    assert sum(row["points"] for row in round_robin["standings"]) == 6  # a point a game
    assert round_robin["seed"] and round_robin["rounds_to_play"] == 3
    for game in games:
        played = api.call("GET", f"{API}/games/{game['game_id']}", 200).json()
        assert played["status"] == "finished" and played["seed_source"] == "tournament"
        assert played["seed_commitment"] == game["seed_commitment"]
        places = [row["place"] for row in sorted(played["result"]["standings"], key=lambda row: row["seat"])]
        assert places == game["places"]
    report = audit(api, round_robin["id"])
    assert report["ok"] and report["problems"] == [] and set(report["checks"].values()) == {"ok"}
    listed = api.call("GET", f"{API}/tournaments?status=finished", 200).json()["tournaments"]
    assert round_robin["id"] in [row["id"] for row in listed]


def test_a_swiss_of_six_bots_plays_three_rounds_without_a_repeat(api: Api, server: Server) -> None:
    created = create(api, type="nanga-parbat", format="swiss", name="Swiss", seats_per_game=2, rounds=3,
                     entrants=bots("random", 6))
    body = finished(api, server, started(api, created)["id"])
    games = games_of(body)
    assert len(body["rounds"]) == 3 and len(games) == 9
    assert len({frozenset(game["seats"]) for game in games}) == 9  # no pair met twice
    assert sum(row["points"] for row in body["standings"]) == 9
    assert [t["name"] for t in body["standings"][0]["tiebreaks"]] == ["buchholz"]
    assert audit(api, body["id"])["ok"]


def test_an_arena_pairs_again_until_its_time_is_up_then_ends(api: Api, server: Server) -> None:
    created = create(api, type="nanga-parbat", format="arena", name="Arena", seats_per_game=2, duration_minutes=2,
                     entrants=bots("random", 4))
    began = time.monotonic()
    body = finished(api, server, started(api, created)["id"])
    assert time.monotonic() - began >= 1.5  # two arena minutes of a second each
    games = games_of(body)
    assert len(games) >= 4 and all(game["status"] == "finished" for game in games)  # two waves at least
    assert sum(row["points"] for row in body["standings"]) == len(games)
    assert audit(api, body["id"])["ok"]


def test_a_duplicate_round_robin_of_hike_plays_each_table_from_both_seats(api: Api, server: Server) -> None:
    created = create(api, type="hike", format="round_robin", name="Duplicate", seats_per_game=2, duplicate=True,
                     entrants=bots("random", 3))
    body = finished(api, server, started(api, created)["id"])
    games = games_of(body)
    assert len(games) == 6  # three pairs, each at one table of two games, seats rotated, one seed
    for round_ in body["rounds"]:
        assert len(round_["byes"]) == 1
        for table in round_["tables"]:
            first, second = table["games"]
            assert second["seats"] == list(reversed(first["seats"]))
            assert first["seed_commitment"] == second["seed_commitment"]
    assert sum(row["points"] for row in body["standings"]) == 3 + 3  # the sets, and the byes
    assert all(row["games"] == 2 for row in body["standings"])  # two sets each
    assert audit(api, body["id"])["ok"]


def tamper(database: str, tournament_id: str) -> None:
    """Swap the places of the first GameResulted in the stored row itself, its hash left as it was."""
    select = "SELECT seq, data FROM tournament_events WHERE tournament_id = %s AND type = 'GameResulted' ORDER BY seq"
    update = "UPDATE tournament_events SET data = %s WHERE tournament_id = %s AND seq = %s"
    if is_postgresql_url(database):
        with psycopg.connect(database, autocommit=True) as conn:
            seq, data = conn.execute(select, [tournament_id]).fetchone()
            changed = json.loads(data)
            changed["places"] = list(reversed(changed["places"]))
            conn.execute(update, [json.dumps(changed, separators=(",", ":"), sort_keys=True), tournament_id, seq])
        return
    with sqlite3.connect(database) as conn:
        seq, data = conn.execute(select.replace("%s", "?"), [tournament_id]).fetchone()
        changed = json.loads(data)
        changed["places"] = list(reversed(changed["places"]))
        conn.execute(update.replace("%s", "?"), [json.dumps(changed, separators=(",", ":"), sort_keys=True),
                                                 tournament_id, seq])


@pytest.mark.both_backends  # a row changed by hand in each backend (PostgreSQL with RQ: test_tournaments_rq.py)
def test_export_imports_back_and_a_tampered_result_is_found_by_the_audit(api: Api, server: Server) -> None:
    created = create(api, type="nanga-parbat", format="round_robin", name="Tampered", seats_per_game=2,
                     entrants=bots("random", 3))
    body = finished(api, server, started(api, created)["id"])
    document = api.call("GET", f"{API}/tournaments/{body['id']}/export", 200).json()
    assert document["seed"] == body["seed"] and len(document["games"]) == 3
    again = api.call("POST", f"{API}/replays", 200, json=document).json()  # stored here already: the same one
    assert again["id"] == body["id"] and again["kind"] == "tournament"
    forged = json.loads(json.dumps(document))
    resulted = next(e for e in forged["events"] if e["type"] == "GameResulted")
    resulted["data"]["places"] = list(reversed(resulted["data"]["places"]))
    refused = api.call("POST", f"{API}/replays", 422, json=forged).json()
    assert "hash" in refused["detail"]

    tamper(server.db, body["id"])
    report = audit(api, body["id"])
    assert not report["ok"] and report["checks"]["chain"] == "failed" and report["checks"]["results"] == "failed"
    assert any("GameResulted says places" in problem for problem in report["problems"])
    assert report["checks"]["standings"] == "failed"


def test_a_player_joins_with_its_key_and_plays_its_game_through_the_api(api: Api, server: Server) -> None:
    player = api.call("POST", f"{API}/players", 201, json={"name": "Ann"}).json()
    created = create(api, token=player["key"], type="nanga-parbat", format="round_robin", name="With Ann",
                     seats_per_game=2, entrants=bots("random", 1), turn_seconds=600)
    assert created["creator"] == player["id"]
    joined = api.call("POST", f"{API}/tournaments/{created['id']}/join", 201, token=player["key"]).json()
    assert [e["entrant"] for e in joined["entrants"]] == ["bot-1", player["id"]]
    api.call("POST", f"{API}/tournaments/{created['id']}/join", 422, token=player["key"])  # entered already
    listener = Listener(server.base_url, player["key"])  # the player's stream announces tournament games too
    api.call("POST", f"{API}/tournaments/{created['id']}/start", 201, token=player["key"])  # the creator's key
    game_id = None
    ends = time.monotonic() + 30
    while game_id is None and time.monotonic() < ends:
        body = api.call("GET", f"{API}/tournaments/{created['id']}", 200).json()
        game_id = games_of(body)[0]["game_id"] if games_of(body) else None
        time.sleep(0.05)
    assert game_id is not None
    while time.monotonic() < ends + 60:
        game = api.call("GET", f"{API}/games/{game_id}", 200, token=player["key"]).json()
        if game["status"] == "finished":
            break
        actions = api.call("GET", f"{API}/games/{game_id}/actions", 200, token=player["key"]).json()
        if not actions["actions"]:
            time.sleep(0.02)
            continue
        first = actions["actions"][0]
        api.call("POST", f"{API}/games/{game_id}/commands", (201, 409, 422), token=player["key"],
                 json={"type": first["type"], "args": first["args"], "expected_version": actions["version"]})
    body = finished(api, server, created["id"])
    assert games_of(body)[0]["status"] == "finished"
    assert {row["entrant"] for row in body["standings"]} == {"bot-1", player["id"]}
    wait_for(lambda: listener.of(game_id, "gameFinish") or None, timeout=10, what="the stream's gameFinish")
    heard = listener.stop()
    assert [m["type"] for m in heard if m["game_id"] == game_id][0] == "gameStart"
    assert listener.of(game_id, "yourTurn") and len(listener.of(game_id, "gameFinish")) == 1
    assert audit(api, body["id"])["ok"]


def test_the_api_answers_problems_for_bad_input_unknown_ids_and_other_callers(api: Api) -> None:
    api.call("POST", f"{API}/tournaments", 400, valid_request=False, json={"type": "hike"})
    api.call("POST", f"{API}/tournaments", 400, json={"type": "hike", "format": "swiss", "name": "No rounds",
                                                      "seats_per_game": 2})
    api.call("POST", f"{API}/tournaments", 400, json={"type": "nanga-parbat", "format": "round_robin", "name": "N",
                                                      "seats_per_game": 3})
    api.call("POST", f"{API}/tournaments", 404, json={"type": "chess", "format": "round_robin", "name": "N",
                                                      "seats_per_game": 2})
    api.call("GET", f"{API}/tournaments/nope", 404)
    api.call("GET", f"{API}/tournaments/nope/audit", 404)
    api.call("GET", f"{API}/tournaments?status=sleeping", 400, valid_request=False)
    created = create(api, type="nanga-parbat", format="round_robin", name="Errors", seats_per_game=2,
                     entrants=bots("random", 1))
    api.call("POST", f"{API}/tournaments/{created['id']}/start", 403, token="someone-else")
    api.call("POST", f"{API}/tournaments/{created['id']}/start", 403)
    api.call("POST", f"{API}/tournaments/{created['id']}/start", 422, token=created["creator_token"])  # 1 entrant
    api.call("POST", f"{API}/tournaments/{created['id']}/join", 401)
    player = api.call("POST", f"{API}/players", 201, json={"name": "Late"}).json()
    api.call("POST", f"{API}/tournaments/{created['id']}/join", 422, token=player["key"])  # a bots' tournament: no clock


def test_the_stream_tells_rounds_games_standings_and_the_finish_and_resumes(api: Api, server: Server) -> None:
    created = create(api, type="nanga-parbat", format="round_robin", name="Streamed", seats_per_game=2,
                     entrants=bots("random", 3))
    url = f"{server.base_url}{API}/tournaments/{created['id']}/stream"
    with requests.get(url, stream=True, timeout=60) as response:
        assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/event-stream")
        started(api, created)
        messages = []
        for message in sse_messages(response):
            if "event" in message:
                messages.append(message)
                if message["event"] == "end":
                    break
    kinds = [message["event"] for message in messages]
    assert kinds.count("roundStarted") == 3 and kinds.count("gameStarted") == 3
    assert kinds.count("gameFinished") == 3 and kinds.count("standings") == 3
    assert kinds[-2:] == ["tournamentFinished", "end"]
    final = json.loads(messages[-2]["data"])
    body = api.call("GET", f"{API}/tournaments/{created['id']}", 200).json()
    assert final["standings"] == body["standings"] and final["seed"] == body["seed"]
    finished_game = json.loads(next(m for m in messages if m["event"] == "gameFinished")["data"])
    assert finished_game["game_id"] in [game["game_id"] for game in games_of(body)]
    resumed_at = next(m for m in messages if m["event"] == "gameFinished")["id"]
    with requests.get(url, stream=True, timeout=60, headers={"Last-Event-ID": resumed_at}) as again:
        later = [m["event"] for m in sse_messages(again) if "event" in m]
    expected = [m["event"] for m in messages if "id" in m and int(m["id"]) > int(resumed_at)] + ["end"]
    assert later == expected and later.count("gameFinished") == 2  # from the resume point on, nothing twice
    api.call("GET", f"{API}/tournaments/nope/stream", 404)


def test_a_player_who_withdraws_after_the_start_is_paired_no_more(api: Api, server: Server) -> None:
    quitter = api.call("POST", f"{API}/players", 201, json={"name": "Quitter"}).json()
    created = create(api, type="nanga-parbat", format="swiss", name="Withdrawn", seats_per_game=2, rounds=3,
                     turn_seconds=1, entrants=[*bots("random", 3), {"player": quitter["id"]}])
    started(api, created)
    api.call("POST", f"{API}/tournaments/{created['id']}/withdraw", 201, token=quitter["key"])
    body = finished(api, server, created["id"], seconds=90)  # its running game goes on by the takeover rules
    row = next(row for row in body["standings"] if row["entrant"] == quitter["id"])
    assert row["withdrawn"] and row["games"] <= 1
    later = [game for round_ in body["rounds"][1:] for table in round_["tables"] for game in table["games"]]
    assert all(quitter["id"] not in game["seats"] for game in later)
    assert audit(api, body["id"])["ok"]


def test_a_tournament_with_starts_at_starts_by_itself_and_refuses_a_time_passed(api: Api, server: Server) -> None:
    at = datetime.now(UTC) + timedelta(seconds=1.5)
    created = create(api, type="nanga-parbat", format="round_robin", name="At a time", seats_per_game=2,
                     entrants=bots("random", 2), starts_at=at.isoformat())
    assert created["status"] == "open" and datetime.fromisoformat(created["starts_at"]) == at
    listed = api.call("GET", f"{API}/tournaments", 200).json()["tournaments"]
    assert [row["starts_at"] for row in listed if row["id"] == created["id"]] == [created["starts_at"]]
    body = finished(api, server, created["id"])  # nobody started it
    assert len(games_of(body)) == 1 and body["starts_at"] == created["starts_at"]
    for bad in ["2020-01-01T00:00:00Z", "tomorrow", "2999-01-01T00:00:00"]:  # passed, malformed, no zone
        answer = api.call("POST", f"{API}/tournaments", 400, valid_request=bad.endswith("Z"), json={
            "type": "nanga-parbat", "format": "round_robin", "name": "Bad", "seats_per_game": 2, "starts_at": bad})
        assert "starts_at" in answer.text


def test_the_players_stream_announces_its_tournament_games_like_any_other(api: Api, server: Server) -> None:
    """A player entrant at a duplicate table has two games at once: its stream (`/players/me/stream`) announces
    each with `gameStart` at its seat, then its turns and its end, as for any game; a stream opened while they
    run announces them too."""
    player = api.call("POST", f"{API}/players", 201, json={"name": "Pia"}).json()
    created = create(api, type="nanga-parbat", format="round_robin", name="Announced", seats_per_game=2,
                     duplicate=True, turn_seconds=600, entrants=[*bots("random", 1), {"player": player["id"]}])
    listener = Listener(server.base_url, player["key"])  # opened before the games exist
    started(api, created)
    body = wait_for(lambda: (lambda b: b if len(games_of(b)) == 2 and all(g["game_id"] for g in games_of(b))
                             else None)(api.call("GET", f"{API}/tournaments/{created['id']}", 200).json()),
                    timeout=30, what="the tournament's two games")
    seats = {game["game_id"]: game["seats"].index(player["id"]) for game in games_of(body)}
    assert sorted(seats.values()) == [0, 1]  # the duplicate table: the player at both seats, one game each
    for game_id, seat in seats.items():
        start = wait_for(lambda: listener.of(game_id, "gameStart"), timeout=15, what=f"gameStart of {game_id}")
        assert start[0]["seat"] == seat and start[0]["game_type"] == "nanga-parbat"
        turn = wait_for(lambda: listener.of(game_id, "yourTurn"), timeout=15, what=f"yourTurn in {game_id}")
        assert turn[0]["seat"] == seat and turn[0]["deadline"] is not None  # the tournament's turn clock
    later = Listener(server.base_url, player["key"])  # opened while they run: announced from now
    wait_for(lambda: all(later.of(game_id, "gameStart") for game_id in seats), timeout=15, what="later gameStarts")
    ends = time.monotonic() + 90
    while time.monotonic() < ends:  # both games played through the API, a turn of each in turn
        statuses = []
        for game_id in seats:
            actions = api.call("GET", f"{API}/games/{game_id}/actions", 200, token=player["key"]).json()
            statuses.append(actions["actions"] == [] and api.call(
                "GET", f"{API}/games/{game_id}", 200, token=player["key"]).json()["status"] == "finished")
            if actions["actions"]:
                first = actions["actions"][0]
                api.call("POST", f"{API}/games/{game_id}/commands", (201, 409, 422), token=player["key"],
                         json={"type": first["type"], "args": first["args"],
                               "expected_version": actions["version"]})
        if all(statuses):
            break
        time.sleep(0.01)
    for game_id in seats:
        wait_for(lambda: listener.of(game_id, "gameFinish"), timeout=15, what=f"gameFinish of {game_id}")
    heard, heard_later = listener.stop(), later.stop()
    for game_id in seats:
        kinds = [m["type"] for m in heard if m["game_id"] == game_id]
        assert kinds[0] == "gameStart" and kinds[-1] == "gameFinish" and kinds.count("gameStart") == 1
        assert [m["type"] for m in heard_later if m["game_id"] == game_id][0] == "gameStart"
    assert {m["game_id"] for m in heard} == set(seats)  # nothing of games not the player's
    assert finished(api, server, created["id"])["status"] == "finished"


def test_a_player_plays_every_round_of_a_swiss_through_the_bot_runner(api: Api, server: Server) -> None:
    """A player entrant of a Swiss plays each of its games itself (trailhead-bot with its key), round after round,
    to the tournament's end: no turn of it left to a takeover bot."""
    player = api.call("POST", f"{API}/players", 201, json={"name": "Swiss player"}).json()
    created = create(api, type="nanga-parbat", format="swiss", name="Swiss with a player", seats_per_game=2,
                     rounds=2, turn_seconds=TURN_SECONDS, entrants=[*bots("random", 3), {"player": player["id"]}])
    with PlayerRunner(server.base_url, player["key"], created["id"]) as runner:
        started(api, created)
        lines = runner.finished()
    body = api.call("GET", f"{API}/tournaments/{created['id']}", 200).json()
    assert body["status"] == "finished" and len(body["rounds"]) == 2 and len(games_of(body)) == 4
    mine = played_by(api, body, player["id"])
    assert len(mine) == 2 and [len(round_["tables"]) for round_ in body["rounds"]] == [2, 2]  # a game a round
    assert sorted(line.split()[2] for line in runner_games(lines)) == sorted(game["game_id"] for game in mine)
    points_add_up(body)
    assert next(row for row in body["standings"] if row["entrant"] == player["id"])["games"] == 2
    assert audit(api, body["id"])["ok"]


def test_a_player_plays_its_arena_games_through_the_bot_runner_until_the_time_is_up(api: Api, server: Server
                                                                                     ) -> None:
    """A player entrant of an arena plays each game the arena seats it at (trailhead-bot with its key), and the
    arena ends once its time is up and the player's last game has its result. A player whose first wave ended
    a second (a minute here) before the arena's end is seated again (checked when it did: on a loaded machine
    the player's first game alone may outlast the arena)."""
    player = api.call("POST", f"{API}/players", 201, json={"name": "Arena player"}).json()
    created = create(api, type="nanga-parbat", format="arena", name="Arena with a player", seats_per_game=2,
                     duration_minutes=4, turn_seconds=TURN_SECONDS,
                     entrants=[*bots("random", 3), {"player": player["id"]}])
    with PlayerRunner(server.base_url, player["key"], created["id"]) as runner:
        time_up = datetime.now(UTC) + timedelta(seconds=4)  # not after the arena's end: it starts after this
        started(api, created)
        lines = runner.finished()
    body = api.call("GET", f"{API}/tournaments/{created['id']}", 200).json()
    assert body["status"] == "finished" and len(games_of(body)) >= 2  # the first wave seated everyone
    mine = played_by(api, body, player["id"])
    assert mine and sorted(line.split()[2] for line in runner_games(lines)) == sorted(g["game_id"] for g in mine)
    seated_again_if_time_allowed(api, body, player["id"], time_up - timedelta(seconds=1))
    points_add_up(body)
    assert audit(api, body["id"])["ok"]
