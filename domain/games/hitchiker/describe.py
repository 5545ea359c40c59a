"""One line of plain English per event, for timelines.

Hidden events say only what happened, never what was hidden (no deck order, no
hole cards, no vote).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core import Event, GameCreated
from domain.core.wording import UNTOLD, Names, ordinal, seat_name
from domain.games.hitchiker import events as ev
from domain.games.hitchiker.board import BAD_RIDES, name_of
from domain.games.hitchiker.casino import events as cev
from domain.games.hitchiker.state import CasinoGame


def _hand(hand: int) -> str:
    return f"the {ordinal(hand + 1)} hand"


def _pot(pot: int) -> str:
    return "the main pot" if pot == 0 else f"the {ordinal(pot)} side pot"


CASINO_GAMES = {CasinoGame.BLACKJACK: "Blackjack", CasinoGame.HOLDEM: "Texas Hold'em",
                CasinoGame.CRAPS: "High Roll Craps"}


def _money(amount: int) -> str:
    return f"${amount:,}"


def _dice(dice: tuple[int, ...]) -> str:
    return "+".join(map(str, dice)) + f" = {sum(dice)}" if len(dice) > 1 else str(dice[0])


def _label(reason: str) -> str:
    return reason.replace("_", " ")


#: Each event type's line, given the event and how to call a seat (None: the bank).
_LINES: dict[type[Event], Callable[[Any, Callable[[int | None], str]], str]] = {
    ev.StartingRollMade: lambda e, who: f"{who(e.seat)} rolled {_dice(e.dice)} for the start",
    ev.FirstPlayerChosen: lambda e, who: f"{who(e.seat)} goes first",
    ev.BadRideDeckShuffled: lambda e, who: "the Bad Ride cards were shuffled",
    ev.HometownChosen: lambda e, who: f"{who(e.seat)} chose {name_of(e.location)} as Hometown",
    ev.TurnStarted: lambda e, who: f"turn {e.turn}: {who(e.seat)} to play",
    ev.LifeInsurancePriced: lambda e, who: f"{who(e.seat)} rolled {_dice(e.dice)}: Life Insurance at "
    f"{_money(e.premium)} {'bought' if e.bought else 'not affordable'}",
    ev.LifeInsuranceQuoted: lambda e, who: f"{who(e.seat)} rolled {_dice(e.dice)}: Life Insurance quoted at "
    f"{_money(e.premium)}",
    ev.LifeInsuranceTaken: lambda e, who: f"{who(e.seat)} paid {_money(e.premium)} for Life Insurance until the turn ends",
    ev.LifeInsuranceDeclined: lambda e, who: f"{who(e.seat)} declined Life Insurance at {_money(e.premium)}"
    + ("" if e.affordable else " (more than the cash in hand)"),
    ev.MoveRolled: lambda e, who: f"{who(e.seat)} rolled {_dice(e.dice)}",
    ev.StillInRemindya: lambda e, who: f"{who(e.seat)} is still stuck in Remindya",
    ev.PawnMoved: lambda e, who: f"{who(e.seat)} travelled from {name_of(e.start)} to {name_of(e.end)}",
    ev.StopReached: lambda e, who: f"{who(e.seat)} {'landed on' if e.landed else 'passed through'} {name_of(e.location)}",
    ev.TurnEnded: lambda e, who: f"{who(e.seat)} ended the turn",
    ev.CashTransferred: lambda e, who: f"{who(e.payer)} paid {who(e.payee)} {_money(e.amount)} ({_label(e.reason)})",
    ev.DiceRolled: lambda e, who: f"{who(e.seat)} rolled {_dice(e.dice)} ({_label(e.purpose)})",
    ev.DepositOffered: lambda e, who: f"{who(e.seat)} may bank up to {_money(e.limit)} at {name_of(e.location)}",
    ev.SavingsDeposited: lambda e, who: f"{who(e.seat)} banked {_money(e.amount)} at {name_of(e.location)}",
    ev.DepositSkipped: lambda e, who: f"{who(e.seat)} banked nothing at {name_of(e.location)}",
    ev.SavingsSeized: lambda e, who: f"{who(e.seat)} lost {_money(e.amount)} of savings to {who(e.payee)} "
    f"({_label(e.reason)})",
    ev.WentBroke: lambda e, who: f"{who(e.seat)} went broke owing {_money(e.owed)} and skipped town to "
    f"{name_of(e.location)}",
    ev.HometownPriced: lambda e, who: f"{name_of(e.location)} is for sale to {who(e.seat)} at {_money(e.price)}",
    ev.HometownBought: lambda e, who: f"{who(e.seat)} bought {name_of(e.location)} for {_money(e.price)}",
    ev.HometownDeclined: lambda e, who: f"{who(e.seat)} did not buy {name_of(e.location)}",
    ev.StuckInRemindya: lambda e, who: f"{who(e.seat)} is stuck in Remindya until an odd roll",
    ev.BlackMarketEntered: lambda e, who: f"{who(e.seat)} is at the Black Market in {name_of(e.location)}",
    ev.CashRisked: lambda e, who: f"{who(e.seat)} risks {_money(e.stake)} on Contraband",
    ev.BlackMarketPassed: lambda e, who: f"{who(e.seat)} bought no Contraband",
    ev.DealRolled: lambda e, who: f"{who(e.roller)} rolled {_dice(e.dice)} on the deal chart for {who(e.buyer)} "
    f"(roll {e.attempt} of 3)",
    ev.DealDeclined: lambda e, who: f"{who(e.seat)} declined deal {e.attempt}",
    ev.DealTaken: lambda e, who: f"{who(e.seat)} {'is stuck with' if e.forced else 'took'} the deal on {e.roll}",
    ev.ContrabandBought: lambda e, who: f"{who(e.seat)} bought {e.units} Units at {_money(e.price)} each",
    ev.ContrabandReceived: lambda e, who: f"{who(e.seat)} received {e.units} free Units ({_label(e.reason)})",
    ev.ContrabandLost: lambda e, who: f"{who(e.seat)} lost {e.units} Units to {who(e.payee)} ({_label(e.reason)})",
    ev.SellOffered: lambda e, who: f"{name_of(e.location)} buys Contraband from {who(e.seat)} at {_money(e.price)}",
    ev.ContrabandSold: lambda e, who: f"{who(e.seat)} sold {e.units} Units at {_money(e.price)} each",
    ev.ContrabandKept: lambda e, who: f"{who(e.seat)} kept the Contraband",
    ev.BustedAtCustoms: lambda e, who: f"{who(e.seat)} was busted at {name_of(e.location)}",
    ev.BadRideDrawn: lambda e, who: f"{who(e.seat)} drew Bad Ride '{BAD_RIDES[e.card].title}'",
    ev.JuryCalled: lambda e, who: f"the jury is called for {who(e.seat)} ({_label(e.subject)})",
    ev.JuryAddressed: lambda e, who: f"{who(e.seat)} addressed the jury: {e.words}",
    ev.VoteCast: lambda e, who: f"{who(e.seat)} voted",
    ev.JudgmentGiven: lambda e, who: f"the jury {'approved' if e.approved else 'did not approve'} {who(e.seat)}",
    ev.DeathAverted: lambda e, who: f"{who(e.seat)} survived the {e.cause}: Life Insurance",
    ev.HitchikerDied: lambda e, who: f"{who(e.seat)} died ({e.cause}); {who(e.heir)} inherits",
    ev.Reincarnated: lambda e, who: f"{who(e.seat)} was reincarnated in {name_of(e.location)}",
    ev.CasinoEntered: lambda e, who: f"{who(e.seat)} is the Dealer at {name_of(e.location)}",
    ev.CasinoGameChosen: lambda e, who: f"{who(e.seat)} chose {CASINO_GAMES[e.game]}",
    ev.CasinoClosed: lambda e, who: f"{who(e.seat)}'s casino game is over",
    ev.CasinoDeclined: lambda e, who: f"{who(e.seat)} played none of the games at {name_of(e.location)}",
    ev.GameWon: lambda e, who: f"{who(e.seat)} wins with {'$250,000 saved' if e.reason == 'savings' else '$50 million'}",
    ev.TurnLimitReached: lambda e, who: f"the round limit is reached: {', '.join(map(who, e.winners))} richest",
    cev.CardsShuffled: lambda e, who: "the playing cards were shuffled",
    cev.CrapsRolled: lambda e, who: "High Roll Craps: " + ", ".join(
        f"{who(seat)} {sum(dice)}" for seat, dice in enumerate(e.rolls)),
    cev.CrapsPotWon: lambda e, who: "High Roll Craps won by " + ", ".join(
        f"{who(seat)} ({_money(share)})" for seat, share in zip(e.winners, e.shares, strict=False)),
    cev.BlackjackHandDealt: lambda e, who: f"{_hand(e.hand)} ({who(e.seat)}'s) gets {e.card}",
    cev.BlackjackCardDealt: lambda e, who: f"{_hand(e.hand)} gets {e.card}",
    cev.HouseCardDealt: lambda e, who: f"the House gets {e.card}",
    cev.WagerPlaced: lambda e, who: f"{who(e.seat)} wagers {_money(e.amount)} on {_hand(e.hand)}",
    cev.HandPassed: lambda e, who: f"{who(e.seat)} sits {_hand(e.hand)} out",
    cev.BetsAreDown: lambda e, who: "bets are down",
    cev.BlackjackPaid: lambda e, who: f"Blackjack! {who(e.seat)} is paid {_money(e.amount)}",
    cev.HandStood: lambda e, who: f"{who(e.seat)} stands on {_hand(e.hand)}",
    cev.HandBusted: lambda e, who: f"{_hand(e.hand)} ({who(e.seat)}'s) busts with {e.total}",
    cev.DoubledDown: lambda e, who: f"{who(e.seat)} doubles down on {_hand(e.hand)}",
    cev.HandSplit: lambda e, who: f"{who(e.seat)} splits {_hand(e.hand)}",
    cev.HandSettled: lambda e, who: f"{_hand(e.hand)} ({who(e.seat)}'s): {e.outcome} ({_money(e.payout)} back)",
    cev.HoldemOpened: lambda e, who: f"Texas Hold'em: the bank seeds {_money(e.seed)}",
    cev.AntePaid: lambda e, who: f"{who(e.seat)} antes {_money(e.amount)}",
    cev.SatOut: lambda e, who: f"{who(e.seat)} sits out",
    cev.HoleCardsDealt: lambda e, who: f"{who(e.seat)} is dealt two hole cards",
    cev.BoardDealt: lambda e, who: f"the {e.street}: {' '.join(e.cards)}",
    cev.Checked: lambda e, who: f"{who(e.seat)} checks",
    cev.BetPlaced: lambda e, who: f"{who(e.seat)} bets {_money(e.amount)}",
    cev.Called: lambda e, who: f"{who(e.seat)} calls {_money(e.amount)}",
    cev.Raised: lambda e, who: f"{who(e.seat)} raises to {_money(e.amount)}",
    cev.Folded: lambda e, who: f"{who(e.seat)} folds",
    cev.HoleCardsShown: lambda e, who: f"{who(e.seat)} shows {' '.join(e.cards)}: {e.hand}",
    cev.PotAwarded: lambda e, who: f"{_pot(e.pot)} ({_money(e.amount)}) to " + ", ".join(
        f"{who(seat)} ({_money(share)})" for seat, share in zip(e.winners, e.shares, strict=False)),
}


#: What anyone may be told of a hidden event before the game ends (domain.core.wording.hidden_line).
HIDDEN_LINES = {
    "BadRideDeckShuffled": "the Bad Ride cards were shuffled",
    "VoteCast": "{holder} voted",
    "CardsShuffled": "the playing cards were shuffled",
    "HoleCardsDealt": "{holder} is dealt two hole cards",
}


def describe(event: Event, names: Names = ()) -> str:
    """A one-line, human-readable account of `event`, the seats called by their `names`."""
    if isinstance(event, GameCreated):
        return f"a game of Hitchiker for {len(event.seats)} hitchikers"
    line = _LINES.get(type(event))
    return line(event, lambda seat: "the bank" if seat is None else seat_name(names, seat)) if line else UNTOLD
