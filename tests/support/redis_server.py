"""Real Redis for the tests: the machine's server on a database of our own, or a private one.

If no Redis answers at TRAILHEAD_TEST_REDIS_URL (default redis://127.0.0.1:6379), a
private `redis-server` is started on a free port; if there is none, the tests fail
with a message saying how to get one. Never a silent skip.

The fixtures here are imported by the conftest.py of the directories whose tests use Redis
(tests/workers, tests/e2e): each test process uses database 10 + its xdist worker index.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator

import pytest
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


@pytest.fixture(scope="session")
def redis_server_url() -> Iterator[str]:
    """The machine's Redis if it answers, else a private redis-server; fails loudly without either."""
    url = machine_redis_url()
    if answers(url):
        base = url.rstrip("/")
        yield base.rsplit("/", 1)[0] if base.count("/") > 2 else base
        return
    if not PrivateRedis.available():
        pytest.fail(NO_REDIS.format(url=url), pytrace=False)
    server = PrivateRedis().start()
    try:
        yield f"redis://127.0.0.1:{server.port}"
    finally:
        server.stop()


@contextlib.contextmanager
def own_database(server_url: str, worker_id: str) -> Iterator[str]:
    """A Redis database of this test process's own (10 + xdist worker index), empty before and after."""
    index = 0 if worker_id == "master" else int(worker_id.removeprefix("gw"))
    url = f"{server_url}/{10 + index}"
    client = redis.Redis.from_url(url)
    client.flushdb()
    try:
        yield url
    finally:
        client.flushdb()
        client.close()


@pytest.fixture
def redis_url(redis_server_url: str, worker_id: str) -> Iterator[str]:
    """A Redis database of this test process's own, for one test (own_database)."""
    with own_database(redis_server_url, worker_id) as url:
        yield url
