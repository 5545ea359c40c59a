"""The SQLite backend of the storage port (sqlite-utils, WAL, `synchronous=FULL` by default).

Every accepted command is one `BEGIN IMMEDIATE` transaction holding its events (seq numbered
from the version it was decided on, global positions taken under the write lock), its command
record and the game's new head. Each thread keeps its own connection for the life of the
storage: opening one costs a millisecond, and closing the last connection to a WAL database
checkpoints it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

import sqlite_utils

from storage.fullness import Fullness
from storage.migrations import MIGRATIONS, SCHEMA_TABLE, SCHEMA_TABLE_DDL
from storage.records import StoredEvent, now
from storage.sql import SqlStorage
from storage.sql.connection import Connection
from storage.sql.event_log import EVENT_COLUMNS, visibility_text, with_positions

SYNCHRONOUS_LEVELS = ("FULL", "NORMAL", "EXTRA")


# Files this backend creates (the database, the lock files beside it) are its owner's alone: they
# hold every seat's token hash, every secret seed and hidden card. SQLite gives the -wal, -shm and
# -journal files it creates the database file's mode, so creating that file 0600 covers them too.
# An existing file keeps its mode: an operator may have chosen another.
PRIVATE_FILE_MODE = 0o600


def open_lock_file(path: str) -> int:
    """A read-write descriptor of a lock file beside the database, created 0600 if it does not exist yet."""
    return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, PRIVATE_FILE_MODE)


def create_private_database(path: str) -> None:
    """Create the database file, empty (an empty database to SQLite) and 0600, unless it exists.

    O_EXCL: an existing database file is never opened here. Closing any descriptor of it would
    drop every POSIX lock that SQLite's connections in this process hold on it.
    """
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE_FILE_MODE))
    except FileExistsError:
        pass


def connect(path: str | Path, synchronous: str = "FULL") -> sqlite_utils.Database:
    """A connection in autocommit mode (transactions are explicit), WAL, the given durability."""
    if synchronous not in SYNCHRONOUS_LEVELS:
        raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS_LEVELS)}")
    if str(path) != ":memory:":
        create_private_database(str(path))
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=30.0, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout = 30000")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    return sqlite_utils.Database(conn)


_WRITE_LOCKS: dict[tuple[int, str], tuple[threading.Lock, int]] = {}
_WRITE_LOCKS_GUARD = threading.Lock()


@contextlib.contextmanager
def write_lock(path: str) -> Iterator[None]:
    """Writers to one database take turns in arrival order (a thread lock, then an flock).

    SQLite alone makes a blocked writer sleep and poll with growing pauses, which lets late
    arrivals overtake and stretches the slowest commits; queueing here keeps the tail short.
    Each process opens the lock file once and keeps it open (a forked child opens its own: an
    flock belongs to the open file, which a child shares with its parent).
    """
    if path == ":memory:":
        yield
        return
    key = (os.getpid(), path)
    held = _WRITE_LOCKS.get(key)
    if held is None:
        with _WRITE_LOCKS_GUARD:
            held = _WRITE_LOCKS.get(key)
            if held is None:
                held = _WRITE_LOCKS[key] = (threading.Lock(), open_lock_file(f"{path}.write-lock"))
    local, descriptor = held
    with local:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)


@contextlib.contextmanager
def try_file_lock(path: str, name: str) -> Iterator[bool]:
    """A non-blocking exclusive lock beside the database: yields whether this process holds it."""
    with open(open_lock_file(f"{path}.{name}-lock"), "a+b") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class SqliteStorage(SqlStorage):
    """The storage port on one SQLite file."""

    INTEGRITY_ERRORS = (sqlite3.IntegrityError,)

    def __init__(self, path: str | Path, synchronous: str = "FULL") -> None:
        if synchronous not in SYNCHRONOUS_LEVELS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS_LEVELS)}")
        super().__init__()
        self.path = str(path)
        self.synchronous = synchronous
        self._local = threading.local()
        self.fullness = Fullness()

    def __repr__(self) -> str:
        return f"SqliteStorage({self.path!r})"

    @property
    def conn(self) -> sqlite3.Connection:
        """This thread's connection (and this process's, after a fork), opened on first use."""
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None or getattr(self._local, "pid", None) != os.getpid():
            if self.path != ":memory:":  # the directory the lock files and the database go in
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            # Opened under the write lock: switching a new file to WAL needs it alone, and SQLite
            # answers "database is locked" at once (no busy wait) to a second process doing the same.
            with write_lock(self.path):
                conn = connect(self.path, self.synchronous).conn
            self._local.conn = conn
            self._local.pid = os.getpid()
        return conn

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None and getattr(self._local, "pid", None) == os.getpid():
            conn.close()
        self._local.conn = None

    def rollback_open_transaction(self) -> None:
        """Roll back anything a failed request left open on this thread's connection (never expected)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None and conn.in_transaction:
            conn.execute("ROLLBACK")

    @contextlib.contextmanager
    def _immediate(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on any exception), writers queued by the write lock; a full
        disk raises StorageFull (storage/fullness.py)."""
        conn = self.conn
        with self.fullness.watching(), write_lock(self.path):
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:  # SQLite may have rolled back itself (a full disk, for one)
                    conn.execute("ROLLBACK")
                raise

    # -- the schema -------------------------------------------------------------------------

    def schema_version(self) -> int:
        tables = {row[0] for row in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if SCHEMA_TABLE in tables:
            row = self.conn.execute(f"SELECT MAX(version) FROM {SCHEMA_TABLE}").fetchone()
            return int(row[0] or 0)
        return 1 if "games" in tables else 0  # release 0.1 kept no version: its tables are version 1

    def migrate(self) -> list[str]:
        applied = []
        conn = self.conn  # opened before the lock, which opening a connection takes itself
        with write_lock(self.path):
            for migration in MIGRATIONS:
                if migration.version <= self.schema_version():
                    continue
                conn.execute("BEGIN IMMEDIATE")
                try:
                    for statement in migration.sqlite:
                        conn.execute(statement)
                    conn.execute(SCHEMA_TABLE_DDL)
                    conn.execute(f"INSERT INTO {SCHEMA_TABLE} (version, name, applied_at) VALUES (?, ?, ?)",
                                 [migration.version, migration.name, now()])
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                applied.append(migration.name)
        return applied

    def _reader(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        return contextlib.nullcontext(self.conn)

    def _writer(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        return self._immediate()

    def _positioned(self, conn: Connection, events: Sequence[StoredEvent], stamp: str) -> tuple[StoredEvent, ...]:
        # One writer at a time (BEGIN IMMEDIATE under the write lock): positions go on from the highest.
        (last,) = conn.execute("SELECT COALESCE(MAX(position), 0) FROM events").fetchone()
        return with_positions(events, last, stamp)

    def _insert_positioned(self, conn: Connection, events: Sequence[StoredEvent],
                           stamp: str) -> tuple[StoredEvent, ...]:
        # Most commands append one event: its position is taken by the INSERT itself (one statement
        # where a SELECT MAX and an INSERT were two; RETURNING needs SQLite 3.35).
        if len(events) != 1 or sqlite3.sqlite_version_info < (3, 35):
            return super()._insert_positioned(conn, events, stamp)
        (e,) = events
        [(position,)] = conn.execute(
            f"INSERT INTO events ({EVENT_COLUMNS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, COALESCE(MAX(position), 0) + 1, ?"
            " FROM events RETURNING position",
            [e.game_id, e.seq, e.type, e.data_text, e.seat, e.command_id, visibility_text(e.visibility), e.prev_hash,
             e.hash, stamp],
        ).fetchall()  # read to the end: a statement left running would keep the COMMIT from completing
        return with_positions(events, position - 1, stamp)

    def projection_lock(self) -> contextlib.AbstractContextManager[bool]:
        return try_file_lock(self.path, "projection")

    def storage_problem(self) -> str | None:
        if self.path == ":memory:":
            return self.fullness.problem()
        return self.fullness.problem(probe_dir=str(Path(self.path).resolve().parent))
