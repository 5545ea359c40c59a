"""Jobs on a real Redis with real RQ worker processes, on each backend: bots, projections, crashes, outages."""

from __future__ import annotations

import signal
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis
from rq.registry import FailedJobRegistry

from application.bus import HANDLERS
from application.messages import ProjectionDue
from application.projections import PROJECTION
from domain.games import GAMES
from service.app import create_app
from support.databases import rows
from support.redis_server import PrivateRedis
from workers.rq import RqRunner

from .conftest import REGISTRY, backlog, crash, open_games, projected, snapshot, wait_for

pytestmark = pytest.mark.slow
Rebuilt = Callable[[str], dict[str, list[Any]]]


def client_of(config: dict[str, Any]) -> Any:
    return create_app(config).test_client()


def games_played(database: str) -> int:
    return int(rows(database, "SELECT SUM(games_played) FROM player_stats")[0][0])


# Every game's bots on SQLite; on PostgreSQL the shortest game (the jobs and the storage are the same for all).
@pytest.mark.parametrize(("database", "spec"), [*(("sqlite", spec) for spec in GAMES),
                                                ("postgresql", REGISTRY("hikes-of-the-west"))],
                         ids=lambda value: getattr(value, "id", value), indirect=["database"])
def test_a_bots_only_game_finishes_on_the_workers(spec: Any, rq_config: dict[str, Any], start_worker: Any) -> None:
    client = client_of(rq_config)
    seats = [{"name": f"bot-{i}", "bot": "random"} for i in range(spec.min_seats)]
    created = client.post("/api/v1/games", json={"type": spec.id, "seats": seats, "seed": "workers"})
    assert created.status_code == 201
    assert created.get_json()["status"] == "active"  # returned at once: nothing played on the request path
    game_id = created.get_json()["id"]
    start_worker()
    finished = wait_for(lambda: (g := client.get(f"/api/v1/games/{game_id}").get_json())["status"] == "finished" and g,
                        timeout=120, what="the bots to finish")
    assert finished["result"] is not None
    wait_for(lambda: client.get(f"/api/v1/games/{game_id}").get_json()["projection_lag"] == 0, what="projection")
    listed = client.get(f"/api/v1/games?type={spec.id}&status=finished").get_json()["games"]
    assert [g["id"] for g in listed] == [game_id]


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_bots_acting_at_once_finish_a_game_on_the_workers(rq_config: dict[str, Any], start_worker: Any) -> None:
    """Several bot seats to act at once (Hike!'s simultaneous days): each bot-turn job plays one seat's command and
    hands the rest on, until every seat's day is done and the race ends."""
    # the seed as given (a seed mixed with the server's secret gives, in about one game in ten, a race where
    # only one sled ever moves)
    client = client_of({**rq_config, "CLIENT_SEEDS": "exact"})
    seats = [{"name": f"bot-{i}", "bot": level} for i, level in enumerate(("expert", "random", "expert"))]
    created = client.post("/api/v1/games", json={"type": "hike", "seats": seats, "seed": "workers-together",
                                                 "options": {"simultaneous_days": True}})
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["id"]
    start_worker()
    finished = wait_for(lambda: (g := client.get(f"/api/v1/games/{game_id}").get_json())["status"] == "finished" and g,
                        timeout=120, what="the bots to finish")
    assert finished["result"] is not None
    events = client.get(f"/api/v1/games/{game_id}/events?limit=1000").get_json()["events"]
    assert len({e["seat"] for e in events if e["type"] == "HuskyRan"}) > 1  # several racers: days at once
    assert client.get(f"/api/v1/games/{game_id}/audit").get_json()["ok"] is True


def test_a_bot_answers_a_human_over_http_without_the_client_asking(rq_config: dict[str, Any],
                                                                  start_worker: Any) -> None:
    start_worker()
    client = client_of(rq_config)
    created = client.post("/api/v1/games", json={"type": "toy", "seats": [{"name": "Ann"}, {"name": "Bot", "bot": "careful"}],
                                                 "options": {"pile": 9}}).get_json()
    headers = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    game_id = created["id"]
    wait_for(lambda: client.get(f"/api/v1/games/{game_id}").get_json()["to_act"] == [0], what="the bot's bid")
    # the careful bot bid 3; bidding 0 gives it the first turn (toy rules)
    reply = client.post(f"/api/v1/games/{game_id}/commands", headers=headers, json={"type": "Bid", "args": {"amount": 0}})
    assert reply.status_code == 201
    version = reply.get_json()["version"]
    game = wait_for(lambda: (g := client.get(f"/api/v1/games/{game_id}", headers=headers).get_json())["version"] > version
                    and g, what="the bot's reply")
    bot_events = client.get(f"/api/v1/games/{game_id}/events?after={version}").get_json()["events"]
    assert bot_events and all(e["seat"] == 1 and e["command_id"].startswith("bot:") for e in bot_events)
    assert game["to_act"] == [0]


def test_projections_converge_after_hundreds_of_commands(rq_config: dict[str, Any], start_worker: Any,
                                                         database: str, rebuilt_snapshot: Rebuilt) -> None:
    start_worker()
    client = client_of(rq_config)
    ids = []
    for i in range(6):
        seats = [{"name": f"hiker-{i % 3}", "bot": "random"}]
        ids.append(client.post("/api/v1/games", json={"type": "hikes-of-the-west", "seats": seats}).get_json()["id"])
    toy = client.post("/api/v1/games", json={"type": "toy", "seats": [{"name": "Ann"}, {"name": "Bob"}],
                                             "options": {"pile": 50}}).get_json()
    tokens = [seat["token"] for seat in toy["seats"]]
    for seat in (0, 1):
        client.post(f"/api/v1/games/{toy['id']}/commands", headers={"Authorization": f"Bearer {tokens[seat]}"},
                    json={"type": "Bid", "args": {"amount": seat}})
    sent = 2
    while sent < 200:
        game = client.get(f"/api/v1/games/{toy['id']}").get_json()
        seat = game["to_act"][0]
        response = client.post(f"/api/v1/games/{toy['id']}/commands", headers={"Authorization": f"Bearer {tokens[seat]}"},
                               json={"type": "Roll", "args": {}, "expected_version": game["version"]})
        assert response.status_code == 201
        sent += 1
    for game_id in ids:
        wait_for(lambda gid=game_id: client.get(f"/api/v1/games/{gid}").get_json()["status"] == "finished", timeout=120,
                 what="bot games")
    wait_for(lambda: projected(database), what="the projection to catch up")
    assert snapshot(database) == rebuilt_snapshot(database)
    board = client.get("/api/v1/leaderboard?type=hikes-of-the-west").get_json()["seat_names"]
    assert sum(row["games_played"] for row in board) == 6


@pytest.mark.both_backends  # the checkpoint's transaction
def test_a_worker_killed_mid_projection_loses_and_doubles_nothing(rq_config: dict[str, Any], start_worker: Any,
                                                                  database: str, rebuilt_snapshot: Rebuilt) -> None:
    backlog(database, [f"backlog-{i}" for i in range(8)])
    games = open_games(database)
    total = games.store.head_position()
    RqRunner(rq_config).enqueue(HANDLERS[ProjectionDue], ProjectionDue(), force=True)
    slow = {"TRAILHEAD_PROJECTION_BATCH": "10"}
    victim = start_worker("--queues", "projections", cli=True, env=slow)

    def part_way() -> bool:
        position = games.store.checkpoint(PROJECTION).position
        return 0 < position < total * 0.8

    wait_for(part_way, timeout=60, interval=0.005, what="the projection to be part way")
    crash(victim)
    stopped_at = games.store.checkpoint(PROJECTION).position
    assert stopped_at < total
    start_worker("--queues", "projections", cli=True)
    wait_for(lambda: projected(database), timeout=60, what="a new worker to finish the projection")
    assert snapshot(database) == rebuilt_snapshot(database)
    assert games_played(database) == 8


@pytest.mark.both_backends  # projectors racing on each backend's locks
def test_the_same_projection_job_twice_and_in_two_workers_applies_once(rq_config: dict[str, Any],
                                                                       start_worker: Any, database: str,
                                                                       rebuilt_snapshot: Rebuilt) -> None:
    backlog(database, [f"twice-{i}" for i in range(6)])
    games = open_games(database)
    jobs = RqRunner(rq_config)
    for _ in range(4):
        jobs.enqueue(HANDLERS[ProjectionDue], ProjectionDue(), force=True)
    assert jobs.projections.count == 4
    workers = [start_worker("--burst", "projections", env={"TRAILHEAD_PROJECTION_BATCH": "20"}) for _ in range(2)]
    for worker in workers:
        assert worker.wait(timeout=120) == 0
    assert projected(database)
    assert snapshot(database) == rebuilt_snapshot(database)
    assert games_played(database) == 6


def test_failed_jobs_are_kept_and_listed(rq_config: dict[str, Any], start_worker: Any) -> None:
    from click.testing import CliRunner

    from service.cli import main

    jobs = RqRunner(rq_config)
    jobs.bots.enqueue("workers.jobs.play_bots", "no-such-game", 3)  # a job name of release 0.1
    worker = start_worker("--burst", "bots")
    assert worker.wait(timeout=60) == 0
    assert FailedJobRegistry(queue=jobs.bots).count == 1
    env = {"TRAILHEAD_DB": rq_config["DATABASE"], "REDIS_URL": rq_config["REDIS_URL"],
           "TRAILHEAD_QUEUE_PREFIX": rq_config["QUEUE_PREFIX"]}
    listed = CliRunner().invoke(main, ["jobs", "failed"], env=env)
    assert listed.exit_code == 0
    assert "workers.jobs.play_bots('no-such-game', 3)" in listed.output and "no game with id" in listed.output
    status = CliRunner().invoke(main, ["jobs"], env=env)
    assert f"queue {rq_config['QUEUE_PREFIX']}-bots: 0 waiting, 0 running, 1 failed" in status.output


def test_commands_are_accepted_while_redis_is_down_and_the_sweep_catches_up(
    rq_config: dict[str, Any], start_worker: Any, database: str, rebuilt_snapshot: Rebuilt
) -> None:
    if not PrivateRedis.available():
        pytest.fail("this test starts and stops a redis-server of its own: install redis-server", pytrace=False)
    server = PrivateRedis().start()
    try:
        config = {**rq_config, "REDIS_URL": server.url}
        client = client_of(config)
        toy = client.post("/api/v1/games", json={"type": "toy", "seats": [{"name": "Ann"}, {"name": "Bob"}]}).get_json()
        server.stop()
        assert client.get("/healthz").get_json()["redis"] == "down"
        bots = client.post("/api/v1/games", json={"type": "hikes-of-the-west", "seats": [{"name": "b", "bot": "random"}]})
        assert bots.status_code == 201
        headers = {"Authorization": f"Bearer {toy['seats'][0]['token']}"}
        bid = client.post(f"/api/v1/games/{toy['id']}/commands", headers=headers, json={"type": "Bid", "args": {"amount": 1}})
        assert bid.status_code == 201
        server.start()
        start_worker(env={"REDIS_URL": server.url})
        bots_id = bots.get_json()["id"]
        wait_for(lambda: client.get(f"/api/v1/games/{bots_id}").get_json()["status"] == "finished", timeout=60,
                 what="the sweep to wake the waiting bot")
        wait_for(lambda: projected(database), timeout=30, what="the sweep to catch the projection up")
        assert snapshot(database) == rebuilt_snapshot(database)
        assert client.get("/healthz").get_json()["status"] == "ok"
    finally:
        server.stop()
        redis.Redis.from_url(rq_config["REDIS_URL"]).close()


def test_a_worker_outlives_a_redis_outage_and_everything_catches_up_after_it(
    rq_config: dict[str, Any], start_worker: Any, database: str
) -> None:
    """Redis SIGKILLed while bot games flow: commands keep succeeding, the worker never exits, and
    once Redis is back (empty: it keeps nothing on disk) every bot game moves again."""
    if not PrivateRedis.available():
        pytest.fail("this test starts and stops a redis-server of its own: install redis-server", pytrace=False)
    server = PrivateRedis().start()
    try:
        config = {**rq_config, "REDIS_URL": server.url}
        client = client_of(config)
        worker = start_worker(env={"REDIS_URL": server.url})
        seats = [{"name": f"musher-{i}", "bot": "random"} for i in range(3)]
        before = [client.post("/api/v1/games", json={"type": "hike", "seats": seats, "seed": f"out-{i}"}).get_json()["id"]
                  for i in range(3)]
        wait_for(lambda: any(client.get(f"/api/v1/games/{g}").get_json()["version"] > 20 for g in before),
                 what="the bots to be playing")
        assert server.process is not None
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        toy = client.post("/api/v1/games", json={"type": "toy", "seats": [{"name": "Ann"}, {"name": "Bob"}]})
        during = client.post("/api/v1/games", json={"type": "hike", "seats": seats, "seed": "during"})
        assert toy.status_code == 201 and during.status_code == 201
        headers = {"Authorization": f"Bearer {toy.get_json()['seats'][0]['token']}"}
        bid = client.post(f"/api/v1/games/{toy.get_json()['id']}/commands", headers=headers,
                          json={"type": "Bid", "args": {"amount": 1}})
        assert bid.status_code == 201
        waiting = [g for g in [*before, during.get_json()["id"]]
                   if client.get(f"/api/v1/games/{g}").get_json()["status"] != "finished"]
        assert waiting, "the outage came too late: every game had finished"
        time.sleep(1.5)  # the worker meets the outage (its heartbeat and dequeue fail)
        assert worker.poll() is None, "the worker exited when Redis went away"
        server.start()
        back = time.monotonic()
        for game_id in waiting:
            wait_for(lambda: client.get(f"/api/v1/games/{game_id}").get_json()["status"] == "finished", timeout=90,
                     what=f"game {game_id} to finish after Redis came back")
        print(f"all bot games finished {time.monotonic() - back:.1f} s after Redis came back")
        assert worker.poll() is None
        wait_for(lambda: projected(database), timeout=30, what="the projection to catch up")
    finally:
        server.stop()
