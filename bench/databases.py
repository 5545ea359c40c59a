"""Fresh databases for the benches: a temporary SQLite file, or a PostgreSQL database of the run's own.

    with fresh_database("postgresql", tmp) as db:      # CREATE DATABASE bench_<random>, yields its URL
        ...                                            # DROP DATABASE ... WITH (FORCE) afterwards
    with fresh_database("sqlite", tmp) as db:          # a new file in tmp, yields its path

The PostgreSQL server is BENCH_POSTGRES (a URL to any database of it, allowed to CREATE
DATABASE), by default the machine's: postgresql://postgres@127.0.0.1:5432/postgres. The
database is dropped, and the SQLite file with its -wal, -shm and lock files removed, whatever
ends the block: errors, Ctrl-C, SIGTERM (with bench.servers.exit_on_sigterm), a second Ctrl-C
during the cleanup (held back until it is done). Only SIGKILL leaves one behind; its name
starts with `bench_` and the bench prints it when it makes it.
"""

from __future__ import annotations

import collections
import contextlib
import os
import secrets
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

from bench.servers import uninterrupted

SQLITE, POSTGRESQL = "sqlite", "postgresql"
BACKENDS = (SQLITE, POSTGRESQL)
DEFAULT_SERVER = os.environ.get("BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")


def with_database(url: str, name: str) -> str:
    """The same server's URL, for database `name` (query parameters kept)."""
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def database_name(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


@contextlib.contextmanager
def fresh_database(backend: str, tmp: Path, server: str = DEFAULT_SERVER, synchronous_commit: bool | None = None,
                   say: bool = False) -> Iterator[str]:
    """A new, empty database for one measurement: what TRAILHEAD_DB should say.

    `synchronous_commit` (PostgreSQL only) sets the database's default with ALTER DATABASE, for
    every session that connects to it afterwards; None keeps the server's (on, unless changed).
    """
    if backend == SQLITE:
        path = tmp / f"bench-{secrets.token_hex(6)}.sqlite"
        try:
            yield str(path)
        finally:
            for leftover in tmp.glob(f"{path.name}*"):
                with contextlib.suppress(FileNotFoundError):
                    leftover.unlink()
        return
    if backend != POSTGRESQL:
        raise ValueError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
    name = f"bench_{secrets.token_hex(6)}"
    with uninterrupted():  # made and known to the finally below, or not made at all
        with psycopg.connect(server, autocommit=True, connect_timeout=10) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        if say:
            print(f"  (database {name} created; dropped at the end)", flush=True)
    try:
        if synchronous_commit is not None:
            with psycopg.connect(server, autocommit=True, connect_timeout=10) as conn:
                conn.execute(f'ALTER DATABASE "{name}" SET synchronous_commit = {"on" if synchronous_commit else "off"}')
        yield with_database(server, name)
    finally:
        with uninterrupted():
            drop_database(server, name)


def drop_database(server: str, name: str) -> None:
    with psycopg.connect(server, autocommit=True, connect_timeout=10) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def durability(url: str) -> dict[str, str]:
    """The settings that decide what a commit's return means, as a new session on `url` sees them."""
    with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
        return {setting: conn.execute(f"SHOW {setting}").fetchone()[0]
                for setting in ("synchronous_commit", "fsync", "wal_sync_method", "full_page_writes",
                                "synchronous_standby_names", "server_version")}


class Backends:
    """CPU time of the PostgreSQL backend processes connected to one database (Linux /proc).

    `cpu_seconds()` sums, over every backend seen so far, its CPU time when last seen, so the
    difference of two calls is what the database's sessions used in between (a backend that
    ends between the calls loses its last moments; the WAL writer, checkpointer and other
    shared processes are not counted). Needs the server on this machine.
    """

    def __init__(self, server: str, name: str) -> None:
        self.server, self.name = server, name
        self.seen: dict[tuple[int, int], float] = {}

    def cpu_seconds(self) -> float:
        with psycopg.connect(self.server, autocommit=True, connect_timeout=10) as conn:
            pids = [row[0] for row in conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s", [self.name]).fetchall()]
        tick = os.sysconf("SC_CLK_TCK")
        for pid in pids:
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                # keyed by (pid, start time): a pid reused by another backend counts afresh
                self.seen[(pid, int(fields[19]))] = (int(fields[11]) + int(fields[12])) / tick
        return sum(self.seen.values())


class WaitSampler:
    """What the sessions of one database are doing, sampled from pg_stat_activity every `every` seconds
    on a thread of its own while the block runs: `top()` gives, per (state, wait event, statement),
    the mean number of sessions found so (a session in a transaction that waits for its client's
    next statement shows as `idle in transaction`, ClientRead)."""

    def __init__(self, server: str, name: str, every: float = 0.02) -> None:
        self.server, self.name, self.every = server, name, every
        self.counts: collections.Counter[tuple[str, str, str]] = collections.Counter()
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> WaitSampler:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _sample(self) -> None:
        with psycopg.connect(self.server, autocommit=True, connect_timeout=10) as conn:
            while not self._stop.is_set():
                rows = conn.execute(
                    "SELECT state, coalesce(wait_event_type || ':' || wait_event, 'running'), left(query, 48)"
                    " FROM pg_stat_activity WHERE datname = %s AND backend_type = 'client backend'"
                    " AND state IN ('active', 'idle in transaction')", [self.name]).fetchall()
                self.samples += 1
                for state, wait, query in rows:
                    self.counts[(state, wait, " ".join(query.split()))] += 1
                time.sleep(self.every)

    def top(self, count: int = 8) -> list[tuple[float, tuple[str, str, str]]]:
        return [(n / max(1, self.samples), key) for key, n in self.counts.most_common(count)]
