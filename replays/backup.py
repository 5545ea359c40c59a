"""Online backups, verified (issue 32): a copy taken while the service writes, then every game of it audited.

`backup` copies with the backend's own online tool (storage/backup.py: SQLite's backup API, PostgreSQL's
`pg_dump` in its custom format), or, for PostgreSQL without `pg_dump`, logically through the port with
`trailhead db copy`'s code (replays/copy.py) into a SQLite file or another database. `restore` writes a
copy into an empty database. Both then open what they wrote and audit every game of it (`verify`: the
chain, the held head, the seed, the re-derivation of every event, finished or not), so a copy is known
good, and known to hold how many games and events, when they return.

A custom-format dump is not a database: it is verified by restoring it into a scratch database on the
same server (created and dropped here), which needs the right to create databases.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable

from application.settings import registry_of
from domain.core import GameSpec
from replays.audit import audit
from replays.copy import copy_installation, read_snapshot, source_log
from storage import Storage, is_postgresql_url, open_storage
from storage.backup import (
    BackupFailed,
    dump_schema,
    is_empty,
    is_pg_dump,
    pg_dump,
    pg_restore,
    pg_tool,
    schema_of,
    scratch_database,
    sqlite_backup,
)

PG_DUMP, SQLITE_API, LOGICAL = "pg_dump", "sqlite-backup-api", "logical-copy"


@dataclasses.dataclass(slots=True)
class Verified:
    """An audit of every game of a database: how many games and events, which games failed and why."""

    games: int = 0
    events: int = 0
    failures: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failures

    def summary(self) -> str:
        outcome = "all verify" if self.ok else f"{len(self.failures)} FAIL"
        return f"{self.games:,} game(s), {self.events:,} event(s): {outcome} ({self.seconds:.1f} s)"


@dataclasses.dataclass(frozen=True, slots=True)
class BackupReport:
    method: str
    destination: str
    seconds: float  # the copy alone
    verified: Verified


def default_registry() -> Callable[[str], GameSpec]:
    from domain.games import GAMES

    return registry_of(GAMES)


def verify(store: Storage, registry: Callable[[str], GameSpec] | None = None,
           on_game: Callable[[int, int], None] | None = None) -> Verified:
    """Audit every game of `store`, each as its record stands (a database still written to gives each game
    as one version); `on_game(done, total)` after each."""
    registry = registry or default_registry()
    started = time.perf_counter()
    result = Verified()
    game_ids = store.game_ids()
    for done, game_id in enumerate(game_ids, 1):
        snapshot = read_snapshot(store, game_id)
        report = audit(source_log(store, snapshot), registry, expected_head=snapshot.record.head_hash)
        result.games += 1
        result.events += len(snapshot.events)
        if report.failure is not None:
            failure = report.failure
            where = f"event {failure.seq}" if failure.seq is not None else "the game"
            result.failures.append((game_id, f"{where} fails the {failure.check} check: {failure.reason}"))
        if on_game is not None:
            on_game(done, len(game_ids))
    result.seconds = time.perf_counter() - started
    return result


def verify_url(url: str, registry: Callable[[str], GameSpec] | None = None,
               on_game: Callable[[int, int], None] | None = None) -> Verified:
    store = open_storage(url)
    try:
        return verify(store, registry, on_game)
    finally:
        store.close()


def verify_dump(src_url: str, dump: str, registry: Callable[[str], GameSpec] | None = None,
                on_game: Callable[[int, int], None] | None = None) -> Verified:
    """Restore the custom-format `dump` into a scratch database on the server of `src_url`, and verify that."""
    with scratch_database(src_url, dump_schema(dump)) as scratch:
        pg_restore(dump, scratch)
        return verify_url(scratch, registry, on_game)


def backup(src: str, dst: str, logical: bool = False, registry: Callable[[str], GameSpec] | None = None,
           on_game: Callable[[int, int], None] | None = None) -> BackupReport:
    """Copy the database `src` (a SQLite path or a PostgreSQL URL) to `dst`, then verify the copy.

    `dst`: a file for SQLite's copy and for a dump; for the logical copy (PostgreSQL with `logical`, or without
    `pg_dump`) a SQLite path or a PostgreSQL URL of an empty database.

    Raises:
        BackupFailed: `dst` exists (or is not empty), or the tool failed.
    """
    started = time.perf_counter()
    if is_postgresql_url(src) and (logical or pg_tool("pg_dump") is None):
        if not is_empty(dst):
            raise BackupFailed(f"{dst} is not empty: a logical backup goes into a new database")
        copy_into(src, dst, registry)
        seconds = time.perf_counter() - started
        return BackupReport(LOGICAL, dst, seconds, verify_url(dst, registry, on_game))
    if not is_postgresql_url(dst) and os.path.exists(dst):
        raise BackupFailed(f"{dst} exists: a backup goes into a new file")
    if is_postgresql_url(src):
        pg_dump(src, dst)
        seconds = time.perf_counter() - started
        return BackupReport(PG_DUMP, dst, seconds, verify_dump(src, dst, registry, on_game))
    if not os.path.isfile(src):
        raise BackupFailed(f"no such SQLite database: {src}")
    if is_postgresql_url(dst):
        raise BackupFailed("a SQLite database is backed up into a file; `trailhead db copy` moves it to PostgreSQL")
    sqlite_backup(src, dst)
    seconds = time.perf_counter() - started
    return BackupReport(SQLITE_API, dst, seconds, verify_url(dst, registry, on_game))


def restore(src: str, dst: str, registry: Callable[[str], GameSpec] | None = None,
            on_game: Callable[[int, int], None] | None = None) -> BackupReport:
    """Write the backup `src` (a custom-format dump, a SQLite file, or a database URL) into the empty database
    `dst`, then verify it. A dump goes in with `pg_restore`, a SQLite file into SQLite with the backup API;
    anything else is copied logically (replays/copy.py).

    Raises:
        BackupFailed: `dst` is not empty, `src` is missing, or the tool failed.
    """
    if not is_empty(dst):
        raise BackupFailed(f"the database {dst if not is_postgresql_url(dst) else 'TRAILHEAD_DB'} is not empty: "
                           "a backup is restored only into an empty one (a new file, or an empty database/schema)")
    started = time.perf_counter()
    if is_pg_dump(src):
        if not is_postgresql_url(dst):
            raise BackupFailed("a pg_dump archive restores into PostgreSQL only: name a postgresql:// database")
        schema = dump_schema(src)
        if schema is not None and schema_of(dst) != schema:
            raise BackupFailed(f"the dump is of the schema {schema!r}: restore it into a database URL whose "
                               f"search_path is that schema (options=-csearch_path={schema})")
        pg_restore(src, dst)
        method = PG_DUMP
    elif not is_postgresql_url(src) and not os.path.isfile(src):
        raise BackupFailed(f"no such backup: {src}")
    elif not is_postgresql_url(src) and not is_postgresql_url(dst):
        if os.path.exists(dst):
            os.remove(dst)  # empty (checked above): the backup API writes the whole file
        sqlite_backup(src, dst)
        method = SQLITE_API
    else:
        copy_into(src, dst, registry)
        method = LOGICAL
    seconds = time.perf_counter() - started
    return BackupReport(method, dst, seconds, verify_url(dst, registry, on_game))


def copy_into(src: str, dst: str, registry: Callable[[str], GameSpec] | None) -> None:
    """`trailhead db copy`'s copy (each game audited in the source and again in the copy)."""
    source, destination = open_storage(src), open_storage(dst)
    try:
        report = copy_installation(source, destination, registry or default_registry())
    finally:
        source.close()
        destination.close()
    if not report.ok:
        raise BackupFailed(f"{len(report.problems)} game(s) not copied: "
                           + ", ".join(f"{c.game_id} ({c.outcome}: {c.reason})" for c in report.problems[:5]))
