"""The two ways to win, checked after every event of a command, and the final standings.

Rulebook: TWO WAYS TO WIN. Savings of $250,000 or Travelling Cash of $50,000,000
win the moment they happen: `instant_win`, the `after` hook of every command's
Emitter, emits `GameWon` and raises `GameOver`, which `decide` catches, so nothing
follows the win. `result` ranks the others by cash plus savings.
"""

from __future__ import annotations

from typing import Any

from domain.core import Emitter
from domain.games.hitchiker.events import GameWon
from domain.games.hitchiker.state import CASH_GOAL, SAVINGS_GOAL, Phase, Player, State


class GameOver(Exception):
    """The game has just ended: the command's remaining steps are void."""


def winning_reason(player: Player) -> str | None:
    """"savings" or "cash" once the player has reached a goal, else None."""
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


def instant_win(emitter: Emitter[State]) -> None:
    """After every event: a goal reached wins at once (a GameWon), and an ended game stops the command.

    Raises:
        GameOver: the game is over (won just now, or the round limit reached).
    """
    state = emitter.state
    if state.phase is Phase.OVER:
        raise GameOver
    winner = first_winner(state)
    if winner is not None:
        emitter.emit(GameWon(seat=winner[0], reason=winner[1]))  # over now: this hook raises past it


def result(state: State) -> dict[str, Any] | None:
    """None while the game runs; then the winners first, the others by cash plus savings."""
    if state.phase is not Phase.OVER:
        return None
    worth = [player.cash + player.savings for player in state.players]
    others = [seat for seat in range(state.seats) if seat not in state.winners]
    standings = []
    for seat in range(state.seats):
        if seat in state.winners:
            place = 1
        else:
            place = 1 + len(state.winners) + sum(1 for other in others if worth[other] > worth[seat])
        standings.append({"seat": seat, "place": place, "score": worth[seat], "cash": state.players[seat].cash,
                          "savings": state.players[seat].savings})
    standings.sort(key=lambda row: (row["place"], row["seat"]))
    return {"standings": standings, "winners": list(state.winners), "reason": state.end_reason,
            "turns": state.turn}
