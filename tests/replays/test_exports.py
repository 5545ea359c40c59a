"""The bulk export, GET /api/v1/exports/games: NDJSON of finished games in the order they finished, resumable
from a position; and `trailhead replay export --all` / `replay import FILE.ndjson` round trip."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from werkzeug.test import TestResponse

from domain.core import SeatConfig
from e2e.contract import contract
from integration.event_log import open_service
from replays.audit import audit
from replays.log import log_from_store
from service.cli import main
from support.handler import REGISTRY, bot_game, open_games

from .test_api import finish_toy, toy_game

EXPORTS = "/api/v1/exports/games"


def lines_of(response: TestResponse) -> list[dict[str, Any]]:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/x-ndjson"
    text = response.get_data(as_text=True)
    assert text == "" or text.endswith("\n")
    if text:  # (openapi-core takes an empty body for a missing one)
        contract().validate_response(WerkzeugOpenAPIRequest(response.request), WerkzeugOpenAPIResponse(response))
    return [json.loads(line) for line in text.splitlines()]


def exported_ids(client: FlaskClient, query: str = "") -> list[str]:
    return [line["document"]["game_id"] for line in lines_of(client.get(f"{EXPORTS}{query}"))]


@pytest.mark.both_backends  # the finishing positions are taken in the writers' transactions and ordered in SQL
def test_finished_games_come_in_the_order_they_finished_and_resume_after_a_position(client: FlaskClient,
                                                                                   database: str) -> None:
    made = [toy_game(client) for _ in range(4)]  # the fourth keeps running, until the end of the test
    for index in (2, 0, 1):  # finished in another order than they were created
        finish_toy(client, *made[index])
    ids = [made[index][0] for index in (2, 0, 1)]
    games = open_games(database)
    hiked = bot_game(games, "hikes-of-the-west", "exported")  # a game of another type, last

    lines = lines_of(client.get(EXPORTS))
    assert [line["document"]["game_id"] for line in lines] == [*ids, hiked]
    store = games.store
    positions = [line["position"] for line in lines]
    assert positions == [store.events(game_id)[-1].position for game_id in [*ids, hiked]]  # each game's last event
    assert positions == sorted(set(positions))
    for line in lines:  # the very document of the single export, and nothing of the running game
        assert line["document"] == client.get(f"/api/v1/games/{line['document']['game_id']}/export").get_json()

    assert exported_ids(client, f"?after={positions[0]}") == [*ids[1:], hiked]
    assert exported_ids(client, f"?after={positions[-1]}") == []
    first, rest = exported_ids(client, "?limit=2"), exported_ids(client, f"?limit=2&after={positions[1]}")
    assert (first, rest) == (ids[:2], [ids[2], hiked])
    assert exported_ids(client, "?type=toy") == ids
    assert exported_ids(client, f"?type=toy&after={positions[2]}") == []
    assert exported_ids(client, "?type=hikes-of-the-west&limit=1") == [hiked]

    finish_toy(client, *made[3])  # the running game finishes now: it comes last, the earlier positions stand
    again = lines_of(client.get(EXPORTS))
    assert [line["position"] for line in again[:4]] == positions
    assert again[4]["document"]["game_id"] == made[3][0] and again[4]["position"] > positions[-1]


def play_toys(database: str, count: int, failures: list[BaseException]) -> None:
    """`count` toy games played to their end through a handler of its own (a writer, as an API worker is)."""
    try:
        games = open_service(database)
        for _ in range(count):
            game_id = games.create("toy", [SeatConfig(name="ann"), SeatConfig(name="bob")], {"pile": 3}).game.record.id
            games.submit(game_id, 0, "Bid", {"amount": 1})
            games.submit(game_id, 1, "Bid", {"amount": 0})
            while not (game := games.load(game_id)).finished:
                games.submit(game_id, game.to_act()[0], "Take", {"count": 1})
    except BaseException as error:  # noqa: BLE001 - reported by the test
        failures.append(error)


@pytest.mark.both_backends  # positions taken under each backend's own write serialisation
def test_a_reader_never_sees_a_game_finish_below_a_position_it_has_already_read(database: str) -> None:
    failures: list[BaseException] = []
    writers = [threading.Thread(target=play_toys, args=(database, 4, failures)) for _ in range(3)]
    reader = open_service(database).store
    seen: list[tuple[int, str]] = []
    for writer in writers:
        writer.start()
    while any(writer.is_alive() for writer in writers) or len(seen) < 12:
        now = reader.finished_games(0, 100)
        assert now[:len(seen)] == seen  # what was read stands: a later finish always comes after it
        seen = now
        assert not failures, failures
        time.sleep(0.002)
    assert len(seen) == 12 and [position for position, _ in seen] == sorted({position for position, _ in seen})
    assert reader.finished_games(seen[5][0], 100) == seen[6:] and reader.finished_count(seen[5][0]) == 6


@pytest.mark.parametrize(("query", "field"), [
    ("limit=0", "limit"), ("limit=1001", "limit"), ("limit=x", "limit"), ("after=-1", "after"),
    ("after=1.5", "after"), ("after=", "after"), ("type=", "type"), ("format=csv", "format"),
])
def test_a_bad_query_is_a_400_problem_naming_the_field(client: FlaskClient, query: str, field: str) -> None:
    response = client.get(f"{EXPORTS}?{query}")
    assert response.status_code == 400
    assert response.headers["Content-Type"] == "application/problem+json"
    assert list(response.get_json()["errors"]) == [field]


def test_a_game_type_not_offered_is_a_404_and_the_bounds_are_accepted(client: FlaskClient) -> None:
    assert client.get(f"{EXPORTS}?type=chess").status_code == 404
    assert lines_of(client.get(f"{EXPORTS}?limit=1000&after=9223372036854775807")) == []
    assert lines_of(client.get(f"{EXPORTS}?limit=1&type=toy")) == []


def test_export_all_then_import_into_a_fresh_database_where_each_game_audits_clean(
        database: str, new_database: Callable[[str], str], tmp_path: Path) -> None:
    games = open_games(database)
    finished = [bot_game(games, type_, f"bulk-{number}")
                for number, type_ in enumerate(("hikes-of-the-west", "hike", "hikes-of-the-west", "hike"))]
    env = {"TRAILHEAD_DB": database, "REDIS_URL": ""}
    runner = CliRunner()
    out = tmp_path / "games.ndjson"
    exported = runner.invoke(main, ["replay", "export", "--all", "-o", str(out)], env=env)
    assert exported.exit_code == 0, exported.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [line["document"]["game_id"] for line in lines] == finished
    assert f"exported 4 games; the last position: {lines[-1]['position']}" in exported.output

    toys = tmp_path / "toys.ndjson"
    after = runner.invoke(main, ["replay", "export", "--all", "--type", "hike", "--after", str(lines[1]["position"]),
                                 "-o", str(toys)], env=env)
    assert after.exit_code == 0, after.output
    assert [json.loads(line)["document"]["game_id"] for line in toys.read_text().splitlines()] == [finished[3]]

    elsewhere = {"TRAILHEAD_DB": new_database("elsewhere"), "REDIS_URL": ""}
    imported = runner.invoke(main, ["replay", "import", str(out)], env=elsewhere)
    assert imported.exit_code == 0, imported.output
    assert "4 imported, 0 already imported, 0 refused" in imported.output
    there = open_games(elsewhere["TRAILHEAD_DB"])
    local_ids = [game_id for _, game_id in there.store.finished_games(0, 10)]
    assert [there.record(game_id).original_id for game_id in local_ids] == finished  # the file's order
    for game_id, line in zip(local_ids, lines, strict=True):
        report = audit(log_from_store(there.store, game_id), REGISTRY, expected_head=line["document"]["head_hash"])
        assert report.ok, report.failure

    unnamed = tmp_path / "two.txt"  # told apart from one document by its lines, whatever its name
    unnamed.write_text("\n".join(out.read_text().splitlines()[:2]))
    twice = runner.invoke(main, ["replay", "import", str(unnamed)], env=elsewhere)
    assert twice.exit_code == 0 and "0 imported, 2 already imported, 0 refused" in twice.output, twice.output

    tampered = json.loads(out.read_text().splitlines()[2])
    tampered["document"]["seed"] += "x"
    mixed = tmp_path / "mixed.ndjson"
    mixed.write_text(out.read_text().splitlines()[0] + "\n\n" + json.dumps(tampered) + "\n[1]\n")
    again = runner.invoke(main, ["replay", "import", str(mixed)], env=elsewhere)
    assert again.exit_code == 1
    assert "0 imported, 1 already imported, 2 refused" in again.output
    assert "line 3: refused: " in again.output and "line 4: not a replay document: " in again.output


def test_export_needs_one_game_or_all(database: str) -> None:
    env = {"TRAILHEAD_DB": database, "REDIS_URL": ""}
    runner = CliRunner()
    assert "name one GAME_ID, or use --all" in runner.invoke(main, ["replay", "export"], env=env).output
    assert "--type and --after go with --all" in runner.invoke(main, ["replay", "export", "g", "--after", "3"],
                                                              env=env).output
    unknown = runner.invoke(main, ["replay", "export", "--all", "--type", "chess"], env=env)
    assert unknown.exit_code != 0 and "chess" in unknown.output
