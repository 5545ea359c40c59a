"""The orders a seat gives in Hitchiker, in the rulebook's words.

Money amounts are in dollars, whole $1,000 bills; a Hold'em `Raise` names the new
total of the raiser's bet in this betting round.
"""

from __future__ import annotations

from typing import ClassVar

from domain.core import Command, Value
from domain.games.hitchiker.state import CasinoGame


class ChooseHometown(Command, Value):
    """At set-up or on reincarnation: place your pawn on an unowned Hometown."""

    TYPE: ClassVar[str] = "ChooseHometown"
    location: int


class BuyLifeInsurance(Command, Value):
    """Ask for Life Insurance before the roll: both dice price it (version 1: paid at once if affordable;
    version 2: quoted, then TakeLifeInsurance or DeclineLifeInsurance)."""

    TYPE: ClassVar[str] = "BuyLifeInsurance"


class TakeLifeInsurance(Command, Value):
    """Rules version 2: pay the premium just quoted and be insured until your turn ends."""

    TYPE: ClassVar[str] = "TakeLifeInsurance"


class DeclineLifeInsurance(Command, Value):
    """Rules version 2: decline the premium just quoted."""

    TYPE: ClassVar[str] = "DeclineLifeInsurance"


class RollDice(Command, Value):
    """Roll both dice to move (or to escape Remindya)."""

    TYPE: ClassVar[str] = "RollDice"


class DepositSavings(Command, Value):
    TYPE: ClassVar[str] = "DepositSavings"
    amount: int


class SkipDeposit(Command, Value):
    TYPE: ClassVar[str] = "SkipDeposit"


class BuyHometown(Command, Value):
    TYPE: ClassVar[str] = "BuyHometown"


class DeclineHometown(Command, Value):
    TYPE: ClassVar[str] = "DeclineHometown"


class RiskCash(Command, Value):
    """At a Black Market: put this much Travelling Cash on the board to buy Contraband."""

    TYPE: ClassVar[str] = "RiskCash"
    amount: int


class PassBlackMarket(Command, Value):
    TYPE: ClassVar[str] = "PassBlackMarket"


class RollDeal(Command, Value):
    """The player on the buyer's left (then the next) rolls on the Contraband Deal Chart."""

    TYPE: ClassVar[str] = "RollDeal"


class TakeDeal(Command, Value):
    TYPE: ClassVar[str] = "TakeDeal"


class DeclineDeal(Command, Value):
    TYPE: ClassVar[str] = "DeclineDeal"


class SellContraband(Command, Value):
    TYPE: ClassVar[str] = "SellContraband"
    units: int


class KeepContraband(Command, Value):
    TYPE: ClassVar[str] = "KeepContraband"


class AddressJury(Command, Value):
    """Sing your lines at Smashville, or plead your case on a Bad Ride card."""

    TYPE: ClassVar[str] = "AddressJury"
    words: str


class Vote(Command, Value):
    TYPE: ClassVar[str] = "Vote"
    approve: bool


class ChooseCasinoGame(Command, Value):
    TYPE: ClassVar[str] = "ChooseCasinoGame"
    game: CasinoGame


class DeclineCasinoGame(Command, Value):
    """Rules version 2: the Dealer plays none of the casino's games."""

    TYPE: ClassVar[str] = "DeclineCasinoGame"


class PlaceWager(Command, Value):
    TYPE: ClassVar[str] = "PlaceWager"
    hand: int
    amount: int


class PassHand(Command, Value):
    TYPE: ClassVar[str] = "PassHand"
    hand: int


class Hit(Command, Value):
    TYPE: ClassVar[str] = "Hit"


class Stand(Command, Value):
    TYPE: ClassVar[str] = "Stand"


class DoubleDown(Command, Value):
    TYPE: ClassVar[str] = "DoubleDown"


class Split(Command, Value):
    TYPE: ClassVar[str] = "Split"


class Ante(Command, Value):
    TYPE: ClassVar[str] = "Ante"


class SitOut(Command, Value):
    TYPE: ClassVar[str] = "SitOut"


class Check(Command, Value):
    TYPE: ClassVar[str] = "Check"


class Bet(Command, Value):
    TYPE: ClassVar[str] = "Bet"
    amount: int


class Call(Command, Value):
    TYPE: ClassVar[str] = "Call"


class Raise(Command, Value):
    TYPE: ClassVar[str] = "Raise"
    amount: int


class Fold(Command, Value):
    TYPE: ClassVar[str] = "Fold"


COMMANDS: tuple[type[Command], ...] = (
    ChooseHometown, BuyLifeInsurance, TakeLifeInsurance, DeclineLifeInsurance, RollDice, DepositSavings,
    SkipDeposit, BuyHometown, DeclineHometown, RiskCash, PassBlackMarket, RollDeal, TakeDeal, DeclineDeal,
    SellContraband, KeepContraband, AddressJury, Vote, ChooseCasinoGame, DeclineCasinoGame, PlaceWager, PassHand,
    Hit, Stand, DoubleDown, Split, Ante, SitOut, Check, Bet, Call, Raise, Fold,
)
