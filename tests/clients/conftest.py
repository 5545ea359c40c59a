"""A real `trailhead serve` on a SQLite file for the SDK and bot-runner tests, and a proxy in front of it.

One server per test process (session scope): one gunicorn worker, inline jobs, rate limits off,
client seeds used as they are (the games here are seeded, so each is the same game on every run).
The SDK is the installed `trailhead_client` (README's test command installs clients/python).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.proxy import Proxy
from support.served import Served, serve, stop
from trailhead_client import Client


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = serve(tmp_path_factory.mktemp("sdk-serve"))
    yield served
    stop(served)
    assert served.process.returncode == 0, served.output()


@pytest.fixture
def client(server: Served) -> Iterator[Client]:
    with Client(server.base_url) as sdk:
        yield sdk


@pytest.fixture
def proxy(server: Served) -> Iterator[Proxy]:
    front = Proxy(("127.0.0.1", server.port))
    yield front
    front.close()
