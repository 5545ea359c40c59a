"""Under the storage port, on either backend: what a test inspects or tampers with where the port has no method.

`TRAILHEAD_DB` values as the `database` fixture yields them: a SQLite file path, or a
PostgreSQL URL whose search_path names the test's schema. Statements are written with `?`
placeholders, as storage/sql/'s are, and run on a connection of the test's own (never the
application's), committed when the block ends.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import psycopg
import pytest

from storage.postgres import is_postgresql_url


class Sql:
    """One connection to a database; `execute` takes `?` placeholders on both backends."""

    def __init__(self, database: str) -> None:
        self.postgresql = is_postgresql_url(database)
        self.conn: Any = psycopg.connect(database) if self.postgresql else sqlite3.connect(database)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The statement's rows (none for a statement that returns none)."""
        cursor = self.conn.execute(sql.replace("?", "%s") if self.postgresql else sql, params)
        return [tuple(row) for row in cursor.fetchall()] if cursor.description else []

    def tables(self) -> set[str]:
        """The names of the database's tables (PostgreSQL: of the schema the URL names)."""
        if self.postgresql:
            listed = self.execute("SELECT table_name FROM information_schema.tables"
                                  " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")
        else:
            listed = self.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {name for (name,) in listed}


@contextlib.contextmanager
def sql(database: str | Path) -> Iterator[Sql]:
    """A connection of the test's own to `database`: committed at the end of the block, rolled back on an error."""
    connection = Sql(str(database))
    try:
        yield connection
        connection.conn.commit()
    except BaseException:
        connection.conn.rollback()
        raise
    finally:
        connection.conn.close()


def table_rows(database: str | Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database, by table: all that the backend stores, to search in."""
    with sql(database) as conn:
        quote = '"' if conn.postgresql else "["
        close = '"' if conn.postgresql else "]"
        return {table: conn.execute(f"SELECT * FROM {quote}{table}{close}")  # noqa: S608 - names from the catalog
                for table in sorted(conn.tables())}


def untouched(database: str | Path) -> bool:
    """Nothing made in the database: no SQLite file at the path, or no table in the PostgreSQL schema."""
    if not is_postgresql_url(str(database)):
        return not Path(database).exists()
    with sql(database) as conn:
        return not conn.tables()


@pytest.fixture
def new_database(request: pytest.FixtureRequest, database: str, tmp_path: Path) -> Iterator[Callable[[str], str]]:
    """Another empty database on the backend of the test's `database`, one per call: a SQLite file
    named after `name`, or a fresh schema of the test process's PostgreSQL database (dropped after the test)."""
    postgres = request.getfixturevalue("postgres") if is_postgresql_url(database) else None
    with contextlib.ExitStack() as made:
        def make(name: str) -> str:
            if postgres is None:
                path = tmp_path / f"{name}.sqlite"
                assert not path.exists(), f"{path} is made once"
                return str(path)
            return made.enter_context(postgres.schema())

        yield make
