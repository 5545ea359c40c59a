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
from domain.games.hitchiker.play import Play
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


def land_on_bad_ride(play: Play, seat: int, location: int) -> None:
    """Pick up the top card, read it aloud and follow it."""
    if not play.state.bad_ride_deck:
        play.emit(BadRideDeckShuffled(order=play.rng.shuffled(sorted(play.state.bad_ride_discards))))
    card = play.state.bad_ride_deck[0]
    play.emit(BadRideDrawn(seat=seat, card=card))
    follow(play, seat, BAD_RIDES[card].effect, card)


def follow(play: Play, seat: int, effect: Effect, card: int) -> None:
    _EFFECTS[effect.kind](play, seat, effect, card)


def _pips(play: Play, seat: int) -> int:
    dice = play.roll()
    play.emit(DiceRolled(seat=seat, dice=dice, purpose=REASON))
    return sum(dice)


def _nothing(play: Play, seat: int, effect: Effect, card: int) -> None:
    return None


def _pay_bank(play: Play, seat: int, effect: Effect, card: int) -> None:
    pay(play, seat, None, effect.amount, REASON)


def _pay_bank_per_pip(play: Play, seat: int, effect: Effect, card: int) -> None:
    pay(play, seat, None, effect.amount * _pips(play, seat), REASON)


def _lose_cash_percent(play: Play, seat: int, effect: Effect, card: int) -> None:
    lose_cash(play, seat, bills(play.player(seat).cash * effect.percent // 100), None, REASON)


def _death(play: Play, seat: int, effect: Effect, card: int) -> None:
    die(play, seat, effect.cause)


def _death_on_roll(play: Play, seat: int, effect: Effect, card: int) -> None:
    if _pips(play, seat) in effect.rolls:
        die(play, seat, effect.cause)


def _lose_contraband_percent(play: Play, seat: int, effect: Effect, card: int) -> None:
    units = play.player(seat).contraband * effect.percent // 100
    if units > 0:
        play.emit(ContrabandLost(seat=seat, payee=None, units=units, reason=REASON))


def _free_units(play: Play, seat: int, effect: Effect, card: int) -> None:
    play.emit(ContrabandReceived(seat=seat, units=effect.units, reason=REASON))


def _free_units_per_pip(play: Play, seat: int, effect: Effect, card: int) -> None:
    play.emit(ContrabandReceived(seat=seat, units=effect.units * _pips(play, seat), reason=REASON))


def _collect_bank(play: Play, seat: int, effect: Effect, card: int) -> None:
    collect(play, seat, effect.amount, REASON)


def _collect_bank_per_pip(play: Play, seat: int, effect: Effect, card: int) -> None:
    collect(play, seat, effect.amount * _pips(play, seat), REASON)


def _advance_to(play: Play, seat: int, effect: Effect, card: int) -> None:
    """A forward move: Hometowns passed and the landing count as on a roll (a ruling)."""
    player = play.player(seat)
    here = player.position or 0
    kind = TARGETS[effect.target]
    if effect.target == "own_hometown":
        target = nearest_ahead(here, lambda place: place.index in player.hometowns)
    else:
        target = nearest_ahead(here, lambda place: place.kind is kind)
    if target is not None:
        move(play, seat, (target - here) % len(BOARD) or len(BOARD), REASON)


def _move_back(play: Play, seat: int, effect: Effect, card: int) -> None:
    move_back(play, seat, effect.spaces, REASON)


def _go_to_remindya(play: Play, seat: int, effect: Effect, card: int) -> None:
    play.emit(StuckInRemindya(seat=seat, location=REMINDYA))


def _lose_savings_percent(play: Play, seat: int, effect: Effect, card: int) -> None:
    amount = bills(play.player(seat).savings * effect.percent // 100)
    if amount > 0:
        play.emit(SavingsSeized(seat=seat, payee=None, amount=amount, reason=REASON))


def _pay_each_player(play: Play, seat: int, effect: Effect, card: int) -> None:
    """Clockwise from your left; going broke ends the obligation."""
    for other in clockwise_from(play.state, seat):
        if not pay(play, seat, other, effect.amount, REASON):
            return


def _collect_from_each_player(play: Play, seat: int, effect: Effect, card: int) -> None:
    for other in clockwise_from(play.state, seat):
        pay(play, other, seat, effect.amount, REASON)


def _pay_poorest(play: Play, seat: int, effect: Effect, card: int) -> None:
    pay(play, seat, poorest_other(play.state, seat), effect.amount, REASON)


def _jury(play: Play, seat: int, effect: Effect, card: int) -> None:
    play.emit(JuryCalled(seat=seat, subject=REASON, card=card))


_EFFECTS: dict[str, Callable[[Play, int, Effect, int], None]] = {
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
