"""A real `trailhead serve` (gunicorn, two workers) on a free port, once per test module and backend.

It runs on a database of its own (a SQLite file, or a PostgreSQL schema: `module_database`) with
inline jobs and rate limits off; the `api` client validates every
request it sends and every response it gets against openapi.yaml (see contract.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
import requests

from e2e.contract import ROOT, Api, Server, free_port
from service.app import create_app
from support.redis_server import redis_server_url  # noqa: F401 - a fixture of the tests here


STARTUP_SECONDS = 60


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           module_database: str) -> Iterator[Server]:
    """The server of a test module; the module's SERVER_ENV, if any, sets (or with None, unsets) variables."""
    workdir = tmp_path_factory.mktemp("trailhead-serve")
    database = module_database
    # The tables exist before the workers boot: workers creating them at once on a new file can fail
    # with "database is locked" (see test_two_processes_starting_on_a_fresh_database_both_boot).
    create_app({"DATABASE": database}).extensions["trailhead"].close()
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "TRAILHEAD_SYNCHRONOUS")}
    env["TRAILHEAD_DB"] = database
    env["TRAILHEAD_RATE_LIMITS"] = "off"  # the tests play whole games from one address as fast as they can
    for name, value in getattr(request.module, "SERVER_ENV", {}).items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    log = workdir / "server.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--workers", "2"],
            cwd=ROOT,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    running = Server(f"http://127.0.0.1:{port}", process, log, database)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            if process.poll() is not None:
                pytest.fail(f"trailhead serve exited with {process.returncode}:\n{running.output()}")
            try:
                if requests.get(f"{running.base_url}/healthz", timeout=5).status_code == 200:
                    break
            except (requests.ConnectionError, requests.Timeout):
                pass  # not listening yet, or no worker booted yet
            if time.monotonic() > deadline:
                pytest.fail(f"trailhead serve did not answer /healthz in {STARTUP_SECONDS}s:\n{running.output()}")
            time.sleep(0.1)
        yield running
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert process.returncode == 0, f"trailhead serve stopped with {process.returncode}:\n{running.output()}"


@pytest.fixture(scope="module")
def api(server: Server) -> Iterator[Api]:
    client = Api(server.base_url)
    yield client
    client.close()
