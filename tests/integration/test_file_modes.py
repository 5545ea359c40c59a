"""The files of the SQLite backend: where they are made."""

from __future__ import annotations

from pathlib import Path

from domain.games import GAMES
from integration.toy_client import ToyGame
from service.app import create_app
from support.toy import SPEC as TOY


def test_a_database_in_a_directory_not_made_yet_is_created_there(tmp_path: Path) -> None:
    database = tmp_path / "not" / "made" / "yet" / "trailhead.sqlite"

    ToyGame(create_app({"DATABASE": str(database), "GAMES": (*GAMES, TOY), "TESTING": True}).test_client())

    assert database.is_file()
