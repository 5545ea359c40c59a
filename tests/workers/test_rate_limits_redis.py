"""Rate limits counted in Redis (REDIS_URL set): every process of the service shares one count.

Here rather than in tests/integration for the suite's Redis fixtures (conftest.py): each
test has a Redis database of its own, flushed before and after. Two `create_app` on the
same database and Redis stand for two gunicorn workers, or two hosts.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import redis
from flask import Flask
from werkzeug.test import TestResponse

from domain.games import GAMES
from service.app import create_app
from support.redis_server import free_port
from support.toy import SPEC as TOY

API = "/api/v1"
TOY_GAME = {"type": "toy", "seats": [{"name": "ann"}, {"name": "bob"}]}


def app_on(database: str, redis_url: str, prefix: str, limits: str = "create=3/minute") -> Flask:
    config: dict[str, Any] = {"DATABASE": database, "REDIS_URL": redis_url, "QUEUE_PREFIX": prefix,
                              "GAMES": (*GAMES, TOY), "TESTING": True, "RATE_LIMITS": limits}
    return create_app(config)


def create(app: Flask, address: str = "127.0.0.1") -> TestResponse:
    return app.test_client().post(f"{API}/games", json=TOY_GAME, environ_base={"REMOTE_ADDR": address})


def test_two_apps_on_one_redis_share_a_client_s_count(database: str, redis_url: str) -> None:
    prefix = f"t{uuid.uuid4().hex[:8]}"
    first, second = app_on(database, redis_url, prefix), app_on(database, redis_url, prefix)
    assert [create(first).status_code, create(second).status_code, create(first).status_code] == [201, 201, 201]
    assert first.test_client().get("/healthz").get_json()["limits"] == "shared"
    refused = create(second)
    assert refused.status_code == 429 and refused.headers["Content-Type"] == "application/problem+json"
    assert refused.headers["RateLimit-Remaining"] == "0" and int(refused.headers["Retry-After"]) >= 1
    assert create(first).status_code == 429
    assert create(second, "10.0.0.2").status_code == 201
    stored = redis.Redis.from_url(redis_url)
    try:
        assert [key for key in stored.keys("*") if prefix.encode() in key and b"address:127.0.0.1" in key]
    finally:
        stored.close()


def test_another_queue_prefix_is_another_installation_with_its_own_counts(database: str, redis_url: str,
                                                                          tmp_path: Path) -> None:
    ours = app_on(database, redis_url, f"t{uuid.uuid4().hex[:8]}", "create=1/minute")
    theirs = app_on(str(tmp_path / "theirs.sqlite"), redis_url, f"t{uuid.uuid4().hex[:8]}", "create=1/minute")
    assert create(ours).status_code == 201
    assert create(ours).status_code == 429
    assert create(theirs).status_code == 201


def test_with_redis_unreachable_each_process_counts_in_memory_and_nothing_is_a_500(database: str) -> None:
    app = app_on(database, f"redis://127.0.0.1:{free_port()}/0", f"t{uuid.uuid4().hex[:8]}")
    assert [create(app).status_code for _ in range(4)] == [201, 201, 201, 429]
    response = app.test_client().get(f"{API}/game-types")
    assert response.status_code == 200 and response.headers["RateLimit-Limit"] == "1200"
