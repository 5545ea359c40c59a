"""What a person reads in the menu of actions: one sentence per legal command, and the ranges of amounts.

Labels use the rulebook's words and the catalog's names (never ids), give the costs and effects
that help to choose, and read only what the acting seat may see: its own hole cards and vote, and
everything public; never the order of a deck or another seat's secret.

`ranges` reports each amount's whole range as {min, max, step} where every value min, min + step,
..., max is accepted by `decide` (amounts.py: a Range also accepts its `high`, "everything", off the
step; such an action keeps its own listing and its label says "all").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core import Command, Ranges
from domain.games.hitchiker import commands as cmd
from domain.games.hitchiker.amounts import Range
from domain.games.hitchiker.blackmarket import MAX_DEAL_ROLLS, next_roller, sell_range, stake_range
from domain.games.hitchiker.board import BAD_RIDES, DEAL_CHART, Outcome, name_of
from domain.games.hitchiker.cards import blackjack_total, card_name
from domain.games.hitchiker.casino import betting, blackjack, craps
from domain.games.hitchiker.hometowns import deposit_range
from domain.games.hitchiker.locations import SINGING_PRIZE
from domain.games.hitchiker.state import CasinoGame, Phase, State
from domain.games.hitchiker.turn import PREMIUM_PER_PIP

GAME_NAMES = {CasinoGame.BLACKJACK: "Blackjack", CasinoGame.HOLDEM: "Texas Hold'em",
              CasinoGame.CRAPS: "High Roll Craps"}


def _money(amount: int) -> str:
    return f"${amount:,}"


def _units(count: int) -> str:
    return f"{count} Unit" if count == 1 else f"{count} Units"


def _name(state: State, seat: int | None) -> str:
    return "the bank" if seat is None else state.players[seat].name


def _where(state: State, seat: int) -> str:
    return name_of(state.players[seat].position)


# --- the road ---------------------------------------------------------------------------------------

def _choose_hometown(state: State, seat: int, command: cmd.ChooseHometown) -> str:
    verb = "Be reincarnated in" if state.phase is Phase.REINCARNATION else "Start in"
    return f"{verb} {name_of(command.location)} as your Hometown"


def _insurance(state: State, seat: int, command: cmd.BuyLifeInsurance) -> str:
    if state.declinable_insurance:
        return (f"Ask for Life Insurance: both dice x {_money(PREMIUM_PER_PIP)} price it ({_money(2 * PREMIUM_PER_PIP)}"
                f" to {_money(12 * PREMIUM_PER_PIP)}), then take it or decline it")
    return (f"Buy Life Insurance: both dice x {_money(PREMIUM_PER_PIP)} ({_money(2 * PREMIUM_PER_PIP)} to "
            f"{_money(12 * PREMIUM_PER_PIP)}), safe from death until your turn ends")


def _take_insurance(state: State, seat: int, command: cmd.TakeLifeInsurance) -> str:
    return f"Take Life Insurance for {_money(state.insurance_quote or 0)}: safe from death until your turn ends"


def _decline_insurance(state: State, seat: int, command: cmd.DeclineLifeInsurance) -> str:
    return f"Decline Life Insurance at {_money(state.insurance_quote or 0)}"


def _roll(state: State, seat: int, command: cmd.RollDice) -> str:
    if state.players[seat].stuck:
        return "Roll both dice to escape Remindya: only an odd total moves you"
    return f"Roll both dice and travel clockwise from {_where(state, seat)}"


def _deposit(state: State, seat: int, command: cmd.DepositSavings) -> str:
    offer, amounts = state.deposit, deposit_range(state)
    where = name_of(offer.location) if offer else _where(state, seat)
    most = " (the most you may)" if amounts is not None and command.amount == amounts.high else ""
    return f"Deposit {_money(command.amount)} in your Bank at {where}{most}"


def _skip_deposit(state: State, seat: int, command: cmd.SkipDeposit) -> str:
    where = name_of(state.deposit.location) if state.deposit else _where(state, seat)
    return f"Deposit nothing at {where}"


def _buy_hometown(state: State, seat: int, command: cmd.BuyHometown) -> str:
    offer = state.hometown_offer
    if offer is None:
        return "Buy this Hometown"
    return f"Buy {name_of(offer.location)} for {_money(offer.price)} (then deposit up to $50,000)"


def _decline_hometown(state: State, seat: int, command: cmd.DeclineHometown) -> str:
    offer = state.hometown_offer
    return f"Do not buy {name_of(offer.location) if offer else 'this Hometown'}"


# --- Contraband ---------------------------------------------------------------------------------------

def _risk(state: State, seat: int, command: cmd.RiskCash) -> str:
    amounts = stake_range(state)
    if amounts is not None and command.amount == amounts.high:
        return f"Risk all your {_money(command.amount)} on a Contraband deal"
    return f"Risk {_money(command.amount)} on a Contraband deal"


def _pass_market(state: State, seat: int, command: cmd.PassBlackMarket) -> str:
    return f"Buy no Contraband at {_where(state, seat)}"


def _roll_deal(state: State, seat: int, command: cmd.RollDeal) -> str:
    deal = state.deal
    if deal is None:
        return "Roll the Contraband deal"
    forced = ", which the buyer must take" if deal.attempt >= MAX_DEAL_ROLLS else ""
    return (f"Roll the Contraband deal for {_name(state, deal.buyer)} (roll {deal.attempt} of {MAX_DEAL_ROLLS}"
            f"{forced}; stake {_money(deal.stake)})")


def deal_effect(state: State, seat: int) -> str:
    """What taking the deal on the table does, in the chart's words."""
    deal = state.deal
    entry = DEAL_CHART.get(deal.roll or 0) if deal is not None else None
    if deal is None or entry is None:
        return "the deal on the table"
    if entry.outcome is Outcome.PRICE:
        return (f"{entry.roll} = {_money(entry.price)} a Unit: {_units(deal.stake // entry.price)} for your "
                f"{_money(deal.stake)}")
    if entry.outcome is Outcome.FREE_UNITS:
        return f"{entry.roll} = {_units(entry.units)} free, keeping your {_money(deal.stake)}"
    if entry.outcome is Outcome.RIPPED_OFF:
        return f"{entry.roll} = Ripped Off: your {_money(deal.stake)} goes to {_name(state, deal.roller)}"
    if state.players[seat].insured:
        return f"{entry.roll} = Killed In Police Shootout, but you are insured: the deal is off"
    return f"{entry.roll} = Killed In Police Shootout: you die and {_name(state, deal.roller)} inherits"


def _take_deal(state: State, seat: int, command: cmd.TakeDeal) -> str:
    return f"Take the deal: {deal_effect(state, seat)}"


def _decline_deal(state: State, seat: int, command: cmd.DeclineDeal) -> str:
    deal = state.deal
    if deal is None:
        return "Decline the deal"
    after = deal.attempt + 1
    last = ", which you must take" if after >= MAX_DEAL_ROLLS else ""
    return (f"Decline the roll of {deal.roll}: {_name(state, next_roller(state, deal))} rolls again "
            f"(roll {after} of {MAX_DEAL_ROLLS}{last})")


def _sell(state: State, seat: int, command: cmd.SellContraband) -> str:
    offer = state.sell_offer
    price = offer.price if offer else 0
    where = name_of(offer.location) if offer else _where(state, seat)
    count = "all " + _units(command.units) if command.units == state.players[seat].contraband \
        else _units(command.units)
    return f"Sell {count} at {where} for {_money(command.units * price)} ({_money(price)} a Unit)"


def _keep(state: State, seat: int, command: cmd.KeepContraband) -> str:
    return f"Keep your {_units(state.players[seat].contraband)} of Contraband for a better price"


# --- the jury -----------------------------------------------------------------------------------------

def _address(state: State, seat: int, command: cmd.AddressJury) -> str:
    jury = state.jury
    if jury is not None and jury.card is not None:
        return f"Plead your case to the jury ({BAD_RIDES[jury.card].title})"
    return f"Sing a couple of lines in the Singing Contest ({_money(SINGING_PRIZE)} if all approve)"


def _vote(state: State, seat: int, command: cmd.Vote) -> str:
    jury = state.jury
    verb = "Vote yes" if command.approve else "Vote no"
    if jury is None:
        return verb
    if jury.card is not None:
        return f"{verb} on {_name(state, jury.defendant)}'s {BAD_RIDES[jury.card].title}: " \
               f"{BAD_RIDES[jury.card].effect.question}"
    return f"{verb}: was {_name(state, jury.defendant)}'s singing a good enough effort to be paid?"


# --- the casinos ----------------------------------------------------------------------------------------

def _choose_game(state: State, seat: int, command: cmd.ChooseCasinoGame) -> str:
    if command.game is CasinoGame.CRAPS:
        return f"Play High Roll Craps: everyone rolls, the high roll takes the bank's {_money(craps.PRIZE)}"
    if command.game is CasinoGame.BLACKJACK:
        return (f"Play Blackjack: a win pays {blackjack.WIN_MULTIPLE} times the wager, a Blackjack "
                f"{blackjack.NATURAL_MULTIPLE} times")
    return (f"Play Texas Hold'em: the bank seeds {_money(betting.SEED)}, the ante is "
            f"{_money(betting.ANTE)}")


def _decline_game(state: State, seat: int, command: cmd.DeclineCasinoGame) -> str:
    return "Play none of the casino's games and travel on"


def _hand_cards(state: State, index: int) -> str:
    table = state.blackjack
    if table is None or not 0 <= index < len(table.hands):
        return f"hand {index}"
    cards = table.hands[index].cards
    return f"hand {index} ({', '.join(map(card_name, cards))})"


def _house(state: State) -> str:
    table = state.blackjack
    return f"the House shows {card_name(table.house[0])}" if table and table.house else "the House"


def _wager(state: State, seat: int, command: cmd.PlaceWager) -> str:
    amounts = blackjack.wager_range(state, seat)
    amount = f"all your {_money(command.amount)}" if amounts and command.amount == amounts.high \
        else _money(command.amount)
    return f"Wager {amount} on {_hand_cards(state, command.hand)}; {_house(state)}"


def _pass_hand(state: State, seat: int, command: cmd.PassHand) -> str:
    return f"Sit out {_hand_cards(state, command.hand)}: no wager on it"


def _playing(state: State) -> tuple[str, int, int]:
    """The hand being played: its description, its total and its wager."""
    table = state.blackjack
    index = blackjack.current_hand(table) if table else None
    if table is None or index is None:
        return "your hand", 0, 0
    hand = table.hands[index]
    return f"hand {index}", blackjack_total(hand.cards)[0], hand.wager


def _hit(state: State, seat: int, command: cmd.Hit) -> str:
    hand, total, _ = _playing(state)
    return f"Hit: another card on {hand} (now {total})"


def _stand(state: State, seat: int, command: cmd.Stand) -> str:
    hand, total, _ = _playing(state)
    return f"Stand on {total} with {hand}"


def _double_down(state: State, seat: int, command: cmd.DoubleDown) -> str:
    hand, total, wager = _playing(state)
    return f"Double down on {hand} at {total}: {_money(wager)} more for exactly one card"


def _split(state: State, seat: int, command: cmd.Split) -> str:
    table = state.blackjack
    index = blackjack.current_hand(table) if table else None
    _, _, wager = _playing(state)
    hand = _hand_cards(state, index) if index is not None else "your hand"
    return f"Split {hand} into two hands: {_money(wager)} more on the second"


def _ante(state: State, seat: int, command: cmd.Ante) -> str:
    seed = state.holdem.seed if state.holdem else betting.SEED
    return f"Ante {_money(betting.ANTE)} to play Texas Hold'em for a pot seeded with {_money(seed)}"


def _sit_out(state: State, seat: int, command: cmd.SitOut) -> str:
    return "Sit out this game of Texas Hold'em"


def _to_call(state: State, seat: int) -> int:
    return betting.to_call(state.holdem, seat) if state.holdem else 0


def _check(state: State, seat: int, command: cmd.Check) -> str:
    return "Check: bet nothing for now"


def _call(state: State, seat: int, command: cmd.Call) -> str:
    owed, cash = _to_call(state, seat), state.players[seat].cash
    if cash < owed:
        return f"Call all in with your {_money(cash)} ({_money(owed)} to call)"
    return f"Call {_money(owed)}"


def _bet(state: State, seat: int, command: cmd.Bet) -> str:
    if command.amount == state.players[seat].cash:
        return f"Bet all in: {_money(command.amount)}"
    return f"Bet {_money(command.amount)}"


def _raise(state: State, seat: int, command: cmd.Raise) -> str:
    table = state.holdem
    all_in = table is not None and command.amount == table.round_bets[seat] + state.players[seat].cash
    return f"Raise all in, to {_money(command.amount)}" if all_in else f"Raise to {_money(command.amount)}"


def _fold(state: State, seat: int, command: cmd.Fold) -> str:
    put_in = state.holdem.contributed[seat] if state.holdem else 0
    return f"Fold: give up the hand and the {_money(put_in)} you put in"


LABELS: dict[type[Command], Callable[[State, int, Any], str]] = {
    cmd.ChooseHometown: _choose_hometown, cmd.BuyLifeInsurance: _insurance, cmd.RollDice: _roll,
    cmd.TakeLifeInsurance: _take_insurance, cmd.DeclineLifeInsurance: _decline_insurance,
    cmd.DeclineCasinoGame: _decline_game,
    cmd.DepositSavings: _deposit, cmd.SkipDeposit: _skip_deposit, cmd.BuyHometown: _buy_hometown,
    cmd.DeclineHometown: _decline_hometown, cmd.RiskCash: _risk, cmd.PassBlackMarket: _pass_market,
    cmd.RollDeal: _roll_deal, cmd.TakeDeal: _take_deal, cmd.DeclineDeal: _decline_deal,
    cmd.SellContraband: _sell, cmd.KeepContraband: _keep, cmd.AddressJury: _address, cmd.Vote: _vote,
    cmd.ChooseCasinoGame: _choose_game, cmd.PlaceWager: _wager, cmd.PassHand: _pass_hand, cmd.Hit: _hit,
    cmd.Stand: _stand, cmd.DoubleDown: _double_down, cmd.Split: _split, cmd.Ante: _ante, cmd.SitOut: _sit_out,
    cmd.Check: _check, cmd.Call: _call, cmd.Bet: _bet, cmd.Raise: _raise, cmd.Fold: _fold,
}


def label(state: State, seat: int, command: Command) -> str:
    """A short sentence in the rulebook's words for `command` by `seat` in `state`, as a menu shows it."""
    return LABELS[type(command)](state, seat, command)


# --- ranges -----------------------------------------------------------------------------------------------

def span(amounts: Range) -> dict[str, int]:
    """The stepped part of `amounts`, {min, max, step}: every min + k * step up to max is in `amounts`.

    A Range also accepts its `high` off the step (everything you have): that one value is left out
    here unless it is on the step, or is the only value.
    """
    step = amounts.step
    low = -(-amounts.low // step) * step
    high = amounts.high // step * step
    if low > high:
        return {"min": amounts.high, "max": amounts.high, "step": step}
    return {"min": low, "max": high, "step": step}


def _amount_range(state: State, seat: int, command: Command) -> tuple[str, Range | None]:
    """The ranged argument of `command` and the Range `decide` checks it against."""
    table = state.holdem
    match command:
        case cmd.DepositSavings():
            return "amount", deposit_range(state)
        case cmd.RiskCash():
            return "amount", stake_range(state)
        case cmd.SellContraband():
            return "units", sell_range(state) if state.phase is Phase.SELL else None
        case cmd.PlaceWager():
            return "amount", blackjack.wager_range(state, seat)
        case cmd.Bet():
            return "amount", betting.bet_range(table, state.players, seat) if table else None
        case cmd.Raise():
            return "amount", betting.raise_range(table, state.players, seat) if table else None
    return "", None


def ranges(state: State, seat: int, command: Command) -> Ranges:
    """{argument: {min, max, step}} for a command naming an amount; {} for the others.

    The span holds the command's own value; an action naming "everything" off the step is a range
    of one and reports none.
    """
    path, amounts = _amount_range(state, seat, command)
    if amounts is None:
        return {}
    found = span(amounts)
    value = getattr(command, path)
    if not found["min"] <= value <= found["max"] or found["min"] == found["max"]:
        return {}
    return {path: found}
