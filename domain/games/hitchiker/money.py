"""Paying, going broke, the poorest player, death and inheritance.

Rulebook: GOING BROKE ISN'T SO BAD; DEATH SUCKS!; LIFE INSURANCE.
"""

from __future__ import annotations

from domain.games.hitchiker.board import nearest_ahead
from domain.games.hitchiker.events import CashTransferred, DeathAverted, HitchikerDied, WentBroke
from domain.games.hitchiker.play import Play
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


def collect(play: Play, seat: int, amount: int, reason: str) -> None:
    """The bank pays `seat`."""
    if amount > 0:
        play.emit(CashTransferred(payer=None, payee=seat, amount=amount, reason=reason))


def pay(play: Play, payer: int, payee: int | None, amount: int, reason: str) -> bool:
    """Settle an obligation; short of cash, pay what you have and go broke.

    Returns whether it was paid in full. Rulebook: GOING BROKE ISN'T SO BAD (no credit,
    no further debt).
    """
    cash = play.player(payer).cash
    if cash >= amount:
        if amount > 0:
            play.emit(CashTransferred(payer=payer, payee=payee, amount=amount, reason=reason))
        return True
    if cash > 0:
        play.emit(CashTransferred(payer=payer, payee=payee, amount=cash, reason=reason))
    play.emit(WentBroke(seat=payer, owed=amount, paid=cash, location=next_hometown(play.state, payer)))
    collect(play, payer, WELFARE, "broke_welfare")
    return False


def lose_cash(play: Play, seat: int, amount: int, payee: int | None, reason: str) -> None:
    """A loss that is not an obligation (a share of what you have): it never makes you broke."""
    amount = min(amount, play.player(seat).cash)
    if amount > 0:
        play.emit(CashTransferred(payer=seat, payee=payee, amount=amount, reason=reason))


def die(play: Play, seat: int, cause: str, responsible: int | None = None) -> bool:
    """Death, unless insured this turn: the estate goes to `responsible` or else the poorest.

    Returns whether the hitchiker died. Rulebook: DEATH SUCKS! (the Important Exception),
    LIFE INSURANCE.
    """
    player = play.player(seat)
    if player.insured:
        play.emit(DeathAverted(seat=seat, cause=cause))
        return False
    heir = responsible if responsible is not None else poorest_other(play.state, seat)
    play.emit(HitchikerDied(seat=seat, cause=cause, heir=heir, cash=player.cash, savings=player.savings,
                            contraband=player.contraband, hometowns=player.hometowns))
    return True
