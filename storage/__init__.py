"""The storage port and its backends: every SQL statement of the project lives in this package."""

from __future__ import annotations

from storage.port import Storage
from storage.records import (
    ACTIVE,
    FINISHED,
    Appended,
    Checkpoint,
    CommandRecord,
    GameRecord,
    GameSummary,
    SchemaOutOfDate,
    StoredEvent,
    VersionConflict,
    now,
)
from storage.sqlite import SqliteStorage


def open_storage(url: str, synchronous: str = "FULL") -> Storage:
    """The backend for `TRAILHEAD_DB`: a SQLite file path (the embedded default)."""
    return SqliteStorage(url, synchronous)


__all__ = [
    "ACTIVE",
    "FINISHED",
    "Appended",
    "Checkpoint",
    "CommandRecord",
    "GameRecord",
    "GameSummary",
    "SchemaOutOfDate",
    "Storage",
    "SqliteStorage",
    "StoredEvent",
    "VersionConflict",
    "now",
    "open_storage",
]
