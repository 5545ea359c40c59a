"""Starting and stopping gunicorn servers for the benchmarks, on free ports and temp files.

A server's database (`db`) is a SQLite path or a `postgresql://` URL (bench/databases.py
makes fresh ones of either); several servers may share one (`cluster`).
"""

from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from bench.catalog import ROOT

SETTINGS_PREFIX = "bench.serve: gunicorn"


def free_port() -> int:
    """A TCP port nobody listens on right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve_command(port: int, workers: int, factory: str | None = None) -> list[str]:
    """`trailhead serve` on 127.0.0.1:`port`; with `factory` (MODULE:FUNCTION), serving that app instead.

    Either way gunicorn runs with the settings service/cli.py gives it (bench/serve.py).
    """
    options = ["--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)]
    if factory is None:
        return [sys.executable, "-m", "service.cli", "serve", *options]
    return [sys.executable, "-m", "bench.serve", factory, *options]


def describe(command: Sequence[str]) -> str:
    return " ".join(("python" if part == sys.executable else part) for part in command)


class Server:
    """A gunicorn process group serving on 127.0.0.1:`port`; stopped by `stop()` (idempotent)."""

    def __init__(self, command: Sequence[str], port: int, db_path: Path | str, log_path: Path,
                 env: dict[str, str] | None = None) -> None:
        self.command = list(command)
        self.port = port
        self.log_path = log_path
        # Rate limits off: a bench is one client sending as fast as it can.
        environment = {**os.environ, "TRAILHEAD_DB": str(db_path), "TRAILHEAD_RATE_LIMITS": "off",
                       "TRAILHEAD_CLIENT_SEEDS": "exact",  # the playbooks replay seeded games
                       **(env or {})}
        environment.pop("REDIS_URL", None)  # the embedded default: jobs run in-process
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), environment.get("PYTHONPATH")]))
        self._log = open(log_path, "wb")  # noqa: SIM115 - the server writes to it until stop()
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=environment, stdout=self._log,
                                        stderr=subprocess.STDOUT, start_new_session=True)

    def wait_healthy(self, timeout: float = 30.0) -> None:
        """Poll GET /healthz until it answers 200.

        Raises:
            RuntimeError: the server exited or did not answer in time (its log is in the message).
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/healthz")
                response = conn.getresponse()
                response.read()
                conn.close()
                if response.status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"server did not answer /healthz within {timeout:.0f} s:\n{self.log_tail()}")

    def gunicorn_settings(self) -> str:
        """The settings line bench/serve.py logs at start ('' for a server started otherwise)."""
        self._log.flush()
        for line in self.log_path.read_text(errors="replace").splitlines():
            if line.startswith(SETTINGS_PREFIX):
                return line[len(SETTINGS_PREFIX):].strip()
        return ""

    def log_tail(self, lines: int = 30) -> str:
        self._log.flush()
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def pids(self) -> list[int]:
        """The gunicorn master and its workers."""
        master = self.process.pid
        children: list[int] = []
        with contextlib.suppress(OSError):
            children = [int(p) for p in Path(f"/proc/{master}/task/{master}/children").read_text().split()]
        return [master, *children]

    def cpu_seconds(self) -> float:
        """User + system CPU time used so far by the master and its live workers (Linux /proc)."""
        tick = os.sysconf("SC_CLK_TCK")
        total = 0.0
        for pid in self.pids():
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / tick
        return total

    def stop(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if not self._log.closed:
            self._log.close()


def prepare_database(db_path: Path | str, app: str) -> None:
    """Create the tables before gunicorn starts, `app` being "service" or "bare".

    Each worker creates missing tables when it boots; two workers booting at once
    on a fresh file can fail with "database is locked" in the service's
    ensure_schema, and gunicorn then shuts down (reported as a service bug). With
    the tables already there, the workers' checks find nothing to do. A PostgreSQL
    URL (the service only) gets the schema as `trailhead db migrate` makes it.
    """
    from storage import open_storage
    from storage.postgres import is_postgresql_url

    if is_postgresql_url(str(db_path)):
        if app != "service":
            raise ValueError(f"the {app} app runs on SQLite only")
        store = open_storage(str(db_path))
        try:
            store.migrate()
        finally:
            store.close()
        return
    synchronous = os.environ.get("TRAILHEAD_SYNCHRONOUS", "FULL").upper()
    if app == "bare":
        from bench.bare_app import init_db

        init_db(str(db_path), synchronous)
        return
    from bench.catalog import all_games
    from service.app import create_app

    create_app({"DATABASE": str(db_path), "SYNCHRONOUS": synchronous, "GAMES": all_games()})


@contextlib.contextmanager
def serving(command: Sequence[str], port: int, db_path: Path | str, log_path: Path,
            app: str = "service") -> Iterator[Server]:
    """A healthy server for the duration of the block, stopped afterwards whatever happens.

    `app` ("service" or "bare") says which tables to create first (prepare_database).
    """
    with cluster([(command, port, log_path)], db_path, app) as servers:
        yield servers[0]


@contextlib.contextmanager
def cluster(servers: Sequence[tuple[Sequence[str], int, Path]], db: Path | str, app: str = "service",
            env: dict[str, str] | None = None) -> Iterator[list[Server]]:
    """Several servers (command, port, log file) on one database, all healthy for the duration of
    the block and all stopped afterwards whatever happens (also on Ctrl-C or SIGTERM)."""
    prepare_database(db, app)
    started: list[Server] = []
    try:
        for command, port, log_path in servers:
            started.append(Server(command, port, db, log_path, env))
        for server in started:
            server.wait_healthy()
        yield started
    except Exception:
        for server in started:
            print(f"server log ({describe(server.command)}), last lines:\n{server.log_tail()}", file=sys.stderr)
        raise
    finally:
        with uninterrupted():
            for server in started:
                server.stop()


@contextlib.contextmanager
def uninterrupted() -> Iterator[None]:
    """Hold back SIGINT, SIGTERM and SIGHUP for the block (cleanup that a second Ctrl-C must not cut
    short); one that arrived meanwhile is delivered when the block ends."""
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def exit_on_sigterm() -> None:
    """Turn SIGTERM (and SIGHUP) into SystemExit so `finally` blocks stop servers and remove temp files."""

    def handler(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGHUP, handler)
