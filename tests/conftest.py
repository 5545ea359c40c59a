"""Shared fixtures: a real SQLite file per test, the app with the real registry plus a toy game."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

sys.path.append(str(Path(__file__).resolve().parent))

from domain.games import GAMES  # noqa: E402
from service.app import create_app  # noqa: E402
from support.toy import SPEC as TOY  # noqa: E402


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "trailhead.sqlite"


@pytest.fixture
def app(db_path: Path) -> Iterator[Flask]:
    # Client seeds used as they are, as an operator's test tooling sets them: the API tests replay
    # seeded games (the mixed default is tested on its own and by the e2e server). Rate limits off:
    # these tests send many requests from one client; tests/integration/test_rate_limits.py turns them on.
    yield create_app({"DATABASE": str(db_path), "GAMES": (*GAMES, TOY), "TESTING": True, "CLIENT_SEEDS": "exact",
                      "RATE_LIMITS": "off"})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
