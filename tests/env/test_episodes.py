"""Whole episodes: random agents play every game type to the end; the same seed and actions give the same game,
which is the game the in-process Table plays; the single-seat wrapper plays a seat against the bots."""

from __future__ import annotations

import numpy as np
import pytest

import trailhead_env
from domain.core import IllegalCommand, SeatConfig, Table
from domain.core.protocol import strongest_bot
from domain.games import GAMES, game_spec
from trailhead_env import SeatEnv, TrailheadEnv
from trailhead_env.spaces import rewards

from .conftest import play_random, seats_of


@pytest.mark.parametrize("game_type", [spec.id for spec in GAMES])
def test_random_agents_play_every_type_to_the_end(random_episodes: dict[str, TrailheadEnv], game_type: str) -> None:
    env = random_episodes[game_type]
    episode = env.episode
    assert episode is not None and episode.finished
    assert env.agents == []  # every agent terminated, and was stepped out with None
    result = episode.result()
    assert result is not None
    expected = rewards(result, env.seats)
    assert set(expected) == set(range(env.seats)) and all(-1.0 <= value <= 1.0 for value in expected.values())
    if env.seats > 1:  # places: the winners get 1
        assert {expected[seat] for seat in result["winners"]} == {1.0}


def test_rewards_come_from_places_or_par() -> None:
    standings = [{"seat": 0, "place": 2}, {"seat": 1, "place": 1}, {"seat": 2, "place": 4}, {"seat": 3, "place": 2}]
    assert rewards({"standings": standings}, 4) == {0: pytest.approx(1 / 3), 1: 1.0, 2: -1.0, 3: pytest.approx(1 / 3)}
    assert rewards({"standings": [], "par": 12, "score": 9}, 1) == {0: 0.25}
    assert rewards({"standings": [], "par": 12, "score": 35}, 1) == {0: -1.0}


def test_the_same_seed_and_actions_give_the_same_episode(random_episodes: dict[str, TrailheadEnv]) -> None:
    again = play_random(trailhead_env.env("nanga-parbat", seats=2), "random-nanga-parbat")
    first = random_episodes["nanga-parbat"].episode
    assert again.episode is not None and first is not None
    assert again.episode.table.events == first.table.events
    other = play_random(trailhead_env.env("nanga-parbat", seats=2), "another seed")
    assert other.episode is not None and other.episode.table.events[1:3] != first.table.events[1:3]


def test_a_reset_without_a_seed_plays_the_next_seed_of_the_sequence() -> None:
    env = trailhead_env.env("hike", seats=2, seed="base")
    env.reset()
    assert env.episode is not None and env.episode.seed == "base"
    env.reset()
    assert env.episode.seed == "base/1"
    env.reset(seed=5)
    assert env.episode.seed == "5"


def test_the_environment_plays_the_game_the_table_plays() -> None:
    """Agents that choose as the random bot does (its RNG, its seat's view) make the Table's own bot game."""
    spec = game_spec("hitchiker")
    table = Table(spec, spec.normalize_config([SeatConfig.of(f"seat_{i}") for i in range(3)], None), "same",
                  "table")
    table.play_bots(["random"] * 3)
    env = trailhead_env.env("hitchiker", seats=3, seed="same")
    env.reset()
    assert env.episode is not None
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.removeprefix("seat_"))
        chosen = env.episode.table.bot_command(seat, "random")
        env.step(env.listed_commands(seat).index(chosen))
    assert len(env.episode.table.events) == len(table.events)
    # the same events but GameCreated's game id (the environment's is bound to the type and the seed)
    assert env.episode.table.events[1:] == table.events[1:]


def test_a_running_episode_has_no_replay_document_yet() -> None:
    env = trailhead_env.env("hike", seats=2, seed=1)
    env.reset()
    with pytest.raises(IllegalCommand, match="finished"):
        env.replay_document()


@pytest.mark.parametrize(("game_type", "opponents"), [("peaks", None), ("nanga-parbat", "random"),
                                                      ("hikes-of-the-west", None)])
def test_the_single_seat_wrapper_plays_one_seat_against_the_bots(game_type: str, opponents: str | None) -> None:
    env = SeatEnv(game_type, seats=seats_of(game_type), seat=seats_of(game_type) - 1, opponents=opponents,
                  seed="wrapper")
    observation, info = env.reset()
    assert env.observation_space.contains(observation) and info == {}
    rng = np.random.default_rng(1)
    total, terminated, steps = 0.0, False, 0
    while not terminated:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        steps += 1
        assert not truncated
    assert total == rewards(info["result"], env.seats)[env.seat]
    moves = env.episode.moves  # type: ignore[union-attr]
    assert steps == len([seat for seat, _, _, _ in moves if seat == env.seat])
    level = opponents if opponents is not None else strongest_bot(env.spec)
    assert {seat: bot for seat, _, _, bot in moves} == {seat: None if seat == env.seat else level
                                                        for seat in range(env.seats)}
    with pytest.raises(ValueError, match="reset"):
        env.step(0)


def test_the_wrapper_refuses_a_level_the_game_has_not() -> None:
    with pytest.raises(ValueError, match="no bot level 'grandmaster'"):
        SeatEnv("peaks", seats=2, opponents="grandmaster")
    assert SeatEnv("peaks", seats=3, opponents={1: "random"}).bots == {1: "random", 2: "guide"}
