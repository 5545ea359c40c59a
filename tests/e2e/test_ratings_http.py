"""Ratings over real HTTP (issue 15): players' OpenSkill ratings after finished games, the leaderboard's
pools (games with bots and imported games marked and left out by default), and the same ratings after
the read models are rebuilt with `trailhead projections rebuild`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from e2e.contract import ROOT, Api, Server
from e2e.test_players_http import new_player, play_out
from service.app import create_app

API = "/api/v1"


def duel(api: Api, first: dict[str, Any], second: dict[str, Any] | str) -> dict[str, Any]:
    """A Nanga Parbat game between two players (or a player and a bot level), played to its end."""
    other = {"name": "Hal", "bot": second} if isinstance(second, str) else {"player": second["id"]}
    game = api.call("POST", f"{API}/games", 201, json={"type": "nanga-parbat",
                                                       "seats": [{"player": first["id"]}, other]}).json()
    keys = {0: first["key"]} if isinstance(second, str) else {0: first["key"], 1: second["key"]}
    return play_out(api, game["id"], keys)


def places(game: dict[str, Any]) -> list[int]:
    by_seat = {row["seat"]: row["place"] for row in game["result"]["standings"]}
    return [by_seat[0], by_seat[1]]


def test_ratings_follow_finished_games_and_survive_a_rebuild(api: Api, server: Server, tmp_path: Path) -> None:
    ann, bob, cid, dee = (new_player(api, name) for name in ("Ann", "Bob", "Cid", "Dee"))
    first = duel(api, ann, bob)
    second = duel(api, ann, cid)
    with_bot = duel(api, dee, "greedy")

    # what openskill makes of those two results, in the order the games finished
    model = PlackettLuce()
    rating = {who: model.rating(name=who) for who in ("ann", "bob", "cid")}
    rating["ann"], rating["bob"] = (team[0] for team in model.rate([[rating["ann"]], [rating["bob"]]],
                                                                    ranks=places(first)))
    rating["ann"], rating["cid"] = (team[0] for team in model.rate([[rating["ann"]], [rating["cid"]]],
                                                                    ranks=places(second)))
    board = api.call("GET", f"{API}/leaderboard?type=nanga-parbat", 200).json()
    rows = {row["name"]: row for row in board["players"] if row["player"] in (ann["id"], bob["id"], cid["id"])}
    for name, games in (("Ann", 2), ("Bob", 1), ("Cid", 1)):
        expected = rating[name.lower()]
        row = rows[name]
        assert (row["mu"], row["sigma"], row["games"]) == (pytest.approx(expected.mu, abs=1e-9),
                                                           pytest.approx(expected.sigma, abs=1e-9), games)
        assert row["rating"] == pytest.approx(expected.mu - 3 * expected.sigma, abs=1e-9)
    listed = [row["rating"] for row in board["players"]]
    assert listed == sorted(listed, reverse=True)  # best conservative rating first
    profile = api.call("GET", f"{API}/players/{ann['id']}", 200).json()
    assert profile["ratings"]["nanga-parbat"] == {k: rows["Ann"][k] for k in ("rating", "mu", "sigma", "games")}

    # a game with a bot seat is marked, and counts only in the `all` pool
    assert dee["id"] not in {row["player"] for row in board["players"]}
    everything = api.call("GET", f"{API}/leaderboard?type=nanga-parbat&pool=all", 200).json()["players"]
    assert [row["games"] for row in everything if row["player"] == dee["id"]] == [1]
    summaries = {g["id"]: g["rated"] for g in api.call("GET", f"{API}/games?type=nanga-parbat&limit=200", 200)
                 .json()["games"]}
    assert (summaries[first["id"]], summaries[with_bot["id"]]) == ("rated", "bots")
    assert api.call("GET", f"{API}/leaderboard?type=hikes-of-the-west", 200).json()["players"] == []  # solo: unrated

    # rebuilding the read models gives the very same ratings
    env = {**os.environ, "TRAILHEAD_DB": server.db, "REDIS_URL": ""}
    rebuilt = subprocess.run([sys.executable, "-m", "service.cli", "projections", "rebuild"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=120)
    assert rebuilt.returncode == 0, rebuilt.stderr
    again = api.call("GET", f"{API}/leaderboard?type=nanga-parbat", 200).json()
    assert again == board
    assert api.call("GET", f"{API}/leaderboard?type=nanga-parbat&pool=all", 200).json()["players"] == everything

    # an imported game is marked and rated only in the `all` pool
    exported = api.call("GET", f"{API}/games/{first['id']}/export", 200).json()
    elsewhere = create_app({"DATABASE": str(tmp_path / "elsewhere.sqlite"), "RATE_LIMITS": "off"})
    try:
        client = elsewhere.test_client()
        imported = client.post(f"{API}/replays", json=exported).get_json()
        assert client.get(f"{API}/games?type=nanga-parbat").get_json()["games"][0]["rated"] == "imported"
        assert client.get(f"{API}/leaderboard?type=nanga-parbat").get_json()["players"] == []
        store = elsewhere.extensions["trailhead"].store
        assert sorted(store.ratings("all", "nanga-parbat", [ann["id"], bob["id"]])) == sorted([ann["id"], bob["id"]])
        assert store.ratings("rated", "nanga-parbat", [ann["id"], bob["id"]]) == {}
        assert imported["id"] != first["id"]
    finally:
        elsewhere.extensions["trailhead"].close()
