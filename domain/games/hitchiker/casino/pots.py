"""The main pot, side pots and split pots of a Hold'em hand.

Rulebook: TEXAS HOLD 'EM, SIDE POTS and THE SHOWDOWN: a player all in can win no
more than what every other player matched of their stake; odd chips of a split
go to the first players after the button, clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.core import Value
from domain.games.hitchiker.state import BILL


class Pot(Value):
    amount: int
    eligible: tuple[int, ...]


def side_pots(contributed: Sequence[int], seats: Sequence[int], folded: Sequence[int],
              seed: int = 0) -> tuple[Pot, ...]:
    """Pots from each seat's total stake; the bank's seed goes into the main pot.

    `seats` are the players in the hand from the dealer's left; each pot's
    `eligible` keeps that order. Each level is an all-in stake (or the top stake) of
    a player still in; money folded above the top level joins the last pot.
    """
    live = [seat for seat in seats if seat not in folded]
    levels = sorted({contributed[seat] for seat in live})
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(min(contributed[seat], level) - min(contributed[seat], floor) for seat in seats)
        eligible = tuple(seat for seat in live if contributed[seat] >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(amount=pots[-1].amount + amount, eligible=eligible)
        elif amount > 0 or not pots:
            pots.append(Pot(amount=amount, eligible=eligible))
        floor = level
    excess = sum(max(0, contributed[seat] - floor) for seat in seats)
    if pots:
        pots[0] = Pot(amount=pots[0].amount + seed, eligible=pots[0].eligible)
        pots[-1] = Pot(amount=pots[-1].amount + excess, eligible=pots[-1].eligible)
    return tuple(pots)


def split(amount: int, winners: Sequence[int]) -> tuple[int, ...]:
    """Equal shares in whole $1,000 bills; odd bills to the first winners in the given order."""
    count = len(winners)
    base = amount // BILL // count * BILL
    shares = [base] * count
    left = amount - base * count
    index = 0
    while left >= BILL:
        shares[index % count] += BILL
        left -= BILL
        index += 1
    shares[0] += left
    return tuple(shares)
