"""Bad Rides: draw the top card of the 36 and follow it.

Rulebook: BAD RIDES. The deck is shuffled at set-up in a hidden event; when it
runs out the discards are shuffled into a new deck. A card that asks for a
judgment calls the jury (jury.py applies the verdict's effect).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.games.hitchiker.amounts import bills
from domain.games.hitchiker.board import BAD_RIDES, BOARD, REMINDYA, Effect, Kind, nearest_ahead
from domain.games.hitchiker.events import (
    BadRideDeckShuffled,
    BadRideDrawn,
    ContrabandLost,
    ContrabandReceived,
    DiceRolled,
    JuryCalled,
    SavingsSeized,
    StuckInRemindya,
)
from domain.games.hitchiker.flow import Flow
from domain.games.hitchiker.money import collect, die, lose_cash, pay, poorest_other
from domain.games.hitchiker.movement import move, move_back
from domain.games.hitchiker.state import clockwise_from

REASON = "bad_ride"
TARGETS: dict[str, Kind] = {
    "customs": Kind.CUSTOMS,
    "casino": Kind.CASINO,
    "black_market": Kind.BLACK_MARKET,
    "sell": Kind.SELL,
    "own_hometown": Kind.HOMETOWN,
}


def land_on_bad_ride(flow: Flow, seat: int, location: int) -> None:
    """Pick up the top card, read it aloud and follow it."""
    if not flow.state.bad_ride_deck:
        flow.emit(BadRideDeckShuffled(order=flow.rng.shuffled(sorted(flow.state.bad_ride_discards))))
    card = flow.state.bad_ride_deck[0]
    flow.emit(BadRideDrawn(seat=seat, card=card))
    follow(flow, seat, BAD_RIDES[card].effect, card)


def follow(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    _EFFECTS[effect.kind](flow, seat, effect, card)


def _pips(flow: Flow, seat: int) -> int:
    dice = flow.roll()
    flow.emit(DiceRolled(seat=seat, dice=dice, purpose=REASON))
    return sum(dice)


def _nothing(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    return None


def _pay_bank(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    pay(flow, seat, None, effect.amount, REASON)


def _pay_bank_per_pip(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    pay(flow, seat, None, effect.amount * _pips(flow, seat), REASON)


def _lose_cash_percent(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    lose_cash(flow, seat, bills(flow.player(seat).cash * effect.percent // 100), None, REASON)


def _death(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    die(flow, seat, effect.cause)


def _death_on_roll(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    if _pips(flow, seat) in effect.rolls:
        die(flow, seat, effect.cause)


def _lose_contraband_percent(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    units = flow.player(seat).contraband * effect.percent // 100
    if units > 0:
        flow.emit(ContrabandLost(seat=seat, payee=None, units=units, reason=REASON))


def _free_units(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    flow.emit(ContrabandReceived(seat=seat, units=effect.units, reason=REASON))


def _free_units_per_pip(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    flow.emit(ContrabandReceived(seat=seat, units=effect.units * _pips(flow, seat), reason=REASON))


def _collect_bank(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    collect(flow, seat, effect.amount, REASON)


def _collect_bank_per_pip(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    collect(flow, seat, effect.amount * _pips(flow, seat), REASON)


def _advance_to(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    """A forward move: Hometowns passed and the landing count as on a roll (a ruling)."""
    player = flow.player(seat)
    here = player.position or 0
    kind = TARGETS[effect.target]
    if effect.target == "own_hometown":
        target = nearest_ahead(here, lambda place: place.index in player.hometowns)
    else:
        target = nearest_ahead(here, lambda place: place.kind is kind)
    if target is not None:
        move(flow, seat, (target - here) % len(BOARD) or len(BOARD), REASON)


def _move_back(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    move_back(flow, seat, effect.spaces, REASON)


def _go_to_remindya(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    flow.emit(StuckInRemindya(seat=seat, location=REMINDYA))


def _lose_savings_percent(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    amount = bills(flow.player(seat).savings * effect.percent // 100)
    if amount > 0:
        flow.emit(SavingsSeized(seat=seat, payee=None, amount=amount, reason=REASON))


def _pay_each_player(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    """Clockwise from your left; going broke ends the obligation."""
    for other in clockwise_from(flow.state, seat):
        if not pay(flow, seat, other, effect.amount, REASON):
            return


def _collect_from_each_player(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    for other in clockwise_from(flow.state, seat):
        pay(flow, other, seat, effect.amount, REASON)


def _pay_poorest(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    pay(flow, seat, poorest_other(flow.state, seat), effect.amount, REASON)


def _jury(flow: Flow, seat: int, effect: Effect, card: int) -> None:
    flow.emit(JuryCalled(seat=seat, subject=REASON, card=card))


_EFFECTS: dict[str, Callable[[Flow, int, Effect, int], None]] = {
    "nothing": _nothing,
    "pay_bank": _pay_bank,
    "pay_bank_per_pip": _pay_bank_per_pip,
    "lose_cash_percent": _lose_cash_percent,
    "death": _death,
    "death_on_roll": _death_on_roll,
    "lose_contraband_percent": _lose_contraband_percent,
    "free_units": _free_units,
    "free_units_per_pip": _free_units_per_pip,
    "collect_bank": _collect_bank,
    "collect_bank_per_pip": _collect_bank_per_pip,
    "advance_to": _advance_to,
    "move_back": _move_back,
    "go_to_remindya": _go_to_remindya,
    "lose_savings_percent": _lose_savings_percent,
    "pay_each_player": _pay_each_player,
    "collect_from_each_player": _collect_from_each_player,
    "pay_poorest": _pay_poorest,
    "jury": _jury,
}
EFFECT_KINDS = frozenset(_EFFECTS)
