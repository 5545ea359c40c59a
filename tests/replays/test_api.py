"""The replay API: step-through as a seat, timeline, audit, export/import over HTTP, fork."""

from __future__ import annotations

import json

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from domain.games import GAMES
from service.app import create_app
from service.cli import main
from support.toy import SPEC as TOY


def toy_game(client: FlaskClient, pile: int = 4) -> tuple[str, list[dict[str, str]]]:
    created = client.post("/api/v1/games", json={"type": "toy", "seats": [{"name": "Ann"}, {"name": "Bob"}],
                                                 "options": {"pile": pile}, "seed": "replay"}).get_json()
    return created["id"], [{"Authorization": f"Bearer {seat['token']}"} for seat in created["seats"]]


def send(client: FlaskClient, game_id: str, headers: dict[str, str], type_: str, **args: Any) -> dict[str, Any]:
    response = client.post(f"/api/v1/games/{game_id}/commands", headers=headers, json={"type": type_, "args": args})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def finish_toy(client: FlaskClient, game_id: str, headers: list[dict[str, str]]) -> None:
    send(client, game_id, headers[0], "Bid", amount=2)
    send(client, game_id, headers[1], "Bid", amount=1)
    while (game := client.get(f"/api/v1/games/{game_id}").get_json())["status"] == "active":
        seat = game["to_act"][0]
        send(client, game_id, headers[seat], "Take", count=1)


def card_of(client: FlaskClient, game_id: str, seat: int) -> int:
    events = client.get(f"/api/v1/games/{game_id}/events").get_json()["events"]
    return next(e["data"]["card"] for e in events if e["type"] == "CardDealt" and e["data"]["seat"] == seat)


def test_replay_as_a_seat_shows_only_that_seats_hidden_data_before_the_end(client: FlaskClient) -> None:
    game_id, headers = toy_game(client)
    send(client, game_id, headers[0], "Bid", amount=2)
    own = client.get(f"/api/v1/games/{game_id}/replay?at=3&as=0", headers=headers[0])
    assert own.status_code == 200
    assert own.get_json()["state"]["your_card"] is not None
    assert "full_state" not in own.get_json()
    assert client.get(f"/api/v1/games/{game_id}/replay?at=3&as=1", headers=headers[0]).status_code == 403
    assert client.get(f"/api/v1/games/{game_id}/replay?at=3&as=1").status_code == 401
    spectator = client.get(f"/api/v1/games/{game_id}/replay?at=4").get_json()
    assert spectator["state"]["your_card"] is None and spectator["as"] is None
    timeline = client.get(f"/api/v1/games/{game_id}/timeline", headers=headers[0]).get_json()["entries"]
    hidden = [entry for entry in timeline if entry["text"] == "Bob saw something hidden"]
    assert [entry["seq"] for entry in hidden] == [3]  # seat 1's card; seat 0's own card and bid are told


def test_a_timeline_after_a_seq_is_the_tail_of_the_whole_one_labels_included(client: FlaskClient) -> None:
    game_id, headers = toy_game(client)
    send(client, game_id, headers[0], "Bid", amount=2)
    url = f"/api/v1/games/{game_id}/timeline"
    whole = client.get(url, headers=headers[0]).get_json()
    assert any(entry["label"] for entry in whole["entries"][3:])  # the bid's label is in the tail
    for after in (0, 3, whole["version"] - 1, whole["version"]):
        tail = client.get(f"{url}?after={after}", headers=headers[0]).get_json()
        assert tail["version"] == whole["version"]
        assert tail["entries"] == [entry for entry in whole["entries"] if entry["seq"] > after]
    too_far = client.get(f"{url}?after={whole['version'] + 1}")
    assert too_far.status_code == 400 and "after" in too_far.get_json()["detail"]
    assert client.get(f"{url}?after=-1").status_code == 400


def test_after_the_end_anyone_replays_as_any_seat_with_the_full_state(client: FlaskClient) -> None:
    game_id, headers = toy_game(client)
    finish_toy(client, game_id, headers)
    as_bob = client.get(f"/api/v1/games/{game_id}/replay?at=3&as=1").get_json()
    assert as_bob["state"]["your_card"] == card_of(client, game_id, 1)
    assert as_bob["full_state"]["cards"][1] == card_of(client, game_id, 1)
    assert client.get(f"/api/v1/games/{game_id}/replay?at=999").status_code == 400
    assert client.get(f"/api/v1/games/{game_id}/replay?at=0").status_code == 400
    assert client.get(f"/api/v1/games/{game_id}/replay?at=2&as=7").status_code == 403


def test_audit_of_a_running_game_checks_what_it_can_and_says_so(client: FlaskClient) -> None:
    game_id, headers = toy_game(client)
    held = send(client, game_id, headers[0], "Bid", amount=2)["head_hash"]
    report = client.get(f"/api/v1/games/{game_id}/audit?head={held}").get_json()
    assert report["status"] == "ok"
    assert report["checks"] == {"chain": "ok", "head": "ok", "rules_version": "ok", "seed_commitment": "pending",
                                "rederivation": "pending"}
    assert "still running" in report["notes"][0]
    stranger = client.get(f"/api/v1/games/{game_id}/audit?head={'ab' * 32}").get_json()
    assert stranger["status"] == "failed" and stranger["failure"]["check"] == "head"
    assert client.get(f"/api/v1/games/{game_id}/audit?head=nothex").status_code == 400


def test_export_then_import_over_http_into_another_service(client: FlaskClient,
                                                          new_database: Callable[[str], str]) -> None:
    game_id, headers = toy_game(client)
    assert client.get(f"/api/v1/games/{game_id}/export").status_code == 422  # still running
    finish_toy(client, game_id, headers)
    document = client.get(f"/api/v1/games/{game_id}/export").get_json()
    assert hashlib.sha256(document["seed"].encode()).hexdigest() == document["seed_commitment"]
    other = create_app({"DATABASE": new_database("other"), "GAMES": (*GAMES, TOY)}).test_client()
    imported = other.post("/api/v1/replays", json=document)
    assert imported.status_code == 201
    copy = imported.get_json()
    assert copy["original_id"] == game_id and copy["head_hash"] == document["head_hash"]
    assert other.get(f"/api/v1/games/{copy['id']}/audit").get_json()["status"] == "ok"
    assert other.get(f"/api/v1/games/{copy['id']}").get_json()["result"] == \
        client.get(f"/api/v1/games/{game_id}").get_json()["result"]
    assert other.post("/api/v1/replays", json=document).status_code == 200  # already there: the same game


def test_an_import_with_a_changed_roll_is_refused_naming_the_event(client: FlaskClient,
                                                                  new_database: Callable[[str], str]) -> None:
    game_id, headers = toy_game(client, pile=30)
    send(client, game_id, headers[0], "Bid", amount=2)
    send(client, game_id, headers[1], "Bid", amount=1)
    rolled = send(client, game_id, headers[0], "Roll")["events"][0]
    finish_toy_rest = client.get(f"/api/v1/games/{game_id}").get_json()
    while finish_toy_rest["status"] == "active":
        seat = finish_toy_rest["to_act"][0]
        send(client, game_id, headers[seat], "Take", count=2 if finish_toy_rest["state"]["pile"] > 1 else 1)
        finish_toy_rest = client.get(f"/api/v1/games/{game_id}").get_json()
    document = client.get(f"/api/v1/games/{game_id}/export").get_json()
    event = document["events"][rolled["seq"] - 1]
    event["data"]["pips"] = event["data"]["pips"] % 6 + 1
    other = create_app({"DATABASE": new_database("other"), "GAMES": (*GAMES, TOY)}).test_client()
    refused = other.post("/api/v1/replays", json=document)
    assert refused.status_code == 422
    body = refused.get_json()
    assert body["seq"] == rolled["seq"] and f"event {rolled['seq']}" in body["detail"]
    assert other.get("/api/v1/games").get_json()["games"] == []
    malformed = other.post("/api/v1/replays", json={"format": "something-else"})
    assert malformed.status_code == 400


def test_a_fork_starts_from_event_n_and_audits_its_own_events(client: FlaskClient) -> None:
    game_id, headers = toy_game(client, pile=6)
    finish_toy(client, game_id, headers)
    source = client.get(f"/api/v1/games/{game_id}/events").get_json()["events"]
    forked = client.post(f"/api/v1/games/{game_id}/fork", json={"at": 5, "seats": [{"name": "Cy"}, {"name": "Di"}]})
    assert forked.status_code == 201
    fork = forked.get_json()
    assert fork["forked_from"]["game_id"] == game_id and fork["forked_from"]["at"] == 5
    assert fork["forked_from"]["head_hash"] == source[4]["hash"]
    assert fork["version"] == 5 and fork["seed_commitment"] != client.get(f"/api/v1/games/{game_id}").get_json()[
        "seed_commitment"]
    tokens = [{"Authorization": f"Bearer {seat['token']}"} for seat in fork["seats"]]
    copied = client.get(f"/api/v1/games/{fork['id']}/events", headers=tokens[0]).get_json()["events"]
    assert [e["type"] for e in copied[1:]] == [e["type"] for e in source[1:5]]
    # the fork runs, so its hidden events are hidden again: seat 0 sees its own card, not seat 1's
    assert [e["data"] for e in copied[1:] if not e["redacted"]] == [
        e["data"] for e, mine in zip(source[1:5], copied[1:]) if not mine["redacted"]]
    assert [e["redacted"] for e in copied[1:3]] == [False, True]
    rolled = False
    while (game := client.get(f"/api/v1/games/{fork['id']}").get_json())["status"] == "active":
        seat = game["to_act"][0]
        if rolled:
            send(client, fork["id"], tokens[seat], "Take", count=1)
        else:
            send(client, fork["id"], tokens[seat], "Roll")  # a draw from the fork's own seed
            rolled = True
    report = client.get(f"/api/v1/games/{fork['id']}/audit").get_json()
    assert report["status"] == "ok", report
    assert any("inherited from game" in note and "match it" in note for note in report["notes"])
    assert client.post(f"/api/v1/games/{game_id}/fork", json={"at": 1}).status_code == 422
    assert client.post(f"/api/v1/games/{fork['id']}/fork", json={"at": "x"}).status_code == 400


@pytest.mark.both_backends  # the CLI's query of finished games
def test_the_replay_commands_verify_export_import_and_show(client: FlaskClient, database: str,
                                                          new_database: Callable[[str], str], tmp_path: Path) -> None:
    finished = []
    for seed in ("a", "b"):
        created = client.post("/api/v1/games", json={"type": "hikes-of-the-west", "seed": seed,
                                                     "seats": [{"name": "Bot", "bot": "random"}]}).get_json()
        finished.append(created["id"])
    assert client.application.extensions["trailhead"].runner.wait_idle(60)  # the bots play after the response
    env = {"TRAILHEAD_DB": database, "REDIS_URL": ""}  # the client's database, on either backend
    runner = CliRunner()
    verified = runner.invoke(main, ["replay", "verify", "--all", "--type", "hikes-of-the-west"], env=env)
    assert verified.exit_code == 0, verified.output
    assert "hikes-of-the-west" in verified.output and "2 games" in verified.output
    one = runner.invoke(main, ["replay", "verify", finished[0]], env=env)
    assert one.exit_code == 0 and '"status": "ok"' in one.output
    out = tmp_path / "game.json"
    assert runner.invoke(main, ["replay", "export", finished[0], "-o", str(out)], env=env).exit_code == 0
    elsewhere = {"TRAILHEAD_DB": new_database("elsewhere"), "REDIS_URL": ""}
    imported = runner.invoke(main, ["replay", "import", str(out)], env=elsewhere)
    assert imported.exit_code == 0 and len(imported.output.strip()) == 32
    shown = runner.invoke(main, ["replay", "show", finished[0], "--at", "4"], env=env)
    assert shown.exit_code == 0
    assert "Hikes planned" in shown.output and "after event 4 of" in shown.output and "To act: Bot" in shown.output
    tampered = json.loads(out.read_text())
    tampered["seed"] += "b"
    (tmp_path / "bad.json").write_text(json.dumps(tampered))
    refused = runner.invoke(main, ["replay", "import", str(tmp_path / "bad.json")], env=elsewhere)
    assert refused.exit_code != 0 and "refused" in refused.output
