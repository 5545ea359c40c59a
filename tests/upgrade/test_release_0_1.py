"""A database and exports made by release 0.1 open, migrate, continue, audit and import under today's code.

The database is a SQLite file (release 0.1 had no other backend), so its tests are SQLite's;
the exports import and verify into either backend, and the migrated database copies into
either (`trailhead db copy`) with nothing lost.

The fixtures (tests/fixtures/release-0.1, made by its make.py on release 0.1 through its
HTTP API) hold a finished bots-only game and a running game with human seats of every type,
a fork, and the export of every finished game.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient

from domain.games import GAMES
from service.app import create_app
from service.cli import main
from storage import SchemaOutOfDate, SqliteStorage, Storage, open_storage
from storage.migrations import LATEST, MIGRATIONS
from storage.sqlite import connect

pytestmark = pytest.mark.both_backends  # release 0.1's exports and database into either backend

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "release-0.1"
MANIFEST: dict[str, Any] = json.loads((FIXTURES / "games.json").read_text())
TYPES = [spec.id for spec in GAMES]


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    """A fresh copy of the release-0.1 database file."""
    path = tmp_path / "release-0.1.sqlite"
    with gzip.open(FIXTURES / "trailhead.sqlite.gz", "rb") as packed, open(path, "wb") as out:
        shutil.copyfileobj(packed, out)
    return path


@pytest.fixture
def client(old_db: Path) -> FlaskClient:
    return create_app({"DATABASE": str(old_db), "REDIS_URL": None, "TESTING": True}).test_client()


def counts(path: Path) -> dict[str, int]:
    db = connect(path)
    try:
        return {table: db.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]  # noqa: S608
                for table in ("games", "events", "commands", "game_seeds", "seat_tokens")}
    finally:
        db.conn.close()


def test_the_release_0_1_database_is_at_schema_version_1_with_migrations_pending(old_db: Path) -> None:
    store = SqliteStorage(old_db)
    assert store.schema_version() == 1
    assert store.pending_migrations() == [migration.name for migration in MIGRATIONS[1:]]


def test_migrate_keeps_every_row_and_drops_the_stored_responses(old_db: Path) -> None:
    before = counts(old_db)
    result = CliRunner().invoke(main, ["db", "migrate"], env={"TRAILHEAD_DB": str(old_db)})
    assert result.exit_code == 0, result.output
    assert f"schema version {LATEST} (was 1)" in result.output
    assert counts(old_db) == before
    columns = [row[1] for row in connect(old_db).conn.execute("PRAGMA table_info(commands)")]
    assert "response" not in columns and "first_seq" in columns
    sources = {row[0] for row in connect(old_db).conn.execute("SELECT seed_source FROM games")}
    assert sources == {"unknown"}  # release 0.1 did not record where a seed came from
    again = CliRunner().invoke(main, ["db", "migrate"], env={"TRAILHEAD_DB": str(old_db)})
    assert "nothing to do" in again.output


def test_a_container_that_may_not_migrate_refuses_and_names_the_command(old_db: Path) -> None:
    from bootstrap import bootstrap

    with pytest.raises(SchemaOutOfDate, match="trailhead db migrate"):
        bootstrap({"DATABASE": str(old_db), "REDIS_URL": None}, migrate=False)


@pytest.mark.parametrize("type_", TYPES)
def test_finished_games_audit_ok(client: FlaskClient, type_: str) -> None:
    game_id = MANIFEST["finished"][type_]
    report = client.get(f"/api/v1/games/{game_id}/audit").get_json()
    assert report["status"] == "ok", report
    assert report["checks"]["rederivation"] == "ok"


@pytest.mark.parametrize("type_", TYPES)
def test_running_games_continue_with_their_old_seat_tokens(client: FlaskClient, type_: str) -> None:
    running = MANIFEST["running"][type_]
    game_id, tokens = running["id"], running["tokens"]
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    assert game["version"] == running["version"] and game["status"] == "active"
    assert game["seed_source"] == "unknown"
    # recorded before any ruling changed: it goes on under rules version 1, whatever new games get (issue 17)
    assert game["rules_version"] == 1 and game["state"].get("rules_version", 1) == 1
    seat = game["to_act"][0]
    auth = {"Authorization": f"Bearer {tokens[str(seat)]}"}
    actions = client.get(f"/api/v1/games/{game_id}/actions", headers=auth).get_json()
    assert actions["seat"] == seat and actions["actions"]
    done = client.post(f"/api/v1/games/{game_id}/commands", headers=auth,
                       json={**actions["actions"][0], "expected_version": actions["version"]})
    assert done.status_code == 201, done.get_json()
    assert done.get_json()["events"][0]["seq"] == running["version"] + 1
    assert client.get(f"/api/v1/games/{game_id}/audit").get_json()["status"] == "ok"


def test_a_command_recorded_by_release_0_1_retried_answers_from_its_events(client: FlaskClient) -> None:
    running = MANIFEST["running"]["hitchiker"]
    game_id = running["id"]
    first = client.get(f"/api/v1/games/{game_id}/events?after=0&limit=500").get_json()["events"]
    recorded = [event for event in first if event["command_id"] == "fixture-0"]
    seat = recorded[0]["seat"]
    auth = {"Authorization": f"Bearer {running['tokens'][str(seat)]}"}
    assert client.get(f"/api/v1/games/{game_id}/export").status_code == 422  # running: the seed is secret
    # the same command id and body: the recorded events answer, nothing is appended
    store = SqliteStorage(client.application.extensions["trailhead"].store.path)
    record = store.command(game_id, "fixture-0")
    assert record is not None
    again = client.post(f"/api/v1/games/{game_id}/commands", headers=auth,
                        json={"type": record.type, "args": record.args, "command_id": "fixture-0"})
    assert again.status_code == 201
    assert [event["hash"] for event in again.get_json()["events"]] == [event["hash"] for event in recorded]
    assert client.get(f"/api/v1/games/{game_id}").get_json()["version"] == running["version"]


def test_the_fork_made_by_release_0_1_audits_against_its_source(client: FlaskClient) -> None:
    report = client.get(f"/api/v1/games/{MANIFEST['fork']['id']}/audit").get_json()
    assert report["status"] == "ok", report
    assert any("match it" in note for note in report["notes"])


def test_the_games_release_0_1_finished_are_exported_in_the_order_they_finished(client: FlaskClient,
                                                                               old_db: Path) -> None:
    lines = client.get("/api/v1/exports/games").get_data(as_text=True).splitlines()  # the app has migrated
    exported = [(json.loads(line)["position"], json.loads(line)["document"]["game_id"]) for line in lines]
    db = connect(old_db)
    try:  # each finished game at its last event's position, as migration 10 filled them in
        ends = db.conn.execute("SELECT MAX(e.position), g.id FROM games g JOIN events e ON e.game_id = g.id"
                               " WHERE g.status = 'finished' GROUP BY g.id ORDER BY 1").fetchall()
    finally:
        db.conn.close()
    assert exported == [tuple(row) for row in ends]
    assert set(MANIFEST["finished"].values()) <= {game_id for _, game_id in exported}
    assert not {running["id"] for running in MANIFEST["running"].values()} & {game_id for _, game_id in exported}


@pytest.mark.parametrize("type_", TYPES)
def test_release_0_1_exports_import_and_verify(database: str, type_: str) -> None:
    """On each backend: nothing release 0.1 exported is lost on moving to PostgreSQL."""
    client = create_app({"DATABASE": database, "REDIS_URL": None, "TESTING": True}).test_client()
    document = json.loads((FIXTURES / f"export-{type_}.json").read_text())
    imported = client.post("/api/v1/replays", json=document)
    assert imported.status_code == 201, imported.get_json()
    game_id = imported.get_json()["id"]
    assert imported.get_json()["head_hash"] == document["head_hash"]
    assert client.get(f"/api/v1/games/{game_id}/audit").get_json()["status"] == "ok"
    exported = client.get(f"/api/v1/games/{game_id}/export").get_json()
    assert exported["events"] == document["events"] and exported["commands"] == document["commands"]


def stored(store: Storage, game_id: str) -> tuple[Any, ...]:
    """A game as the port reads it, global positions aside (a copy numbers them anew)."""
    return (store.game(game_id), [dataclasses.replace(e, position=None) for e in store.events(game_id)],
            store.commands(game_id), store.seed(game_id), store.token_hashes(game_id))


def test_the_migrated_release_0_1_database_copies_into_either_backend_and_nothing_is_lost(old_db: Path,
                                                                                          database: str) -> None:
    """Moving a release-0.1 installation to PostgreSQL (or to a new SQLite file): migrated, then copied with
    `trailhead db copy`; every game is stored as it was and audits ok there, the fork against its source,
    and every running game goes on with its release-0.1 seat tokens."""
    migrated = CliRunner().invoke(main, ["db", "migrate"], env={"TRAILHEAD_DB": str(old_db)})
    assert migrated.exit_code == 0, migrated.output
    copied = CliRunner().invoke(main, ["db", "copy", str(old_db), database, "--progress-every", "0"])
    assert copied.exit_code == 0, (copied.output, copied.exception)

    source, destination = SqliteStorage(old_db), open_storage(database)
    try:
        game_ids = source.game_ids()
        assert len(game_ids) == len(MANIFEST["finished"]) + len(MANIFEST["running"]) + 1  # and the fork
        assert f"copied {len(game_ids)} game(s)" in copied.stdout
        assert destination.game_ids() == game_ids
        assert all(stored(destination, game_id) == stored(source, game_id) for game_id in game_ids)
    finally:
        source.close()
        destination.close()
    client = create_app({"DATABASE": database, "REDIS_URL": None, "TESTING": True}).test_client()
    for game_id in game_ids:
        report = client.get(f"/api/v1/games/{game_id}/audit").get_json()
        assert report["status"] == "ok", report
    assert any("match it" in note for note in client.get(f"/api/v1/games/{MANIFEST['fork']['id']}/audit").get_json()[
        "notes"])
    for running in MANIFEST["running"].values():
        game = client.get(f"/api/v1/games/{running['id']}").get_json()
        assert (game["version"], game["status"]) == (running["version"], "active")
        auth = {"Authorization": f"Bearer {running['tokens'][str(game['to_act'][0])]}"}
        actions = client.get(f"/api/v1/games/{running['id']}/actions", headers=auth).get_json()
        done = client.post(f"/api/v1/games/{running['id']}/commands", headers=auth,
                           json={**actions["actions"][0], "expected_version": actions["version"]})
        assert done.status_code == 201, done.get_json()
        assert client.get(f"/api/v1/games/{running['id']}/audit").get_json()["status"] == "ok"
