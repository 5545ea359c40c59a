"""Tournaments through the SDK against a real `trailhead serve` (issue 30): a player creates one with its key,
enters it, starts it, plays its game with a seat handle on its key, and the audit is clean; the errors come back
as the SDK's problem classes."""

from __future__ import annotations

import time

import pytest

from support.served import Served
from trailhead_client import Client
from trailhead_client.errors import BadRequest, Forbidden, IllegalCommand, NotFound, Unauthorized


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
    created = client.create_tournament("nanga-parbat", "round_robin", "Bots", 2, entrants=[{"bot": "random"}] * 2)
    with pytest.raises(Unauthorized):
        client.join_tournament(created["id"], "")
    me = client.create_player("Late")
    client.start_tournament(created["id"], created["creator_token"])
    with pytest.raises(IllegalCommand):
        client.withdraw_tournament(created["id"], me["key"])  # not an entrant
