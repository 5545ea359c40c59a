"""`trailhead admin`: a revoked key is refused at once, a banned player is refused (403 player-banned) and its
running seat is played by the takeover bot, an unbanned one plays again; every action is in `admin log`.

The commands run against the test's database while the in-process app serves it: what the app refuses or
lets through is read from the database on each request, as on every host.
"""

from __future__ import annotations

import getpass
from typing import Any

from click.testing import CliRunner
from flask.testing import FlaskClient

from service.cli import main

API = "/api/v1"
BANNED = "urn:trailhead:problem:player-banned"


def admin(database: str, *args: str) -> Any:
    result = CliRunner().invoke(main, ["admin", *args], env={"TRAILHEAD_DB": database, "REDIS_URL": ""})
    return result


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def register(client: FlaskClient, name: str) -> dict[str, Any]:
    response = client.post(f"{API}/players", json={"name": name})
    assert response.status_code == 201
    return response.get_json()


def test_a_revoked_key_is_refused_at_once_and_the_player_rotates_the_new_one(client: FlaskClient,
                                                                             database: str) -> None:
    mallory = register(client, "mallory")
    assert client.get(f"{API}/players/me", headers=bearer(mallory["key"])).status_code == 200

    revoked = admin(database, "revoke-key", "mallory", "--by", "ops", "--reason", "leaked on a forum")
    assert revoked.exit_code == 0, revoked.output
    handed = revoked.output.split("(shown once): ")[1].split()[0]
    assert client.get(f"{API}/players/me", headers=bearer(mallory["key"])).status_code == 401

    rotated = client.post(f"{API}/players/me/key", headers=bearer(handed))
    assert rotated.status_code == 201
    body = rotated.get_json()
    assert (body["id"], body["name"]) == (mallory["id"], "mallory") and body["key"] not in (handed, mallory["key"])
    assert client.get(f"{API}/players/me", headers=bearer(handed)).status_code == 401
    me = client.get(f"{API}/players/me", headers=bearer(body["key"]))
    assert me.status_code == 200 and me.get_json()["id"] == mallory["id"]
    assert client.post(f"{API}/players/me/key", headers=bearer(handed)).status_code == 401
    assert "revoke-key" in admin(database, "log").output
    assert admin(database, "revoke-key", "nobody").exit_code == 1


def test_a_banned_player_is_refused_its_seat_taken_over_and_unbanned(client: FlaskClient, database: str) -> None:
    eve, ann = register(client, "eve"), register(client, "ann")
    running = client.post(f"{API}/games", json={"type": "nanga-parbat", "seats": [
        {"player": eve["id"]}, {"player": ann["id"]}], "seed": "ban"}).get_json()
    open_game = client.post(f"{API}/games", json={"type": "nanga-parbat", "seats": [
        {"player": ann["id"]}, {"open": True}]}).get_json()
    assert [seat["bot"] for seat in client.get(f"{API}/games/{running['id']}").get_json()["seats"]] == [None, None]
    assert client.post(f"{API}/ladder/hike/entries", headers=bearer(eve["key"])).status_code == 201
    assert eve["id"] in str(client.get(f"{API}/ladder/hike").get_json())

    banned = admin(database, "ban", eve["id"], "--reason", "abusive chat", "--by", "ops")
    assert banned.exit_code == 0, banned.output
    assert f"game {running['id']} seat 0: handed to the takeover bot" in banned.output
    assert "taken out of the hike ladder" in banned.output
    ladder = client.get(f"{API}/ladder/hike").get_json()
    assert eve["id"] not in str(ladder)
    seat = client.get(f"{API}/games/{running['id']}").get_json()["seats"][0]
    assert seat["gone"] is True and seat["bot"] is not None

    refusals = [
        client.post(f"{API}/games", json={"type": "nanga-parbat", "seats": [{"player": eve["id"]}, {"open": True}]}),
        client.post(f"{API}/games", json={"type": "nanga-parbat", "seats": [{"name": "x"}, {"open": True}]},
                    headers=bearer(eve["key"])),
        client.post(f"{API}/games/{open_game['id']}/join", headers=bearer(eve["key"])),
        client.post(f"{API}/ladder/nanga-parbat/entries", headers=bearer(eve["key"])),
    ]
    for refused in refusals:
        assert (refused.status_code, refused.mimetype) == (403, "application/problem+json")
        assert refused.get_json()["type"] == BANNED and "abusive chat" in refused.get_json()["detail"]
    assert client.get(f"{API}/players/me", headers=bearer(eve["key"])).get_json()["name"] == "eve"  # reads go on
    listed = admin(database, "players", "--name", "EV")
    assert eve["id"] in listed.output and "BANNED" in listed.output and ann["id"] not in listed.output
    assert admin(database, "ban", "eve").exit_code == 1  # banned already

    assert admin(database, "unban", "eve", "--reason", "appeal granted").exit_code == 0
    joined = client.post(f"{API}/games/{open_game['id']}/join", headers=bearer(eve["key"]))
    assert joined.status_code == 201
    log = admin(database, "log").output.splitlines()
    assert [line.split()[1:4] for line in log] == [[getpass.getuser(), "unban", eve["id"]], ["ops", "ban", eve["id"]]]
    assert "(appeal granted)" in log[0] and "(abusive chat)" in log[1]
