"""to_act, waiting, the one refusal and the step of each command, the candidates, and decide.

Every command has a refusal (why the rules forbid it now, in the rulebook's words, or
None) and a step (emits events through a `Play`, the core Emitter). `decide` refuses
with the refusal's reason, runs the step, then lets the turn carry on, and returns the
Emitter's Decision: the events with the state they lead to, so `evolve` runs once per
event. The listing offers the phase's candidates the same refusals let through, so
what is listed is exactly what is accepted. Whose turn it is, the core checks first
(`waiting` words it for a seat that must wait).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from domain.core import Command, Decision, IllegalCommand, InvalidCommand, Rng
from domain.games.hitchiker import blackmarket, hometowns, jury, turn
from domain.games.hitchiker import commands as cmd
from domain.games.hitchiker.casino import blackjack, floor, holdem
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.scoring import GameOver
from domain.games.hitchiker.state import Phase, State


class Handler(NamedTuple):
    """A command's refusal (the reason it is illegal now, or None) and its step (emits the events)."""

    refusal: Callable[[State, int, Any], str | None]
    step: Callable[[Play, int, Any], None]


HANDLERS: dict[type[Command], Handler] = {
    cmd.ChooseHometown: Handler(refusal=hometowns.choose_hometown_refusal, step=hometowns.choose_hometown),
    cmd.BuyLifeInsurance: Handler(refusal=turn.insurance_refusal, step=turn.buy_insurance),
    cmd.TakeLifeInsurance: Handler(refusal=turn.quote_refusal, step=turn.take_insurance),
    cmd.DeclineLifeInsurance: Handler(refusal=turn.quote_refusal, step=turn.decline_insurance),
    cmd.RollDice: Handler(refusal=turn.roll_refusal, step=turn.roll),
    cmd.DepositSavings: Handler(refusal=hometowns.deposit_refusal, step=hometowns.deposit),
    cmd.SkipDeposit: Handler(refusal=hometowns.skip_deposit_refusal, step=hometowns.skip_deposit),
    cmd.BuyHometown: Handler(refusal=hometowns.buy_hometown_refusal, step=hometowns.buy_hometown),
    cmd.DeclineHometown: Handler(refusal=hometowns.decline_hometown_refusal, step=hometowns.decline_hometown),
    cmd.RiskCash: Handler(refusal=blackmarket.risk_cash_refusal, step=blackmarket.risk_cash),
    cmd.PassBlackMarket: Handler(refusal=blackmarket.pass_black_market_refusal, step=blackmarket.pass_black_market),
    cmd.RollDeal: Handler(refusal=blackmarket.roll_deal_refusal, step=blackmarket.roll_deal),
    cmd.TakeDeal: Handler(refusal=blackmarket.take_deal_refusal, step=blackmarket.take_deal),
    cmd.DeclineDeal: Handler(refusal=blackmarket.decline_deal_refusal, step=blackmarket.decline_deal),
    cmd.SellContraband: Handler(refusal=blackmarket.sell_refusal, step=blackmarket.sell),
    cmd.KeepContraband: Handler(refusal=blackmarket.keep_refusal, step=blackmarket.keep),
    cmd.AddressJury: Handler(refusal=jury.address_refusal, step=jury.address),
    cmd.Vote: Handler(refusal=jury.vote_refusal, step=jury.vote),
    cmd.ChooseCasinoGame: Handler(refusal=floor.choose_game_refusal, step=floor.choose_game),
    cmd.DeclineCasinoGame: Handler(refusal=floor.decline_game_refusal, step=floor.decline_game),
    cmd.PlaceWager: Handler(refusal=blackjack.place_wager_refusal, step=blackjack.place_wager),
    cmd.PassHand: Handler(refusal=blackjack.pass_hand_refusal, step=blackjack.pass_hand),
    cmd.Hit: Handler(refusal=blackjack.hit_refusal, step=blackjack.hit),
    cmd.Stand: Handler(refusal=blackjack.stand_refusal, step=blackjack.stand),
    cmd.DoubleDown: Handler(refusal=blackjack.double_down_refusal, step=blackjack.double_down),
    cmd.Split: Handler(refusal=blackjack.split_refusal, step=blackjack.split),
    cmd.Ante: Handler(refusal=holdem.ante_refusal, step=holdem.ante),
    cmd.SitOut: Handler(refusal=holdem.sit_out_refusal, step=holdem.sit_out),
    cmd.Check: Handler(refusal=holdem.check_refusal, step=holdem.check),
    cmd.Bet: Handler(refusal=holdem.bet_refusal, step=holdem.bet),
    cmd.Call: Handler(refusal=holdem.call_refusal, step=holdem.call),
    cmd.Raise: Handler(refusal=holdem.raise_refusal, step=holdem.raise_),
    cmd.Fold: Handler(refusal=holdem.fold_refusal, step=holdem.fold),
}

CHOICES: dict[Phase, Callable[[State, int], list[Command]]] = {
    Phase.CHOOSING_HOMETOWNS: hometowns.hometown_choices,
    Phase.REINCARNATION: hometowns.hometown_choices,
    Phase.BEFORE_ROLL: turn.turn_choices,
    Phase.DEPOSIT: hometowns.deposit_choices,
    Phase.BUY_HOMETOWN: hometowns.purchase_choices,
    Phase.BLACK_MARKET: blackmarket.market_choices,
    Phase.DEAL_ROLL: lambda state, seat: [cmd.RollDeal()],
    Phase.DEAL_CHOICE: blackmarket.deal_choices,
    Phase.SELL: blackmarket.sell_choices,
    Phase.JURY_ADDRESS: jury.address_choices,
    Phase.JURY_VOTE: jury.vote_choices,
    Phase.CASINO_CHOICE: floor.game_choices,
    Phase.BLACKJACK_WAGERS: blackjack.wager_choices,
    Phase.BLACKJACK_PLAY: blackjack.play_choices,
    Phase.HOLDEM_ANTE: holdem.ante_choices,
    Phase.HOLDEM_BETTING: holdem.betting_choices,
}


def to_act(state: State) -> frozenset[int]:
    """Every seat that may act now: several while a jury votes, bets go down or antes come in."""
    match state.phase:
        case Phase.OVER | Phase.TRAVELLING | Phase.BETWEEN_TURNS:
            return frozenset()
        case Phase.CHOOSING_HOMETOWNS:
            return frozenset(state.choosing[:1])
        case Phase.REINCARNATION:
            return frozenset() if state.reincarnating is None else frozenset({state.reincarnating})
        case Phase.DEAL_ROLL:
            return frozenset() if state.deal is None else frozenset({state.deal.roller})
        case Phase.JURY_VOTE:
            return frozenset(jury.jurors_to_vote(state))
        case Phase.BLACKJACK_WAGERS:
            return blackjack.waiting_owners(state.blackjack) if state.blackjack else frozenset()
        case Phase.BLACKJACK_PLAY:
            table = state.blackjack
            index = blackjack.current_hand(table) if table else None
            return frozenset() if table is None or index is None else frozenset({table.hands[index].owner})
        case Phase.HOLDEM_ANTE:
            return frozenset(holdem.undecided(state))
        case Phase.HOLDEM_BETTING:
            actor = state.holdem.actor if state.holdem else None
            return frozenset() if actor is None else frozenset({actor})
        case _:
            return frozenset({state.current})


def waiting(state: State, seat: int) -> str:
    """What a seat that is not to act is told."""
    return "it is not your turn to act"


REFUSALS: dict[type[Command], Callable[[State, int, Any], str | None]] = {
    command_type: handler.refusal for command_type, handler in HANDLERS.items()
}


def refusal(state: State, seat: int, command: Command) -> str | None:
    """Why `seat`, one of the seats to act, may not give `command` now; None when the rules allow it."""
    return REFUSALS[type(command)](state, seat, command)


def candidates(state: State, seat: int) -> list[Command]:
    """The commands of the phase worth asking `refusal` about (amounts: a few of the range), in listing order."""
    return CHOICES[state.phase](state, seat)


def check_args(command: Command) -> None:
    """A Hitchiker command, and words to a jury of 1 to 280 characters (malformed, whatever the game's moment).

    Raises:
        InvalidCommand: not a Hitchiker command, or words to a jury that are empty or too long.
    """
    if type(command) not in HANDLERS:
        raise InvalidCommand(f"{type(command).__name__} is not a Hitchiker command")
    if isinstance(command, cmd.AddressJury):
        jury.check_words(command)


def decide(state: State, seat: int, command: Command, rng: Rng) -> Decision:
    """The events of `command` by `seat` and of all that follows until the next decision, with the state after them.

    Raises:
        InvalidCommand: malformed (`check_args`).
        IllegalCommand: the rules forbid it now (`refusal`).
    """
    check_args(command)
    reason = refusal(state, seat, command)
    if reason is not None:
        raise IllegalCommand(reason)
    play = Play(state, rng)
    try:
        HANDLERS[type(command)].step(play, seat, command)
        turn.advance(play)
    except GameOver:
        pass
    return play.decision()
