"""The bare baseline: a minimal Flask app whose one POST decodes JSON and appends one row.

    gunicorn --workers 2 'bench.bare_app:create()'   (TRAILHEAD_DB names the SQLite file)

It pays what any durable JSON-over-HTTP append pays, and nothing else: Flask's
routing, JSON decoding, a new SQLite connection per request opened like the
service opens its own (WAL, synchronous=FULL unless TRAILHEAD_SYNCHRONOUS says
otherwise, busy_timeout), one BEGIN IMMEDIATE transaction with one small INSERT,
and a small JSON response. The service's rate divided by this one is the share of
the floor the service reaches.

With BARE_CONNECTION=thread it keeps one connection per thread instead, and queues its
writers in arrival order (storage.sqlite.write_lock: a thread lock, then an flock), both as
the service's storage does (bench/wrk_floor.py's floor); http_commands.py keeps the
per-request baseline its targets were set against. Without the queue, the 16 threads of
`trailhead serve` (2 workers x 8) met in SQLite's busy handler, which makes a blocked writer
sleep and poll with growing pauses (up to 100 ms each): the bare app's p99 there was
490-1,240 ms against 155-280 ms on 2 sync workers (one writer per process), while the
service, which queues, was not slower on `trailhead serve` than on sync workers
(bench/README.md, 2026-11-27).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from flask import Flask, request

from storage.sqlite import write_lock

SCHEMA = "CREATE TABLE IF NOT EXISTS appends (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, body TEXT NOT NULL)"


def connect(path: str, synchronous: str) -> sqlite3.Connection:
    """Opened exactly as storage.sqlite.connect opens a connection (minus the sqlite-utils wrapper)."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=30.0, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout = 30000")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    return conn


def init_db(path: str, synchronous: str = "FULL") -> None:
    """Create the one table (the benchmark calls this before the workers boot)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = connect(path, synchronous)
    conn.execute(SCHEMA)
    conn.close()


def create() -> Flask:
    path = os.environ.get("TRAILHEAD_DB", os.path.join("trailhead-data", "bare.sqlite"))
    synchronous = os.environ.get("TRAILHEAD_SYNCHRONOUS", "FULL").upper()
    init_db(path, synchronous)

    app = Flask(__name__)
    per_thread = os.environ.get("BARE_CONNECTION", "request") == "thread"
    local = threading.local()

    def connection() -> sqlite3.Connection:
        if not per_thread:
            return connect(path, synchronous)
        conn: sqlite3.Connection | None = getattr(local, "conn", None)
        if conn is None or getattr(local, "pid", None) != os.getpid():
            conn = local.conn = connect(path, synchronous)
            local.pid = os.getpid()
        return conn

    def queued() -> contextlib.AbstractContextManager[None]:
        return write_lock(path) if per_thread else contextlib.nullcontext()

    @app.post("/api/v1/games/<game_id>/commands")
    def append(game_id: str) -> tuple[dict[str, Any], int]:
        body = request.get_json()
        conn = connection()
        try:
            with queued():
                conn.execute("BEGIN IMMEDIATE")
                try:
                    cursor = conn.execute("INSERT INTO appends (game, body) VALUES (?, ?)",
                                          [game_id, request.get_data(as_text=True)])
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
        finally:
            if not per_thread:
                conn.close()
        return {"id": cursor.lastrowid, "type": body.get("type")}, 201

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return app
