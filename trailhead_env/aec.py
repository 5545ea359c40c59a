"""The PettingZoo AEC environment: one agent per seat, over the pure rules (domain.core.Table).

Turn order. The agent selected is the lowest-numbered seat among those the rules say are to act
(`spec.to_act`), which is how `Table.play_bots` picks too. Some games let several seats act at once
(simultaneous choices, responses out of turn): AEC steps one agent at a time, so those seats are stepped one
after the other, lowest first, and each command is applied as soon as it is stepped, exactly as the server
applies the first of several simultaneous commands to arrive. A seat that is not to act is never selected;
the rules keep a hidden choice out of the other seats' views, so stepping them in order reveals nothing.

Chance. Every draw comes from the game's seed (`Rng(seed, seq)`), never from the agents' own sampling, so
the same seed and the same actions give the same episode, event for event. `reset(seed=S)` starts the game
of seed S; a `reset()` without one plays the next seed of the environment's own sequence (the constructor's
`seed`, then `seed/1`, `seed/2`, ...), or a fresh random one if no seed was ever given.

Rewards are 0 until the game ends; then every seat gets its reward from the result (spaces.py `rewards`)
and every agent terminates.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import AECEnv

from domain.core import Command, SeatConfig
from domain.games import game_spec
from trailhead_env.episode import Episode, EpisodeHolder, agent_name, seat_of
from trailhead_env.spaces import action_space, observation_space, rewards


class TrailheadEnv(EpisodeHolder, AECEnv):  # type: ignore[misc]
    """A Trailhead game as a PettingZoo AEC environment; see the module's docstring."""

    def __init__(self, game_type: str, seats: int | None = None, options: Mapping[str, Any] | None = None,
                 seed: int | str | None = None, rules_version: int | None = None,
                 render_mode: str | None = None) -> None:
        """Raises: UnknownGame (no such type), InvalidCommand (seat count, options, rules version)."""
        super().__init__()
        self.spec = game_spec(game_type)
        self.seats = self.spec.min_seats if seats is None else seats
        self.options = dict(options) if options is not None else None
        self.rules_version = rules_version
        self.render_mode = render_mode
        self.metadata = {"name": f"trailhead_{self.spec.id.replace('-', '_')}_v0", "render_modes": ["ansi"],
                         "is_parallelizable": False}
        self.possible_agents = [agent_name(seat) for seat in range(self.seats)]
        self._observation_space = observation_space(self.spec.id)
        self._action_space = action_space(self.spec.id)
        self._base_seed = None if seed is None else str(seed)
        self._resets = 0
        self.episode: Episode | None = None
        self._listed: tuple[int, int, list[Command]] | None = None  # (version, seat, listed commands)
        self.spec.normalize_config([SeatConfig.of(name) for name in self.possible_agents], self.options,
                                   rules_version)  # the seat count, options and rules version, checked at once

    # -- spaces -------------------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        return self._action_space

    # -- the cycle ----------------------------------------------------------------------

    def reset(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` as described in the module's docstring (`options` is PettingZoo's argument and
        unused: a game's table options are the constructor's)."""
        game_seed = self._next_seed(seed)
        self.episode = Episode(self.spec, self.seats, self.options, game_seed, self.rules_version)
        self._listed = None
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select_next()

    def observe(self, agent: str) -> dict[str, Any]:
        """The seat's view, its listed actions (none unless it is to act) and their mask."""
        seat = seat_of(agent)
        return self._current().observation(seat, self.listed_commands(seat))

    def step(self, action: int | None) -> None:
        """Play the listed action of index `action` for the selected agent.

        Raises:
            ValueError: an index that is not one of the listed actions.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self._current()
        seat = seat_of(agent)
        listed = self.listed_commands(seat)
        if action is None or not 0 <= int(action) < len(listed):
            raise ValueError(f"{agent}: action {action!r} is not one of the {len(listed)} listed actions")
        self._cumulative_rewards[agent] = 0.0
        episode.play(seat, listed[int(action)])
        self.rewards = {name: 0.0 for name in self.agents}
        result = episode.result()
        if result is not None:
            for other, reward in rewards(result, self.seats).items():
                self.rewards[agent_name(other)] = reward
            self.terminations = {name: True for name in self.agents}
            self.infos = {name: {"result": result} for name in self.agents}
        else:
            self._select_next()
        self._accumulate_rewards()

    def listed_commands(self, seat: int) -> list[Command]:
        """The seat's legal commands now, in the order the actions are indexed (none unless it is to act)."""
        episode = self._current()
        version = episode.table.version
        if self._listed is not None and self._listed[:2] == (version, seat):
            return self._listed[2]
        listed = self.spec.legal_commands(episode.table.state, seat) if seat in episode.to_act() else []
        self._listed = (version, seat, listed)
        return listed

    def action_label(self, agent: str, action: int) -> str:
        """The listed action in words, as `GET /games/{id}/actions` labels it."""
        seat = seat_of(agent)
        return self.spec.label(self._current().table.state, seat, self.listed_commands(seat)[action])

    def _select_next(self) -> None:
        to_act = self._current().to_act()
        self.agent_selection = agent_name(min(to_act)) if to_act else self.agents[0]

    # -- closing (the finished game's document and the rendering: EpisodeHolder) ---------------

    def close(self) -> None:
        self.episode = None
