"""The in-process cache of folded games (application/handler.py): by game id, least recently used dropped first."""

from __future__ import annotations

import collections
import dataclasses
import threading

from application.game import LoadedGame


@dataclasses.dataclass(frozen=True, slots=True)
class Cached:
    """A game as last loaded or committed in this process (its record as of its version), and its seed."""

    game: LoadedGame
    seed: str | None = None


class StateCache:
    """Folded states by game id, least recently used dropped first; shared by threads."""

    def __init__(self, capacity: int = 512) -> None:
        self.capacity = capacity
        self._items: collections.OrderedDict[str, Cached] = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Cached | None:
        with self._lock:
            item = self._items.get(game_id)
            if item is not None:
                self._items.move_to_end(game_id)
            return item

    def put(self, game_id: str, item: Cached) -> None:
        with self._lock:
            current = self._items.get(game_id)
            if current is None or current.game.version <= item.game.version:
                self._items[game_id] = item
                self._items.move_to_end(game_id)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)
