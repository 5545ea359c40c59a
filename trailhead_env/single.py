"""A gymnasium environment for one seat: the learner plays `seat`, the game's bots play the others.

Observations, actions and rewards are the AEC environment's for that seat (spaces.py). Between two of the
learner's decisions the bot seats play, each from its own seat's view with its own RNG derived from the game's
seed (`Table.bot_command`, as the server plays a bot seat), lowest-numbered seat first when several are to act.
The bots are recorded as bot seats (`{"name": ..., "bot": level}`), as a server game against bots is, and
their commands as bot commands, so `replay_document()` imports as that game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium

from domain.core import Command
from domain.games import game_spec
from trailhead_env.episode import Episode, EpisodeHolder, bot_level
from trailhead_env.spaces import action_space, observation_space, rewards


class SeatEnv(EpisodeHolder, gymnasium.Env):  # type: ignore[type-arg]
    """Play `seat` of a game of `game_type` against bots of level `opponents` (one level for every other seat,
    or a level per seat; None: the game's strongest hand-written level)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_type: str, seats: int | None = None, seat: int = 0,
                 opponents: str | Mapping[int, str] | None = None, options: Mapping[str, Any] | None = None,
                 seed: int | str | None = None, rules_version: int | None = None,
                 render_mode: str | None = None) -> None:
        """Raises: UnknownGame, InvalidCommand (seat count, options), ValueError (a seat or bot level)."""
        self.spec = game_spec(game_type)
        self.seats = self.spec.min_seats if seats is None else seats
        if not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat} is not one of the {self.seats} seats")
        self.seat = seat
        levels = opponents if isinstance(opponents, Mapping) else dict.fromkeys(range(self.seats), opponents)
        self.bots = {other: bot_level(self.spec, levels.get(other)) for other in range(self.seats) if other != seat}
        self.options = dict(options) if options is not None else None
        self.rules_version = rules_version
        self.render_mode = render_mode
        self.observation_space = observation_space(self.spec.id)
        self.action_space = action_space(self.spec.id)
        self._base_seed = None if seed is None else str(seed)
        self._resets = 0
        self.episode: Episode | None = None
        self._listed: list[Command] = []

    def reset(self, *, seed: int | str | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game (seeds as in the AEC environment), played by the bots up to the learner's first turn."""
        super().reset(seed=seed if isinstance(seed, int) else None)
        game_seed = self._next_seed(seed)
        self.episode = Episode(self.spec, self.seats, self.options, game_seed, self.rules_version, self.bots)
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the listed action of index `action`, then the bots up to the learner's next turn or the end.

        Raises:
            ValueError: an index that is not one of the listed actions, or a step after the end.
        """
        episode = self._current()
        if episode.finished:
            raise ValueError("the game is over: call reset()")
        if action is None or not 0 <= int(action) < len(self._listed):
            raise ValueError(f"action {action!r} is not one of the {len(self._listed)} listed actions")
        episode.play(self.seat, self._listed[int(action)])
        self._play_bots()
        result = episode.result()
        reward = 0.0 if result is None else rewards(result, self.seats)[self.seat]
        return self._observe(), reward, result is not None, False, self._info()

    def _play_bots(self) -> None:
        episode = self._current()
        while True:
            to_act = episode.to_act()
            if not to_act or min(to_act) == self.seat:
                return
            episode.play_bot(min(to_act))

    def _observe(self) -> dict[str, Any]:
        episode = self._current()
        to_act = episode.to_act()
        self._listed = self.spec.legal_commands(episode.table.state, self.seat) if self.seat in to_act else []
        return episode.observation(self.seat, self._listed)

    def _info(self) -> dict[str, Any]:
        result = self._current().result()
        return {} if result is None else {"result": result}
