"""Settings shared by the service and the workers, and the registry lookup."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from domain.core import GameSpec, UnknownGame

DEFAULT_DB = os.path.join("trailhead-data", "trailhead.sqlite")


def settings_from_env() -> dict[str, Any]:
    """The settings shared by the service and the workers, from the environment."""
    return {
        "DATABASE": os.environ.get("TRAILHEAD_DB", DEFAULT_DB),
        "SYNCHRONOUS": os.environ.get("TRAILHEAD_SYNCHRONOUS", "FULL").upper(),
        "REDIS_URL": os.environ.get("REDIS_URL") or None,
        "QUEUE_PREFIX": os.environ.get("TRAILHEAD_QUEUE_PREFIX", "trailhead"),
        "SWEEP_SECONDS": int(os.environ.get("TRAILHEAD_SWEEP_SECONDS", "30")),
        "BOT_BUDGET_SECONDS": float(os.environ.get("TRAILHEAD_BOT_BUDGET_SECONDS", "2")),
        "PROJECTION_BATCH": int(os.environ.get("TRAILHEAD_PROJECTION_BATCH", "500")),
        "STREAM_POLL_SECONDS": float(os.environ.get("TRAILHEAD_STREAM_POLL_SECONDS", "0.05")),
        "STREAM_HEARTBEAT_SECONDS": float(os.environ.get("TRAILHEAD_STREAM_HEARTBEAT_SECONDS", "15")),
        "HEALTH_MAX_LAG": int(os.environ.get("TRAILHEAD_HEALTH_MAX_LAG", "1000")),
        "HEALTH_BOT_WAIT_SECONDS": float(os.environ.get("TRAILHEAD_HEALTH_BOT_WAIT_SECONDS", "60")),
        "CLIENT_SEEDS": os.environ.get("TRAILHEAD_CLIENT_SEEDS", "mixed").strip().lower(),
    }


def registry_of(specs: tuple[GameSpec, ...]) -> Callable[[str], GameSpec]:
    """A lookup of game specs by id that raises UnknownGame for any other id."""
    by_id = {spec.id: spec for spec in specs}

    def lookup(game_id: str) -> GameSpec:
        try:
            return by_id[game_id]
        except KeyError:
            raise UnknownGame(f"no game type {game_id!r}; offered: {', '.join(by_id)}") from None

    return lookup
