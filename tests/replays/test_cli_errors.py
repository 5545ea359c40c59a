"""`trailhead` errors as a person meets them: one line on standard error and a non-zero exit, never a traceback.

Each case runs the installed command as a real process (service/cli.py is click), on a SQLite file of its own.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from domain.core import SeatConfig
from support.handler import open_games

ROOT = Path(__file__).resolve().parents[2]


def trailhead() -> list[str]:
    """The console script beside the interpreter running the tests, or the module itself."""
    script = Path(sys.executable).parent / "trailhead"
    return [str(script)] if script.exists() else [sys.executable, "-m", "service.cli"]


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fails_in_one_line(args: Sequence[str], env: dict[str, str], *expected: str) -> str:
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("TRAILHEAD_", "REDIS_"))}
    completed = subprocess.run([*trailhead(), *args], cwd=ROOT, env={**environment, **env}, capture_output=True,
                               text=True, timeout=120, stdin=subprocess.DEVNULL)
    lines = completed.stderr.strip().splitlines()
    assert completed.returncode != 0, (args, completed)
    assert "Traceback" not in completed.stderr, completed.stderr
    assert len(lines) == 1, completed.stderr
    assert completed.stdout == "", completed.stdout
    for words in expected:
        assert words in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def sqlite_env(tmp_path: Path) -> dict[str, str]:
    return {"TRAILHEAD_DB": str(tmp_path / "trailhead.sqlite"), "REDIS_URL": ""}


@pytest.mark.parametrize("command", ["show", "verify", "export"])
def test_an_unknown_game(command: str, sqlite_env: dict[str, str]) -> None:
    fails_in_one_line(["replay", command, "nosuchgame"], sqlite_env, "no game with id 'nosuchgame'")


def test_exporting_an_unfinished_game(sqlite_env: dict[str, str]) -> None:
    games = open_games(sqlite_env["TRAILHEAD_DB"])
    try:
        game_id = games.create("nanga-parbat", [SeatConfig(name="Ann"), SeatConfig(name="Bob")], {}, "cli").game.record.id
    finally:
        games.store.close()
    fails_in_one_line(["replay", "export", game_id], sqlite_env, "only a finished game can be exported")


def test_importing_what_is_not_a_replay_document(sqlite_env: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "empty.json").write_text("{}")
    (tmp_path / "words.json").write_text("not JSON at all\n")
    (tmp_path / "list.json").write_text("[1, 2]")
    assert "not a replay document" in fails_in_one_line(["replay", "import", str(tmp_path / "empty.json")], sqlite_env)
    fails_in_one_line(["replay", "import", str(tmp_path / "words.json")], sqlite_env, "not JSON")
    fails_in_one_line(["replay", "import", str(tmp_path / "list.json")], sqlite_env, "not a replay document")


def test_an_unreachable_database() -> None:
    env = {"TRAILHEAD_DB": f"postgresql://127.0.0.1:{closed_port()}/x", "REDIS_URL": ""}
    fails_in_one_line(["replay", "show", "x"], env, "cannot connect to postgresql://127.0.0.1:")
    fails_in_one_line(["db", "status"], env, "cannot connect")


def test_an_unreachable_redis(sqlite_env: dict[str, str]) -> None:
    env = {**sqlite_env, "REDIS_URL": f"redis://127.0.0.1:{closed_port()}/0"}
    fails_in_one_line(["jobs"], env, "Redis", "127.0.0.1")
    fails_in_one_line(["jobs", "failed"], env, "Redis")
    fails_in_one_line(["bots", "resume"], env, "Redis")


def test_a_good_command_still_succeeds(sqlite_env: dict[str, str]) -> None:
    completed = subprocess.run([*trailhead(), "db", "status"], cwd=ROOT, env={**os.environ, **sqlite_env},
                               capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0 and "schema version" in completed.stdout, completed
