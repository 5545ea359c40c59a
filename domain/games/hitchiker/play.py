"""A command in play: the core Emitter with the instant win after every event, and the command's dice.

Every step of `decide` emits through a `Play`: each event is applied at once by
`evolve` (so the rules that follow see it) and checked for a win (scoring.py).
"""

from __future__ import annotations

from domain.core import Emitter, Rng
from domain.games.hitchiker.evolve import evolve
from domain.games.hitchiker.state import Player, State
from domain.games.hitchiker.scoring import instant_win


class Play(Emitter[State]):
    """The events of one command so far, the state they lead to, and the Rng the command rolls with."""

    __slots__ = ("rng",)

    def __init__(self, state: State, rng: Rng) -> None:
        super().__init__(evolve, state, after=instant_win)
        self.rng = rng

    def roll(self, count: int = 2) -> tuple[int, ...]:
        """Roll `count` dice (both, unless a rule says one)."""
        return self.rng.dice(count)

    def player(self, seat: int) -> Player:
        """The hitchiker in `seat` as things stand now."""
        return self.state.players[seat]
