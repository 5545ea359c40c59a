"""Emit-and-apply: the events one decision makes, each applied at once so the rules that follow see it.

Every game's `decide` builds its events this way: `emitter.emit(event)` records the event and
folds it into the running state with the game's own `evolve`. `decide` returns
`emitter.decision()`: the events, carrying the state they lead to, so the command cycle
(cycle.py) does not fold them a second time: `evolve` runs once per event.

A game that must react to every event (Hitchiker's instant win) passes `after`: it is called
with the emitter after each event and may emit more (or raise to stop the decision).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from domain.core.protocol import Event

S = TypeVar("S")


class Decision(list[Event]):
    """The events of one decision, in order, and the state they lead to (`state`)."""

    __slots__ = ("state",)

    def __init__(self, events: Iterable[Event], state: Any) -> None:
        super().__init__(events)
        self.state = state


class Emitter(Generic[S]):
    """A running state and the events that led to it from the decision's starting state."""

    __slots__ = ("state", "events", "_evolve", "_after")

    def __init__(self, evolve: Callable[[S, Event], S], state: S,
                 after: Callable[[Emitter[S]], None] | None = None) -> None:
        self.state = state
        self.events: list[Event] = []
        self._evolve = evolve
        self._after = after

    def emit(self, *events: Event) -> None:
        """Record and apply `events` in order (calling `after` past each one, when given)."""
        for event in events:
            self.events.append(event)
            self.state = self._evolve(self.state, event)
            if self._after is not None:
                self._after(self)

    def emit_all(self, events: Iterable[Event]) -> None:
        self.emit(*events)

    def decision(self) -> Decision:
        """What `decide` returns: the events, carrying the state after them."""
        return Decision(self.events, self.state)
