"""The facts of a game of Hitchiker on the road: set-up, turns, money, contraband, death.

Every chance outcome is in an event (dice as their faces, the Bad Ride deck as its
order). The Bad Ride deck's order is seen by nobody (`visibility() == ()`); a
drawn card is a public `BadRideDrawn`. A juror's vote is seen by the juror only
until the `JudgmentGiven` that lists them all. The casino's events are in
casino/events.py.
"""

from __future__ import annotations

from typing import ClassVar

from domain.core import Event, GameCreated, Value, Visibility
from domain.games.hitchiker.casino.events import CASINO_EVENTS
from domain.games.hitchiker.state import CasinoGame

# --- set-up -----------------------------------------------------------------------------------

class StartingRollMade(Event, Value):
    TYPE: ClassVar[str] = "StartingRollMade"
    seat: int
    dice: tuple[int, ...]


class FirstPlayerChosen(Event, Value):
    TYPE: ClassVar[str] = "FirstPlayerChosen"
    seat: int


class BadRideDeckShuffled(Event, Value):
    TYPE: ClassVar[str] = "BadRideDeckShuffled"
    order: tuple[int, ...]

    def visibility(self) -> Visibility:
        return ()


class HometownChosen(Event, Value):
    TYPE: ClassVar[str] = "HometownChosen"
    seat: int
    location: int


# --- the turn and the move --------------------------------------------------------------------

class TurnStarted(Event, Value):
    TYPE: ClassVar[str] = "TurnStarted"
    seat: int
    turn: int


class LifeInsurancePriced(Event, Value):
    TYPE: ClassVar[str] = "LifeInsurancePriced"
    seat: int
    dice: tuple[int, ...]
    premium: int
    bought: bool


class LifeInsuranceQuoted(Event, Value):
    """Rules version 2: the premium rolled; the hitchiker then takes or declines it."""

    TYPE: ClassVar[str] = "LifeInsuranceQuoted"
    seat: int
    dice: tuple[int, ...]
    premium: int


class LifeInsuranceTaken(Event, Value):
    TYPE: ClassVar[str] = "LifeInsuranceTaken"
    seat: int
    premium: int


class LifeInsuranceDeclined(Event, Value):
    TYPE: ClassVar[str] = "LifeInsuranceDeclined"
    seat: int
    premium: int
    affordable: bool  # False: declined because the premium is more than the cash in hand


class MoveRolled(Event, Value):
    TYPE: ClassVar[str] = "MoveRolled"
    seat: int
    dice: tuple[int, ...]


class StillInRemindya(Event, Value):
    TYPE: ClassVar[str] = "StillInRemindya"
    seat: int


class PawnMoved(Event, Value):
    """A move: `passed` are the mover's own Hometowns passed through, in board order."""

    TYPE: ClassVar[str] = "PawnMoved"
    seat: int
    start: int
    end: int
    passed: tuple[int, ...]
    reason: str  # "roll" or "bad_ride"


class StopReached(Event, Value):
    TYPE: ClassVar[str] = "StopReached"
    seat: int
    location: int
    landed: bool


class TurnEnded(Event, Value):
    TYPE: ClassVar[str] = "TurnEnded"
    seat: int


# --- money ------------------------------------------------------------------------------------

class CashTransferred(Event, Value):
    """Travelling Cash changing hands; a payer or payee of None is the bank."""

    TYPE: ClassVar[str] = "CashTransferred"
    payer: int | None
    payee: int | None
    amount: int
    reason: str


class DiceRolled(Event, Value):
    """A roll made for a location or a card (not the roll to move)."""

    TYPE: ClassVar[str] = "DiceRolled"
    seat: int
    dice: tuple[int, ...]
    purpose: str


class DepositOffered(Event, Value):
    TYPE: ClassVar[str] = "DepositOffered"
    seat: int
    location: int
    limit: int


class SavingsDeposited(Event, Value):
    TYPE: ClassVar[str] = "SavingsDeposited"
    seat: int
    location: int
    amount: int


class DepositSkipped(Event, Value):
    TYPE: ClassVar[str] = "DepositSkipped"
    seat: int
    location: int


class SavingsSeized(Event, Value):
    """Savings taken from `seat`: to the bank, or into `payee`'s Travelling Cash."""

    TYPE: ClassVar[str] = "SavingsSeized"
    seat: int
    payee: int | None
    amount: int
    reason: str


class WentBroke(Event, Value):
    """An obligation not paid in full: the hitchiker skips town to `location`."""

    TYPE: ClassVar[str] = "WentBroke"
    seat: int
    owed: int
    paid: int
    location: int


# --- Hometowns ----------------------------------------------------------------------------------

class HometownPriced(Event, Value):
    TYPE: ClassVar[str] = "HometownPriced"
    seat: int
    location: int
    die: int
    price: int


class HometownBought(Event, Value):
    TYPE: ClassVar[str] = "HometownBought"
    seat: int
    location: int
    price: int


class HometownDeclined(Event, Value):
    TYPE: ClassVar[str] = "HometownDeclined"
    seat: int
    location: int


# --- miscellaneous locations ----------------------------------------------------------------------

class StuckInRemindya(Event, Value):
    TYPE: ClassVar[str] = "StuckInRemindya"
    seat: int
    location: int


# --- contraband -------------------------------------------------------------------------------

class BlackMarketEntered(Event, Value):
    TYPE: ClassVar[str] = "BlackMarketEntered"
    seat: int
    location: int


class CashRisked(Event, Value):
    TYPE: ClassVar[str] = "CashRisked"
    seat: int
    stake: int
    roller: int


class BlackMarketPassed(Event, Value):
    TYPE: ClassVar[str] = "BlackMarketPassed"
    seat: int


class DealRolled(Event, Value):
    TYPE: ClassVar[str] = "DealRolled"
    roller: int
    buyer: int
    dice: tuple[int, ...]
    attempt: int


class DealDeclined(Event, Value):
    TYPE: ClassVar[str] = "DealDeclined"
    seat: int
    attempt: int
    next_roller: int


class DealTaken(Event, Value):
    TYPE: ClassVar[str] = "DealTaken"
    seat: int
    roll: int
    forced: bool


class ContrabandBought(Event, Value):
    TYPE: ClassVar[str] = "ContrabandBought"
    seat: int
    units: int
    price: int
    cost: int


class ContrabandReceived(Event, Value):
    """Free Units from the bank."""

    TYPE: ClassVar[str] = "ContrabandReceived"
    seat: int
    units: int
    reason: str


class ContrabandLost(Event, Value):
    """Units leaving `seat`: to `payee`, or out of the game when `payee` is None."""

    TYPE: ClassVar[str] = "ContrabandLost"
    seat: int
    payee: int | None
    units: int
    reason: str


class SellOffered(Event, Value):
    TYPE: ClassVar[str] = "SellOffered"
    seat: int
    location: int
    price: int


class ContrabandSold(Event, Value):
    TYPE: ClassVar[str] = "ContrabandSold"
    seat: int
    location: int
    units: int
    price: int


class ContrabandKept(Event, Value):
    TYPE: ClassVar[str] = "ContrabandKept"
    seat: int
    location: int


class BustedAtCustoms(Event, Value):
    TYPE: ClassVar[str] = "BustedAtCustoms"
    seat: int
    location: int
    beneficiary: int


# --- Bad Rides and the jury -----------------------------------------------------------------------

class BadRideDrawn(Event, Value):
    TYPE: ClassVar[str] = "BadRideDrawn"
    seat: int
    card: int


class JuryCalled(Event, Value):
    TYPE: ClassVar[str] = "JuryCalled"
    seat: int
    subject: str
    card: int | None


class JuryAddressed(Event, Value):
    TYPE: ClassVar[str] = "JuryAddressed"
    seat: int
    words: str


class VoteCast(Event, Value):
    TYPE: ClassVar[str] = "VoteCast"
    seat: int
    approve: bool

    def visibility(self) -> Visibility:
        return (self.seat,)


class JudgmentGiven(Event, Value):
    TYPE: ClassVar[str] = "JudgmentGiven"
    seat: int
    approved: bool
    votes: tuple[tuple[int, bool], ...]


# --- death ------------------------------------------------------------------------------------

class DeathAverted(Event, Value):
    TYPE: ClassVar[str] = "DeathAverted"
    seat: int
    cause: str


class HitchikerDied(Event, Value):
    """Everything `seat` had goes to `heir`; the Hometowns go back to the bank."""

    TYPE: ClassVar[str] = "HitchikerDied"
    seat: int
    cause: str
    heir: int
    cash: int
    savings: int
    contraband: int
    hometowns: tuple[int, ...]


class Reincarnated(Event, Value):
    TYPE: ClassVar[str] = "Reincarnated"
    seat: int
    location: int
    cash: int


# --- casinos and the end ----------------------------------------------------------------------

class CasinoEntered(Event, Value):
    TYPE: ClassVar[str] = "CasinoEntered"
    seat: int
    location: int


class CasinoGameChosen(Event, Value):
    TYPE: ClassVar[str] = "CasinoGameChosen"
    seat: int
    game: CasinoGame


class CasinoDeclined(Event, Value):
    """Rules version 2: the Dealer plays none of the games."""

    TYPE: ClassVar[str] = "CasinoDeclined"
    seat: int
    location: int


class CasinoClosed(Event, Value):
    TYPE: ClassVar[str] = "CasinoClosed"
    seat: int


class GameWon(Event, Value):
    TYPE: ClassVar[str] = "GameWon"
    seat: int
    reason: str  # "savings" or "cash"


class TurnLimitReached(Event, Value):
    """The round limit ran out: the richest (Travelling Cash + savings) win."""

    TYPE: ClassVar[str] = "TurnLimitReached"
    winners: tuple[int, ...]
    worth: tuple[int, ...]


#: Every event of Hitchiker, the casino's included (the codec's; evolve applies each one).
EVENTS: tuple[type[Event], ...] = (
    GameCreated,
    StartingRollMade, FirstPlayerChosen, BadRideDeckShuffled, HometownChosen, TurnStarted, LifeInsurancePriced,
    LifeInsuranceQuoted, LifeInsuranceTaken, LifeInsuranceDeclined, MoveRolled, StillInRemindya, PawnMoved,
    StopReached, TurnEnded, CashTransferred, DiceRolled, DepositOffered, SavingsDeposited, DepositSkipped,
    SavingsSeized, WentBroke, HometownPriced, HometownBought, HometownDeclined, StuckInRemindya, BlackMarketEntered,
    CashRisked, BlackMarketPassed, DealRolled, DealDeclined, DealTaken, ContrabandBought, ContrabandReceived,
    ContrabandLost, SellOffered, ContrabandSold, ContrabandKept, BustedAtCustoms, BadRideDrawn, JuryCalled,
    JuryAddressed, VoteCast, JudgmentGiven, DeathAverted, HitchikerDied, Reincarnated, CasinoEntered,
    CasinoGameChosen, CasinoDeclined, CasinoClosed, GameWon, TurnLimitReached,
    *CASINO_EVENTS,
)
