"""What one process runs on: settings, the registry, the storage port, the handler, the bus and its runner.

Built by `bootstrap.bootstrap(settings)` (the composition root); handed to the HTTP app,
the worker, the CLI and the replays, never kept in a module-level global.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from application.bus import MessageBus, Runner
from application.handler import GameService, StateCache
from application.projections import Projector
from domain.core import GameSpec
from storage import Storage


@dataclasses.dataclass(frozen=True, slots=True)
class Trailhead:
    settings: Mapping[str, Any]
    registry: Callable[[str], GameSpec]
    store: Storage
    cache: StateCache
    games: GameService
    projector: Projector
    runner: Runner
    bus: MessageBus

    def close(self) -> None:
        """Stop what the runner keeps in this process (the inline deadline timers), then close the storage."""
        stop = getattr(self.runner, "close", None)
        if stop is not None:
            stop()
        self.store.close()
