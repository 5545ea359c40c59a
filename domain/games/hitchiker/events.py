"""The facts of a game of Hitchiker on the road: set-up, turns, money, contraband, death.

Every chance outcome is in an event (dice as their faces, the Bad Ride deck as its
order). The Bad Ride deck's order is seen by nobody (`visibility() == ()`); a
drawn card is a public `BadRideDrawn`. A juror's vote is seen by the juror only
until the `JudgmentGiven` that lists them all. The casino's events are in
casino/events.py.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from domain.core import Event, Visibility
from domain.games.hitchiker.state import CasinoGame

# --- set-up -----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StartingRollMade(Event):
    TYPE: ClassVar[str] = "StartingRollMade"
    seat: int
    dice: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class FirstPlayerChosen(Event):
    TYPE: ClassVar[str] = "FirstPlayerChosen"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BadRideDeckShuffled(Event):
    TYPE: ClassVar[str] = "BadRideDeckShuffled"
    order: tuple[int, ...]

    def visibility(self) -> Visibility:
        return ()


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HometownChosen(Event):
    TYPE: ClassVar[str] = "HometownChosen"
    seat: int
    location: int


# --- the turn and the move --------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    TYPE: ClassVar[str] = "TurnStarted"
    seat: int
    turn: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class LifeInsurancePriced(Event):
    TYPE: ClassVar[str] = "LifeInsurancePriced"
    seat: int
    dice: tuple[int, ...]
    premium: int
    bought: bool


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MoveRolled(Event):
    TYPE: ClassVar[str] = "MoveRolled"
    seat: int
    dice: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StillInRemindya(Event):
    TYPE: ClassVar[str] = "StillInRemindya"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PawnMoved(Event):
    """A move: `passed` are the mover's own Hometowns passed through, in board order."""

    TYPE: ClassVar[str] = "PawnMoved"
    seat: int
    start: int
    end: int
    passed: tuple[int, ...]
    reason: str  # "roll" or "bad_ride"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StopReached(Event):
    TYPE: ClassVar[str] = "StopReached"
    seat: int
    location: int
    landed: bool


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    TYPE: ClassVar[str] = "TurnEnded"
    seat: int


# --- money ------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CashTransferred(Event):
    """Travelling Cash changing hands; a payer or payee of None is the bank."""

    TYPE: ClassVar[str] = "CashTransferred"
    payer: int | None
    payee: int | None
    amount: int
    reason: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    """A roll made for a location or a card (not the roll to move)."""

    TYPE: ClassVar[str] = "DiceRolled"
    seat: int
    dice: tuple[int, ...]
    purpose: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DepositOffered(Event):
    TYPE: ClassVar[str] = "DepositOffered"
    seat: int
    location: int
    limit: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SavingsDeposited(Event):
    TYPE: ClassVar[str] = "SavingsDeposited"
    seat: int
    location: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DepositSkipped(Event):
    TYPE: ClassVar[str] = "DepositSkipped"
    seat: int
    location: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SavingsSeized(Event):
    """Savings taken from `seat`: to the bank, or into `payee`'s Travelling Cash."""

    TYPE: ClassVar[str] = "SavingsSeized"
    seat: int
    payee: int | None
    amount: int
    reason: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class WentBroke(Event):
    """An obligation not paid in full: the hitchiker skips town to `location`."""

    TYPE: ClassVar[str] = "WentBroke"
    seat: int
    owed: int
    paid: int
    location: int


# --- Hometowns ----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HometownPriced(Event):
    TYPE: ClassVar[str] = "HometownPriced"
    seat: int
    location: int
    die: int
    price: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HometownBought(Event):
    TYPE: ClassVar[str] = "HometownBought"
    seat: int
    location: int
    price: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HometownDeclined(Event):
    TYPE: ClassVar[str] = "HometownDeclined"
    seat: int
    location: int


# --- miscellaneous locations ----------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StuckInRemindya(Event):
    TYPE: ClassVar[str] = "StuckInRemindya"
    seat: int
    location: int


# --- contraband -------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BlackMarketEntered(Event):
    TYPE: ClassVar[str] = "BlackMarketEntered"
    seat: int
    location: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CashRisked(Event):
    TYPE: ClassVar[str] = "CashRisked"
    seat: int
    stake: int
    roller: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BlackMarketPassed(Event):
    TYPE: ClassVar[str] = "BlackMarketPassed"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DealRolled(Event):
    TYPE: ClassVar[str] = "DealRolled"
    roller: int
    buyer: int
    dice: tuple[int, ...]
    attempt: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DealDeclined(Event):
    TYPE: ClassVar[str] = "DealDeclined"
    seat: int
    attempt: int
    next_roller: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DealTaken(Event):
    TYPE: ClassVar[str] = "DealTaken"
    seat: int
    roll: int
    forced: bool


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ContrabandBought(Event):
    TYPE: ClassVar[str] = "ContrabandBought"
    seat: int
    units: int
    price: int
    cost: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ContrabandReceived(Event):
    """Free Units from the bank."""

    TYPE: ClassVar[str] = "ContrabandReceived"
    seat: int
    units: int
    reason: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ContrabandLost(Event):
    """Units leaving `seat`: to `payee`, or out of the game when `payee` is None."""

    TYPE: ClassVar[str] = "ContrabandLost"
    seat: int
    payee: int | None
    units: int
    reason: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SellOffered(Event):
    TYPE: ClassVar[str] = "SellOffered"
    seat: int
    location: int
    price: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ContrabandSold(Event):
    TYPE: ClassVar[str] = "ContrabandSold"
    seat: int
    location: int
    units: int
    price: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ContrabandKept(Event):
    TYPE: ClassVar[str] = "ContrabandKept"
    seat: int
    location: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BustedAtCustoms(Event):
    TYPE: ClassVar[str] = "BustedAtCustoms"
    seat: int
    location: int
    beneficiary: int


# --- Bad Rides and the jury -----------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BadRideDrawn(Event):
    TYPE: ClassVar[str] = "BadRideDrawn"
    seat: int
    card: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class JuryCalled(Event):
    TYPE: ClassVar[str] = "JuryCalled"
    seat: int
    subject: str
    card: int | None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class JuryAddressed(Event):
    TYPE: ClassVar[str] = "JuryAddressed"
    seat: int
    words: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class VoteCast(Event):
    TYPE: ClassVar[str] = "VoteCast"
    seat: int
    approve: bool

    def visibility(self) -> Visibility:
        return (self.seat,)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class JudgmentGiven(Event):
    TYPE: ClassVar[str] = "JudgmentGiven"
    seat: int
    approved: bool
    votes: tuple[tuple[int, bool], ...]


# --- death ------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DeathAverted(Event):
    TYPE: ClassVar[str] = "DeathAverted"
    seat: int
    cause: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HitchikerDied(Event):
    """Everything `seat` had goes to `heir`; the Hometowns go back to the bank."""

    TYPE: ClassVar[str] = "HitchikerDied"
    seat: int
    cause: str
    heir: int
    cash: int
    savings: int
    contraband: int
    hometowns: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Reincarnated(Event):
    TYPE: ClassVar[str] = "Reincarnated"
    seat: int
    location: int
    cash: int


# --- casinos and the end ----------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CasinoEntered(Event):
    TYPE: ClassVar[str] = "CasinoEntered"
    seat: int
    location: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CasinoGameChosen(Event):
    TYPE: ClassVar[str] = "CasinoGameChosen"
    seat: int
    game: CasinoGame


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CasinoClosed(Event):
    TYPE: ClassVar[str] = "CasinoClosed"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(Event):
    TYPE: ClassVar[str] = "GameWon"
    seat: int
    reason: str  # "savings" or "cash"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TurnLimitReached(Event):
    """The round limit ran out: the richest (Travelling Cash + savings) win."""

    TYPE: ClassVar[str] = "TurnLimitReached"
    winners: tuple[int, ...]
    worth: tuple[int, ...]
