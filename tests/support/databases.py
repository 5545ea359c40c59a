"""The databases the tests run on: a SQLite file, or a PostgreSQL schema of the test run's own.

PostgreSQL: the server at TRAILHEAD_TEST_POSTGRES (a URL to any database of it), by default
the machine's at 127.0.0.1:5432 (trust auth, user postgres). If none answers, a private
server is made with `initdb` and started with `pg_ctl` on a free port in a temporary
directory, where those binaries exist (TRAILHEAD_TEST_POSTGRES=private asks for one at
once); otherwise the run stops with a message that says how to get one. Never a skip.

Each test process (each xdist worker) creates its own database and drops it at its end;
each test gets a fresh schema in it (the URL's search_path), dropped after the test with
every connection still open on it. A module's server (tests/e2e) takes one for the module the
same way; `copy` gives a schema holding another's log, to rebuild read models apart.

`connected` and `rows` reach a test database (either backend) outside the storage port, for what
tests look at or break by hand.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit, urlunsplit

import psycopg

from storage import PostgresStorage
from storage.postgres import PgConnection, is_postgresql_url

SERVER_ENV = "TRAILHEAD_TEST_POSTGRES"
DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"
HOW_TO_GET_ONE = (
    "the PostgreSQL tests need a server: start the machine's (`pg_ctlcluster --skip-systemctl-redirect "
    "$(ls /etc/postgresql) main start`), point TRAILHEAD_TEST_POSTGRES at one "
    "(postgresql://user@host:port/db, allowed to CREATE DATABASE), or install PostgreSQL's server "
    "binaries (apt-get install postgresql) so that the tests can start a private one with initdb/pg_ctl"
)


class NoPostgres(RuntimeError):
    pass


def answers(url: str) -> bool:
    try:
        psycopg.connect(url, connect_timeout=3).close()
    except psycopg.OperationalError:
        return False
    return True


def with_database(url: str, name: str, **query: str) -> str:
    """The same server's URL for database `name`, with these query parameters."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}", query="&".join(f"{k}={quote(v)}" for k, v in query.items())))


def schema_of(url: str) -> str:
    """The schema a test URL is on (its application_name, which `TestDatabases.schema` sets to it)."""
    return parse_qs(urlsplit(url).query)["application_name"][0]


@contextlib.contextmanager
def connected(database: str | Path) -> Iterator[Any]:
    """A plain connection to a test database (a SQLite path or a test schema's URL), outside the storage port.

    Statements take `?` placeholders on both backends; one transaction, committed on exit.
    """
    if is_postgresql_url(str(database)):
        with psycopg.connect(str(database)) as raw:  # commits when the block ends, rolls back on an exception
            yield PgConnection(raw)
        return
    conn = sqlite3.connect(str(database))
    try:
        with conn:
            yield conn
    finally:
        conn.close()


def rows(database: str | Path, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[tuple[Any, ...]]:
    """Every row a query gives on a test database, as tuples."""
    with connected(database) as conn:
        return [tuple(row) for row in conn.execute(sql, params).fetchall()]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_binaries() -> Path | None:
    """The directory of `initdb` and `pg_ctl`: on PATH, or Debian's /usr/lib/postgresql/N/bin."""
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    return None


class PrivateServer:
    """A PostgreSQL cluster of this test process's own: initdb'd in a temp dir, on a free port."""

    def __init__(self) -> None:
        binaries = server_binaries()
        if binaries is None:
            raise NoPostgres(f"no PostgreSQL answers and no initdb/pg_ctl found; {HOW_TO_GET_ONE}")
        self.root = Path(tempfile.mkdtemp(prefix="trailhead-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        # initdb refuses to run as root: as root, the cluster belongs to the postgres user
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user is not None:
            owner = pwd.getpwnam(self.user)
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
        self.binaries = binaries
        self._run([str(binaries / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                   "--no-sync"])
        self.start()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        self._run([str(self.binaries / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-o",
                   f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off", "start"])

    def halt(self) -> None:
        """Stop the server at once (its clients' connections break), keeping its data for start()."""
        self._run([str(self.binaries / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"])

    def _run(self, command: list[str]) -> None:
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise NoPostgres(f"{' '.join(command)} failed: {done.stderr.strip() or done.stdout.strip()}; "
                             f"{HOW_TO_GET_ONE}")

    def stop(self) -> None:
        with contextlib.suppress(NoPostgres):
            self.halt()
        shutil.rmtree(self.root, ignore_errors=True)


class TestDatabases:
    """This test process's own database on the server, and a fresh schema of it per test."""

    __test__ = False

    def __init__(self, label: str) -> None:
        wanted = os.environ.get(SERVER_ENV, DEFAULT_SERVER)
        self.private: PrivateServer | None = None
        if wanted != "private" and answers(wanted):
            server = wanted
        else:
            self.private = PrivateServer()
            server = self.private.url
        self.server = server
        self.name = f"trailhead_test_{label}_{os.getpid()}"
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{self.name}"')
        self.url = with_database(server, self.name)
        self._admin = psycopg.connect(self.url, autocommit=True)
        # Held (not weakly) until their schema's teardown closes them: a pool left to the garbage collector
        # may be finalised on its own worker thread, which cannot join itself (an unraisable error).
        self._opened: list[PostgresStorage] = []

    def opened(self, storage: PostgresStorage) -> None:
        """Told of every PostgresStorage made in this process, so that a test's are closed after it."""
        self._opened.append(storage)

    @contextlib.contextmanager
    def schema(self) -> Iterator[str]:
        """A URL on a fresh, empty schema; after the test its storages are closed, its connections ended."""
        schema = f"t_{uuid.uuid4().hex[:12]}"
        self._admin.execute(f"CREATE SCHEMA {schema}")
        url = with_database(self.server, self.name, options=f"-csearch_path={schema}", application_name=schema)
        try:
            yield url
        finally:
            for storage in [storage for storage in self._opened if storage.url == url]:
                storage.close()
                self._opened.remove(storage)
            self._admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                " WHERE application_name = %s AND pid <> pg_backend_pid()", [schema])
            self._admin.execute(f"DROP SCHEMA {schema} CASCADE")

    #: the tables of the log itself (what a copy takes); the read models are rebuilt from them
    LOG_TABLES = ("games", "game_seeds", "seat_tokens", "events", "event_positions", "commands")

    @contextlib.contextmanager
    def copy(self, url: str) -> Iterator[str]:
        """A fresh schema (as `schema`) holding the log of the one at `url`: its read models empty."""
        with self.schema() as copy_url:
            store = PostgresStorage(copy_url)
            try:
                store.migrate()
            finally:
                store.close()
            source, target = schema_of(url), schema_of(copy_url)
            with psycopg.connect(self.url) as conn:
                for table in self.LOG_TABLES:
                    conn.execute(f"DELETE FROM {target}.{table}")
                    conn.execute(f"INSERT INTO {target}.{table} OVERRIDING SYSTEM VALUE SELECT * FROM {source}.{table}")
            yield copy_url

    def drop(self) -> None:
        for storage in self._opened:  # made on no test's schema (another server's URL): closed at the end
            storage.close()
        self._admin.close()
        with psycopg.connect(self.server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        if self.private is not None:
            self.private.stop()
