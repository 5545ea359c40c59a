"""Emitting events inside `decide`: each one is applied at once, and a win stops everything.

Rulebook: TWO WAYS TO WIN. Savings of $250,000 or Travelling Cash of $50,000,000
win the moment they happen: after every event `Flow` checks, emits `GameWon` and
raises `GameOver`, which `decide` catches, so nothing follows the win.
"""

from __future__ import annotations

from domain.core import Event, Rng
from domain.games.hitchiker.events import GameWon
from domain.games.hitchiker.evolve import evolve
from domain.games.hitchiker.state import CASH_GOAL, SAVINGS_GOAL, Phase, Player, State


class GameOver(Exception):
    """A win was emitted: the command's remaining steps are void."""


def winning_reason(player: Player) -> str | None:
    if player.savings >= SAVINGS_GOAL:
        return "savings"
    if player.cash >= CASH_GOAL:
        return "cash"
    return None


def first_winner(state: State) -> tuple[int, str] | None:
    """The first seat, from the player whose turn it is clockwise, that has reached a goal."""
    for step in range(state.seats):
        seat = (state.current + step) % state.seats
        reason = winning_reason(state.players[seat])
        if reason is not None:
            return seat, reason
    return None


class Flow:
    """The state as it evolves through one command, the events so far, and the command's Rng."""

    __slots__ = ("events", "rng", "state")

    def __init__(self, state: State, rng: Rng) -> None:
        self.state = state
        self.events: list[Event] = []
        self.rng = rng

    def emit(self, *events: Event) -> None:
        """Record and apply events in order; raises GameOver right after a winning one."""
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)
            if self.state.phase is Phase.OVER:
                raise GameOver
            winner = first_winner(self.state)
            if winner is not None:
                won = GameWon(seat=winner[0], reason=winner[1])
                self.events.append(won)
                self.state = evolve(self.state, won)
                raise GameOver

    def roll(self, count: int = 2) -> tuple[int, ...]:
        return self.rng.dice(count)

    def player(self, seat: int) -> Player:
        return self.state.players[seat]
