"""The ladder on a real Redis with real RQ workers (issue 30, item 6): its rounds are jobs RQ's scheduler
enqueues, each scheduling the next, and the workers seat, play, project and rate the ladder's games."""

from __future__ import annotations

from typing import Any

import pytest
from rq.registry import ScheduledJobRegistry

from service.app import create_app
from workers.rq import RqRunner

from .conftest import wait_for

pytestmark = pytest.mark.slow

API = "/api/v1"


@pytest.fixture
def ladder_config(rq_config: dict[str, Any]) -> dict[str, Any]:
    settings = {"LADDER_SECONDS": 1, "LADDER_TURN_SECONDS": 1, "LADDER_TAKEOVER_BOT": "random"}
    return {**rq_config, **settings, "ENV": {f"TRAILHEAD_{name}": value for name, value in settings.items()}}


def test_the_ladders_rounds_run_on_the_workers_and_its_games_are_rated(ladder_config: dict[str, Any],
                                                                      start_worker: Any) -> None:
    rq_config = ladder_config
    client = create_app(rq_config).test_client()
    ann = client.post(f"{API}/players", json={"name": "Ann"}).get_json()
    key = {"Authorization": f"Bearer {ann['key']}"}
    for body in ({"bot": "random"}, {"bot": "careful"}):
        assert client.post(f"{API}/ladder/toy/entries", headers=key, json=body).status_code == 201
    scheduled = ScheduledJobRegistry(queue=RqRunner(rq_config).bots).get_job_ids()
    assert any(job.startswith("ladder-ladder-toy-wake-") for job in scheduled)  # the entry's wake-up
    assert any(job.startswith("ladder-ladder-toy-") and "wake" not in job for job in scheduled)  # the next round

    settings = {name: str(value) for name, value in rq_config["ENV"].items()}  # the workers' ladder period too
    start_worker(env=settings)
    start_worker(env=settings)

    def rounds_played() -> dict[str, Any] | None:
        now = client.get(f"{API}/ladder/toy").get_json()
        finished = [game for game in now["games"] if game["status"] == "finished"]
        return now if len(finished) >= 3 and all(row["rating"] is not None for row in now["entrants"]) else None

    ladder = wait_for(rounds_played, timeout=60, what="three ladder rounds played and rated on the workers")
    assert {row["entrant"] for row in ladder["entrants"]} == {"bot:random", "bot:careful"}
    assert all(set(game["entrants"]) == {"bot:random", "bot:careful"} for game in ladder["games"])

    def rated() -> list[dict[str, Any]] | None:  # the ratings' read model catches up on its own
        board = client.get(f"{API}/leaderboard?type=toy&pool=ladder").get_json()["players"]
        return board if len(board) == 2 and all(row["games"] >= 3 for row in board) else None

    board = wait_for(rated, timeout=30, what="each entrant's three ladder games on the leaderboard")
    assert {row["player"] for row in board} == {"bot:random", "bot:careful"}
