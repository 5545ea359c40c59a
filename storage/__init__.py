"""The storage port and its backends: every SQL statement of the project lives in this package."""

from __future__ import annotations

from storage.ladder import Ladder, LadderEntry
from storage.port import Analyses, EventLog, Operations, Players, ReadModels, Storage, Tournaments
from storage.records import (
    ACTIVE,
    FINISHED,
    OPEN,
    Rating,
    AlreadyStored,
    Appended,
    Checkpoint,
    CommandRecord,
    EventText,
    GameRecord,
    GameSummary,
    SchemaOutOfDate,
    StorageClosed,
    StorageFull,
    StoredAnalysis,
    StoredEvent,
    VersionConflict,
    now,
)
from storage.postgres import (
    DEFAULT_POOL_SIZE,
    POOL_WAIT_SECONDS,
    UNAVAILABLE,
    DatabaseUnavailable,
    PostgresStorage,
    is_postgresql_url,
)
from storage.sqlite import SqliteStorage
from storage.tournaments import TournamentEventRow, TournamentRecord


def open_storage(url: str, synchronous: str = "FULL", pool_size: int | None = None,
                 pool_wait: float | None = None) -> Storage:
    """The backend for `TRAILHEAD_DB`: a `postgresql://` URL, or else a SQLite file path (the embedded default).

    `synchronous` is SQLite's durability (PostgreSQL's is the server's `synchronous_commit`);
    `pool_size` bounds each process's PostgreSQL connections, and a request waits at most
    `pool_wait` seconds for one (then the API answers 503).
    """
    if is_postgresql_url(url):
        return PostgresStorage(url, pool_size or DEFAULT_POOL_SIZE, POOL_WAIT_SECONDS if pool_wait is None else pool_wait)
    return SqliteStorage(url, synchronous)


__all__ = [
    "ACTIVE",
    "Analyses",
    "Ladder",
    "LadderEntry",
    "UNAVAILABLE",
    "FINISHED",
    "OPEN",
    "Rating",
    "AlreadyStored",
    "Appended",
    "Checkpoint",
    "DatabaseUnavailable",
    "CommandRecord",
    "EventLog",
    "EventText",
    "GameRecord",
    "GameSummary",
    "Operations",
    "Players",
    "PostgresStorage",
    "ReadModels",
    "SchemaOutOfDate",
    "Storage",
    "SqliteStorage",
    "StorageClosed",
    "StorageFull",
    "StoredAnalysis",
    "StoredEvent",
    "TournamentEventRow",
    "TournamentRecord",
    "Tournaments",
    "VersionConflict",
    "is_postgresql_url",
    "now",
    "open_storage",
]
