"""A command expecting the version this process cached is decided without reading the game again
(application/handler.py): when another process moved the game on meanwhile, the answer is still the
stored game's (a conflict, or the first outcome of a retried command id), never the stale cache's."""

from __future__ import annotations

from pathlib import Path

import pytest

from application.handler import GameService
from domain.core import SeatConfig
from storage import VersionConflict
from support.handler import open_games


def moved_on_elsewhere(here: GameService, there: GameService, seed: str) -> tuple[str, int]:
    """A game `here` created and cached at its version, which `there` (another process) then moved on by one."""
    game_id = here.create("toy", [SeatConfig(name="ann"), SeatConfig(name="bob")], seed=seed).game.record.id
    version = here.load(game_id).version
    there.submit(game_id, 0, "Bid", {"amount": 2}, expected_version=version, command_id="theirs")
    return game_id, version


def test_a_stale_cache_answers_as_the_stored_game(tmp_path: Path) -> None:
    here, there = open_games(tmp_path / "two.sqlite"), open_games(tmp_path / "two.sqlite")  # two processes
    try:
        game_id, version = moved_on_elsewhere(here, there, "retried")
        retried = here.submit(game_id, 0, "Bid", {"amount": 2}, expected_version=version, command_id="theirs")
        assert not retried.new and retried.events[0].seq == version + 1  # its first outcome, committed there

        for seed, amount in (("legal here", 1), ("illegal anywhere", 7)):  # refused by the append; by the rules
            game_id, version = moved_on_elsewhere(here, there, seed)
            with pytest.raises(VersionConflict) as conflict:
                here.submit(game_id, 0, "Bid", {"amount": amount}, expected_version=version, command_id="mine")
            assert conflict.value.current == version + 1  # the stored game's version: a 409, never a 422
            played = here.submit(game_id, 1, "Bid", {"amount": 3}, expected_version=version + 1)
            assert played.new and played.events[0].seq == version + 2
            assert [c.command_id for c in here.store.commands(game_id)][-2] == "theirs"
    finally:
        here.store.close()
        there.store.close()
