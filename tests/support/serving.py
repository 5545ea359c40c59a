"""Waiting for a `trailhead serve` the tests started: poll /healthz until it answers 200."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import requests

from support.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def serving(database: str, **env: str) -> Iterator[str]:
    """`trailhead serve` (two workers, inline jobs) on `database` with `env` added; yields its base URL."""
    port = free_port()
    variables = {**os.environ, "TRAILHEAD_DB": database, "REDIS_URL": "", **env}
    process = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--workers", "2"],
                               cwd=ROOT, env=variables, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, process)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=20)


def wait_healthy(base: str, process: subprocess.Popen[bytes], timeout: float = 30.0,
                 output: Callable[[], str] = lambda: "") -> None:
    """Return once GET `base`/healthz answers 200; fail if the process exits or `timeout` passes.

    `output` gives the server's log for the failure message, when the test keeps one.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            if requests.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except requests.RequestException:
            pass  # not listening yet, or no worker booted yet
        assert process.poll() is None, f"trailhead serve exited with {process.returncode}:\n{output()}"
        assert time.monotonic() < deadline, f"trailhead serve did not answer /healthz in {timeout:g} s:\n{output()}"
        time.sleep(0.1)
