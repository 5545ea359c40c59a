"""Metrics counted by a `trailhead worker` reach the service's scrape when both share PROMETHEUS_MULTIPROC_DIR.

One `trailhead serve` and one `trailhead worker` on Redis: the bots of a bots-only game play in the
worker process, and the scrape, answered by the server, counts their decisions and commands.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from e2e.test_metrics_http import scrape, value
from support.cli_workers import start_worker, stop_workers
from support.redis_server import own_database
from support.served import Served, serve, stop

pytestmark = pytest.mark.slow  # a real server and a real worker


@pytest.fixture(scope="module")
def installation(tmp_path_factory: pytest.TempPathFactory, redis_server_url: str,
                 worker_id: str) -> Iterator[tuple[Served, Path]]:
    workdir = tmp_path_factory.mktemp("metrics-rq")
    shared = workdir / "metrics"
    shared.mkdir()
    with own_database(redis_server_url, worker_id) as redis:
        settings = {"REDIS_URL": redis, "TRAILHEAD_QUEUE_PREFIX": f"m{uuid.uuid4().hex[:8]}",
                    "PROMETHEUS_MULTIPROC_DIR": str(shared)}
        served = serve(workdir, **settings)
        log = workdir / "worker.log"
        worker = start_worker({**settings, "TRAILHEAD_DB": str(workdir / "trailhead.sqlite")}, log)
        try:
            yield served, log
        finally:
            stop_workers([worker])
            stop(served)
    assert list(shared.iterdir()), "the processes wrote their metrics to the shared directory"


def test_the_bots_of_a_worker_count_in_the_services_scrape(installation: tuple[Served, Path]) -> None:
    served, log = installation
    before = scrape(served.base_url)
    created = requests.post(f"{served.base_url}/api/v1/games", timeout=10, json={
        "type": "hike", "seats": [{"name": "r1", "bot": "random"}, {"name": "r2", "bot": "random"}]})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    deadline = time.monotonic() + 60
    while requests.get(f"{served.base_url}/api/v1/games/{game_id}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline, log.read_text(errors="replace")[-3000:]
        time.sleep(0.2)
    after = scrape(served.base_url)

    def moved(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    decided = moved("trailhead_bot_decision_seconds_count", type="hike", level="random")
    assert decided >= 10
    assert moved("trailhead_commands_total", type="hike", outcome="accepted") == decided
    assert moved("trailhead_http_requests_total", route="/api/v1/games", status="201") == 1
