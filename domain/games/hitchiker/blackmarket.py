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


def risk_cash_refusal(state: State, seat: int, command: RiskCash) -> str | None:
    """A stake of whole bills, at least $1,000 and no more than the cash in hand, on a Black Market."""
    if state.phase is not Phase.BLACK_MARKET:
        return "Contraband is bought on a Black Market city"
    amounts = stake_range(state)
    if amounts is None or command.amount not in amounts:
        return "risk whole $1,000 bills of your Travelling Cash, no more than you have"
    return None


def risk_cash(play: Play, seat: int, command: RiskCash) -> None:
    """The stake goes on the board; the player on your left will roll."""
    play.emit(CashRisked(seat=seat, stake=command.amount, roller=clockwise_from(play.state, seat)[0]))


def pass_black_market_refusal(state: State, seat: int, command: PassBlackMarket) -> str | None:
    """Buying Contraband is a choice, on a Black Market."""
    return None if state.phase is Phase.BLACK_MARKET else "you are not on a Black Market"


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


def roll_deal_refusal(state: State, seat: int, command: RollDeal) -> str | None:
    """A deal waits for its roll (by the roller, the one seat to act: `rules.to_act`)."""
    return None if state.phase is Phase.DEAL_ROLL else "no Contraband deal is waiting for a roll"


def roll_deal(play: Play, seat: int, command: RollDeal) -> None:
    """The roll lands on the Contraband Deal Chart; the third one is forced on the buyer."""
    deal = play.state.deal
    assert deal is not None
    play.emit(DealRolled(roller=seat, buyer=deal.buyer, dice=play.roll(), attempt=deal.attempt))
    if deal.attempt >= MAX_DEAL_ROLLS:
        settle_deal(play, forced=True)


def take_deal_refusal(state: State, seat: int, command: TakeDeal) -> str | None:
    """A rolled deal can be taken."""
    return None if state.phase is Phase.DEAL_CHOICE else "there is no deal on the table"


def take_deal(play: Play, seat: int, command: TakeDeal) -> None:
    settle_deal(play, forced=False)


def decline_deal_refusal(state: State, seat: int, command: DeclineDeal) -> str | None:
    """The first two rolls may be declined; the third is the buyer's regardless."""
    if state.phase is not Phase.DEAL_CHOICE:
        return "there is no deal on the table"
    if state.deal is None or state.deal.attempt >= MAX_DEAL_ROLLS:
        return "you are stuck with the third roll regardless of the consequences"
    return None


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


def sell_refusal(state: State, seat: int, command: SellContraband) -> str | None:
    """One Unit up to all of them, in a Sell city."""
    if state.phase is not Phase.SELL:
        return "Contraband can only be sold in a SELL city"
    if command.units not in sell_range(state) or command.units < 1:
        return f"you can sell 1 to {state.players[seat].contraband} Units"
    return None


def sell(play: Play, seat: int, command: SellContraband) -> None:
    offer = play.state.sell_offer
    assert offer is not None
    play.emit(ContrabandSold(seat=seat, location=offer.location, units=command.units, price=offer.price))


def keep_refusal(state: State, seat: int, command: KeepContraband) -> str | None:
    """Selling is a choice: the owner may hang on for a better price."""
    return None if state.phase is Phase.SELL else "there is nothing to sell here"


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
