"""Hometowns: choosing one, banking, rent, buying more.

Rulebook: PLAYERS GET SET UP; SAVINGS OR TRAVELLING CASH?; ABOUT YOUR HOMETOWN;
BUYING EXTRA HOMETOWNS; DEATH IS NOT PERMANENT.
"""

from __future__ import annotations

from domain.core import Command
from domain.games.hitchiker.amounts import Range, bills
from domain.games.hitchiker.board import HOMETOWNS
from domain.games.hitchiker.commands import (
    BuyHometown,
    ChooseHometown,
    DeclineHometown,
    DepositSavings,
    SkipDeposit,
)
from domain.games.hitchiker.events import (
    DepositOffered,
    DepositSkipped,
    DiceRolled,
    HometownBought,
    HometownChosen,
    HometownDeclined,
    HometownPriced,
    Reincarnated,
    SavingsDeposited,
)
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.money import pay
from domain.games.hitchiker.state import BILL, LAND_DEPOSIT_LIMIT, START_CASH, Phase, State, owner_of

RENT_PER_PIP = 5_000
PRICE_PER_PIP = 5_000


# --- choosing a Hometown: at set-up and on reincarnation ---------------------------------------

def free_hometowns(state: State) -> tuple[int, ...]:
    return tuple(place for place in HOMETOWNS if owner_of(state, place) is None)


def choose_hometown_refusal(state: State, seat: int, command: ChooseHometown) -> str | None:
    """An unowned Hometown, at set-up or on reincarnation."""
    if state.phase not in (Phase.CHOOSING_HOMETOWNS, Phase.REINCARNATION):
        return "there is no Hometown to choose now"
    if command.location not in HOMETOWNS:
        return "choose a city labelled as a HOMETOWN"
    if owner_of(state, command.location) is not None:
        return "that Hometown is already owned"
    return None


def choose_hometown(play: Play, seat: int, command: ChooseHometown) -> None:
    if play.state.phase is Phase.REINCARNATION:
        play.emit(Reincarnated(seat=seat, location=command.location, cash=START_CASH))
    else:
        play.emit(HometownChosen(seat=seat, location=command.location))


def hometown_choices(state: State, seat: int) -> list[Command]:
    return [ChooseHometown(location=place) for place in free_hometowns(state)]


# --- deposits ---------------------------------------------------------------------------------

def offer_deposit(play: Play, seat: int, location: int, limit: int) -> None:
    """A deposit of up to `limit` at an own Hometown, if the hitchiker has a bill to bank."""
    if play.player(seat).cash >= BILL:
        play.emit(DepositOffered(seat=seat, location=location, limit=limit))


def deposit_range(state: State) -> Range | None:
    if state.deposit is None:
        return None
    high = min(state.deposit.limit, bills(state.players[state.current].cash))
    return Range(low=BILL, high=high) if high >= BILL else None


def deposit_refusal(state: State, seat: int, command: DepositSavings) -> str | None:
    """Whole bills up to the deposit limit and the cash in hand, at an own Hometown."""
    if state.phase is not Phase.DEPOSIT:
        return "you can only put money in your Bank at a Hometown you own"
    amounts = deposit_range(state)
    if amounts is None or command.amount not in amounts:
        return f"you may deposit $1,000 bills up to ${amounts.high if amounts else 0:,} here"
    return None


def deposit(play: Play, seat: int, command: DepositSavings) -> None:
    offer = play.state.deposit
    assert offer is not None
    play.emit(SavingsDeposited(seat=seat, location=offer.location, amount=command.amount))


def skip_deposit_refusal(state: State, seat: int, command: SkipDeposit) -> str | None:
    """Banking is a choice."""
    return None if state.phase is Phase.DEPOSIT else "there is no deposit to skip"


def skip_deposit(play: Play, seat: int, command: SkipDeposit) -> None:
    offer = play.state.deposit
    assert offer is not None
    play.emit(DepositSkipped(seat=seat, location=offer.location))


def deposit_choices(state: State, seat: int) -> list[Command]:
    amounts = deposit_range(state)
    offers: list[Command] = [] if amounts is None else [DepositSavings(amount=a) for a in amounts.samples()]
    return [*offers, SkipDeposit()]


# --- landing on a Hometown --------------------------------------------------------------------

def land_on_hometown(play: Play, seat: int, location: int) -> None:
    """Bank at your own, pay rent at another's, or price an unowned one."""
    owner = owner_of(play.state, location)
    if owner == seat:
        offer_deposit(play, seat, location, LAND_DEPOSIT_LIMIT)
    elif owner is not None:
        pay_rent(play, seat, owner)
    else:
        die = play.roll(1)[0]
        play.emit(HometownPriced(seat=seat, location=location, die=die, price=die * PRICE_PER_PIP))
        if play.player(seat).cash < die * PRICE_PER_PIP:
            play.emit(HometownDeclined(seat=seat, location=location))


def pay_rent(play: Play, seat: int, owner: int) -> None:
    """$5,000 times both dice of the roll that brought you (a fresh roll after a card move)."""
    dice = play.state.move_dice
    if not dice:
        dice = play.roll()
        play.emit(DiceRolled(seat=seat, dice=dice, purpose="rent"))
    pay(play, seat, owner, RENT_PER_PIP * sum(dice), "rent")


def buy_hometown_refusal(state: State, seat: int, command: BuyHometown) -> str | None:
    """The priced Hometown, if the hitchiker can pay the price."""
    if state.phase is not Phase.BUY_HOMETOWN:
        return "there is no Hometown for sale here"
    offer = state.hometown_offer
    if offer is None or state.players[seat].cash < offer.price:
        return "you cannot afford this Hometown"
    return None


def buy_hometown(play: Play, seat: int, command: BuyHometown) -> None:
    """Pay the bank; then a deposit of up to $50,000 (no welfare on a Hometown just bought)."""
    offer = play.state.hometown_offer
    assert offer is not None
    play.emit(HometownBought(seat=seat, location=offer.location, price=offer.price))
    offer_deposit(play, seat, offer.location, LAND_DEPOSIT_LIMIT)


def decline_hometown_refusal(state: State, seat: int, command: DeclineHometown) -> str | None:
    """Buying is a choice after seeing the price."""
    return None if state.phase is Phase.BUY_HOMETOWN else "there is no Hometown for sale here"


def decline_hometown(play: Play, seat: int, command: DeclineHometown) -> None:
    offer = play.state.hometown_offer
    assert offer is not None
    play.emit(HometownDeclined(seat=seat, location=offer.location))


def purchase_choices(state: State, seat: int) -> list[Command]:
    return [BuyHometown(), DeclineHometown()]
