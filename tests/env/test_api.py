"""PettingZoo's own checks of the environment: its API test for every game type and seat count, its seed test."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test

import trailhead_env
from domain.core import InvalidCommand, UnknownGame
from domain.games import GAMES

TABLES = [(spec.id, seats) for spec in GAMES for seats in range(spec.min_seats, spec.max_seats + 1)]

# PettingZoo's API test warns about what it takes to be a numeric learner's taste (observations that are not
# NumPy arrays, spaces other than Box or Discrete); our view is JSON on purpose (trailhead_env/spaces.py).
# Its assertions stay errors.
advisory = pytest.mark.filterwarnings("ignore::UserWarning:pettingzoo.test.api_test")


@advisory
@pytest.mark.parametrize(("game_type", "seats"), TABLES)
def test_the_api_test_passes(game_type: str, seats: int) -> None:
    env = trailhead_env.env(game_type, seats=seats, seed=f"api-{game_type}-{seats}")
    api_test(env, num_cycles=4)
    env.close()


@pytest.mark.parametrize("game_type", ["hike", "peaks"])
def test_the_seed_test_passes(game_type: str) -> None:
    """Two environments reset with the same seed and stepped with the same actions observe the same."""
    seed_test(lambda: trailhead_env.env(game_type, seats=3), num_cycles=5)


def test_the_spaces_are_one_object_per_agent_and_the_mask_fits_the_listed_actions() -> None:
    env = trailhead_env.env("nanga-parbat", seats=2, seed=7)
    env.reset()
    assert env.observation_space("seat_0") is env.observation_space("seat_1")
    assert env.action_space("seat_0").n == trailhead_env.MAX_ACTIONS["nanga-parbat"]
    seat = env.agent_selection
    observation = env.observe(seat)
    assert observation["view"] == env.spec.view(env.episode.table.state, int(seat[-1]))
    assert int(observation["action_mask"].sum()) == len(observation["actions"]) > 0
    waiting = "seat_1" if seat == "seat_0" else "seat_0"
    assert env.observe(waiting)["actions"] == [] and not env.observe(waiting)["action_mask"].any()
    with pytest.raises(ValueError, match="not one of the"):
        env.step(len(observation["actions"]))


def test_a_table_the_game_does_not_take_is_refused_at_once() -> None:
    with pytest.raises(InvalidCommand, match="seats"):
        trailhead_env.env("nanga-parbat", seats=3)
    with pytest.raises(UnknownGame):
        trailhead_env.env("chess")
    with pytest.raises(InvalidCommand, match="unknown option"):
        trailhead_env.env("hike", seats=2, options={"no-such-option": True})
