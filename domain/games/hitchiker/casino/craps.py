"""High Roll Craps: the House puts up $250,000, everybody rolls, the high roll wins.

Rulebook: HIGH ROLL CRAPS. Ties split the pot equally; the odd $1,000 bills go to
the first tied players clockwise from the dealer's left (a ruling, as in Hold'em).
"""

from __future__ import annotations

from domain.games.hitchiker.casino.events import CrapsPotWon, CrapsRolled
from domain.games.hitchiker.casino.pots import split
from domain.games.hitchiker.events import CasinoClosed
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.state import clockwise_from

PRIZE = 250_000


def play_craps(play: Play, dealer: int) -> None:
    rolls = tuple(play.roll() for _ in range(play.state.seats))
    play.emit(CrapsRolled(rolls=rolls))
    best = max(sum(dice) for dice in rolls)
    order = (*clockwise_from(play.state, dealer), dealer)
    winners = tuple(seat for seat in order if sum(rolls[seat]) == best)
    play.emit(CrapsPotWon(winners=winners, shares=split(PRIZE, winners)))
    play.emit(CasinoClosed(seat=dealer))
