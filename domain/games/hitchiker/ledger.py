"""The ledger: how the facts of money and goods change the state (the rest of evolve is in evolve.py).

Cash and savings changing hands, deposits, Hometowns priced and bought, Black Market
deals, Contraband bought, lost and sold. Like every applier, these only apply: no
randomness, no rule checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.core import Event
from domain.games.hitchiker import events as ev
from domain.games.hitchiker.state import Deal, DepositOffer, HometownOffer, Phase, SellOffer, State, changed


def _cash(state: State, event: ev.CashTransferred) -> State:
    players = state.players
    if event.payer is not None:
        players = changed(players, event.payer, cash=players[event.payer].cash - event.amount)
    if event.payee is not None:
        players = changed(players, event.payee, cash=players[event.payee].cash + event.amount)
    return replace(state, players=players)


def _deposit_offered(state: State, event: ev.DepositOffered) -> State:
    return replace(state, deposit=DepositOffer(location=event.location, limit=event.limit), phase=Phase.DEPOSIT)


def _deposited(state: State, event: ev.SavingsDeposited) -> State:
    player = state.players[event.seat]
    players = changed(state.players, event.seat, cash=player.cash - event.amount,
                      savings=player.savings + event.amount)
    return replace(state, players=players, deposit=None, phase=Phase.TRAVELLING)


def _deposit_skipped(state: State, event: ev.DepositSkipped) -> State:
    return replace(state, deposit=None, phase=Phase.TRAVELLING)


def _savings_seized(state: State, event: ev.SavingsSeized) -> State:
    players = changed(state.players, event.seat, savings=state.players[event.seat].savings - event.amount)
    if event.payee is not None:
        players = changed(players, event.payee, cash=players[event.payee].cash + event.amount)
    return replace(state, players=players)


def _went_broke(state: State, event: ev.WentBroke) -> State:
    players = changed(state.players, event.seat, position=event.location, stuck=False)
    if event.seat == state.current:
        return replace(state, players=players, stops=())
    return replace(state, players=players)


def _hometown_priced(state: State, event: ev.HometownPriced) -> State:
    offer = HometownOffer(location=event.location, price=event.price)
    return replace(state, hometown_offer=offer, phase=Phase.BUY_HOMETOWN)


def _hometown_bought(state: State, event: ev.HometownBought) -> State:
    player = state.players[event.seat]
    players = changed(state.players, event.seat, cash=player.cash - event.price,
                      hometowns=tuple(sorted((*player.hometowns, event.location))))
    return replace(state, players=players, hometown_offer=None, phase=Phase.TRAVELLING)


def _hometown_declined(state: State, event: ev.HometownDeclined) -> State:
    return replace(state, hometown_offer=None, phase=Phase.TRAVELLING)


def _black_market(state: State, event: ev.BlackMarketEntered) -> State:
    return replace(state, phase=Phase.BLACK_MARKET)


def _cash_risked(state: State, event: ev.CashRisked) -> State:
    deal = Deal(buyer=event.seat, stake=event.stake, attempt=1, roller=event.roller)
    return replace(state, deal=deal, phase=Phase.DEAL_ROLL)


def _back_on_the_road(state: State, event: Any) -> State:
    return replace(state, phase=Phase.TRAVELLING)


def _deal(state: State) -> Deal:
    """The deal on the table.

    Raises:
        ValueError: there is none.
    """
    if state.deal is None:
        raise ValueError("no Contraband deal is on the table")
    return state.deal


def _deal_rolled(state: State, event: ev.DealRolled) -> State:
    return replace(state, deal=replace(_deal(state), roll=sum(event.dice)), phase=Phase.DEAL_CHOICE)


def _deal_declined(state: State, event: ev.DealDeclined) -> State:
    deal = replace(_deal(state), attempt=event.attempt + 1, roller=event.next_roller, roll=None)
    return replace(state, deal=deal, phase=Phase.DEAL_ROLL)


def _deal_taken(state: State, event: ev.DealTaken) -> State:
    return replace(state, deal=None, phase=Phase.TRAVELLING)


def _bought(state: State, event: ev.ContrabandBought) -> State:
    player = state.players[event.seat]
    players = changed(state.players, event.seat, cash=player.cash - event.cost,
                      contraband=player.contraband + event.units)
    return replace(state, players=players)


def _received(state: State, event: ev.ContrabandReceived) -> State:
    players = changed(state.players, event.seat, contraband=state.players[event.seat].contraband + event.units)
    return replace(state, players=players)


def _lost(state: State, event: ev.ContrabandLost) -> State:
    players = changed(state.players, event.seat, contraband=state.players[event.seat].contraband - event.units)
    if event.payee is not None:
        players = changed(players, event.payee, contraband=players[event.payee].contraband + event.units)
    return replace(state, players=players)


def _sell_offered(state: State, event: ev.SellOffered) -> State:
    return replace(state, sell_offer=SellOffer(location=event.location, price=event.price), phase=Phase.SELL)


def _sold(state: State, event: ev.ContrabandSold) -> State:
    player = state.players[event.seat]
    players = changed(state.players, event.seat, contraband=player.contraband - event.units,
                      cash=player.cash + event.units * event.price)
    return replace(state, players=players, sell_offer=None, phase=Phase.TRAVELLING)


def _kept(state: State, event: ev.ContrabandKept) -> State:
    return replace(state, sell_offer=None, phase=Phase.TRAVELLING)


LEDGER_APPLIERS: dict[type[Event], Callable[[State, Any], State]] = {
    ev.CashTransferred: _cash,
    ev.DepositOffered: _deposit_offered,
    ev.SavingsDeposited: _deposited,
    ev.DepositSkipped: _deposit_skipped,
    ev.SavingsSeized: _savings_seized,
    ev.WentBroke: _went_broke,
    ev.HometownPriced: _hometown_priced,
    ev.HometownBought: _hometown_bought,
    ev.HometownDeclined: _hometown_declined,
    ev.BlackMarketEntered: _black_market,
    ev.CashRisked: _cash_risked,
    ev.BlackMarketPassed: _back_on_the_road,
    ev.DealRolled: _deal_rolled,
    ev.DealDeclined: _deal_declined,
    ev.DealTaken: _deal_taken,
    ev.ContrabandBought: _bought,
    ev.ContrabandReceived: _received,
    ev.ContrabandLost: _lost,
    ev.SellOffered: _sell_offered,
    ev.ContrabandSold: _sold,
    ev.ContrabandKept: _kept,
}
