"""The Flask app factory (nothing is built at import time)."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask

from domain.core import GameSpec, UnknownGame
from service import problems
from service.api import games_api
from service.database import connect, ensure_schema
from service.games import Jobs, StateCache
from service.meta import meta_api
from service.runtime import close_connection

DEFAULT_DB = os.path.join("trailhead-data", "trailhead.sqlite")


def default_config() -> dict[str, Any]:
    """Settings from the environment, with embedded defaults (SQLite file, inline jobs)."""
    return {
        "DATABASE": os.environ.get("TRAILHEAD_DB", DEFAULT_DB),
        "SYNCHRONOUS": os.environ.get("TRAILHEAD_SYNCHRONOUS", "FULL").upper(),
        "REDIS_URL": os.environ.get("REDIS_URL") or None,
        "MAX_CONTENT_LENGTH": 1024 * 1024,
    }


@dataclasses.dataclass(frozen=True, slots=True)
class Trailhead:
    """What the app shares across requests: the game registry, the state cache, the job runner."""

    registry: Callable[[str], GameSpec]
    cache: StateCache
    jobs: Jobs


def registry_of(specs: tuple[GameSpec, ...]) -> Callable[[str], GameSpec]:
    by_id = {spec.id: spec for spec in specs}

    def lookup(game_id: str) -> GameSpec:
        try:
            return by_id[game_id]
        except KeyError:
            raise UnknownGame(f"no game type {game_id!r}; offered: {', '.join(by_id)}") from None

    return lookup


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A configured app: `config` overrides the environment's settings."""
    from workers.dispatch import jobs_for

    app = Flask(__name__)
    app.config.update(default_config())
    app.config.update(config or {})
    if "GAMES" not in app.config:
        from domain.games import GAMES

        app.config["GAMES"] = GAMES
    app.json.sort_keys = False  # type: ignore[attr-defined]
    db = connect(app.config["DATABASE"], app.config["SYNCHRONOUS"])
    ensure_schema(db)
    db.conn.close()
    app.extensions["trailhead"] = Trailhead(
        registry=registry_of(tuple(app.config["GAMES"])),
        cache=StateCache(),
        jobs=jobs_for(app.config),
    )
    problems.register(app)
    app.register_blueprint(games_api)
    app.register_blueprint(meta_api)
    app.teardown_appcontext(close_connection)
    return app
