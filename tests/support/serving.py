"""Waiting for a `trailhead serve` the tests started: poll /healthz until it answers 200."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable

import requests


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
