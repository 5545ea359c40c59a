"""/healthz and `trailhead jobs` say ok, degraded or failing, with a reason for each problem."""

from __future__ import annotations

import time
from typing import Any

from click.testing import CliRunner

from domain.core import SeatConfig
from domain.games import GAMES
from service.app import create_app
from service.cli import main
from support.handler import open_games

from .conftest import wait_for


def app_on(database: str, **config: Any) -> Any:
    return create_app({"DATABASE": database, "REDIS_URL": None, "GAMES": GAMES, "RESUME_BOTS": False, **config})


def test_a_healthy_service_is_ok_with_no_reasons(database: str) -> None:
    health = app_on(database).test_client().get("/healthz").get_json()
    assert health["status"] == "ok" and health["reasons"] == [] and health["jobs"] == "inline"


def test_read_models_lagging_the_log_are_degraded(database: str) -> None:
    games = open_games(database)  # commits through the handler alone: nothing projects them
    for seed in ("a", "b"):
        games.create("hikes-of-the-west", [SeatConfig(name="solo")], {}, seed)
    lag = games.store.head_position()
    client = app_on(database, HEALTH_MAX_LAG=lag - 1).test_client()

    health = client.get("/healthz").get_json()

    assert health["status"] == "degraded" and health["projection"]["lag"] == lag
    assert health["reasons"] == [{"check": "projection", "status": "degraded",
                                  "detail": f"the read models lag {lag} events behind the log (more than {lag - 1})"}]


def test_a_bot_seat_waiting_too_long_is_degraded_and_trailhead_jobs_says_so(database: str) -> None:
    games = open_games(database)
    game_id = games.create("hikes-of-the-west", [SeatConfig(name="solo", bot="random")], {}, "w").game.record.id
    app = app_on(database, HEALTH_BOT_WAIT_SECONDS=0.2)  # no resume: the bot seat stays waiting
    app.extensions["trailhead"].runner.catch_up()
    time.sleep(0.3)

    health = app.test_client().get("/healthz").get_json()

    assert health["status"] == "degraded"
    (reason,) = health["reasons"]
    assert reason["check"] == "bots" and f"a bot seat of game {game_id} has waited" in reason["detail"]
    env = {"TRAILHEAD_DB": database, "REDIS_URL": "", "TRAILHEAD_HEALTH_BOT_WAIT_SECONDS": "0.2"}
    shown = CliRunner().invoke(main, ["jobs"], env=env)
    assert "health: degraded" in shown.output and f"degraded: bots: a bot seat of game {game_id}" in shown.output
    app.extensions["trailhead"].runner.resume(app.extensions["trailhead"].bus)
    assert app.extensions["trailhead"].runner.wait_idle(60)
    app.extensions["trailhead"].runner.catch_up()
    assert app.test_client().get("/healthz").get_json()["status"] == "ok"


def test_jobs_waiting_with_no_live_worker_are_failing_until_one_starts(rq_config: dict[str, Any],
                                                                     start_worker: Any) -> None:
    client = create_app(rq_config).test_client()
    created = client.post("/api/v1/games", json={"type": "hikes-of-the-west", "seats": [{"name": "b", "bot": "random"}]})
    assert created.status_code == 201

    health = client.get("/healthz").get_json()

    assert health["status"] == "failing"
    assert {"check": "workers", "status": "failing",
            "detail": "1 job(s) wait on the bots queue and no live worker serves it"} in health["reasons"]
    start_worker()
    wait_for(lambda: client.get("/healthz").get_json()["status"] == "ok", timeout=60, what="a healthy service")


def test_jobs_waiting_on_workers_that_died_are_degraded_once_older_than_the_bot_wait(rq_config: dict[str, Any]) -> None:
    from rq import Worker

    app = create_app({**rq_config, "HEALTH_BOT_WAIT_SECONDS": 0.5})
    runner = app.extensions["trailhead"].runner
    # Registered as a worker is, then silent: what RQ's registry holds of a worker killed with SIGKILL
    # until its key expires (its ttl and a minute later).
    dead = Worker(list(runner.queues.values()), connection=runner.redis, name=f"{rq_config['QUEUE_PREFIX']}-dead")
    dead.register_birth()
    try:
        client = app.test_client()
        created = client.post("/api/v1/games", json={"type": "hikes-of-the-west",
                                                     "seats": [{"name": "b", "bot": "random"}]})
        assert created.status_code == 201
        assert not [r for r in client.get("/healthz").get_json()["reasons"] if r["check"] == "workers"]

        time.sleep(0.7)
        health = client.get("/healthz").get_json()

        assert health["status"] == "degraded"
        (reason,) = [r for r in health["reasons"] if r["check"] == "workers" and "bots queue" in r["detail"]]
        assert reason["status"] == "degraded"
        assert reason["detail"].startswith("1 job(s) wait on the bots queue, the oldest for ")
        assert "none of its 1 registered worker(s) has sent a heartbeat" in reason["detail"]
        dead.heartbeat()  # a worker that answers again is live: no longer reported
        assert not [r for r in client.get("/healthz").get_json()["reasons"] if r["check"] == "workers"]
    finally:
        dead.register_death()
        app.extensions["trailhead"].close()
