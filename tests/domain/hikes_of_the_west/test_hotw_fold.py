"""The fold: `evolve` applies each event of this game and refuses anything else."""

from __future__ import annotations

import pytest
from hotw_scenario import opening

from domain.core import Event, Value
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.events import DiceRolled, LocationsRevealed


class Stray(Event, Value):
    """An event of no game of ours."""

    TYPE = "Stray"


def test_evolve_refuses_an_event_of_another_game() -> None:
    with pytest.raises(TypeError, match="Stray is not an event of Hikes of the West"):
        SPEC.evolve(SPEC.fold(opening()), Stray())


def test_evolve_refuses_an_event_before_the_game_was_created() -> None:
    with pytest.raises(TypeError, match="LocationsRevealed before GameCreated"):
        SPEC.evolve(None, LocationsRevealed(locations=("zion", "pipestone", "joshua-tree")))


def test_evolve_refuses_a_hiking_event_with_no_hike_under_way() -> None:
    with pytest.raises(TypeError, match="DiceRolled with no hike under way"):
        SPEC.evolve(SPEC.fold(opening()), DiceRolled(dice=(1, 2, 3, 4, 5, 6)))

