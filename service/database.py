"""Opening the SQLite database and creating its tables (sqlite-utils, WAL)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import sqlite_utils

SYNCHRONOUS_LEVELS = ("FULL", "NORMAL", "EXTRA")


def connect(path: str | Path, synchronous: str = "FULL") -> sqlite_utils.Database:
    """A connection in autocommit mode (transactions are explicit), WAL, the given durability.

    `synchronous=FULL` (the default) means a committed append is on disk; NORMAL may
    lose the last commits on power loss but never corrupts the log.
    """
    if synchronous not in SYNCHRONOUS_LEVELS:
        raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS_LEVELS)}")
    if str(path) != ":memory:" and not Path(path).parent.is_dir():
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=30.0, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout = 30000")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    db = sqlite_utils.Database(conn)
    db.trailhead_path = str(path)  # type: ignore[attr-defined]  # for the write lock
    return db


_WRITE_LOCKS: dict[tuple[int, str], threading.Lock] = {}
_WRITE_LOCKS_GUARD = threading.Lock()


@contextlib.contextmanager
def write_lock(path: str) -> Iterator[None]:
    """Writers to one database take turns in arrival order (a thread lock, then an flock).

    SQLite alone makes a blocked writer sleep and poll with growing pauses, which
    lets late arrivals overtake and stretches the slowest commits; queueing here
    keeps the tail short.
    """
    if path == ":memory:":
        yield
        return
    key = (os.getpid(), path)
    with _WRITE_LOCKS_GUARD:
        local = _WRITE_LOCKS.setdefault(key, threading.Lock())
    with local, open(f"{path}.write-lock", "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextlib.contextmanager
def try_file_lock(path: str, name: str) -> Iterator[bool]:
    """A non-blocking exclusive lock beside the database: yields whether this process holds it."""
    with open(f"{path}.{name}-lock", "a+b") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_schema(db: sqlite_utils.Database) -> None:
    """Create the event store's tables and indexes if they are missing."""
    if "games" not in db.table_names():
        db["games"].create(
            {
                "id": str,
                "type": str,
                "rules_version": int,
                "status": str,
                "version": int,
                "head_hash": str,
                "seed_commitment": str,
                "seats": str,
                "options": str,
                "original_id": str,
                "forked_from": str,
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
            not_null={
                "type", "rules_version", "status", "version", "head_hash", "seed_commitment", "seats", "options",
                "original_id",
            },
        )
    if "game_seeds" not in db.table_names():
        # The seed lives apart from the events; it is revealed only when the game ends.
        db["game_seeds"].create({"game_id": str, "seed": str}, pk="game_id", not_null={"seed"})
    if "seat_tokens" not in db.table_names():
        db["seat_tokens"].create({"token_hash": str, "game_id": str, "seat": int}, pk="token_hash")
    if "events" not in db.table_names():
        db.execute(
            """
            CREATE TABLE events (
                position INTEGER PRIMARY KEY AUTOINCREMENT,
                game_id TEXT NOT NULL,
                seq INTEGER NOT NULL,
                type TEXT NOT NULL,
                data TEXT NOT NULL,
                seat INTEGER,
                command_id TEXT,
                visibility TEXT NOT NULL,
                prev_hash TEXT NOT NULL,
                hash TEXT NOT NULL,
                recorded_at TEXT NOT NULL,
                UNIQUE (game_id, seq)
            )
            """
        )
    if "commands" not in db.table_names():
        db["commands"].create(
            {
                "game_id": str,
                "command_id": str,
                "seat": int,
                "bot": str,
                "type": str,
                "args": str,
                "expected_version": int,
                "first_seq": int,
                "last_seq": int,
                "fingerprint": str,
                "response": str,
                "recorded_at": str,
            },
            pk=("game_id", "command_id"),
        )
        db["commands"].create_index(["game_id", "first_seq"], unique=True)


def prepare_database(path: str | Path, synchronous: str = "FULL") -> None:
    """Create every table once, even when several processes start on a new database together."""
    from service.readmodels import ensure_read_model_schema

    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    with write_lock(str(path)):
        db = connect(path, synchronous)
        try:
            ensure_schema(db)
            ensure_read_model_schema(db)
        finally:
            db.conn.close()
