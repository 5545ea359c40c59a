"""The events one decision emits, each applied at once so the rules that follow see its effect."""

from __future__ import annotations

from domain.core import Event
from domain.games.hike.evolve import evolve
from domain.games.hike.state import HikeState


class Chronicle:
    """A running state and the events that led to it from the decision's starting state."""

    __slots__ = ("state", "events")

    def __init__(self, state: HikeState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.state = evolve(self.state, event)
            self.events.append(event)
