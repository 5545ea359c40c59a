"""The fold: `evolve` applies each event of this game and refuses anything else."""

from __future__ import annotations

import pytest
from hotw_scenario import opening
from support.scenario import given

from domain.core import Decision, Event, SeatConfig, Table, Value, decision_rng
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.events import DiceRolled, LocationsRevealed
from domain.games.hikes_of_the_west.rules import HIKER


class Stray(Event, Value):
    """An event of no game of ours."""

    TYPE = "Stray"


def test_evolve_refuses_an_event_of_another_game() -> None:
    with pytest.raises(TypeError, match="Stray is not an event of Hikes of the West"):
        SPEC.evolve(given(SPEC, opening()), Stray())


def test_evolve_refuses_an_event_before_the_game_was_created() -> None:
    with pytest.raises(TypeError, match="LocationsRevealed before GameCreated"):
        SPEC.evolve(None, LocationsRevealed(locations=("zion", "pipestone", "joshua-tree")))


def test_evolve_refuses_a_hiking_event_with_no_hike_under_way() -> None:
    with pytest.raises(TypeError, match="DiceRolled with no hike under way"):
        SPEC.evolve(given(SPEC, opening()), DiceRolled(dice=(1, 2, 3, 4, 5, 6)))


@pytest.mark.parametrize(("level", "seed"), [("random", "fold-a"), ("random", "fold-b"), ("planner", "fold-c")])
def test_a_decision_carries_the_state_its_events_fold_to(level: str, seed: str) -> None:
    """Every listed command, all along a game: `decide` returns the state, so the cycle folds nothing again."""
    game = Table(SPEC, SPEC.normalize_config([SeatConfig(name="bot", bot=level)], {}), seed=seed)
    while not game.finished:
        for command in SPEC.legal_commands(game.state, HIKER):
            decision = SPEC.decide(game.state, HIKER, command, decision_rng(game.seed, game.version))
            assert isinstance(decision, Decision)
            assert decision.state == SPEC.fold(decision, game.state)
        game.submit(HIKER, game.bot_command(HIKER, level))
