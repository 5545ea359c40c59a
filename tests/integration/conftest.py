"""Fixtures of the integration tests: a command handler on the test's database (either backend), a fresh toy
game, and more databases on the same backend for tests that need several."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

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
