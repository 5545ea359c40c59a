"""`trailhead serve` with TRAILHEAD_RATE_LIMITS unset: the default limits are on, over real HTTP.

The server has two gunicorn workers and no Redis, so each worker counts in its own memory
(README, Rate limits): the first 30 creations from one address always pass, and a 429 comes
by the 61st at the latest. Every exchange is checked against openapi.yaml.
"""

from __future__ import annotations

import pytest

from e2e.contract import Api

API = "/api/v1"
SOLO = {"type": "hikes-of-the-west", "seats": [{"name": "walker"}]}
WORKERS = 2
CREATIONS = 30  # the default: a minute, per address

SERVER_ENV = {"TRAILHEAD_RATE_LIMITS": None}

pytestmark = pytest.mark.slow  # a real server, real processes


def test_the_defaults_are_on_and_answer_429_with_retry_after_over_http(api: Api) -> None:
    created = api.call("POST", f"{API}/games", 201, json=SOLO)
    assert created.headers["RateLimit-Limit"] == str(CREATIONS)
    game = created.json()
    token = game["seats"][0]["token"]
    read = api.call("GET", f"{API}/games/{game['id']}/actions", 200, token=token)
    assert read.headers["RateLimit-Limit"] == "1200"
    action = read.json()["actions"][0]
    sent = api.call("POST", f"{API}/games/{game['id']}/commands", 201, token=token,
                    json={"type": action["type"], "args": action["args"]})
    assert sent.headers["RateLimit-Limit"] == "600" and sent.headers["RateLimit-Remaining"] == "599"

    for _ in range(CREATIONS - 1):
        api.call("POST", f"{API}/games", 201, json=SOLO)
    statuses = []
    for _ in range(CREATIONS * (WORKERS - 1) + 1):
        response = api.session.post(f"{api.base_url}{API}/games", json=SOLO, timeout=30)
        api.validate(response)
        statuses.append(response.status_code)
        if response.status_code == 429:
            break
    assert statuses[-1] == 429 and set(statuses[:-1]) <= {201}, statuses
    assert response.json()["type"] == "urn:trailhead:problem:rate-limited"
    assert 1 <= int(response.headers["Retry-After"]) <= 60


def test_x_forwarded_for_from_the_loopback_gets_no_fresh_allowance(api: Api) -> None:
    """TRAILHEAD_TRUSTED_PROXIES unset: the front and the app count the peer (127.0.0.1), whatever it forwards."""
    statuses = []
    for i in range(CREATIONS * WORKERS + 1):
        response = api.session.post(f"{api.base_url}{API}/games", json=SOLO, timeout=30,
                                    headers={"X-Forwarded-For": f"198.51.100.{i % 250}"})
        statuses.append(response.status_code)
        if response.status_code == 429:
            break
    assert statuses[-1] == 429 and set(statuses[:-1]) <= {201}, statuses
