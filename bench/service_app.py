"""A gunicorn app factory: the real service, offering the registry's games plus the toy game.

    gunicorn --workers 2 'bench.service_app:create()'   (TRAILHEAD_DB names the SQLite file)

Same as `trailhead serve` (service.app.create_app with the environment's settings)
except for the extra game type `toy`, which the benchmarks need when the real games
are missing or to extend one game forever.
"""

from __future__ import annotations

from flask import Flask

from bench.catalog import all_games
from service.app import create_app


def create() -> Flask:
    return create_app({"GAMES": all_games()})
