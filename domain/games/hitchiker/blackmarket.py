"""Contraband: buying at a Black Market, selling in a Sell city, getting busted at Customs.

Rulebook: BLACK MARKET - BUY CONTRABAND; SELLING CONTRABAND - SELL CITIES;
CUSTOMS - ZERO TOLERANCE.
"""

from __future__ import annotations

from domain.core import Command
from domain.games.hitchiker.amounts import Range, bills
from domain.games.hitchiker.board import BOARD, DEAL_CHART, Outcome
from domain.games.hitchiker.commands import (
    DeclineDeal,
    KeepContraband,
    PassBlackMarket,
    RiskCash,
    RollDeal,
    SellContraband,
    TakeDeal,
)
from domain.games.hitchiker.events import (
    BlackMarketEntered,
    BlackMarketPassed,
    BustedAtCustoms,
    CashRisked,
    CashTransferred,
    ContrabandBought,
    ContrabandKept,
    ContrabandLost,
    ContrabandReceived,
    ContrabandSold,
    DealDeclined,
    DealRolled,
    DealTaken,
    SavingsSeized,
    SellOffered,
)
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.guards import require, require_phase
from domain.games.hitchiker.money import die, lose_cash, poorest_other
from domain.games.hitchiker.state import BILL, Deal, Phase, State, clockwise_from

MAX_DEAL_ROLLS = 3


# --- the Black Market ---------------------------------------------------------------------------

def land_on_black_market(play: Play, seat: int, location: int) -> None:
    if play.player(seat).cash >= BILL:
        play.emit(BlackMarketEntered(seat=seat, location=location))


def stake_range(state: State) -> Range | None:
    cash = bills(state.players[state.current].cash)
    return Range(low=BILL, high=cash) if cash >= BILL else None


def check_risk_cash(state: State, seat: int, command: RiskCash) -> None:
    """A stake of whole bills, at least $1,000 and no more than the cash in hand, on a Black Market.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    require_phase(state, Phase.BLACK_MARKET, "Contraband is bought on a Black Market city")
    amounts = stake_range(state)
    require(amounts is not None and command.amount in amounts,
            "risk whole $1,000 bills of your Travelling Cash, no more than you have")


def risk_cash(play: Play, seat: int, command: RiskCash) -> None:
    """The stake goes on the board; the player on your left will roll."""
    play.emit(CashRisked(seat=seat, stake=command.amount, roller=clockwise_from(play.state, seat)[0]))


def check_pass_black_market(state: State, seat: int, command: PassBlackMarket) -> None:
    """Buying Contraband is a choice, on a Black Market.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    require_phase(state, Phase.BLACK_MARKET, "you are not on a Black Market")


def pass_black_market(play: Play, seat: int, command: PassBlackMarket) -> None:
    play.emit(BlackMarketPassed(seat=seat))


def market_choices(state: State, seat: int) -> list[Command]:
    amounts = stake_range(state)
    stakes: list[Command] = [] if amounts is None else [RiskCash(amount=a) for a in amounts.samples((10_000,))]
    return [*stakes, PassBlackMarket()]


# --- the deal: up to three rolls by successive players -------------------------------------------

def next_roller(state: State, deal: Deal) -> int:
    """The next player to the left of the last roller, never the buyer."""
    rollers = clockwise_from(state, deal.buyer)
    return rollers[(rollers.index(deal.roller) + 1) % len(rollers)]


def check_roll_deal(state: State, seat: int, command: RollDeal) -> None:
    """Only the player whose turn it is to roll the deal rolls it.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    require_phase(state, Phase.DEAL_ROLL, "no Contraband deal is waiting for a roll")
    require(state.deal is not None and state.deal.roller == seat, "the player on the buyer's left rolls the deal")


def roll_deal(play: Play, seat: int, command: RollDeal) -> None:
    """The roll lands on the Contraband Deal Chart; the third one is forced on the buyer."""
    deal = play.state.deal
    assert deal is not None
    play.emit(DealRolled(roller=seat, buyer=deal.buyer, dice=play.roll(), attempt=deal.attempt))
    if deal.attempt >= MAX_DEAL_ROLLS:
        settle_deal(play, forced=True)


def check_take_deal(state: State, seat: int, command: TakeDeal) -> None:
    """A rolled deal can be taken.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    require_phase(state, Phase.DEAL_CHOICE, "there is no deal on the table")


def take_deal(play: Play, seat: int, command: TakeDeal) -> None:
    settle_deal(play, forced=False)


def check_decline_deal(state: State, seat: int, command: DeclineDeal) -> None:
    """The first two rolls may be declined; the third is the buyer's regardless.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    require_phase(state, Phase.DEAL_CHOICE, "there is no deal on the table")
    require(state.deal is not None and state.deal.attempt < MAX_DEAL_ROLLS,
            "you are stuck with the third roll regardless of the consequences")


def decline_deal(play: Play, seat: int, command: DeclineDeal) -> None:
    deal = play.state.deal
    assert deal is not None
    play.emit(DealDeclined(seat=seat, attempt=deal.attempt, next_roller=next_roller(play.state, deal)))


def deal_choices(state: State, seat: int) -> list[Command]:
    return [TakeDeal(), DeclineDeal()]


def settle_deal(play: Play, forced: bool) -> None:
    """Buy as many Units as the stake allows, or take free Units, or be ripped off, or shot."""
    deal = play.state.deal
    assert deal is not None and deal.roll is not None
    entry = DEAL_CHART[deal.roll]
    play.emit(DealTaken(seat=deal.buyer, roll=deal.roll, forced=forced))
    if entry.outcome is Outcome.PRICE:
        units = deal.stake // entry.price
        play.emit(ContrabandBought(seat=deal.buyer, units=units, price=entry.price, cost=units * entry.price))
    elif entry.outcome is Outcome.FREE_UNITS:
        play.emit(ContrabandReceived(seat=deal.buyer, units=entry.units, reason="free_units"))
    elif entry.outcome is Outcome.RIPPED_OFF:
        play.emit(CashTransferred(payer=deal.buyer, payee=deal.roller, amount=deal.stake, reason="ripped_off"))
    else:
        die(play, deal.buyer, "police shootout", responsible=deal.roller)


# --- Sell cities and Customs ----------------------------------------------------------------------

def land_on_sell_city(play: Play, seat: int, location: int) -> None:
    price = BOARD[location].price
    if play.player(seat).contraband > 0 and price:
        play.emit(SellOffered(seat=seat, location=location, price=price))


def sell_range(state: State) -> Range:
    return Range(low=1, high=max(1, state.players[state.current].contraband), step=1)


def check_sell(state: State, seat: int, command: SellContraband) -> None:
    """One Unit up to all of them, in a Sell city.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    require_phase(state, Phase.SELL, "Contraband can only be sold in a SELL city")
    require(command.units in sell_range(state) and command.units >= 1,
            f"you can sell 1 to {state.players[seat].contraband} Units")


def sell(play: Play, seat: int, command: SellContraband) -> None:
    offer = play.state.sell_offer
    assert offer is not None
    play.emit(ContrabandSold(seat=seat, location=offer.location, units=command.units, price=offer.price))


def check_keep(state: State, seat: int, command: KeepContraband) -> None:
    """Selling is a choice: the owner may hang on for a better price.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    require_phase(state, Phase.SELL, "there is nothing to sell here")


def keep(play: Play, seat: int, command: KeepContraband) -> None:
    offer = play.state.sell_offer
    assert offer is not None
    play.emit(ContrabandKept(seat=seat, location=offer.location))


def sell_choices(state: State, seat: int) -> list[Command]:
    return [*(SellContraband(units=units) for units in sell_range(state).samples()), KeepContraband()]


def land_on_customs(play: Play, seat: int, location: int) -> None:
    """Busted with Contraband: it leaves the game; all cash and half the savings go to the poorest."""
    player = play.player(seat)
    if player.contraband == 0:
        return
    beneficiary = poorest_other(play.state, seat)
    play.emit(BustedAtCustoms(seat=seat, location=location, beneficiary=beneficiary),
              ContrabandLost(seat=seat, payee=None, units=player.contraband, reason="customs"))
    lose_cash(play, seat, player.cash, beneficiary, "customs")
    half = bills(player.savings // 2)
    if half > 0:
        play.emit(SavingsSeized(seat=seat, payee=beneficiary, amount=half, reason="customs"))
