"""Shared fixtures: a real database per test (a SQLite file, or a schema of a real PostgreSQL database;
tests/support/databases.py), the app with the real registry plus a toy game.

Which backends a test runs on: every test that takes a database (`database`, `module_database`, or a
fixture built on them such as `app` and `client`) runs on SQLite; a test marked `both_backends` (or a
module whose `pytestmark` has it) runs on PostgreSQL too. Mark a test `both_backends` when what it checks
depends on how the database stores, orders, locks or commits: concurrent writers, optimistic concurrency
and idempotency records, global positions and projection checkpoints, migrations and upgrades, copies
between backends, what the rows hold (hashes, integer bounds, text PostgreSQL refuses), tampering with
rows by hand, ordering and paging done in SQL, durability across a crash. Everything above the storage
port (HTTP, validation, the games, bots, clocks, streams, rate limits, the contract) runs once: both
backends implement one port and pass the same storage tests, so those tests would only repeat themselves.
A test may still parametrize `database` itself (indirect), or take `postgres` for PostgreSQL alone.
"""

from __future__ import annotations

import sys
import threading
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
from support.handler import bot_game_export  # noqa: E402
from support.toy import SPEC as TOY  # noqa: E402

BACKENDS = ("sqlite", "postgresql")
DATABASE_FIXTURES = (("database", "function"), ("module_database", "module"))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """The backends of a test's database: SQLite, and PostgreSQL too where it is marked `both_backends`."""
    backends = BACKENDS if metafunc.definition.get_closest_marker("both_backends") else BACKENDS[:1]
    for name, scope in DATABASE_FIXTURES:
        if name in metafunc.fixturenames and not parametrized_by_the_test(metafunc, name):
            metafunc.parametrize(name, backends, indirect=True, scope=scope)


#: Modules that play many seeded games through the same domain code (determinisations drawn at every decision,
#: searches, playouts checked against the views' schemas, random playouts of the registry, the golden logs):
#: they run without coverage's line tracer, which made them three to four times slower and the suite CPU-bound
#: on 2 cores. (pytest-cov's `no_cover` mark stops its controller's Coverage, but on an xdist worker a second
#: instance is started too, whose tracer then takes over, so the mark changes nothing there; and it leaves the
#: fixtures traced, where several of these modules play their games.) Their assertions are unchanged; every line they reach is also reached,
#: and measured, by the games' own tests and the end-to-end games (a run with `--cov` reports the total: README, Tests).
UNTRACED = frozenset({
    "tests/conformance/test_determinize.py", "tests/conformance/test_registry.py",
    "tests/api_contract/test_view_schemas.py", "tests/golden/test_golden.py", "tests/domain/core/test_search.py",
    "tests/domain/hike/test_hike_determinize.py", "tests/domain/hikes_of_the_west/test_hotw_determinize.py",
    "tests/domain/hitchiker/test_hk_determinize.py", "tests/domain/nanga_parbat/test_np_determinize.py",
    "tests/domain/peaks/test_peaks_determinize.py",
})


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A module whose tests share a module-scoped fixture (a server, a browser, games played once) runs on one
    xdist worker (`--dist loadgroup`, pyproject.toml), so that the fixture is made once, not once per worker."""
    for item in items:
        fixtures = getattr(item, "_fixtureinfo", None)
        if fixtures and any(defs[-1].scope == "module" for defs in fixtures.name2fixturedefs.values()):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """A test of an `UNTRACED` module runs, fixtures and all, with no trace function (coverage's, when it runs):
    this thread's and new threads' are set aside, and put back after."""
    if item.nodeid.split("::")[0] not in UNTRACED:
        yield
        return
    tracer, threads_tracer = sys.gettrace(), threading.gettrace()
    sys.settrace(None)
    threading.settrace(None)  # type: ignore[arg-type]  # None: no trace function (typeshed says a callable)
    yield
    sys.settrace(tracer)
    threading.settrace(threads_tracer)  # type: ignore[arg-type]


def parametrized_by_the_test(metafunc: pytest.Metafunc, name: str) -> bool:
    """Whether the test's own `parametrize` marks name this argument (it chose its backends itself)."""
    for mark in metafunc.definition.iter_markers("parametrize"):
        names = mark.args[0]
        if name in ([part.strip() for part in names.split(",")] if isinstance(names, str) else names):
            return True
    return False


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


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """TRAILHEAD_DB for this test, on its backends (pytest_generate_tests): a SQLite file path, or a PostgreSQL
    URL on a fresh schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "trailhead.sqlite")
        return
    with request.getfixturevalue("postgres").schema() as url:
        yield url


@pytest.fixture(scope="module")
def module_database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """As `database`, for a whole test module (the server its tests share): dropped after the module."""
    if request.param == "sqlite":
        yield str(tmp_path_factory.mktemp("database") / "trailhead.sqlite")
        return
    with request.getfixturevalue("postgres").schema() as url:
        yield url


@pytest.fixture(scope="session")
def long_game_export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The export of a long game, well over 1 MiB: six random bots playing Hitchiker to its end. Played once per
    test process for the modules that import it (tests/e2e/test_http.py, tests/replays/test_import_input.py)."""
    return bot_game_export(tmp_path_factory.mktemp("long") / "source.sqlite", "hitchiker", "a long road 1",
                           level="random", seats=6)


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
