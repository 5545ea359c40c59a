"""A full disk under the database: every write refused with `StorageFull` (503), and told to /healthz.

When the disk (or quota, or tablespace) holding the database fills up, a write transaction fails
and is rolled back: SQLite's SQLITE_FULL ("database or disk is full"), PostgreSQL's SQLSTATE
53100 `disk_full`. The backend raises `StorageFull` instead, which the API answers 503
`storage-full` with Retry-After; nothing was written, so the same request may simply be sent
again once space is freed. No restart is needed: the next write that fits succeeds.

Each storage remembers the last write that failed that way (per process), until a write succeeds
or, where the backend can check the disk itself (SQLite: a small probe file beside the database),
until the disk takes a probe again; /healthz reports `failing` (check `storage`) meanwhile.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg

from storage.records import StorageFull

#: how long a PostgreSQL disk-full error is reported by /healthz when no write has succeeded since
#: (the server's disk cannot be probed from here)
REPORT_SECONDS = 30.0
PROBE_BYTES = 64 * 1024  # the probe file beside a SQLite database: room for a few commands' pages


def is_full(error: BaseException) -> bool:
    """Whether a driver's error says the disk holding the database is full."""
    if isinstance(error, sqlite3.Error):
        return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL
    if isinstance(error, psycopg.errors.DiskFull):
        return True
    return isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT)


class Fullness:
    """When the last write failed for want of space, and what it said; cleared by a write that succeeds."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.since: float | None = None
        self.reason = ""

    @contextlib.contextmanager
    def watching(self) -> Iterator[None]:
        """Around one write transaction: a disk-full error becomes StorageFull; success clears the mark."""
        try:
            yield
        except Exception as error:
            if not is_full(error):
                raise
            with self._lock:
                self.since = time.monotonic()
                self.reason = str(error).strip()
            raise StorageFull(f"the disk holding the database is full ({self.reason}): nothing was written") from error
        if self.since is not None:
            with self._lock:
                self.since = None

    def problem(self, probe_dir: str | None = None) -> str | None:
        """A reason to report while the last write failed full and the disk has not taken anything since."""
        since = self.since
        if since is None:
            return None
        if probe_dir is not None:
            if disk_takes(probe_dir):
                with self._lock:
                    self.since = None
                return None
        elif time.monotonic() - since > REPORT_SECONDS:
            return None
        return f"the disk holding the database is full: writes fail ({self.reason}); free space, no restart needed"


def disk_takes(directory: str) -> bool:
    """Whether a probe file of PROBE_BYTES can be written (and synced) in `directory`; it is removed again."""
    path = Path(directory) / f".trailhead-space-probe-{os.getpid()}-{threading.get_ident()}"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"\0" * PROBE_BYTES)
            os.fsync(fd)
        finally:
            os.close(fd)
        return True
    except OSError as error:
        if is_full(error):
            return False
        raise
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
