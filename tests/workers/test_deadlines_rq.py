"""Deadlines on a real Redis with real RQ workers (issue 15), on each backend: a commit schedules its next
deadline for RQ's scheduler, which `trailhead worker` runs; a deadline Redis lost while no worker ran is
found again in the stored log by the worker's start-up sweep and fires at once."""

from __future__ import annotations

import time
from datetime import datetime
from typing import Any

import pytest
from rq.registry import ScheduledJobRegistry

from service.app import create_app
from workers.rq import RqRunner

from .conftest import wait_for

pytestmark = pytest.mark.slow


def timeouts(client: Any, game_id: str) -> list[dict[str, Any]]:
    log = client.get(f"/api/v1/games/{game_id}/events?limit=1000").get_json()["events"]
    return [event for event in log if event["type"] == "TurnTimedOut"]


def test_missed_deadlines_fire_on_the_worker_and_the_bots_play_the_game_out(rq_config: dict[str, Any],
                                                                             start_worker: Any) -> None:
    start_worker()
    client = create_app(rq_config).test_client()
    created = client.post("/api/v1/games", json={"type": "toy", "seats": [{"name": "Ann"}, {"name": "Bob"}],
                                                 "options": {"pile": 5}, "turn_seconds": 1, "missed_turns_limit": 1,
                                                 "takeover_bot": "random"})
    assert created.status_code == 201
    game_id = created.get_json()["id"]
    version = created.get_json()["version"]
    assert [d["seat"] for d in client.get(f"/api/v1/games/{game_id}").get_json()["deadlines"]] == [0, 1]
    finished = wait_for(lambda: (g := client.get(f"/api/v1/games/{game_id}").get_json())["status"] == "finished"
                        and g, timeout=30, what="both seats to time out and the bots to finish")
    # both bid at once, so both deadlines fell together: seat 0's TimeOut first, then seat 1's at the next version
    fired = timeouts(client, game_id)
    assert [(e["seat"], e["data"]["bot"], e["command_id"]) for e in fired] == [
        (0, "random", f"timeout:{game_id}:{version}:0"), (1, "random", f"timeout:{game_id}:{fired[1]['seq'] - 1}:1")]
    assert [s["gone"] for s in finished["seats"]] == [True, True]
    audit = client.get(f"/api/v1/games/{game_id}/audit").get_json()
    assert audit["ok"] and audit["checks"]["rederivation"] == "ok", audit


def test_a_deadline_redis_lost_while_no_worker_ran_fires_when_a_worker_starts(rq_config: dict[str, Any],
                                                                              start_worker: Any) -> None:
    client = create_app(rq_config).test_client()
    created = client.post("/api/v1/games", json={"type": "toy", "seats": [{"name": "Ann"}, {"name": "Bob"}],
                                                 "turn_seconds": 1}).get_json()
    game_id, version = created["id"], created["version"]
    scheduled = ScheduledJobRegistry(queue=RqRunner(rq_config).bots)
    assert scheduled.get_job_ids() == [f"deadline-{game_id}-{version}"]
    for job_id in scheduled.get_job_ids():  # as if Redis restarted empty while no worker ran
        scheduled.remove(job_id, delete_job=True)
    deadline = client.get(f"/api/v1/games/{game_id}").get_json()["deadlines"][0]["deadline"]
    time.sleep(1.2)  # the deadline passes while nothing could fire it
    assert timeouts(client, game_id) == []
    started = time.time()
    start_worker()
    fired = wait_for(lambda: len(t := timeouts(client, game_id)) == 2 and t, timeout=30,
                     what="the worker's start-up sweep to find both deadlines again")
    assert [(e["seat"], e["data"]["missed"]) for e in fired] == [(0, 1), (1, 1)]
    assert fired[0]["command_id"] == f"timeout:{game_id}:{version}:0"
    fired_at = [datetime.fromisoformat(e["recorded_at"]) for e in fired]
    assert all(at > datetime.fromisoformat(deadline) and at.timestamp() >= started for at in fired_at)
