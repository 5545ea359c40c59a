"""Fixtures for the worker tests: real Redis, real worker processes, read-model snapshots.

The tests run on each backend (the `database` fixture: a SQLite file, or a PostgreSQL schema);
read-model rows are read with tests/support/databases.py's plain connections on either.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from application.handler import GameService
from application.projections import PROJECTION, Projector
from domain.games import GAMES
from storage import open_storage
from storage.postgres import is_postgresql_url
from support.databases import rows
from support.handler import REGISTRY, bot_game, open_games
from support.redis_server import redis_server_url, redis_url  # noqa: F401 - fixtures of the tests here
from support.toy import SPEC as TOY
from support.waiting import wait_for  # noqa: F401 - the tests here import it from this conftest

ROOT = Path(__file__).resolve().parents[2]
READ_MODEL_TABLES = ("game_summaries", "summary_seats", "player_stats", "ratings")


@pytest.fixture
def client_for() -> Callable[[Path | str], Any]:
    """A test client of an app with inline jobs on the given database."""

    def client(database: Path | str) -> Any:
        from service.app import create_app

        return create_app({"DATABASE": str(database), "REDIS_URL": None, "GAMES": (*GAMES, TOY),
                           "RATE_LIMITS": "off"}).test_client()

    return client


@pytest.fixture
def rq_config(database: str, redis_url: str) -> dict[str, Any]:
    return {
        "DATABASE": database,
        "REDIS_URL": redis_url,
        "QUEUE_PREFIX": f"t{uuid.uuid4().hex[:8]}",
        "SWEEP_SECONDS": 1,
        "GAMES": (*GAMES, TOY),
        "TESTING": True,
        "RATE_LIMITS": "off",  # as many requests as a test needs; tests/integration/test_rate_limits.py tests the limits
    }


def worker_env(config: dict[str, Any]) -> dict[str, str]:
    return {
        **os.environ,
        "TRAILHEAD_DB": config["DATABASE"],
        "REDIS_URL": config["REDIS_URL"],
        "TRAILHEAD_QUEUE_PREFIX": config["QUEUE_PREFIX"],
        "TRAILHEAD_SWEEP_SECONDS": str(config["SWEEP_SECONDS"]),
        "PYTHONPATH": str(ROOT),
        **{k: str(v) for k, v in config.get("ENV", {}).items()},
    }


@pytest.fixture
def start_worker(rq_config: dict[str, Any], tmp_path: Path) -> Iterator[Callable[..., subprocess.Popen[bytes]]]:
    """Start real worker processes (tests/support/worker_main.py, or `trailhead worker` with cli=True)."""
    started: list[subprocess.Popen[bytes]] = []

    def start(*args: str, cli: bool = False, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        command = (
            [sys.executable, "-m", "service.cli", "worker", *args]
            if cli
            else [sys.executable, str(ROOT / "tests" / "support" / "worker_main.py"), *args]
        )
        log = open(tmp_path / f"worker-{len(started)}.log", "wb")  # noqa: SIM115 - closed with the process
        # A group of its own: RQ's scheduler runs in a child process, which must go with the worker.
        process = subprocess.Popen(command, cwd=ROOT, env={**worker_env(rq_config), **(env or {})},
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:  # a worker still reconnecting to a Redis a test took away may not stop: no test waits on it
                process.wait(timeout=3)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        with contextlib.suppress(ProcessLookupError):  # what is left of its group (RQ's scheduler)
            os.killpg(process.pid, signal.SIGKILL)


def crash(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL a started worker and its children at once, as a machine crash would."""
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def play_bot_game(games: GameService, type_: str, seed: str, level: str = "random", seats: int | None = None) -> str:
    """A bots-only game of one bot level played to the end through the command handler; returns its id."""
    return bot_game(games, type_, seed, level, seats)


def backlog(database: Path | str, seeds: list[str], type_: str = "hikes-of-the-west", writers: int = 4) -> list[str]:
    """Bots-only games played to their end by several writers at once (each thread a handler and storage of
    its own: their commits interleave in the log); their ids, in the order of `seeds`."""
    local = threading.local()
    opened: list[GameService] = []

    def play(seed: str) -> str:
        if not hasattr(local, "games"):
            local.games = open_games(database)
            opened.append(local.games)
        return play_bot_game(local.games, type_, seed)

    try:
        with concurrent.futures.ThreadPoolExecutor(writers) as pool:
            return list(pool.map(play, seeds))
    finally:
        for games in opened:
            games.store.close()


def snapshot(database: Path | str) -> dict[str, list[tuple[Any, ...]]]:
    """Every read-model row, in a stable order."""
    return {table: sorted(rows(database, f"SELECT * FROM {table}"), key=repr)  # noqa: S608
            for table in READ_MODEL_TABLES}


@pytest.fixture
def rebuilt_snapshot(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[str], dict[str, list[Any]]]:
    """The read models a from-scratch rebuild gives, computed on a copy of the database's log."""

    @contextlib.contextmanager
    def copy_of(database: str) -> Iterator[str]:
        if is_postgresql_url(database):
            with request.getfixturevalue("postgres").copy(database) as copy:
                yield copy
            return
        copy = tmp_path / f"rebuild-{uuid.uuid4().hex[:6]}.sqlite"
        source, target = sqlite3.connect(database), sqlite3.connect(str(copy))
        source.backup(target)
        source.close()
        target.close()
        yield str(copy)

    def rebuilt(database: Path | str) -> dict[str, list[Any]]:
        with copy_of(str(database)) as copy:
            store = open_storage(copy)
            try:
                outcome = Projector(REGISTRY).rebuild(store)
            finally:
                store.close()
            assert outcome.halted_at is None
            return snapshot(copy)

    return rebuilt


def projected(database: Path | str) -> bool:
    """Whether the read models have caught up with the whole (non-empty) log, unhalted."""
    store = open_storage(str(database))
    try:
        mark = store.checkpoint(PROJECTION)
        return mark.halted_at is None and mark.position == store.head_position() > 0
    finally:
        store.close()


__all__ = ["REGISTRY", "open_games", "play_bot_game"]
