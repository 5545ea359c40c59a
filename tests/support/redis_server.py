"""Real Redis for the tests: the machine's server on a database of our own, or a private one.

If no Redis answers at TRAILHEAD_TEST_REDIS_URL (default redis://127.0.0.1:6379), a
private `redis-server` is started on a free port; if there is none, the tests fail
with a message saying how to get one. Never a silent skip.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time

import redis

NO_REDIS = (
    "These tests need Redis. None answers at {url}, and no `redis-server` is on PATH to start a private one. "
    "Install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or point "
    "TRAILHEAD_TEST_REDIS_URL at a server the tests may use."
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5).ping())
    except redis.RedisError:
        return False


class PrivateRedis:
    """A redis-server of the tests' own, on a free port, keeping nothing on disk."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.dir = tempfile.mkdtemp(prefix="trailhead-redis-")

    @staticmethod
    def available() -> bool:
        return shutil.which("redis-server") is not None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> PrivateRedis:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", self.dir],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not answers(self.url):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None


def machine_redis_url() -> str:
    return os.environ.get("TRAILHEAD_TEST_REDIS_URL", "redis://127.0.0.1:6379")
