"""The orders a seat gives in Hitchiker, in the rulebook's words.

Money amounts are in dollars, whole $1,000 bills; a Hold'em `Raise` names the new
total of the raiser's bet in this betting round.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from domain.core import Command
from domain.games.hitchiker.state import CasinoGame


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ChooseHometown(Command):
    """At set-up or on reincarnation: place your pawn on an unowned Hometown."""

    TYPE: ClassVar[str] = "ChooseHometown"
    location: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BuyLifeInsurance(Command):
    TYPE: ClassVar[str] = "BuyLifeInsurance"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RollDice(Command):
    """Roll both dice to move (or to escape Remindya)."""

    TYPE: ClassVar[str] = "RollDice"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DepositSavings(Command):
    TYPE: ClassVar[str] = "DepositSavings"
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SkipDeposit(Command):
    TYPE: ClassVar[str] = "SkipDeposit"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BuyHometown(Command):
    TYPE: ClassVar[str] = "BuyHometown"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DeclineHometown(Command):
    TYPE: ClassVar[str] = "DeclineHometown"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RiskCash(Command):
    """At a Black Market: put this much Travelling Cash on the board to buy Contraband."""

    TYPE: ClassVar[str] = "RiskCash"
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PassBlackMarket(Command):
    TYPE: ClassVar[str] = "PassBlackMarket"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RollDeal(Command):
    """The player on the buyer's left (then the next) rolls on the Contraband Deal Chart."""

    TYPE: ClassVar[str] = "RollDeal"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TakeDeal(Command):
    TYPE: ClassVar[str] = "TakeDeal"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DeclineDeal(Command):
    TYPE: ClassVar[str] = "DeclineDeal"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SellContraband(Command):
    TYPE: ClassVar[str] = "SellContraband"
    units: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class KeepContraband(Command):
    TYPE: ClassVar[str] = "KeepContraband"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class AddressJury(Command):
    """Sing your lines at Smashville, or plead your case on a Bad Ride card."""

    TYPE: ClassVar[str] = "AddressJury"
    words: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Vote(Command):
    TYPE: ClassVar[str] = "Vote"
    approve: bool


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ChooseCasinoGame(Command):
    TYPE: ClassVar[str] = "ChooseCasinoGame"
    game: CasinoGame


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlaceWager(Command):
    TYPE: ClassVar[str] = "PlaceWager"
    hand: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PassHand(Command):
    TYPE: ClassVar[str] = "PassHand"
    hand: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Hit(Command):
    TYPE: ClassVar[str] = "Hit"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Stand(Command):
    TYPE: ClassVar[str] = "Stand"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DoubleDown(Command):
    TYPE: ClassVar[str] = "DoubleDown"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Split(Command):
    TYPE: ClassVar[str] = "Split"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Ante(Command):
    TYPE: ClassVar[str] = "Ante"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SitOut(Command):
    TYPE: ClassVar[str] = "SitOut"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Check(Command):
    TYPE: ClassVar[str] = "Check"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Bet(Command):
    TYPE: ClassVar[str] = "Bet"
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Call(Command):
    TYPE: ClassVar[str] = "Call"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Raise(Command):
    TYPE: ClassVar[str] = "Raise"
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Fold(Command):
    TYPE: ClassVar[str] = "Fold"


COMMANDS: tuple[type[Command], ...] = (
    ChooseHometown, BuyLifeInsurance, RollDice, DepositSavings, SkipDeposit, BuyHometown, DeclineHometown,
    RiskCash, PassBlackMarket, RollDeal, TakeDeal, DeclineDeal, SellContraband, KeepContraband, AddressJury,
    Vote, ChooseCasinoGame, PlaceWager, PassHand, Hit, Stand, DoubleDown, Split, Ante, SitOut, Check, Bet,
    Call, Raise, Fold,
)
