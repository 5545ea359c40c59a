"""Finished random-agent episodes of every game type, played once per session for the tests that read them."""

from __future__ import annotations

import numpy as np
import pytest

import trailhead_env
from domain.games import GAMES
from trailhead_env import TrailheadEnv


def seats_of(game_type: str) -> int:
    """The cheapest table of a type: two seats, or one for the solo game."""
    spec = next(spec for spec in GAMES if spec.id == game_type)
    return max(spec.min_seats, min(2, spec.max_seats))


def play_random(env: TrailheadEnv, seed: int | str, agent_seed: int = 0) -> TrailheadEnv:
    """Play a whole episode with agents that pick uniformly among the listed actions (a NumPy generator)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(agent_seed)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return env


@pytest.fixture(scope="session")
def random_episodes() -> dict[str, TrailheadEnv]:
    """Per game type, an environment whose random-agent episode has ended (its last episode kept)."""
    return {spec.id: play_random(trailhead_env.env(spec.id, seats=seats_of(spec.id)), f"random-{spec.id}")
            for spec in GAMES}


# Tables that end sooner (their round limits), for the tests that send whole games to the service.
SHORT_OPTIONS = {"hitchiker": {"round_limit": 6}, "peaks": {"round_cap": 12}}


@pytest.fixture(scope="session")
def short_episodes() -> dict[str, TrailheadEnv]:
    """As `random_episodes`, with the long games cut short by their round-limit options."""
    return {spec.id: play_random(trailhead_env.env(spec.id, seats=seats_of(spec.id),
                                                   options=SHORT_OPTIONS.get(spec.id)), f"short-{spec.id}")
            for spec in GAMES}
