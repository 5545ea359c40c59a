"""setup and evolve: the opening events, and how each fact changes the state.

`evolve` only applies: no randomness, no rule checks. It is total: every event
type has an applier (a test walks the event codec), and an unknown event, an event
before GameCreated or a seat not at the table raises instead of passing unnoticed.
Each applier copies the state once. This module applies the facts of the turn and
the road (moves, stops, Bad Rides, juries, death, the end); the facts of money and
goods are applied in ledger.py, the casino's in casino/evolve.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.core import Event, GameConfig, GameCreated, Rng
from domain.games.hitchiker import events as ev
from domain.games.hitchiker.board import BAD_RIDE_IDS
from domain.games.hitchiker.casino.evolve import CASINO_APPLIERS
from domain.games.hitchiker.ledger import LEDGER_APPLIERS
from domain.games.hitchiker.state import Jury, Phase, Player, State, Stop, changed, readings

Applier = Callable[[State, Any], State]


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
    """The state after `event`; `state` is None before GameCreated.

    Raises:
        TypeError: not a Hitchiker event, or an event before GameCreated.
        ValueError: the event names a seat that is not at the table.
    """
    if type(event) is GameCreated:
        return State(players=tuple(Player(name=seat.name) for seat in event.seats),
                     round_limit=event.options["round_limit"], **readings(event.rules_version, event.options))
    entry = APPLIERS.get(type(event))
    if entry is None:
        raise TypeError(f"not a Hitchiker event: {type(event).__name__}")
    if state is None:
        raise TypeError(f"{event.TYPE} before GameCreated: GameCreated comes first")
    apply, seats, groups = entry
    count = len(state.players)
    for name in seats:
        seat = getattr(event, name)
        if seat is not None and not 0 <= seat < count:
            raise ValueError(f"{event.TYPE}.{name}: there is no seat {seat} at a table of {count}")
    for name in groups:
        for seat in getattr(event, name):
            if not 0 <= seat < count:
                raise ValueError(f"{event.TYPE}.{name}: there is no seat {seat} at a table of {count}")
    return apply(state, event)


def _unchanged(state: State, event: Any) -> State:
    """A fact that changes nothing on the table (a roll announced, a death averted)."""
    return state


def _first_player(state: State, event: ev.FirstPlayerChosen) -> State:
    order = tuple((event.seat + step) % state.seats for step in range(state.seats))
    return replace(state, first=event.seat, current=event.seat, choosing=order)


def _bad_ride_shuffled(state: State, event: ev.BadRideDeckShuffled) -> State:
    return replace(state, bad_ride_deck=event.order, bad_ride_discards=())


def _hometown_chosen(state: State, event: ev.HometownChosen) -> State:
    player = state.players[event.seat]
    players = changed(state.players, event.seat, hometowns=tuple(sorted((*player.hometowns, event.location))),
                      position=event.location)
    return replace(state, players=players, choosing=tuple(seat for seat in state.choosing if seat != event.seat))


def _turn_started(state: State, event: ev.TurnStarted) -> State:
    return replace(state, current=event.seat, turn=event.turn, phase=Phase.BEFORE_ROLL, move_dice=(), stops=(),
                   insurance_priced=False)


def _insurance(state: State, event: ev.LifeInsurancePriced) -> State:
    if not event.bought:
        return replace(state, insurance_priced=True)
    player = state.players[event.seat]
    players = changed(state.players, event.seat, cash=player.cash - event.premium, insured=True)
    return replace(state, players=players, insurance_priced=True)


def _insurance_quoted(state: State, event: ev.LifeInsuranceQuoted) -> State:
    return replace(state, insurance_priced=True, insurance_quote=event.premium)


def _insurance_taken(state: State, event: ev.LifeInsuranceTaken) -> State:
    player = state.players[event.seat]
    players = changed(state.players, event.seat, cash=player.cash - event.premium, insured=True)
    return replace(state, players=players, insurance_quote=None)


def _insurance_declined(state: State, event: ev.LifeInsuranceDeclined) -> State:
    return replace(state, insurance_quote=None)


def _move_rolled(state: State, event: ev.MoveRolled) -> State:
    return replace(state, move_dice=event.dice, phase=Phase.TRAVELLING)


def _pawn_moved(state: State, event: ev.PawnMoved) -> State:
    stops = tuple(Stop(location=place, landed=False) for place in event.passed)
    return replace(state, players=changed(state.players, event.seat, position=event.end, stuck=False),
                   stops=(*stops, Stop(location=event.end, landed=True)),
                   move_dice=state.move_dice if event.reason == "roll" else (), phase=Phase.TRAVELLING)


def _stop_reached(state: State, event: ev.StopReached) -> State:
    return replace(state, stops=state.stops[1:])


def _turn_ended(state: State, event: ev.TurnEnded) -> State:
    return replace(state, players=changed(state.players, event.seat, insured=False), phase=Phase.BETWEEN_TURNS,
                   move_dice=(), stops=())


def _stuck(state: State, event: ev.StuckInRemindya) -> State:
    return replace(state, players=changed(state.players, event.seat, position=event.location, stuck=True))


def _bad_ride_drawn(state: State, event: ev.BadRideDrawn) -> State:
    deck = list(state.bad_ride_deck)
    if event.card in deck:
        deck.remove(event.card)
    return replace(state, bad_ride_deck=tuple(deck), bad_ride_discards=(*state.bad_ride_discards, event.card),
                   last_bad_ride=event.card)


def _jury(state: State) -> Jury:
    """The jury sitting now.

    Raises:
        ValueError: none is.
    """
    if state.jury is None:
        raise ValueError("no jury is sitting")
    return state.jury


def _jury_called(state: State, event: ev.JuryCalled) -> State:
    return replace(state, jury=Jury(defendant=event.seat, subject=event.subject, card=event.card),
                   phase=Phase.JURY_ADDRESS)


def _jury_addressed(state: State, event: ev.JuryAddressed) -> State:
    return replace(state, jury=replace(_jury(state), words=event.words), phase=Phase.JURY_VOTE)


def _vote_cast(state: State, event: ev.VoteCast) -> State:
    jury = _jury(state)
    return replace(state, jury=replace(jury, votes=tuple(sorted((*jury.votes, (event.seat, event.approve))))))


def _judgment(state: State, event: ev.JudgmentGiven) -> State:
    return replace(state, jury=None, phase=Phase.TRAVELLING)


def _died(state: State, event: ev.HitchikerDied) -> State:
    heir = state.players[event.heir]
    players = changed(state.players, event.heir, cash=heir.cash + event.cash + event.savings,
                      contraband=heir.contraband + event.contraband)
    players = changed(players, event.seat, cash=0, savings=0, contraband=0, hometowns=(), position=None,
                      insured=False, stuck=False)
    return replace(state, players=players, phase=Phase.REINCARNATION, reincarnating=event.seat, stops=(), deal=None,
                   jury=None, deposit=None, hometown_offer=None, sell_offer=None)


def _reincarnated(state: State, event: ev.Reincarnated) -> State:
    players = changed(state.players, event.seat, cash=event.cash, hometowns=(event.location,),
                      position=event.location)
    return replace(state, players=players, reincarnating=None, phase=Phase.TRAVELLING)


def _casino_entered(state: State, event: ev.CasinoEntered) -> State:
    return replace(state, casino_location=event.location, phase=Phase.CASINO_CHOICE)


def _casino_closed(state: State, event: ev.CasinoClosed | ev.CasinoDeclined) -> State:
    return replace(state, casino_location=None, blackjack=None, holdem=None, phase=Phase.TRAVELLING)


def _won(state: State, event: ev.GameWon) -> State:
    return replace(state, winners=(event.seat,), end_reason=event.reason, phase=Phase.OVER)


def _limit(state: State, event: ev.TurnLimitReached) -> State:
    return replace(state, winners=event.winners, end_reason="round_limit", phase=Phase.OVER)


_ROAD: dict[type[Event], Applier] = {
    ev.StartingRollMade: _unchanged,
    ev.FirstPlayerChosen: _first_player,
    ev.BadRideDeckShuffled: _bad_ride_shuffled,
    ev.HometownChosen: _hometown_chosen,
    ev.TurnStarted: _turn_started,
    ev.LifeInsurancePriced: _insurance,
    ev.LifeInsuranceQuoted: _insurance_quoted,
    ev.LifeInsuranceTaken: _insurance_taken,
    ev.LifeInsuranceDeclined: _insurance_declined,
    ev.MoveRolled: _move_rolled,
    ev.StillInRemindya: _unchanged,
    ev.PawnMoved: _pawn_moved,
    ev.StopReached: _stop_reached,
    ev.TurnEnded: _turn_ended,
    ev.DiceRolled: _unchanged,
    ev.StuckInRemindya: _stuck,
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
    ev.CasinoDeclined: _casino_closed,
    ev.GameWon: _won,
    ev.TurnLimitReached: _limit,
}

SEAT_FIELDS = frozenset({"seat", "payer", "payee", "heir", "roller", "buyer", "beneficiary", "next_roller", "dealer"})
SEATS_FIELDS = frozenset({"winners", "eligible"})


def _entry(event_type: type[Event], apply: Applier) -> tuple[Applier, tuple[str, ...], tuple[str, ...]]:
    """An applier with the names of the event's fields that hold a seat, and a tuple of seats."""
    names = [field.name for field in msgspec.structs.fields(event_type)]  # type: ignore[arg-type]
    return apply, tuple(n for n in names if n in SEAT_FIELDS), tuple(n for n in names if n in SEATS_FIELDS)


APPLIERS: dict[type[Event], tuple[Applier, tuple[str, ...], tuple[str, ...]]] = {
    event_type: _entry(event_type, apply)
    for event_type, apply in {**_ROAD, **LEDGER_APPLIERS, **CASINO_APPLIERS}.items()
}
