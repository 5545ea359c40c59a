"""Episodes per second of each game type in the training environment (trailhead_env) with random agents,
against the in-process Table playing its `random` bots on the same seeds: the adapter's overhead as a ratio.

The environment's agents get what a learner gets at every step (the seat's view, its listed actions encoded
as the API lists them, the action mask) and pick an index among the listed actions with the random bot's own
draw (`bot_rng`, `randbelow`), so both sides play the very same games, event for event (checked), and the
difference is the adapter's work alone: encoding the listed actions, the mask, PettingZoo's bookkeeping. The
Table's random bots build their seat's view and legal commands too. A run plays `--games` games of each type on
the seeds `env-speed-0`, `env-speed-1`, ...; prints the median over `--runs` runs. The rates are per second
of this process's CPU time, not wall time, so other work on a shared machine moves them less. Needs the `env`
extra (`pip install -e '.[env]'`).

    python bench/env_speed.py [--runs 5] [--games 4] [--seats 2] [--type peaks] [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import trailhead_env  # noqa: E402
from domain.core import GameSpec, SeatConfig, Table, bot_rng  # noqa: E402
from domain.games import GAMES  # noqa: E402


def env_episode(spec: GameSpec, seats: int, seed: str) -> int:
    """One random-agent episode in the environment; returns its number of events."""
    env = trailhead_env.env(spec.id, seats=seats)
    env.reset(seed=seed)
    episode = env.episode
    assert episode is not None
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        draw = bot_rng(seed, episode.table.version, int(agent.removeprefix("seat_")))  # as the random bot draws
        env.step(draw.randbelow(int(np.count_nonzero(observation["action_mask"]))))
    return len(episode.table.events)


def table_episode(spec: GameSpec, seats: int, seed: str) -> int:
    """One game of `random` bots on the in-process Table; returns its number of events."""
    table = Table(spec, spec.normalize_config([SeatConfig.of(f"seat_{i}") for i in range(seats)], None), seed)
    table.play_bots(["random"] * seats)
    return len(table.events)


def episodes_per_second(play: Callable[[GameSpec, int, str], int], spec: GameSpec, seats: int, games: int,
                        runs: int) -> tuple[float, list[int]]:
    """The median episodes/s over `runs` runs of `games` games, and each game's number of events."""
    rates, events = [], []
    for _ in range(runs):
        started = time.process_time()
        events = [play(spec, seats, f"env-speed-{game}") for game in range(games)]
        rates.append(games / (time.process_time() - started))
    return statistics.median(rates), events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=4, help="games per run and type")
    parser.add_argument("--seats", type=int, default=2, help="seats per game (within each type's range)")
    parser.add_argument("--type", default=None)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 3 runs of 2 games")
    args = parser.parse_args()
    runs, games = (3, 2) if args.quick else (args.runs, args.games)
    print(f"{runs} runs of {games} games per type; medians")
    print(f"{'game':<20}{'seats':>6}{'events':>8}{'env ep/s':>10}{'Table ep/s':>12}{'overhead':>10}")
    for spec in GAMES:
        if args.type and spec.id != args.type:
            continue
        seats = max(spec.min_seats, min(args.seats, spec.max_seats))
        env_rate, events = episodes_per_second(env_episode, spec, seats, games, runs)
        table_rate, table_events = episodes_per_second(table_episode, spec, seats, games, runs)
        assert events == table_events, f"{spec.id}: the environment and the Table played different games"
        print(f"{spec.id:<20}{seats:>6}{statistics.mean(events):>8.0f}{env_rate:>10.2f}{table_rate:>12.2f}"
              f"{table_rate / env_rate:>9.2f}x", flush=True)


if __name__ == "__main__":
    main()
