"""A hitchiker's turn: Life Insurance, the roll, every stop in board order, the next player.

Rulebook: THE FIRST MOVE; ORDER OF OCCURRENCE; LIFE INSURANCE; Remindya. After
every command `advance` carries the game on until somebody must decide something.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.core import Command
from domain.games.hitchiker import blackmarket, hometowns, locations
from domain.games.hitchiker.badride import land_on_bad_ride
from domain.games.hitchiker.board import BOARD, Kind
from domain.games.hitchiker.casino.floor import land_on_casino
from domain.games.hitchiker.commands import BuyLifeInsurance, DeclineLifeInsurance, RollDice, TakeLifeInsurance
from domain.games.hitchiker.events import (
    LifeInsuranceDeclined,
    LifeInsurancePriced,
    LifeInsuranceQuoted,
    LifeInsuranceTaken,
    MoveRolled,
    StillInRemindya,
    StopReached,
    TurnEnded,
    TurnLimitReached,
    TurnStarted,
)
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.movement import move
from domain.games.hitchiker.state import PASS_DEPOSIT_LIMIT, Phase, State

PREMIUM_PER_PIP = 10_000

LANDINGS: dict[Kind, Callable[[Play, int, int], None]] = {
    Kind.HOMETOWN: hometowns.land_on_hometown,
    Kind.BLACK_MARKET: blackmarket.land_on_black_market,
    Kind.SELL: blackmarket.land_on_sell_city,
    Kind.CUSTOMS: blackmarket.land_on_customs,
    Kind.BAD_RIDE: land_on_bad_ride,
    Kind.CASINO: land_on_casino,
    Kind.ENERGY_REBATE: locations.energy_rebate,
    Kind.TWISTER_CITY: locations.twister_city,
    Kind.LIE_N_SIN: locations.lie_n_sin,
    Kind.SMASHVILLE: locations.smashville,
    Kind.CORPUS_RISKY: locations.corpus_risky,
    Kind.SMELL_GASO: locations.smell_gaso,
    Kind.TORTLAND: locations.tortland,
    Kind.FORT_MCSLURRY: locations.fort_mcslurry,
    Kind.REMINDYA: locations.remindya,
}


def insurance_refusal(state: State, seat: int, command: BuyLifeInsurance) -> str | None:
    """Once a turn, before the roll to move."""
    if state.phase is not Phase.BEFORE_ROLL:
        return "Life Insurance is bought prior to your roll to move"
    if state.insurance_priced:
        return "Life Insurance is offered once a turn, before the roll"
    return None


def buy_insurance(play: Play, seat: int, command: BuyLifeInsurance) -> None:
    """Roll for the premium (both dice x $10,000) and pay it at once when affordable (Life Insurance, steps 1-3);
    with a declinable quote (the `declinable_insurance` option; always under version 2) it is quoted and the
    hitchiker takes or declines it (one that cannot be afforded is declined at once)."""
    dice = play.roll()
    premium = PREMIUM_PER_PIP * sum(dice)
    affordable = play.player(seat).cash >= premium
    if not play.state.declinable_insurance:
        play.emit(LifeInsurancePriced(seat=seat, dice=dice, premium=premium, bought=affordable))
        return
    play.emit(LifeInsuranceQuoted(seat=seat, dice=dice, premium=premium))
    if not affordable:
        play.emit(LifeInsuranceDeclined(seat=seat, premium=premium, affordable=False))


def quote_refusal(state: State, seat: int, command: TakeLifeInsurance | DeclineLifeInsurance) -> str | None:
    """A premium has been quoted this turn and is neither taken nor declined yet (a declinable quote)."""
    if state.insurance_quote is None:
        return "no Life Insurance premium is waiting: send BuyLifeInsurance first"
    return None


def take_insurance(play: Play, seat: int, command: TakeLifeInsurance) -> None:
    premium = play.state.insurance_quote
    assert premium is not None
    play.emit(LifeInsuranceTaken(seat=seat, premium=premium))


def decline_insurance(play: Play, seat: int, command: DeclineLifeInsurance) -> None:
    premium = play.state.insurance_quote
    assert premium is not None
    play.emit(LifeInsuranceDeclined(seat=seat, premium=premium, affordable=True))


def roll_refusal(state: State, seat: int, command: RollDice) -> str | None:
    """The roll to move, once a turn."""
    if state.phase is not Phase.BEFORE_ROLL:
        return "you have already rolled this turn"
    if state.insurance_quote is not None:
        return "take or decline the Life Insurance quoted first"
    return None


def roll(play: Play, seat: int, command: RollDice) -> None:
    """Move the roll; stuck in Remindya, only an odd roll moves."""
    dice = play.roll()
    play.emit(MoveRolled(seat=seat, dice=dice))
    if play.player(seat).stuck and sum(dice) % 2 == 0:
        play.emit(StillInRemindya(seat=seat))
        return
    move(play, seat, sum(dice), "roll")


def turn_choices(state: State, seat: int) -> list[Command]:
    if state.insurance_quote is not None:
        return [TakeLifeInsurance(), DeclineLifeInsurance()]
    return [RollDice(), BuyLifeInsurance()]


def advance(play: Play) -> None:
    """Carry on until a seat must decide: the first turn, each stop, the end of a turn, the next."""
    while True:
        state = play.state
        if state.phase is Phase.CHOOSING_HOMETOWNS and not state.choosing:
            play.emit(TurnStarted(seat=state.first, turn=1))
        elif state.phase is Phase.TRAVELLING and state.stops:
            _reach_next_stop(play)
        elif state.phase is Phase.TRAVELLING:
            play.emit(TurnEnded(seat=state.current))
        elif state.phase is Phase.BETWEEN_TURNS:
            _next_turn(play)
        else:
            return


def _reach_next_stop(play: Play) -> None:
    """Deposits at own Hometowns passed through, then whatever the landing holds."""
    seat, stop = play.state.current, play.state.stops[0]
    play.emit(StopReached(seat=seat, location=stop.location, landed=stop.landed))
    if not stop.landed:
        hometowns.offer_deposit(play, seat, stop.location, PASS_DEPOSIT_LIMIT)
        return
    LANDINGS[BOARD[stop.location].kind](play, seat, stop.location)


def _next_turn(play: Play) -> None:
    """The next player to the left; after the last round, the richest wins (a ruling; 0 rounds: no limit)."""
    state = play.state
    if state.round_limit and state.turn >= state.round_limit * state.seats:
        worth = tuple(player.cash + player.savings for player in state.players)
        best = max(worth)
        play.emit(TurnLimitReached(winners=tuple(s for s in range(state.seats) if worth[s] == best), worth=worth))
        return
    play.emit(TurnStarted(seat=(state.current + 1) % state.seats, turn=state.turn + 1))
