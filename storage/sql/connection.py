"""What the shared SQL needs of a backend: connections, transactions and global positions.

Every part of the SQL port (storage/sql/) runs its statements on a `Connection` it gets from
the backend's `_reader` or `_writer`; the SQLite and PostgreSQL backends supply them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any, Protocol

from storage.records import StoredEvent


class Cursor(Protocol):
    rowcount: int

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Connection(Protocol):
    """What the shared SQL needs of a connection: sqlite3's, or the PostgreSQL backend's adapter."""

    def execute(self, sql: str, params: Sequence[Any] = ...) -> Cursor: ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> Any: ...


class SqlBackend:
    """The hooks every part of the SQL port runs on; a backend (storage/sqlite.py, storage/postgres.py) fills them."""

    #: the column that orders games as they were stored
    STORED_ORDER = "rowid"
    #: what a SELECT adds to lock the rows it reads until the transaction ends
    FOR_UPDATE = ""
    #: the driver's exceptions for a violated key or constraint
    INTEGRITY_ERRORS: tuple[type[Exception], ...] = ()

    def _reader(self) -> contextlib.AbstractContextManager[Connection]:
        """A connection to read with (no transaction of its own beyond each statement)."""
        raise NotImplementedError

    def _writer(self) -> contextlib.AbstractContextManager[Connection]:
        """One write transaction (committed on exit, rolled back on any exception)."""
        raise NotImplementedError

    def _positioned(self, conn: Connection, events: Sequence[StoredEvent], stamp: str) -> tuple[StoredEvent, ...]:
        """The events with their global positions: gapless, and visible in the order they are taken."""
        raise NotImplementedError
