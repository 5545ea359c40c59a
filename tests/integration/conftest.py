"""Fixtures of the integration tests: a command handler on the test's SQLite file, a fresh toy game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from integration.event_log import open_service
from integration.toy_client import ToyGame
from application.handler import GameService


@pytest.fixture
def service(db_path: Path) -> Iterator[GameService]:
    """A command handler on its own connection to the test's SQLite file."""
    games = open_service(db_path)
    yield games
    games.store.close()


@pytest.fixture
def toy(client: FlaskClient) -> ToyGame:
    """A fresh toy game with two human seats."""
    return ToyGame(client)
