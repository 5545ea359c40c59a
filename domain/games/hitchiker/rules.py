"""decide, to_act and legal_commands: one guard and one step per command, shared by all three.

Every command has a guard (raises IllegalCommand in the rulebook's words) and a
step (emits events through a `Play`, the core Emitter). `decide` runs the guard,
then the step, then lets the turn carry on, and returns the Emitter's Decision:
the events with the state they lead to, so `evolve` runs once per event.
`legal_commands` offers the phase's candidates that pass the same guards, so the
two can never drift apart.
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
    """A command's guard (raises IllegalCommand) and its step (emits the events)."""

    check: Callable[[State, int, Any], None]
    step: Callable[[Play, int, Any], None]


HANDLERS: dict[type[Command], Handler] = {
    cmd.ChooseHometown: Handler(check=hometowns.check_choose_hometown, step=hometowns.choose_hometown),
    cmd.BuyLifeInsurance: Handler(check=turn.check_insurance, step=turn.buy_insurance),
    cmd.TakeLifeInsurance: Handler(check=turn.check_quote, step=turn.take_insurance),
    cmd.DeclineLifeInsurance: Handler(check=turn.check_quote, step=turn.decline_insurance),
    cmd.RollDice: Handler(check=turn.check_roll, step=turn.roll),
    cmd.DepositSavings: Handler(check=hometowns.check_deposit, step=hometowns.deposit),
    cmd.SkipDeposit: Handler(check=hometowns.check_skip_deposit, step=hometowns.skip_deposit),
    cmd.BuyHometown: Handler(check=hometowns.check_buy_hometown, step=hometowns.buy_hometown),
    cmd.DeclineHometown: Handler(check=hometowns.check_decline_hometown, step=hometowns.decline_hometown),
    cmd.RiskCash: Handler(check=blackmarket.check_risk_cash, step=blackmarket.risk_cash),
    cmd.PassBlackMarket: Handler(check=blackmarket.check_pass_black_market, step=blackmarket.pass_black_market),
    cmd.RollDeal: Handler(check=blackmarket.check_roll_deal, step=blackmarket.roll_deal),
    cmd.TakeDeal: Handler(check=blackmarket.check_take_deal, step=blackmarket.take_deal),
    cmd.DeclineDeal: Handler(check=blackmarket.check_decline_deal, step=blackmarket.decline_deal),
    cmd.SellContraband: Handler(check=blackmarket.check_sell, step=blackmarket.sell),
    cmd.KeepContraband: Handler(check=blackmarket.check_keep, step=blackmarket.keep),
    cmd.AddressJury: Handler(check=jury.check_address, step=jury.address),
    cmd.Vote: Handler(check=jury.check_vote, step=jury.vote),
    cmd.ChooseCasinoGame: Handler(check=floor.check_choose_game, step=floor.choose_game),
    cmd.DeclineCasinoGame: Handler(check=floor.check_decline_game, step=floor.decline_game),
    cmd.PlaceWager: Handler(check=blackjack.check_place_wager, step=blackjack.place_wager),
    cmd.PassHand: Handler(check=blackjack.check_pass_hand, step=blackjack.pass_hand),
    cmd.Hit: Handler(check=blackjack.check_hit, step=blackjack.hit),
    cmd.Stand: Handler(check=blackjack.check_stand, step=blackjack.stand),
    cmd.DoubleDown: Handler(check=blackjack.check_double_down, step=blackjack.double_down),
    cmd.Split: Handler(check=blackjack.check_split, step=blackjack.split),
    cmd.Ante: Handler(check=holdem.check_ante, step=holdem.ante),
    cmd.SitOut: Handler(check=holdem.check_sit_out, step=holdem.sit_out),
    cmd.Check: Handler(check=holdem.check_check, step=holdem.check),
    cmd.Bet: Handler(check=holdem.check_bet, step=holdem.bet),
    cmd.Call: Handler(check=holdem.check_call, step=holdem.call),
    cmd.Raise: Handler(check=holdem.check_raise, step=holdem.raise_),
    cmd.Fold: Handler(check=holdem.check_fold, step=holdem.fold),
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


def decide(state: State, seat: int, command: Command, rng: Rng) -> Decision:
    """The events of `command` by `seat` and of all that follows until the next decision, with the state after them.

    Raises:
        InvalidCommand: not a Hitchiker command.
        IllegalCommand: the game is over, it is not the seat's turn, or the rules forbid it now.
    """
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise InvalidCommand(f"{type(command).__name__} is not a Hitchiker command")
    if state.phase is Phase.OVER:
        raise IllegalCommand("the game is over")
    if seat not in to_act(state):
        raise IllegalCommand("it is not your turn to act")
    handler.check(state, seat, command)
    play = Play(state, rng)
    try:
        handler.step(play, seat, command)
        turn.advance(play)
    except GameOver:
        pass
    return play.decision()


def is_allowed(state: State, seat: int, command: Command) -> bool:
    try:
        HANDLERS[type(command)].check(state, seat, command)
    except (IllegalCommand, InvalidCommand):
        return False
    return True


def legal_commands(state: State, seat: int) -> list[Command]:
    """The phase's candidate commands that pass decide's own guards (amounts: a few of the range)."""
    if seat not in to_act(state):
        return []
    return [command for command in CHOICES[state.phase](state, seat) if is_allowed(state, seat, command)]
