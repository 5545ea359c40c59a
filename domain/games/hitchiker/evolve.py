"""setup and evolve: the opening events, and how each fact changes the state.

`evolve` only applies: no randomness, no rule checks, and every recorded event has
an applier (a test walks the event codec). The casino's events are applied in
casino/evolve.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.core import Event, GameConfig, GameCreated, Rng
from domain.games.hitchiker import events as ev
from domain.games.hitchiker.board import BAD_RIDE_IDS
from domain.games.hitchiker.casino.evolve import CASINO_APPLIERS
from domain.games.hitchiker.state import (
    Deal,
    DepositOffer,
    HometownOffer,
    Jury,
    Phase,
    Player,
    SellOffer,
    State,
    Stop,
    with_player,
)


def setup(config: GameConfig, rng: Rng) -> list[Event]:
    """Starting rolls (the highest goes first, ties roll again) and the shuffled Bad Ride deck.

    Rulebook: PLAYERS GET SET UP; BAD RIDES.
    """
    events: list[Event] = []
    contenders = tuple(range(len(config.seats)))
    while len(contenders) > 1:
        rolls = {seat: rng.dice(2) for seat in contenders}
        events.extend(ev.StartingRollMade(seat=seat, dice=rolls[seat]) for seat in contenders)
        best = max(sum(dice) for dice in rolls.values())
        contenders = tuple(seat for seat in contenders if sum(rolls[seat]) == best)
    events.append(ev.FirstPlayerChosen(seat=contenders[0]))
    events.append(ev.BadRideDeckShuffled(order=rng.shuffled(BAD_RIDE_IDS)))
    return events


def evolve(state: State | None, event: Event) -> State:
    """The state after `event`; `state` is None before GameCreated."""
    if isinstance(event, GameCreated):
        return State(players=tuple(Player(name=seat.name) for seat in event.seats),
                     round_limit=event.options["round_limit"])
    assert state is not None, "GameCreated comes first"
    applier = _APPLIERS.get(type(event)) or CASINO_APPLIERS[type(event)]
    return applier(state, event)


def _unchanged(state: State, event: Any) -> State:
    return state


def _first_player(state: State, event: ev.FirstPlayerChosen) -> State:
    order = tuple((event.seat + step) % state.seats for step in range(state.seats))
    return replace(state, first=event.seat, current=event.seat, choosing=order)


def _bad_ride_shuffled(state: State, event: ev.BadRideDeckShuffled) -> State:
    return replace(state, bad_ride_deck=event.order, bad_ride_discards=())


def _hometown_chosen(state: State, event: ev.HometownChosen) -> State:
    player = state.players[event.seat]
    state = with_player(state, event.seat, hometowns=tuple(sorted((*player.hometowns, event.location))),
                        position=event.location)
    return replace(state, choosing=tuple(seat for seat in state.choosing if seat != event.seat))


def _turn_started(state: State, event: ev.TurnStarted) -> State:
    return replace(state, current=event.seat, turn=event.turn, phase=Phase.BEFORE_ROLL, move_dice=(), stops=(),
                   insurance_priced=False)


def _insurance(state: State, event: ev.LifeInsurancePriced) -> State:
    state = replace(state, insurance_priced=True)
    if not event.bought:
        return state
    player = state.players[event.seat]
    return with_player(state, event.seat, cash=player.cash - event.premium, insured=True)


def _move_rolled(state: State, event: ev.MoveRolled) -> State:
    return replace(state, move_dice=event.dice, phase=Phase.TRAVELLING)


def _pawn_moved(state: State, event: ev.PawnMoved) -> State:
    stops = tuple(Stop(location=place, landed=False) for place in event.passed)
    state = with_player(state, event.seat, position=event.end, stuck=False)
    dice = state.move_dice if event.reason == "roll" else ()
    return replace(state, stops=(*stops, Stop(location=event.end, landed=True)), move_dice=dice,
                   phase=Phase.TRAVELLING)


def _stop_reached(state: State, event: ev.StopReached) -> State:
    return replace(state, stops=state.stops[1:])


def _turn_ended(state: State, event: ev.TurnEnded) -> State:
    state = with_player(state, event.seat, insured=False)
    return replace(state, phase=Phase.BETWEEN_TURNS, move_dice=(), stops=())


def _cash(state: State, event: ev.CashTransferred) -> State:
    if event.payer is not None:
        state = with_player(state, event.payer, cash=state.players[event.payer].cash - event.amount)
    if event.payee is not None:
        state = with_player(state, event.payee, cash=state.players[event.payee].cash + event.amount)
    return state


def _deposit_offered(state: State, event: ev.DepositOffered) -> State:
    return replace(state, deposit=DepositOffer(location=event.location, limit=event.limit), phase=Phase.DEPOSIT)


def _deposited(state: State, event: ev.SavingsDeposited) -> State:
    player = state.players[event.seat]
    state = with_player(state, event.seat, cash=player.cash - event.amount, savings=player.savings + event.amount)
    return replace(state, deposit=None, phase=Phase.TRAVELLING)


def _deposit_skipped(state: State, event: ev.DepositSkipped) -> State:
    return replace(state, deposit=None, phase=Phase.TRAVELLING)


def _savings_seized(state: State, event: ev.SavingsSeized) -> State:
    state = with_player(state, event.seat, savings=state.players[event.seat].savings - event.amount)
    if event.payee is not None:
        state = with_player(state, event.payee, cash=state.players[event.payee].cash + event.amount)
    return state


def _went_broke(state: State, event: ev.WentBroke) -> State:
    state = with_player(state, event.seat, position=event.location, stuck=False)
    return replace(state, stops=()) if event.seat == state.current else state


def _hometown_priced(state: State, event: ev.HometownPriced) -> State:
    offer = HometownOffer(location=event.location, price=event.price)
    return replace(state, hometown_offer=offer, phase=Phase.BUY_HOMETOWN)


def _hometown_bought(state: State, event: ev.HometownBought) -> State:
    player = state.players[event.seat]
    state = with_player(state, event.seat, cash=player.cash - event.price,
                        hometowns=tuple(sorted((*player.hometowns, event.location))))
    return replace(state, hometown_offer=None, phase=Phase.TRAVELLING)


def _hometown_declined(state: State, event: ev.HometownDeclined) -> State:
    return replace(state, hometown_offer=None, phase=Phase.TRAVELLING)


def _stuck(state: State, event: ev.StuckInRemindya) -> State:
    return with_player(state, event.seat, position=event.location, stuck=True)


def _black_market(state: State, event: ev.BlackMarketEntered) -> State:
    return replace(state, phase=Phase.BLACK_MARKET)


def _cash_risked(state: State, event: ev.CashRisked) -> State:
    deal = Deal(buyer=event.seat, stake=event.stake, attempt=1, roller=event.roller)
    return replace(state, deal=deal, phase=Phase.DEAL_ROLL)


def _back_on_the_road(state: State, event: Any) -> State:
    return replace(state, phase=Phase.TRAVELLING)


def _deal_rolled(state: State, event: ev.DealRolled) -> State:
    assert state.deal is not None
    return replace(state, deal=replace(state.deal, roll=sum(event.dice)), phase=Phase.DEAL_CHOICE)


def _deal_declined(state: State, event: ev.DealDeclined) -> State:
    assert state.deal is not None
    deal = replace(state.deal, attempt=event.attempt + 1, roller=event.next_roller, roll=None)
    return replace(state, deal=deal, phase=Phase.DEAL_ROLL)


def _deal_taken(state: State, event: ev.DealTaken) -> State:
    return replace(state, deal=None, phase=Phase.TRAVELLING)


def _bought(state: State, event: ev.ContrabandBought) -> State:
    player = state.players[event.seat]
    return with_player(state, event.seat, cash=player.cash - event.cost, contraband=player.contraband + event.units)


def _received(state: State, event: ev.ContrabandReceived) -> State:
    return with_player(state, event.seat, contraband=state.players[event.seat].contraband + event.units)


def _lost(state: State, event: ev.ContrabandLost) -> State:
    state = with_player(state, event.seat, contraband=state.players[event.seat].contraband - event.units)
    if event.payee is not None:
        state = with_player(state, event.payee, contraband=state.players[event.payee].contraband + event.units)
    return state


def _sell_offered(state: State, event: ev.SellOffered) -> State:
    return replace(state, sell_offer=SellOffer(location=event.location, price=event.price), phase=Phase.SELL)


def _sold(state: State, event: ev.ContrabandSold) -> State:
    player = state.players[event.seat]
    state = with_player(state, event.seat, contraband=player.contraband - event.units,
                        cash=player.cash + event.units * event.price)
    return replace(state, sell_offer=None, phase=Phase.TRAVELLING)


def _kept(state: State, event: ev.ContrabandKept) -> State:
    return replace(state, sell_offer=None, phase=Phase.TRAVELLING)


def _bad_ride_drawn(state: State, event: ev.BadRideDrawn) -> State:
    deck = list(state.bad_ride_deck)
    if event.card in deck:
        deck.remove(event.card)
    return replace(state, bad_ride_deck=tuple(deck), bad_ride_discards=(*state.bad_ride_discards, event.card),
                   last_bad_ride=event.card)


def _jury_called(state: State, event: ev.JuryCalled) -> State:
    return replace(state, jury=Jury(defendant=event.seat, subject=event.subject, card=event.card),
                   phase=Phase.JURY_ADDRESS)


def _jury_addressed(state: State, event: ev.JuryAddressed) -> State:
    assert state.jury is not None
    return replace(state, jury=replace(state.jury, words=event.words), phase=Phase.JURY_VOTE)


def _vote_cast(state: State, event: ev.VoteCast) -> State:
    assert state.jury is not None
    votes = tuple(sorted((*state.jury.votes, (event.seat, event.approve))))
    return replace(state, jury=replace(state.jury, votes=votes))


def _judgment(state: State, event: ev.JudgmentGiven) -> State:
    return replace(state, jury=None, phase=Phase.TRAVELLING)


def _died(state: State, event: ev.HitchikerDied) -> State:
    heir = state.players[event.heir]
    state = with_player(state, event.heir, cash=heir.cash + event.cash + event.savings,
                        contraband=heir.contraband + event.contraband)
    state = with_player(state, event.seat, cash=0, savings=0, contraband=0, hometowns=(), position=None,
                        insured=False, stuck=False)
    return replace(state, phase=Phase.REINCARNATION, reincarnating=event.seat, stops=(), deal=None, jury=None,
                   deposit=None, hometown_offer=None, sell_offer=None)


def _reincarnated(state: State, event: ev.Reincarnated) -> State:
    state = with_player(state, event.seat, cash=event.cash, hometowns=(event.location,), position=event.location)
    return replace(state, reincarnating=None, phase=Phase.TRAVELLING)


def _casino_entered(state: State, event: ev.CasinoEntered) -> State:
    return replace(state, casino_location=event.location, phase=Phase.CASINO_CHOICE)


def _casino_closed(state: State, event: ev.CasinoClosed) -> State:
    return replace(state, casino_location=None, blackjack=None, holdem=None, phase=Phase.TRAVELLING)


def _won(state: State, event: ev.GameWon) -> State:
    return replace(state, winners=(event.seat,), end_reason=event.reason, phase=Phase.OVER)


def _limit(state: State, event: ev.TurnLimitReached) -> State:
    return replace(state, winners=event.winners, end_reason="round_limit", phase=Phase.OVER)


_APPLIERS: dict[type[Event], Callable[[State, Any], State]] = {
    ev.StartingRollMade: _unchanged,
    ev.FirstPlayerChosen: _first_player,
    ev.BadRideDeckShuffled: _bad_ride_shuffled,
    ev.HometownChosen: _hometown_chosen,
    ev.TurnStarted: _turn_started,
    ev.LifeInsurancePriced: _insurance,
    ev.MoveRolled: _move_rolled,
    ev.StillInRemindya: _unchanged,
    ev.PawnMoved: _pawn_moved,
    ev.StopReached: _stop_reached,
    ev.TurnEnded: _turn_ended,
    ev.CashTransferred: _cash,
    ev.DiceRolled: _unchanged,
    ev.DepositOffered: _deposit_offered,
    ev.SavingsDeposited: _deposited,
    ev.DepositSkipped: _deposit_skipped,
    ev.SavingsSeized: _savings_seized,
    ev.WentBroke: _went_broke,
    ev.HometownPriced: _hometown_priced,
    ev.HometownBought: _hometown_bought,
    ev.HometownDeclined: _hometown_declined,
    ev.StuckInRemindya: _stuck,
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
    ev.BustedAtCustoms: _unchanged,
    ev.BadRideDrawn: _bad_ride_drawn,
    ev.JuryCalled: _jury_called,
    ev.JuryAddressed: _jury_addressed,
    ev.VoteCast: _vote_cast,
    ev.JudgmentGiven: _judgment,
    ev.DeathAverted: _unchanged,
    ev.HitchikerDied: _died,
    ev.Reincarnated: _reincarnated,
    ev.CasinoEntered: _casino_entered,
    ev.CasinoClosed: _casino_closed,
    ev.GameWon: _won,
    ev.TurnLimitReached: _limit,
}

EVENTS: tuple[type[Event], ...] = (GameCreated, *_APPLIERS, *CASINO_APPLIERS)
