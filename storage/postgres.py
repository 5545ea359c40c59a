"""The PostgreSQL backend of the storage port (psycopg 3 and its connection pool).

For installations with several API hosts and workers on one database. The statements are
the shared ones of storage/sql/; what this module adds is how writers meet:

- **One game, one writer at a time.** An append's first statement moves its game's row on from
  the expected version (`UPDATE ... WHERE id = ? AND version = ?`), which locks the row until the
  commit; a racing writer's UPDATE waits, then finds the version moved and updates nothing, and
  answers the first's outcome (the same command id) or a 409: exactly one wins, and `seq` has no
  gap (it is also the key `(game_id, seq)`).
- **Global positions in commit order.** A sequence hands out numbers at insert time and
  transactions commit in another order, so a projection reading `position > p` could pass
  a position that a slower transaction makes visible later, and skip it forever. Here
  every writer takes its positions from the single row of `event_positions` (`UPDATE ...
  SET last = last + n RETURNING last`), as the last thing before it inserts its events and
  commits. The row lock is held until the commit, so the next writer gets the next numbers
  only once the one before is committed (or rolled back, which returns its numbers: no gaps either). This is
  eventsourcing's table lock, narrowed to the instant between taking positions and
  committing; it is also what limits one database's write rate (README, PostgreSQL).
- **Read models with their checkpoint in one transaction**, the checkpoint row locked, so
  projectors on several hosts never apply the same events twice; a session advisory lock
  lets one projector work at a time and the others skip.

Connections: one pool per process (made on first use, and again after a fork), in
autocommit mode, lent without a check (a broken one fails its request, then the pool's are
tried); each write is one explicit transaction. `synchronous_commit` is the server's (on by
default): a 201 is answered after the commit returns, so it is durable.

Round trips: an append is two (`_appended`: a pipeline synced once after the game row moved, and
once with the COMMIT), a load one (`game_since`); tests/integration/test_pg_round_trips.py counts them.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg.pq import TransactionStatus
from psycopg_pool import ConnectionPool, PoolClosed, PoolTimeout

from domain.core import canonical_json
from storage.fullness import Fullness
from storage.migrations import MIGRATIONS, SCHEMA_TABLE, SCHEMA_TABLE_DDL
from storage.records import FINISHED, Appended, CommandRecord, EventText, GameRecord, StorageClosed, StoredEvent, now
from storage.sql import SqlStorage
from storage.sql.event_log import COMMAND_COLUMNS, EVENT_COLUMNS, game_of, visibility_text, with_positions

URL_SCHEMES = ("postgresql://", "postgres://")
DEFAULT_POOL_SIZE = 8
CONNECT_SECONDS = 10
POOL_WAIT_SECONDS = 5.0  # by default a request waits this long for a connection, then is answered 503


class DatabaseUnavailable(Exception):
    """The database named by TRAILHEAD_DB does not answer, or refuses the connection."""


#: What a request may meet while the database is away (down, restarting, out of connections):
#: the API answers 503 with Retry-After, /healthz says `failing`. Nothing was written.
UNAVAILABLE: tuple[type[Exception], ...] = (DatabaseUnavailable, psycopg.OperationalError, PoolTimeout)


def is_postgresql_url(url: str) -> bool:
    return url.startswith(URL_SCHEMES)


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@functools.lru_cache(maxsize=512)
def _placeholders(sql: str) -> str:
    """psycopg's placeholders for the shared statements' `?` (none of them has a literal `?` or `%`)."""
    return sql.replace("?", "%s")


def _close_dropped_pool(pool: ConnectionPool[Any], pid: int) -> None:
    """Close the pool of a storage collected unclosed, on a thread of its own.

    psycopg's pool, once collected, only stops its threads (its connections stay open until they
    are collected too), and raises "cannot join current thread" when that collection happens on
    one of those threads. A forked child leaves its parent's pool alone: the sockets are shared.
    """
    if os.getpid() == pid:
        threading.Thread(target=pool.close, name=f"{pool.name}-close", daemon=True).start()


def _finding_nothing(sql: str, params: Sequence[Any]) -> list[Any]:
    """A read's parameters with NULL for each text holding U+0000, which PostgreSQL's text cannot hold.

    psycopg refuses to send such text at all (a DataError, so a 500 for a game id with %00 in it,
    where SQLite answers 404). No stored text equals it, and the shared reads compare text only
    with `=` (and IN a subquery doing so) under AND: NULL, equal to nothing, reads the same rows,
    none. A write of such text still fails: it has nowhere to go.
    """
    if not sql.lstrip().upper().startswith("SELECT"):
        return list(params)
    return [None if isinstance(param, str) and "\x00" in param else param for param in params]


#: An append's first statement: the game moved on from the expected version, and the command recorded if it was.
MOVE_AND_RECORD = ("WITH moved AS (UPDATE games SET version = ?, head_hash = ?, status = ?, updated_at = ?"
                   " WHERE id = ? AND version = ? RETURNING id)"
                   f" INSERT INTO commands ({COMMAND_COLUMNS}) SELECT ?, ?, ?::integer, ?, ?, ?, ?::integer,"
                   " ?::integer, ?::integer, ?, ? FROM moved")
#: The events' global positions taken and the events inserted, in one statement (the position lock's last).
POSITIONED_EVENTS = ("WITH taken AS (UPDATE event_positions SET last = last + ? RETURNING last),"
                     f" stored AS (INSERT INTO events ({EVENT_COLUMNS})"
                     " SELECT e.game_id, e.seq, e.type, e.data, e.seat, e.command_id, e.visibility, e.prev_hash,"
                     " e.hash, taken.last - ? + e.n, ? FROM taken, unnest(?::text[], ?::integer[], ?::text[],"
                     " ?::text[], ?::integer[], ?::text[], ?::text[], ?::text[], ?::text[]) WITH ORDINALITY"
                     " AS e(game_id, seq, type, data, seat, command_id, visibility, prev_hash, hash, n))")
#: ... and the position a game finished at, when these events finish it (storage/sql/event_log.py)
FINISHING = (", finished AS (UPDATE games SET finished_position = (SELECT last FROM taken)"
             " WHERE id = ? AND finished_position IS NULL)")


def positioned_events(events: Sequence[StoredEvent], stamp: str, finishing: str | None = None) -> tuple[str, list[Any]]:
    """The statement (and its parameters) that takes the events' positions and inserts them, answering the last
    position taken; with `finishing` (a game id), that game's finishing position is kept too."""
    columns = list(zip(*[(e.game_id, e.seq, e.type, e.data_text, e.seat, e.command_id, visibility_text(e.visibility),
                          e.prev_hash, e.hash) for e in events], strict=True))
    params: list[Any] = [len(events), len(events), stamp, *map(list, columns)]
    if finishing is None:
        return f"{POSITIONED_EVENTS} SELECT last FROM taken", params
    return f"{POSITIONED_EVENTS}{FINISHING} SELECT last FROM taken", [*params, finishing]


class PgConnection:
    """A psycopg connection that takes the shared statements as they are written."""

    __slots__ = ("raw",)

    def __init__(self, raw: psycopg.Connection[Any]) -> None:
        self.raw = raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        if any(isinstance(param, str) and "\x00" in param for param in params):
            params = _finding_nothing(sql, params)
        return self.raw.execute(_placeholders(sql), params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.raw.cursor() as cursor:
            cursor.executemany(_placeholders(sql), rows)


class PostgresStorage(SqlStorage):
    """The storage port on one PostgreSQL database (or one schema of it, by the URL's search_path)."""

    STORED_ORDER = "stored_order"
    #: the pool's connections' class (the tests give one that counts round trips)
    connection_class: type[psycopg.Connection[Any]] = psycopg.Connection
    FOR_UPDATE = " FOR UPDATE"
    INTEGRITY_ERRORS = (psycopg.IntegrityError,)

    def __init__(self, url: str, pool_size: int = DEFAULT_POOL_SIZE, pool_wait: float = POOL_WAIT_SECONDS) -> None:
        super().__init__()
        self.url = url
        self.pool_size = max(2, pool_size)  # a projector holds its lock's connection while it writes with another
        self.pool_wait = pool_wait
        self._pool: ConnectionPool[Any] | None = None
        self._pool_pid: int | None = None
        self._pool_guard = threading.Lock()
        self._closed = False
        self._checking = False  # a check of the pool's connections after an error is running
        self._dropped: weakref.finalize | None = None
        self.fullness = Fullness()

    def __repr__(self) -> str:
        return f"PostgresStorage({redacted(self.url)!r})"

    @property
    def pool(self) -> ConnectionPool[Any]:
        """This process's pool, opened on first use (a forked child opens its own)."""
        pool = self._pool
        if pool is None or self._pool_pid != os.getpid():
            with self._pool_guard:
                if self._closed:
                    raise StorageClosed(f"{self!r} is closed")
                if self._pool is None or self._pool_pid != os.getpid():
                    self._pool = self._open_pool()
                    self._pool_pid = os.getpid()
                    # a storage dropped without close() closes its pool (_close_dropped_pool)
                    self._dropped = weakref.finalize(self, _close_dropped_pool, self._pool, self._pool_pid)
                    self._dropped.atexit = False
                pool = self._pool
        return pool

    def _open_pool(self) -> ConnectionPool[Any]:
        try:  # one connection first, so that a wrong URL or a database that is down says so at once
            psycopg.connect(self.url, connect_timeout=CONNECT_SECONDS).close()
        except psycopg.Error as error:
            raise DatabaseUnavailable(f"cannot connect to {redacted(self.url)}: {str(error).strip()}") from error
        # No `check` on every checkout (an empty round trip per connection lent): a connection found broken
        # (the database restarted) fails its request with a 503, and then the pool's connections are all
        # tried and the dead ones replaced (`_after_error`), so the next requests get live ones.
        return ConnectionPool(self.url, min_size=1, max_size=self.pool_size, kwargs={"autocommit": True},
                              connection_class=self.connection_class, timeout=self.pool_wait, num_workers=1,
                              name="trailhead", open=True)

    def _after_error(self, pool: ConnectionPool[Any]) -> None:
        """A connection broke: try the pool's idle ones, on a thread of its own, one such check at a time."""
        with self._pool_guard:
            if self._checking:
                return
            self._checking = True

        def check() -> None:
            try:
                pool.check()
            except (PoolClosed, psycopg.Error):
                pass  # closed meanwhile, or the database is still away: the next broken connection checks again
            finally:
                self._checking = False

        threading.Thread(target=check, name=f"{pool.name}-check", daemon=True).start()

    def close(self) -> None:
        """Close this process's pool; the storage is not used again."""
        with self._pool_guard:
            self._closed = True
            if self._dropped is not None:
                self._dropped.detach()
            if self._pool is not None and self._pool_pid == os.getpid():
                self._pool.close()
            self._pool = None

    #: told how long each connection took to come out of the pool; the service's metrics
    on_pool_wait: Callable[[float], None] = staticmethod(lambda _seconds: None)

    @contextlib.contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        pool = self.pool
        try:
            started = time.perf_counter()
            with pool.connection() as raw:
                self.on_pool_wait(time.perf_counter() - started)
                yield raw
        except PoolClosed as error:  # closed by another thread meanwhile
            raise StorageClosed(f"{self!r} is closed") from error
        except psycopg.OperationalError:
            self._after_error(pool)
            raise

    @contextlib.contextmanager
    def _reader(self) -> Iterator[PgConnection]:
        with self._connection() as raw:
            yield PgConnection(raw)

    @contextlib.contextmanager
    def _writer(self) -> Iterator[PgConnection]:
        with self.fullness.watching(), self._connection() as raw, raw.transaction():  # 53100 disk_full: StorageFull
            yield PgConnection(raw)

    def game_since(self, game_id: str, after: int) -> tuple[GameRecord | None, list[EventText]]:
        with self._connection() as raw:
            with raw.pipeline():  # both reads sent at once, answered at its exit (one sync)
                texts = PgConnection(raw).execute(self.GAME_SINCE[1], [game_id, after])
                record = PgConnection(raw).execute(self.GAME_SINCE[0], [game_id, after])
            row = record.fetchone()
            return (game_of(row) if row else None), texts.fetchall()

    @contextlib.contextmanager
    def _pipelined_writer(self) -> Iterator[tuple[PgConnection, psycopg.Pipeline]]:
        """One write transaction in pipeline mode: its statements go out as they come, BEGIN with the first, and
        are answered at each `sync()`; the COMMIT goes with the statements after the last sync."""
        # BEGIN and COMMIT by hand: psycopg's transaction() in a pipeline syncs after BEGIN and before COMMIT.
        with self.fullness.watching(), self._connection() as raw:
            try:
                with raw.pipeline() as pipeline:
                    raw.execute("BEGIN")
                    yield PgConnection(raw), pipeline
                    raw.execute("COMMIT")
            finally:  # an exception in the block, or a statement sent with the COMMIT failed: roll back
                if raw.info.transaction_status in (TransactionStatus.INTRANS, TransactionStatus.INERROR):
                    with contextlib.suppress(psycopg.Error):  # a broken connection: the pool drops it
                        raw.rollback()

    def _appended(self, game_id: str, expected_version: int, events: Sequence[StoredEvent], command: CommandRecord,
                  status: str, token_hashes: dict[int, str], stamp: str) -> Appended:
        """The shared append's statements in two round trips: BEGIN with the game row moved on and the command
        recorded (one statement); then the tokens, the positions taken with the events inserted (one statement,
        the last before the commit: the position lock is held for that round trip only), and the COMMIT."""
        with self._pipelined_writer() as (conn, pipeline):
            recorded = conn.execute(MOVE_AND_RECORD, [
                events[-1].seq, events[-1].hash, status, stamp, game_id, expected_version,
                command.game_id, command.command_id, command.seat, command.bot, command.type,
                canonical_json(command.args), command.expected_version, command.first_seq, command.last_seq,
                command.fingerprint, stamp])
            pipeline.sync()
            if recorded.rowcount != 1:
                return self._not_moved(conn, game_id, expected_version, command)
            self._insert_tokens(conn, game_id, token_hashes)
            taken = conn.execute(*positioned_events(events, stamp, game_id if status == FINISHED else None))
        (last,) = taken.fetchone()
        return Appended(command, with_positions(events, last - len(events), stamp), True)

    def _insert_positioned(self, conn: PgConnection, events: Sequence[StoredEvent],  # type: ignore[override]
                           stamp: str) -> tuple[StoredEvent, ...]:
        (last,) = conn.execute(*positioned_events(events, stamp)).fetchone()
        return with_positions(events, last - len(events), stamp)

    def _positioned(self, conn: PgConnection, events: Sequence[StoredEvent],  # type: ignore[override]
                    stamp: str) -> tuple[StoredEvent, ...]:
        # Held until this transaction ends: the next writer's positions wait for this commit (module docstring).
        (last,) = conn.execute("UPDATE event_positions SET last = last + ? RETURNING last", [len(events)]).fetchone()
        return with_positions(events, last - len(events), stamp)

    # -- the schema -------------------------------------------------------------------------

    def schema_version(self) -> int:
        with self._reader() as conn:
            return self._schema_version(conn)

    @staticmethod
    def _schema_version(conn: PgConnection) -> int:
        tables = {row[0] for row in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()").fetchall()}
        if SCHEMA_TABLE in tables:
            return int(conn.execute(f"SELECT COALESCE(MAX(version), 0) FROM {SCHEMA_TABLE}").fetchone()[0])
        return 1 if "games" in tables else 0

    def migrate(self) -> list[str]:
        applied = []
        for migration in MIGRATIONS:
            with self._writer() as conn:
                # hosts starting together take turns; each looks again at the version once it has the lock
                conn.execute("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.migrate'))")
                if migration.version <= self._schema_version(conn):
                    continue
                for statement in migration.postgresql:
                    conn.raw.execute(statement)
                conn.raw.execute(SCHEMA_TABLE_DDL)
                conn.execute(f"INSERT INTO {SCHEMA_TABLE} (version, name, applied_at) VALUES (?, ?, ?)",
                             [migration.version, migration.name, now()])
            applied.append(migration.name)
        return applied

    # -- read models ------------------------------------------------------------------------

    def storage_problem(self) -> str | None:
        return self.fullness.problem()  # the server's disk cannot be probed from here

    @contextlib.contextmanager
    def projection_lock(self) -> Iterator[bool]:
        """A session advisory lock of this schema's projection, held on one pooled connection."""
        with self._connection() as raw:
            conn = PgConnection(raw)
            key = "hashtext(current_schema() || '.projection')"
            (held,) = conn.execute(f"SELECT pg_try_advisory_lock({key})").fetchone()
            try:
                yield bool(held)
            finally:
                if held:
                    conn.execute(f"SELECT pg_advisory_unlock({key})")
