"""What a job needs in the process that runs it: settings, a connection, caches.

Jobs carry only ids and versions; everything else comes from here, built on
first use from the environment (or from the app's config when jobs run inline).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Mapping
from typing import Any

import sqlite_utils

from domain.core import GameSpec
from service.database import connect, prepare_database
from service.games import GameService, Jobs, StateCache
from service.settings import registry_of, settings_from_env
from service.store import EventStore
from workers.projections import Projector


@dataclasses.dataclass
class WorkerContext:
    """One process's job runtime: one connection, one state cache, one projector."""

    config: Mapping[str, Any]
    registry: Callable[[str], GameSpec]
    jobs: Jobs
    cache: StateCache = dataclasses.field(default_factory=StateCache)
    projector: Projector = dataclasses.field(init=False)
    _db: sqlite_utils.Database | None = None
    _lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.projector = Projector(self.registry, int(self.config.get("PROJECTION_BATCH", 500)))

    @property
    def db(self) -> sqlite_utils.Database:
        if self._db is None:
            prepare_database(self.config["DATABASE"], self.config["SYNCHRONOUS"])
            self._db = connect(self.config["DATABASE"], self.config["SYNCHRONOUS"])
        return self._db

    def games(self) -> GameService:
        return GameService(EventStore(self.db), self.registry, self.cache, self.jobs)


_current: WorkerContext | None = None


def context_from_env() -> WorkerContext:
    """A new context from the environment's settings and the registered games."""
    from domain.games import GAMES
    from workers.dispatch import jobs_for

    config = settings_from_env()
    registry = registry_of(GAMES)
    return WorkerContext(config, registry, jobs_for(config, registry))


def current_context() -> WorkerContext:
    """This process's context, built from the environment on first use."""
    global _current
    if _current is None:
        _current = context_from_env()
    return _current


def use_context(context: WorkerContext | None) -> None:
    """Install (or with None, drop) this process's context."""
    global _current
    _current = context
