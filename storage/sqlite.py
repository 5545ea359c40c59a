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
import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import sqlite_utils

from domain.core import PUBLIC, canonical_json
from storage.migrations import MIGRATIONS, SCHEMA_TABLE
from storage.records import (
    FINISHED,
    Appended,
    Checkpoint,
    CommandRecord,
    GameRecord,
    GameSummary,
    StoredEvent,
    VersionConflict,
    now,
)

SYNCHRONOUS_LEVELS = ("FULL", "NORMAL", "EXTRA")
TOKEN_OWNERS_KEPT = 4096  # token owners found, kept per storage (SqliteStorage.token_owner)

_EVENT_COLUMNS = "game_id, seq, type, data, seat, command_id, visibility, prev_hash, hash, position, recorded_at"
_COMMAND_COLUMNS = ("game_id, command_id, seat, bot, type, args, expected_version, first_seq, last_seq, fingerprint,"
                    " recorded_at")


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


def _event(row: Sequence[Any]) -> StoredEvent:
    visibility = row[6]
    return StoredEvent(row[0], row[1], row[2], row[3], row[4], row[5],
                       PUBLIC if visibility == PUBLIC else tuple(json.loads(visibility)), row[7], row[8], row[9],
                       row[10])


def _command(row: Sequence[Any]) -> CommandRecord:
    return CommandRecord(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6], row[7], row[8], row[9],
                         row[10])


def _game(row: Sequence[Any]) -> GameRecord:
    return GameRecord(row[0], row[1], row[2], row[3], row[4], row[5], row[6], json.loads(row[7]), json.loads(row[8]),
                      row[9], json.loads(row[10]) if row[10] else None, row[11], row[12], row[13])


class SqliteStorage:
    """The storage port on one SQLite file."""

    def __init__(self, path: str | Path, synchronous: str = "FULL") -> None:
        if synchronous not in SYNCHRONOUS_LEVELS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS_LEVELS)}")
        self.path = str(path)
        self.synchronous = synchronous
        self._local = threading.local()
        self._token_owners: dict[str, tuple[str, int]] = {}

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
        """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on any exception), writers queued by the write lock."""
        conn = self.conn
        with write_lock(self.path):
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    # -- the schema -------------------------------------------------------------------------

    def schema_version(self) -> int:
        tables = {row[0] for row in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if SCHEMA_TABLE in tables:
            row = self.conn.execute(f"SELECT MAX(version) FROM {SCHEMA_TABLE}").fetchone()
            return int(row[0] or 0)
        return 1 if "games" in tables else 0  # release 0.1 kept no version: its tables are version 1

    def pending_migrations(self) -> list[str]:
        current = self.schema_version()
        return [migration.name for migration in MIGRATIONS if migration.version > current]

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
                    conn.execute(f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} (version INTEGER PRIMARY KEY,"
                                 " name TEXT NOT NULL, applied_at TEXT NOT NULL)")
                    conn.execute(f"INSERT INTO {SCHEMA_TABLE} (version, name, applied_at) VALUES (?, ?, ?)",
                                 [migration.version, migration.name, now()])
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                applied.append(migration.name)
        return applied

    # -- reads ------------------------------------------------------------------------------

    def game(self, game_id: str) -> GameRecord | None:
        row = self.conn.execute(
            "SELECT id, type, rules_version, status, version, head_hash, seed_commitment, seats, options, original_id,"
            " forked_from, created_at, updated_at, seed_source FROM games WHERE id = ?", [game_id]).fetchone()
        return _game(row) if row else None

    def game_ids(self, type_: str | None = None, status: str | None = None) -> list[str]:
        sql, params = "SELECT id FROM games WHERE 1 = 1", []
        if type_ is not None:
            sql += " AND type = ?"
            params.append(type_)
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        return [row[0] for row in self.conn.execute(sql + " ORDER BY rowid", params)]

    def imported_game(self, original_id: str, head_hash: str) -> str | None:
        row = self.conn.execute("SELECT id FROM games WHERE original_id = ? AND head_hash = ?",
                                [original_id, head_hash]).fetchone()
        return row[0] if row else None

    def events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        sql = f"SELECT {_EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"
        params: list[Any] = [game_id, after]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [_event(row) for row in self.conn.execute(sql, params)]

    def event_texts(self, game_id: str, after: int = 0) -> list[tuple[int, str, str, str]]:
        return self.conn.execute(
            "SELECT seq, type, data, hash FROM events WHERE game_id = ? AND seq > ? ORDER BY seq", [game_id, after]
        ).fetchall()

    def events_from(self, position: int, limit: int) -> list[StoredEvent]:
        rows = self.conn.execute(f"SELECT {_EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?",
                                 [position, limit])
        return [_event(row) for row in rows]

    def head_position(self) -> int:
        return int(self.conn.execute("SELECT COALESCE(MAX(position), 0) FROM events").fetchone()[0])

    def command(self, game_id: str, command_id: str) -> CommandRecord | None:
        row = self.conn.execute(f"SELECT {_COMMAND_COLUMNS} FROM commands WHERE game_id = ? AND command_id = ?",
                                [game_id, command_id]).fetchone()
        return _command(row) if row else None

    def commands(self, game_id: str) -> list[CommandRecord]:
        rows = self.conn.execute(f"SELECT {_COMMAND_COLUMNS} FROM commands WHERE game_id = ? ORDER BY first_seq",
                                 [game_id])
        return [_command(row) for row in rows]

    def seed(self, game_id: str) -> str:
        return str(self.conn.execute("SELECT seed FROM game_seeds WHERE game_id = ?", [game_id]).fetchone()[0])

    def token_owner(self, token_hash: str) -> tuple[str, int] | None:
        """The game and seat of a token's hash. A token's row is written with its game and never
        changed or deleted, so an owner found is kept (in this process, for every thread; a few
        thousand at most); a hash not found is asked again next time."""
        owner = self._token_owners.get(token_hash)
        if owner is not None:
            return owner
        row = self.conn.execute("SELECT game_id, seat FROM seat_tokens WHERE token_hash = ?", [token_hash]).fetchone()
        if row is None:
            return None
        if len(self._token_owners) >= TOKEN_OWNERS_KEPT:
            self._token_owners.clear()
        owner = self._token_owners[token_hash] = (row[0], row[1])
        return owner

    # -- writes -----------------------------------------------------------------------------

    def create_game(self, game: GameRecord, seed: str, token_hashes: dict[int, str],
                    events: Sequence[StoredEvent], command: CommandRecord) -> tuple[StoredEvent, ...]:
        stamp = now()
        with self._immediate() as conn:
            self._insert_game(conn, game, stamp)
            conn.execute("INSERT INTO game_seeds (game_id, seed) VALUES (?, ?)", [game.id, seed])
            conn.executemany("INSERT INTO seat_tokens (token_hash, game_id, seat) VALUES (?, ?, ?)",
                             [(token_hash, game.id, seat) for seat, token_hash in sorted(token_hashes.items())])
            positioned = self._positioned(conn, events, stamp)
            self._insert_events(conn, positioned)
            self._insert_command(conn, command, stamp)
        return positioned

    def import_game(self, game: GameRecord, seed: str, events: Sequence[StoredEvent],
                    commands: Sequence[CommandRecord]) -> None:
        stamp = now()
        with self._immediate() as conn:
            self._insert_game(conn, game, stamp)
            conn.execute("INSERT INTO game_seeds (game_id, seed) VALUES (?, ?)", [game.id, seed])
            self._insert_events(conn, self._positioned(conn, events, stamp))
            for command in commands:
                self._insert_command(conn, command, stamp)

    def append(self, game_id: str, expected_version: int, events: Sequence[StoredEvent], command: CommandRecord,
               status: str) -> Appended:
        stamp = now()
        with self._immediate() as conn:
            earlier = self.command(game_id, command.command_id)
            if earlier is not None:
                return Appended(earlier, (), False)
            (current,) = conn.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
            if current != expected_version:
                raise VersionConflict(expected_version, current)
            positioned = self._positioned(conn, events, stamp)
            self._insert_events(conn, positioned)
            self._insert_command(conn, command, stamp)
            conn.execute("UPDATE games SET version = ?, head_hash = ?, status = ?, updated_at = ? WHERE id = ?",
                         [events[-1].seq, events[-1].hash, status, stamp, game_id])
        return Appended(command, positioned, True)

    @staticmethod
    def _positioned(conn: sqlite3.Connection, events: Sequence[StoredEvent], stamp: str) -> tuple[StoredEvent, ...]:
        """The events with their global positions, taken under the write lock, and their time."""
        (last,) = conn.execute("SELECT COALESCE(MAX(position), 0) FROM events").fetchone()
        return tuple(StoredEvent(e.game_id, e.seq, e.type, e.data_text, e.seat, e.command_id, e.visibility,
                                 e.prev_hash, e.hash, last + offset, stamp)
                     for offset, e in enumerate(events, start=1))

    @staticmethod
    def _insert_game(conn: sqlite3.Connection, game: GameRecord, stamp: str) -> None:
        conn.execute(
            "INSERT INTO games (id, type, rules_version, status, version, head_hash, seed_commitment, seats,"
            " options, original_id, forked_from, created_at, updated_at, seed_source)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [game.id, game.type, game.rules_version, game.status, game.version, game.head_hash, game.seed_commitment,
             canonical_json(game.seats), canonical_json(game.options), game.original_id,
             canonical_json(game.forked_from) if game.forked_from else None, stamp, stamp, game.seed_source],
        )

    @staticmethod
    def _insert_events(conn: sqlite3.Connection, events: Sequence[StoredEvent]) -> None:
        conn.executemany(
            "INSERT INTO events (position, game_id, seq, type, data, seat, command_id, visibility, prev_hash, hash,"
            " recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(e.position, e.game_id, e.seq, e.type, e.data_text, e.seat, e.command_id,
              PUBLIC if e.visibility == PUBLIC else canonical_json(list(e.visibility)), e.prev_hash, e.hash,
              e.recorded_at) for e in events],
        )

    @staticmethod
    def _insert_command(conn: sqlite3.Connection, command: CommandRecord, stamp: str) -> None:
        conn.execute(
            f"INSERT INTO commands ({_COMMAND_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [command.game_id, command.command_id, command.seat, command.bot, command.type,
             canonical_json(command.args), command.expected_version, command.first_seq, command.last_seq,
             command.fingerprint, stamp],
        )

    # -- read models ------------------------------------------------------------------------

    def checkpoint(self, name: str) -> Checkpoint:
        row = self.conn.execute(
            "SELECT position, halted_at, error, updated_at FROM projection_checkpoints WHERE name = ?", [name]
        ).fetchone()
        return Checkpoint(name, 0) if row is None else Checkpoint(name, row[0], row[1], row[2], row[3])

    def write_projection(self, name: str, expected: int, position: int, summaries: Sequence[GameSummary],
                         halted_at: int | None, error: str | None) -> bool:
        with self._immediate() as conn:
            if self.checkpoint(name).position != expected:
                return False
            for summary in summaries:
                self._write_summary(conn, summary)
            conn.execute(
                "INSERT INTO projection_checkpoints (name, position, halted_at, error, updated_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position,"
                " halted_at = excluded.halted_at, error = excluded.error, updated_at = excluded.updated_at",
                [name, position, halted_at, error, now()],
            )
        return True

    def _write_summary(self, conn: sqlite3.Connection, summary: GameSummary) -> None:
        result = summary.result
        previous = conn.execute("SELECT status FROM game_summaries WHERE id = ?", [summary.id]).fetchone()
        conn.execute(
            "INSERT INTO game_summaries (id, type, status, version, to_act, bot_to_act, seats, winners, result,"
            " created_position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (id) DO UPDATE SET status = excluded.status, version = excluded.version,"
            " to_act = excluded.to_act, bot_to_act = excluded.bot_to_act, winners = excluded.winners,"
            " result = excluded.result, updated_at = excluded.updated_at",
            [summary.id, summary.type, summary.status, summary.version, canonical_json(summary.to_act),
             int(summary.bot_to_act), canonical_json(summary.seats),
             canonical_json(result["winners"]) if result is not None else None,
             canonical_json(result) if result is not None else None, summary.created_position, summary.created_at,
             summary.updated_at],
        )
        if previous is None:
            conn.executemany("INSERT INTO summary_seats (game_id, seat, name, bot) VALUES (?, ?, ?, ?)",
                             [(summary.id, seat["index"], seat["name"], seat.get("bot")) for seat in summary.seats])
        if result is not None and (previous is None or previous[0] != FINISHED):
            self._record_finish(conn, summary, result)

    @staticmethod
    def _record_finish(conn: sqlite3.Connection, summary: GameSummary, result: dict[str, Any]) -> None:
        better = "MIN" if summary.lower_score_wins else "MAX"
        winners = set(result["winners"])
        for row in result["standings"]:
            conn.execute(
                "INSERT INTO player_stats (type, name, games_played, games_won, placings_sum, best_score)"
                " VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT (type, name) DO UPDATE SET"
                " games_played = games_played + 1, games_won = games_won + excluded.games_won,"
                " placings_sum = placings_sum + excluded.placings_sum,"
                " best_score = CASE WHEN best_score IS NULL THEN excluded.best_score"
                " WHEN excluded.best_score IS NULL THEN best_score"
                f" ELSE {better}(best_score, excluded.best_score) END",
                [summary.type, summary.seats[row["seat"]]["name"], int(row["seat"] in winners), row["place"],
                 row.get("score")],
            )

    def reset_read_models(self, name: str) -> None:
        with self._immediate() as conn:
            for table in ("game_summaries", "summary_seats", "player_stats"):
                conn.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names
            conn.execute("DELETE FROM projection_checkpoints WHERE name = ?", [name])

    def projection_lock(self) -> contextlib.AbstractContextManager[bool]:
        return try_file_lock(self.path, "projection")

    def summaries(self, type_: str | None, status: str | None, seat_name: str | None, limit: int,
                  cursor: int | None) -> tuple[list[dict[str, Any]], int | None]:
        where, params = [], []
        if type_ is not None:
            where.append("type = ?")
            params.append(type_)
        if status is not None:
            where.append("status = ?")
            params.append(status)
        if seat_name is not None:
            where.append("id IN (SELECT game_id FROM summary_seats WHERE name = ?)")
            params.append(seat_name)
        if cursor is not None:
            where.append("created_position < ?")
            params.append(cursor)
        sql = ("SELECT id, type, status, version, to_act, seats, winners, created_at, updated_at, created_position"
               " FROM game_summaries")
        if where:
            sql += " WHERE " + " AND ".join(where)
        rows = self.conn.execute(sql + " ORDER BY created_position DESC LIMIT ?", [*params, limit + 1]).fetchall()
        page = rows[:limit]
        next_cursor = page[-1][9] if len(rows) > limit else None
        return [
            {"id": row[0], "type": row[1], "status": row[2], "version": row[3], "to_act": json.loads(row[4]),
             "seats": json.loads(row[5]), "winners": json.loads(row[6]) if row[6] else None, "created_at": row[7],
             "updated_at": row[8]}
            for row in page
        ], next_cursor

    def leaderboard(self, type_: str) -> list[dict[str, Any]]:
        rows = self.conn.execute(
            "SELECT name, games_played, games_won, placings_sum, best_score FROM player_stats WHERE type = ?"
            " ORDER BY games_won DESC, CAST(placings_sum AS REAL) / games_played ASC, name ASC", [type_])
        return [{"name": row[0], "games_played": row[1], "games_won": row[2],
                 "mean_placing": round(row[3] / row[1], 4), "best_score": row[4]} for row in rows]

    def projected_version(self, game_id: str) -> int:
        row = self.conn.execute("SELECT version FROM game_summaries WHERE id = ?", [game_id]).fetchone()
        return int(row[0]) if row else 0

    def longest_bot_waits(self, limit: int) -> list[tuple[str, str]]:
        rows = self.conn.execute(
            "SELECT id, updated_at FROM game_summaries WHERE status = 'active' AND bot_to_act = 1"
            " ORDER BY updated_at LIMIT ?", [limit]).fetchall()
        return [(row[0], row[1]) for row in rows]

    def bot_waiting_games(self) -> list[tuple[str, int]]:
        rows = self.conn.execute(
            "SELECT id, version FROM game_summaries WHERE status = 'active' AND bot_to_act = 1 ORDER BY created_position"
        ).fetchall()
        return [(row[0], row[1]) for row in rows]
