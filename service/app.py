"""The Flask app factory (nothing is built at import time)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask

from domain.core import GameSpec
from service import problems
from service.api import games_api
from service.database import prepare_database
from service.games import Jobs, StateCache
from service.lobby import lobby_api
from service.meta import meta_api
from service.replays_api import replays_api
from service.runtime import Connections, forget_request
from service.settings import registry_of, settings_from_env
from service.stream import stream_api


def default_config() -> dict[str, Any]:
    """Settings from the environment, with embedded defaults (SQLite file, inline jobs)."""
    return {**settings_from_env(), "MAX_CONTENT_LENGTH": 1024 * 1024}


@dataclasses.dataclass(frozen=True, slots=True)
class Trailhead:
    """What the app shares across requests: the game registry, the state cache, the job runner."""

    registry: Callable[[str], GameSpec]
    cache: StateCache
    jobs: Jobs
    connections: Connections


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A configured app: `config` overrides the environment's settings."""
    from workers.dispatch import jobs_for

    app = Flask(__name__)
    app.config.update(default_config())
    app.config.update(config or {})
    if "GAMES" not in app.config:
        from domain.games import GAMES

        app.config["GAMES"] = GAMES
    app.json.sort_keys = True  # type: ignore[attr-defined]  # a replayed response is byte for byte the first
    prepare_database(app.config["DATABASE"], app.config["SYNCHRONOUS"])
    registry = registry_of(tuple(app.config["GAMES"]))
    app.extensions["trailhead"] = Trailhead(
        registry=registry,
        cache=StateCache(),
        jobs=jobs_for(app.config, registry),
        connections=Connections(app.config["DATABASE"], app.config["SYNCHRONOUS"]),
    )
    problems.register(app)
    app.register_blueprint(games_api)
    app.register_blueprint(lobby_api)
    app.register_blueprint(stream_api)
    app.register_blueprint(replays_api)
    app.register_blueprint(meta_api)
    app.teardown_appcontext(forget_request)
    return app
