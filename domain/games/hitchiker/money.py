"""Paying, going broke, the poorest player, death and inheritance.

Rulebook: GOING BROKE ISN'T SO BAD; DEATH SUCKS!; LIFE INSURANCE.
"""

from __future__ import annotations

from domain.games.hitchiker.board import nearest_ahead
from domain.games.hitchiker.events import CashTransferred, DeathAverted, HitchikerDied, WentBroke
from domain.games.hitchiker.flow import Flow
from domain.games.hitchiker.state import WELFARE, State, clockwise_from


def poorest_other(state: State, seat: int) -> int:
    """The other player with the least Travelling Cash; a tie goes to the first on `seat`'s left."""
    return min(clockwise_from(state, seat), key=lambda other: state.players[other].cash)


def next_hometown(state: State, seat: int) -> int:
    """The hitchiker's next own Hometown clockwise (the one it stands on if it owns only that)."""
    player = state.players[seat]
    here = player.position if player.position is not None else 0
    found = nearest_ahead(here, lambda place: place.index in player.hometowns)
    return here if found is None else found


def collect(flow: Flow, seat: int, amount: int, reason: str) -> None:
    """The bank pays `seat`."""
    if amount > 0:
        flow.emit(CashTransferred(payer=None, payee=seat, amount=amount, reason=reason))


def pay(flow: Flow, payer: int, payee: int | None, amount: int, reason: str) -> bool:
    """Settle an obligation; short of cash, pay what you have and go broke.

    Returns whether it was paid in full. Rulebook: GOING BROKE ISN'T SO BAD (no credit,
    no further debt).
    """
    cash = flow.player(payer).cash
    if cash >= amount:
        if amount > 0:
            flow.emit(CashTransferred(payer=payer, payee=payee, amount=amount, reason=reason))
        return True
    if cash > 0:
        flow.emit(CashTransferred(payer=payer, payee=payee, amount=cash, reason=reason))
    flow.emit(WentBroke(seat=payer, owed=amount, paid=cash, location=next_hometown(flow.state, payer)))
    collect(flow, payer, WELFARE, "broke_welfare")
    return False


def lose_cash(flow: Flow, seat: int, amount: int, payee: int | None, reason: str) -> None:
    """A loss that is not an obligation (a share of what you have): it never makes you broke."""
    amount = min(amount, flow.player(seat).cash)
    if amount > 0:
        flow.emit(CashTransferred(payer=seat, payee=payee, amount=amount, reason=reason))


def die(flow: Flow, seat: int, cause: str, responsible: int | None = None) -> bool:
    """Death, unless insured this turn: the estate goes to `responsible` or else the poorest.

    Returns whether the hitchiker died. Rulebook: DEATH SUCKS! (the Important Exception),
    LIFE INSURANCE.
    """
    player = flow.player(seat)
    if player.insured:
        flow.emit(DeathAverted(seat=seat, cause=cause))
        return False
    heir = responsible if responsible is not None else poorest_other(flow.state, seat)
    flow.emit(HitchikerDied(seat=seat, cause=cause, heir=heir, cash=player.cash, savings=player.savings,
                            contraband=player.contraband, hometowns=player.hometowns))
    return True
