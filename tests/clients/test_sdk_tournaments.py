"""Tournaments through the SDK against a real `trailhead serve` (issue 30): a player creates one with its key,
enters it, starts it, plays its game with a seat handle on its key, and the audit is clean; the errors come back
as the SDK's problem classes."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from support.served import Served
from trailhead_client import Client
from trailhead_client.errors import BadRequest, Forbidden, IllegalCommand, NotFound, Unauthorized

BOT = Path(sys.executable).parent / "trailhead-bot"


def start_and_finish(client: Client, created: dict, runner: subprocess.Popen, ready: Callable[[], None]) -> str:
    """Once `ready` returns, the creator starts the tournament; the runner's output when it has ended (code 0)."""
    try:
        ready()
        client.start_tournament(created["id"], created["creator_token"])
        out, err = runner.communicate(timeout=120)
    finally:
        if runner.poll() is None:
            runner.kill()
            runner.communicate()
    assert runner.returncode == 0, err
    return out


def test_a_player_enters_starts_and_plays_its_tournament_game_through_the_sdk(client: Client, server: Served) -> None:
    me = client.create_player("Tourist")
    created = client.create_tournament("nanga-parbat", "round_robin", "SDK cup", 2, entrants=[{"bot": "random"}],
                                       key=me["key"], turn_seconds=600)
    assert created["creator"] == me["id"] and created["creator_token"]
    joined = client.join_tournament(created["id"], me["key"])
    assert [entrant["entrant"] for entrant in joined["entrants"]] == ["bot-1", me["id"]]
    with pytest.raises(IllegalCommand):
        client.join_tournament(created["id"], me["key"])
    with pytest.raises(Forbidden):
        client.start_tournament(created["id"], "not-the-creator")
    client.start_tournament(created["id"], created["creator_token"])
    ends = time.monotonic() + 30
    while not (games := [g for r in client.tournament(created["id"])["rounds"] for t in r["tables"]
                         for g in t["games"] if g["game_id"]]):
        assert time.monotonic() < ends, server.output()
        time.sleep(0.05)
    for turn in client.seat(games[0]["game_id"], me["key"]).turns():
        turn.play(0)
    while (body := client.tournament(created["id"]))["status"] != "finished":
        assert time.monotonic() < ends + 60, server.output()
        time.sleep(0.05)
    assert sum(row["points"] for row in body["standings"]) == 1 and body["seed"]
    assert client.tournament_audit(created["id"])["ok"]
    assert created["id"] in [row["id"] for row in client.tournaments("finished")]
    document = client.export_tournament(created["id"])
    assert document["format"] == "trailhead-tournament" and len(document["games"]) == 1


def test_the_sdk_raises_the_tournament_apis_problems(client: Client) -> None:
    with pytest.raises(NotFound):
        client.tournament("no-such-tournament")
    with pytest.raises(BadRequest):
        client.create_tournament("nanga-parbat", "swiss", "No rounds", 2)
    with pytest.raises(BadRequest):  # a time passed
        client.create_tournament("nanga-parbat", "round_robin", "Late", 2, starts_at=datetime(2020, 1, 1, tzinfo=UTC))
    timed = client.create_tournament("nanga-parbat", "round_robin", "Timed", 2,
                                     starts_at=datetime.now(UTC) + timedelta(hours=1))
    assert timed["status"] == "open" and timed["starts_at"].endswith("Z")
    created = client.create_tournament("nanga-parbat", "round_robin", "Bots", 2, entrants=[{"bot": "random"}] * 2)
    with pytest.raises(Unauthorized):
        client.join_tournament(created["id"], "")
    me = client.create_player("Late")
    client.start_tournament(created["id"], created["creator_token"])
    with pytest.raises(IllegalCommand):
        client.withdraw_tournament(created["id"], me["key"])  # not an entrant


def test_trailhead_bot_enters_a_tournament_and_plays_its_games_until_it_ends(client: Client, server: Served) -> None:
    me = client.create_player("Runner in a cup")
    created = client.create_tournament("nanga-parbat", "round_robin", "Runner cup", 2, turn_seconds=600,
                                       entrants=[{"bot": "random"}, {"bot": "random"}])
    runner = subprocess.Popen([str(BOT), "--url", server.base_url, f"--key={me['key']}", "--tournament", created["id"],
                               "--level", "random", "--rng-seed", "3"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    def entered() -> None:
        ends = time.monotonic() + 30
        while me["id"] not in [e["entrant"] for e in client.tournament(created["id"])["entrants"]]:
            assert time.monotonic() < ends and runner.poll() is None, runner.communicate()
            time.sleep(0.05)

    out = start_and_finish(client, created, runner, entered)
    lines = out.splitlines()
    assert lines[0] == f"player Runner in a cup: id {me['id']}"
    assert lines[1] == "entered tournament Runner cup (round_robin of nanga-parbat): open"
    played = [line for line in lines if line.startswith("game ")]
    assert len(played) == 2  # three entrants: two games each, and a bye
    body = client.tournament(created["id"])
    mine = next(row for row in body["standings"] if row["entrant"] == me["id"])
    assert f"tournament over: place {mine['place']} with {mine['points']} point(s)" in lines
    assert body["status"] == "finished" and client.tournament_audit(created["id"])["ok"]


def test_trailhead_bot_plays_a_players_two_games_of_a_duplicate_table_at_once(client: Client, server: Served) -> None:
    """A duplicate table of two: the player's two games start together, each with its turn clock running. The
    runner plays them at once: the player's commands in the two games interleave, and no turn of theirs timed out
    (played one after the other, the second game's turns wait for the first game's end)."""
    me = client.create_player("Runner at a duplicate table")
    created = client.create_tournament("hike", "round_robin", "Duplicate cup", 2, duplicate=True, turn_seconds=4,
                                       entrants=[{"bot": "random"}, {"player": me["id"]}], seed="duplicate-runner")
    runner = subprocess.Popen([str(BOT), "--url", server.base_url, f"--key={me['key']}", "--tournament", created["id"],
                               "--level", "random", "--rng-seed", "5"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    # the runner follows the tournament's stream (a gameStarted missed would be resumed anyway)
    out = start_and_finish(client, created, runner, lambda: time.sleep(0.5))
    assert len([line for line in out.splitlines() if line.startswith("game ")]) == 2, out
    body = client.tournament(created["id"])
    games = [game for table in body["rounds"][0]["tables"] for game in table["games"]]
    assert len(games) == 2 and games[0]["seats"] == list(reversed(games[1]["seats"]))
    moves = []  # each game's player commands, as positions in the service's global order
    for game in games:
        seat = game["seats"].index(me["id"])
        events = list(client.iter_events(game["game_id"]))
        assert not [e for e in events if e["type"] in ("TurnTimedOut", "SeatLeft")], game["game_id"]
        mine = sorted(e["position"] for e in events if e["seat"] == seat and e["command_id"] is not None)
        assert len(mine) >= 3, events
        moves.append(mine)
    first, second = sorted(moves)
    assert second[0] < first[-1]  # the later game was played before the earlier one ended: at once
    assert body["status"] == "finished" and client.tournament_audit(created["id"])["ok"]
