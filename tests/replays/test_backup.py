"""`trailhead db backup`, `db restore`, `db verify`: a backup taken while commands are being committed restores
into an empty database where every game audits and no command acknowledged before the backup began is missing.

A thread plays short bots-only games through the handler (each bot turn a command, acknowledged when its
commit returns) while the backup runs; SQLite is copied by its backup API, PostgreSQL by pg_dump (and by the
logical copy through the port, as without pg_dump). `db verify` fails on a tampered database.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from application.admin import action
from application.bus import play_bot_turn
from application.players import register_player
from domain.core import SeatConfig
from replays import backup as backups
from service.cli import main
from storage import open_storage
from storage.backup import dump_schema, pg_tool, scratch_database
from support.handler import REGISTRY, bot_game, open_games

pytestmark = pytest.mark.both_backends
GAME = "nanga-parbat"  # a real game: the command line knows the registered games only


class Writer:
    """Toy games played by their bots in a thread: each commit acknowledged as (game id, version) once it returns."""

    def __init__(self, database: str) -> None:
        self.games = open_games(database)
        self.acknowledged: list[tuple[str, int]] = []
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        try:
            number = 0
            while not self.stop.is_set():
                number += 1
                created = self.games.create(GAME, [SeatConfig(name=f"b{i}", bot="random") for i in range(2)], {},
                                            f"live-{number}")
                game_id = created.game.record.id
                self.acknowledged.append((game_id, created.game.version))
                while not self.stop.wait(0.002) and (turn := play_bot_turn(self.games, game_id)) is not None:
                    self.acknowledged.append((game_id, turn.game.version))
        except BaseException as error:  # noqa: BLE001 - said by the test
            self.error = error

    def __enter__(self) -> Writer:
        self.thread.start()
        while len(self.acknowledged) < 20:  # a few games under way before the backup begins
            self.stop.wait(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(30)
        self.games.store.close()
        assert self.error is None, self.error


def cli(*args: str, **env: str) -> Any:
    return CliRunner().invoke(main, list(args), env={"REDIS_URL": "", **env})


def assert_holds(url: str, acknowledged: list[tuple[str, int]]) -> None:
    """Every acknowledged commit is in the database at `url`: its game at that version or later."""
    store = open_storage(url)
    try:
        missing = [(game_id, version) for game_id, version in acknowledged
                   if (record := store.game(game_id)) is None or record.version < version]
        assert not missing, missing[:5]
        assert backups.verify(store, REGISTRY).ok
    finally:
        store.close()


def backed_up_live(database: str, *args: str, **env: str) -> tuple[Any, list[tuple[str, int]]]:
    """Run `db backup` while the writer commits; the commits acknowledged before it began."""
    with Writer(database) as writer:
        before = list(writer.acknowledged)
        result = cli("db", "backup", *args, "--db", database, **env)
        during = len(writer.acknowledged) - len(before)
    assert result.exit_code == 0, result.output
    assert during > 0  # commands were committed while the backup ran
    return result, before


def test_a_live_backup_restores_with_every_acknowledged_command(database: str, tmp_path: Path) -> None:
    games_url = database
    sqlite_source = not games_url.startswith("postgresql")
    backup_file = str(tmp_path / ("backup.sqlite" if sqlite_source else "backup.dump"))
    result, before = backed_up_live(games_url, backup_file)
    method = backups.SQLITE_API if sqlite_source else backups.PG_DUMP
    assert f"backed up with {method} into {backup_file}" in result.output
    assert "game(s)" in result.output and "all verify" in result.output

    refused = cli("db", "restore", backup_file, "--db", games_url)
    assert refused.exit_code == 1 and "is not empty" in refused.output
    if sqlite_source:
        target = str(tmp_path / "restored.sqlite")
        restored = cli("db", "restore", backup_file, "--db", target)
        assert restored.exit_code == 0, restored.output
        assert f"restored with {backups.SQLITE_API}" in restored.output
        assert_holds(target, before)
        return
    assert pg_tool("pg_dump") is not None  # the machine has it; the fallback is tested below
    with scratch_database(games_url, dump_schema(backup_file)) as target:
        restored = cli("db", "restore", backup_file, "--db", target)
        assert restored.exit_code == 0, restored.output
        assert f"restored with {backups.PG_DUMP}" in restored.output
        assert_holds(target, before)


@pytest.mark.parametrize("database", ["postgresql"], indirect=True)  # the fallback is PostgreSQL's
def test_without_pg_dump_postgresql_is_backed_up_through_the_port(database: str, tmp_path: Path,
                                                                  postgres: Any) -> None:
    games_url = database
    source = open_storage(games_url)
    source.migrate()
    mallory = register_player(source, "mallory").player
    source.set_player_ban(mallory["id"], "2026-01-01T00:00:00Z", "spam", action("ban", mallory["id"], "ops", "spam"))
    source.close()
    copy = str(tmp_path / "logical.sqlite")
    result, before = backed_up_live(games_url, copy, TRAILHEAD_PG_BIN="none")
    assert f"backed up with {backups.LOGICAL} into {copy}" in result.output and "all verify" in result.output
    assert_holds(copy, before)
    copied = open_storage(copy)
    assert copied.player(mallory["id"])["ban_reason"] == "spam"  # the players and the admin log come along
    assert [(a["actor"], a["action"], a["reason"]) for a in copied.admin_actions()] == [("ops", "ban", "spam")]
    copied.close()
    with postgres.schema() as target:
        restored = cli("db", "restore", copy, "--db", target)
        assert restored.exit_code == 0, restored.output
        assert f"restored with {backups.LOGICAL}" in restored.output
        assert_holds(target, before)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # the audit is the backends' (test_tamper.py)
def test_verify_fails_on_a_tampered_database(database: str) -> None:
    games = open_games(database)
    bot_game(games, GAME, "backup-finished", level="random")
    games.store.close()
    games_url = database
    clean = cli("db", "verify", "--db", games_url)
    assert clean.exit_code == 0 and "1 game(s)" in clean.output and "all verify" in clean.output
    with sqlite3.connect(games_url) as conn:
        conn.execute("UPDATE events SET data = data || ' ' WHERE seq = 2")
    tampered = cli("db", "verify", "--db", games_url)
    assert tampered.exit_code == 1
    assert "FAILED" in tampered.output and "1 FAIL" in tampered.output
