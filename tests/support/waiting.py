"""Polling until a condition holds, for tests that wait on another process or thread."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def wait_for(condition: Callable[[], Any], timeout: float = 30.0, interval: float = 0.05, what: str = "") -> Any:
    """The first truthy answer of `condition`, asked every `interval` seconds; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what or condition}")
        time.sleep(interval)
