"""Trailhead's games as training environments over the pure rules (docs/environment.md).

`env(type, seats=N)` gives a PettingZoo AEC environment, one agent per seat; `SeatEnv` a gymnasium
environment that plays one seat against the game's bots. Installed with `pip install -e '.[env]'`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trailhead_env.aec import TrailheadEnv
from trailhead_env.single import SeatEnv
from trailhead_env.spaces import MAX_ACTIONS, JsonSpace, TooManyActions


def env(type: str, seats: int | None = None, options: Mapping[str, Any] | None = None,  # noqa: A002 (the API's word)
        seed: int | str | None = None, rules_version: int | None = None,
        render_mode: str | None = None) -> TrailheadEnv:
    """A PettingZoo AEC environment of the game `type` for `seats` seats (default: its fewest).

    Raises:
        UnknownGame: no such game type.
        InvalidCommand: a seat count, an option or a rules version the game does not take.
    """
    return TrailheadEnv(type, seats, options, seed, rules_version, render_mode)


__all__ = ["MAX_ACTIONS", "JsonSpace", "SeatEnv", "TooManyActions", "TrailheadEnv", "env"]
