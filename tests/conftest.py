"""Shared fixtures: a real database per test (a SQLite file, or a schema of a real PostgreSQL database;
tests/support/databases.py), the app with the real registry plus a toy game."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

sys.path.append(str(Path(__file__).resolve().parent))

from domain.games import GAMES  # noqa: E402
from service.app import create_app  # noqa: E402
from storage import PostgresStorage  # noqa: E402
from support.databases import NoPostgres, TestDatabases  # noqa: E402
from support.toy import SPEC as TOY  # noqa: E402

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres(worker_id: str) -> Iterator[TestDatabases]:
    """This test process's own PostgreSQL database, dropped at the end of the run."""
    try:
        databases = TestDatabases(worker_id)
    except NoPostgres as error:
        pytest.fail(str(error), pytrace=False)
    original = PostgresStorage.__init__

    def tracked(storage: PostgresStorage, *args: Any, **kwargs: Any) -> None:
        original(storage, *args, **kwargs)
        databases.opened(storage)  # closed after the test whose schema it is on

    PostgresStorage.__init__ = tracked  # type: ignore[method-assign]
    yield databases
    PostgresStorage.__init__ = original  # type: ignore[method-assign]
    databases.drop()


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """TRAILHEAD_DB for this test, on each backend: a SQLite file path, or a PostgreSQL URL on a fresh schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "trailhead.sqlite")
        return
    with request.getfixturevalue("postgres").schema() as url:
        yield url


@pytest.fixture(scope="module", params=BACKENDS)
def module_database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """As `database`, for a whole test module (the server its tests share): dropped after the module."""
    if request.param == "sqlite":
        yield str(tmp_path_factory.mktemp("database") / "trailhead.sqlite")
        return
    with request.getfixturevalue("postgres").schema() as url:
        yield url


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite file, for what only SQLite has (files, their modes, release 0.1's database)."""
    return tmp_path / "trailhead.sqlite"


@pytest.fixture
def app(database: str) -> Iterator[Flask]:
    # Client seeds used as they are, as an operator's test tooling sets them: the API tests replay
    # seeded games (the mixed default is tested on its own and by the e2e server). Rate limits off:
    # these tests send many requests from one client; tests/integration/test_rate_limits.py turns them on.
    yield create_app({"DATABASE": database, "GAMES": (*GAMES, TOY), "TESTING": True, "CLIENT_SEEDS": "exact",
                      "RATE_LIMITS": "off"})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
