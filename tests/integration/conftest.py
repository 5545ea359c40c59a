"""Fixtures of the integration tests: a command handler on the test's database (either backend), a fresh toy
game, and more databases on the same backend for tests that need several."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from application.container import Trailhead
from bootstrap import bootstrap
from integration.event_log import open_service
from integration.toy_client import ToyGame
from application.handler import GameService
from support.rows import new_database  # noqa: F401 - a fixture of these tests


@pytest.fixture
def service(database: str) -> Iterator[GameService]:
    """A command handler on its own storage of the test's database."""
    games = open_service(database)
    yield games
    games.store.close()


@pytest.fixture
def toy(client: FlaskClient) -> ToyGame:
    """A fresh toy game with two human seats."""
    return ToyGame(client)


@pytest.fixture
def embedded(database: str) -> Iterator[Trailhead]:
    """The whole application on the test's database with inline jobs (no Redis), closed once its bots are idle."""
    trailhead = bootstrap({"DATABASE": database, "REDIS_URL": ""})
    yield trailhead
    trailhead.runner.wait_idle(30)  # type: ignore[attr-defined]
    trailhead.close()
