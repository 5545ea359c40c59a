"""One line of plain English per event, for timelines.

Hidden events say only what happened, never what was hidden (no deck order, no
hole cards, no vote).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core import Event, GameCreated
from domain.games.hitchiker import events as ev
from domain.games.hitchiker.board import BAD_RIDES, name_of
from domain.games.hitchiker.casino import events as cev


def _seat(seat: int | None) -> str:
    return "the bank" if seat is None else f"seat {seat}"


def _money(amount: int) -> str:
    return f"${amount:,}"


def _dice(dice: tuple[int, ...]) -> str:
    return "+".join(map(str, dice)) + f" = {sum(dice)}" if len(dice) > 1 else str(dice[0])


def _label(reason: str) -> str:
    return reason.replace("_", " ")


_LINES: dict[type[Event], Callable[[Any], str]] = {
    ev.StartingRollMade: lambda e: f"{_seat(e.seat)} rolled {_dice(e.dice)} for the start",
    ev.FirstPlayerChosen: lambda e: f"{_seat(e.seat)} goes first",
    ev.BadRideDeckShuffled: lambda e: "the Bad Ride cards were shuffled",
    ev.HometownChosen: lambda e: f"{_seat(e.seat)} chose {name_of(e.location)} as Hometown",
    ev.TurnStarted: lambda e: f"turn {e.turn}: {_seat(e.seat)} to play",
    ev.LifeInsurancePriced: lambda e: f"{_seat(e.seat)} rolled {_dice(e.dice)}: Life Insurance at "
    f"{_money(e.premium)} {'bought' if e.bought else 'not affordable'}",
    ev.LifeInsuranceQuoted: lambda e: f"{_seat(e.seat)} rolled {_dice(e.dice)}: Life Insurance quoted at "
    f"{_money(e.premium)}",
    ev.LifeInsuranceTaken: lambda e: f"{_seat(e.seat)} paid {_money(e.premium)} for Life Insurance until the turn ends",
    ev.LifeInsuranceDeclined: lambda e: f"{_seat(e.seat)} declined Life Insurance at {_money(e.premium)}"
    + ("" if e.affordable else " (more than the cash in hand)"),
    ev.MoveRolled: lambda e: f"{_seat(e.seat)} rolled {_dice(e.dice)}",
    ev.StillInRemindya: lambda e: f"{_seat(e.seat)} is still stuck in Remindya",
    ev.PawnMoved: lambda e: f"{_seat(e.seat)} travelled from {name_of(e.start)} to {name_of(e.end)}",
    ev.StopReached: lambda e: f"{_seat(e.seat)} {'landed on' if e.landed else 'passed through'} {name_of(e.location)}",
    ev.TurnEnded: lambda e: f"{_seat(e.seat)} ended the turn",
    ev.CashTransferred: lambda e: f"{_seat(e.payer)} paid {_seat(e.payee)} {_money(e.amount)} ({_label(e.reason)})",
    ev.DiceRolled: lambda e: f"{_seat(e.seat)} rolled {_dice(e.dice)} ({_label(e.purpose)})",
    ev.DepositOffered: lambda e: f"{_seat(e.seat)} may bank up to {_money(e.limit)} at {name_of(e.location)}",
    ev.SavingsDeposited: lambda e: f"{_seat(e.seat)} banked {_money(e.amount)} at {name_of(e.location)}",
    ev.DepositSkipped: lambda e: f"{_seat(e.seat)} banked nothing at {name_of(e.location)}",
    ev.SavingsSeized: lambda e: f"{_seat(e.seat)} lost {_money(e.amount)} of savings to {_seat(e.payee)} "
    f"({_label(e.reason)})",
    ev.WentBroke: lambda e: f"{_seat(e.seat)} went broke owing {_money(e.owed)} and skipped town to "
    f"{name_of(e.location)}",
    ev.HometownPriced: lambda e: f"{name_of(e.location)} is for sale to {_seat(e.seat)} at {_money(e.price)}",
    ev.HometownBought: lambda e: f"{_seat(e.seat)} bought {name_of(e.location)} for {_money(e.price)}",
    ev.HometownDeclined: lambda e: f"{_seat(e.seat)} did not buy {name_of(e.location)}",
    ev.StuckInRemindya: lambda e: f"{_seat(e.seat)} is stuck in Remindya until an odd roll",
    ev.BlackMarketEntered: lambda e: f"{_seat(e.seat)} is at the Black Market in {name_of(e.location)}",
    ev.CashRisked: lambda e: f"{_seat(e.seat)} risks {_money(e.stake)} on Contraband",
    ev.BlackMarketPassed: lambda e: f"{_seat(e.seat)} bought no Contraband",
    ev.DealRolled: lambda e: f"{_seat(e.roller)} rolled {_dice(e.dice)} on the deal chart for {_seat(e.buyer)} "
    f"(roll {e.attempt} of 3)",
    ev.DealDeclined: lambda e: f"{_seat(e.seat)} declined deal {e.attempt}",
    ev.DealTaken: lambda e: f"{_seat(e.seat)} {'is stuck with' if e.forced else 'took'} the deal on {e.roll}",
    ev.ContrabandBought: lambda e: f"{_seat(e.seat)} bought {e.units} Units at {_money(e.price)} each",
    ev.ContrabandReceived: lambda e: f"{_seat(e.seat)} received {e.units} free Units ({_label(e.reason)})",
    ev.ContrabandLost: lambda e: f"{_seat(e.seat)} lost {e.units} Units to {_seat(e.payee)} ({_label(e.reason)})",
    ev.SellOffered: lambda e: f"{name_of(e.location)} buys Contraband from {_seat(e.seat)} at {_money(e.price)}",
    ev.ContrabandSold: lambda e: f"{_seat(e.seat)} sold {e.units} Units at {_money(e.price)} each",
    ev.ContrabandKept: lambda e: f"{_seat(e.seat)} kept the Contraband",
    ev.BustedAtCustoms: lambda e: f"{_seat(e.seat)} was busted at {name_of(e.location)}",
    ev.BadRideDrawn: lambda e: f"{_seat(e.seat)} drew Bad Ride '{BAD_RIDES[e.card].title}'",
    ev.JuryCalled: lambda e: f"the jury is called for {_seat(e.seat)} ({_label(e.subject)})",
    ev.JuryAddressed: lambda e: f"{_seat(e.seat)} addressed the jury: {e.words}",
    ev.VoteCast: lambda e: f"{_seat(e.seat)} voted",
    ev.JudgmentGiven: lambda e: f"the jury {'approved' if e.approved else 'did not approve'} {_seat(e.seat)}",
    ev.DeathAverted: lambda e: f"{_seat(e.seat)} survived the {e.cause}: Life Insurance",
    ev.HitchikerDied: lambda e: f"{_seat(e.seat)} died ({e.cause}); {_seat(e.heir)} inherits",
    ev.Reincarnated: lambda e: f"{_seat(e.seat)} was reincarnated in {name_of(e.location)}",
    ev.CasinoEntered: lambda e: f"{_seat(e.seat)} is the Dealer at {name_of(e.location)}",
    ev.CasinoGameChosen: lambda e: f"{_seat(e.seat)} chose {e.game.value}",
    ev.CasinoClosed: lambda e: "the casino game is over",
    ev.CasinoDeclined: lambda e: f"{_seat(e.seat)} played none of the games at {name_of(e.location)}",
    ev.GameWon: lambda e: f"{_seat(e.seat)} wins with {'$250,000 saved' if e.reason == 'savings' else '$50 million'}",
    ev.TurnLimitReached: lambda e: f"the round limit is reached: {', '.join(map(_seat, e.winners))} richest",
    cev.CardsShuffled: lambda e: "the playing cards were shuffled",
    cev.CrapsRolled: lambda e: "High Roll Craps: " + ", ".join(
        f"{_seat(seat)} {sum(dice)}" for seat, dice in enumerate(e.rolls)),
    cev.CrapsPotWon: lambda e: "High Roll Craps won by " + ", ".join(
        f"{_seat(seat)} ({_money(share)})" for seat, share in zip(e.winners, e.shares, strict=False)),
    cev.BlackjackHandDealt: lambda e: f"hand {e.hand} of {_seat(e.seat)} gets {e.card}",
    cev.BlackjackCardDealt: lambda e: f"hand {e.hand} gets {e.card}",
    cev.HouseCardDealt: lambda e: f"the House gets {e.card}",
    cev.WagerPlaced: lambda e: f"{_seat(e.seat)} wagers {_money(e.amount)} on hand {e.hand}",
    cev.HandPassed: lambda e: f"{_seat(e.seat)} sits hand {e.hand} out",
    cev.BetsAreDown: lambda e: "bets are down",
    cev.BlackjackPaid: lambda e: f"Blackjack! {_seat(e.seat)} is paid {_money(e.amount)}",
    cev.HandStood: lambda e: f"{_seat(e.seat)} stands on hand {e.hand}",
    cev.HandBusted: lambda e: f"hand {e.hand} of {_seat(e.seat)} busts with {e.total}",
    cev.DoubledDown: lambda e: f"{_seat(e.seat)} doubles down on hand {e.hand}",
    cev.HandSplit: lambda e: f"{_seat(e.seat)} splits hand {e.hand}",
    cev.HandSettled: lambda e: f"hand {e.hand} of {_seat(e.seat)}: {e.outcome} ({_money(e.payout)} back)",
    cev.HoldemOpened: lambda e: f"Texas Hold'em: the bank seeds {_money(e.seed)}",
    cev.AntePaid: lambda e: f"{_seat(e.seat)} antes {_money(e.amount)}",
    cev.SatOut: lambda e: f"{_seat(e.seat)} sits out",
    cev.HoleCardsDealt: lambda e: f"{_seat(e.seat)} is dealt two hole cards",
    cev.BoardDealt: lambda e: f"the {e.street}: {' '.join(e.cards)}",
    cev.Checked: lambda e: f"{_seat(e.seat)} checks",
    cev.BetPlaced: lambda e: f"{_seat(e.seat)} bets {_money(e.amount)}",
    cev.Called: lambda e: f"{_seat(e.seat)} calls {_money(e.amount)}",
    cev.Raised: lambda e: f"{_seat(e.seat)} raises to {_money(e.amount)}",
    cev.Folded: lambda e: f"{_seat(e.seat)} folds",
    cev.HoleCardsShown: lambda e: f"{_seat(e.seat)} shows {' '.join(e.cards)}: {e.hand}",
    cev.PotAwarded: lambda e: f"pot {e.pot} ({_money(e.amount)}) to " + ", ".join(
        f"{_seat(seat)} ({_money(share)})" for seat, share in zip(e.winners, e.shares, strict=False)),
}


def describe(event: Event) -> str:
    """A one-line, human-readable account of `event`."""
    if isinstance(event, GameCreated):
        return f"a game of Hitchiker for {len(event.seats)} hitchikers"
    line = _LINES.get(type(event))
    return line(event) if line is not None else event.TYPE
