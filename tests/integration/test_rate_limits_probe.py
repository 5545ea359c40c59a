"""What a hostile client's probe of the rate limits found: forwarded addresses from anyone, and minted
tokens multiplying allowances. Through the Flask test client, counts in memory (README, Rate limits)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from application.settings import SettingsError, trusted_proxies
from domain.games import GAMES
from integration.toy_client import API, ToyGame
from service.app import create_app
from support.toy import SPEC as TOY

TOY_GAME = {"type": "toy", "seats": [{"name": "ann"}, {"name": "bob"}]}


def limited(database: str, limits: str, **config: Any) -> FlaskClient:
    return create_app({"DATABASE": database, "GAMES": (*GAMES, TOY), "TESTING": True, "RATE_LIMITS": limits,
                       **config}).test_client()


def create(client: FlaskClient, peer: str, forwarded: str | None = None) -> TestResponse:
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    return client.post(f"{API}/games", json=TOY_GAME, headers=headers, environ_base={"REMOTE_ADDR": peer})


def test_x_forwarded_for_buys_nothing_without_trusted_proxies(database: str) -> None:
    client = limited(database, "create=2/minute")
    statuses = [create(client, "127.0.0.1", f"198.51.100.{i}").status_code for i in range(3)]
    assert statuses == [201, 201, 429]


def test_a_trusted_proxy_forwards_the_address_it_saw_and_no_other(database: str) -> None:
    client = limited(database, "create=1/minute", TRUSTED_PROXIES="127.0.0.1, 10.1.0.0/16")
    assert create(client, "127.0.0.1", "203.0.113.5").status_code == 201
    assert create(client, "127.0.0.1", "203.0.113.5").status_code == 429
    # what the client wrote comes first, the address the proxy saw last: only the latter counts
    assert create(client, "127.0.0.1", "198.51.100.7, 203.0.113.5").status_code == 429
    # two trusted proxies in a row: the nearest untrusted address
    assert create(client, "127.0.0.1", "203.0.113.6, 10.1.2.3").status_code == 201
    assert create(client, "127.0.0.1", "203.0.113.6").status_code == 429
    # a peer that is no trusted proxy counts as itself, whatever it forwards
    assert create(client, "192.0.2.9", "203.0.113.7").status_code == 201
    assert create(client, "192.0.2.9", "203.0.113.8").status_code == 429


def test_trusted_proxies_must_be_addresses_or_networks() -> None:
    assert trusted_proxies(None) == () and trusted_proxies(" ") == ()
    assert trusted_proxies("10.0.0.5, ::1 192.168.0.0/16") == ("10.0.0.5/32", "::1/128", "192.168.0.0/16")
    with pytest.raises(SettingsError, match="TRAILHEAD_TRUSTED_PROXIES: 'proxy.local' is not an address"):
        trusted_proxies("10.0.0.5,proxy.local")


def test_minted_tokens_share_their_address_s_ceiling_on_reads(database: str) -> None:
    client = limited(database, "read=3/minute;address-read=5/minute;create=off")
    game = ToyGame(client)
    for _ in range(3):
        assert client.get(game.url, headers=game.auth(0)).status_code == 200
    assert client.get(game.url, headers=game.auth(1)).status_code == 200
    assert client.get(game.url, headers=game.auth(1)).status_code == 200
    refused = client.get(game.url, headers=game.auth(1))  # its own allowance has 1 left; the address none
    assert refused.status_code == 429 and refused.headers["RateLimit-Limit"] == "5"
    assert refused.get_json()["detail"].startswith("this address has reached its ceiling of 5 reads per minute")
    fresh = ToyGame(client)
    assert client.get(fresh.url, headers=fresh.auth(0)).status_code == 429
    elsewhere = client.get(fresh.url, headers=fresh.auth(0), environ_base={"REMOTE_ADDR": "10.0.0.3"})
    assert elsewhere.status_code == 200 and elsewhere.headers["RateLimit-Limit"] == "3"


def test_minted_tokens_share_their_address_s_ceiling_on_commands(database: str) -> None:
    client = limited(database, "command=2/minute;address-command=3/minute;create=off")
    first, second = ToyGame(client), ToyGame(client)
    assert first.send(0, "Bid", {"amount": 1}).status_code == 201
    assert first.send(1, "Bid", {"amount": 1}).status_code == 201
    assert second.send(0, "Bid", {"amount": 1}).status_code == 201
    refused = second.send(1, "Bid", {"amount": 1})
    assert refused.status_code == 429, refused.get_json()
    assert "ceiling of 3 commands per minute" in refused.get_json()["detail"]


def test_healthz_says_where_the_limits_are_counted(database: str) -> None:
    assert limited(database, "read=100/minute").get("/healthz").get_json()["limits"] == "per-process"
    assert limited(database, "off").get("/healthz").get_json()["limits"] == "off"
