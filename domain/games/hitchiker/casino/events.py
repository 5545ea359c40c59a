"""The facts of the three casino games.

The playing cards are shuffled in a `CardsShuffled` nobody sees. Blackjack deals
every card face up (public events). Hold'em hole cards are dealt in a
`HoleCardsDealt` that only their seat sees; a showdown shows them in a public
`HoleCardsShown`.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from domain.core import Event, Visibility


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CardsShuffled(Event):
    TYPE: ClassVar[str] = "CardsShuffled"
    order: tuple[str, ...]

    def visibility(self) -> Visibility:
        return ()


# --- High Roll Craps ----------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CrapsRolled(Event):
    """Every seat's two dice, in seat order."""

    TYPE: ClassVar[str] = "CrapsRolled"
    rolls: tuple[tuple[int, ...], ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CrapsPotWon(Event):
    TYPE: ClassVar[str] = "CrapsPotWon"
    winners: tuple[int, ...]
    shares: tuple[int, ...]


# --- Blackjack ----------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackHandDealt(Event):
    """A new hand for `seat` with its first card."""

    TYPE: ClassVar[str] = "BlackjackHandDealt"
    seat: int
    hand: int
    card: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackCardDealt(Event):
    TYPE: ClassVar[str] = "BlackjackCardDealt"
    hand: int
    card: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HouseCardDealt(Event):
    TYPE: ClassVar[str] = "HouseCardDealt"
    card: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class WagerPlaced(Event):
    TYPE: ClassVar[str] = "WagerPlaced"
    seat: int
    hand: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HandPassed(Event):
    TYPE: ClassVar[str] = "HandPassed"
    seat: int
    hand: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BetsAreDown(Event):
    TYPE: ClassVar[str] = "BetsAreDown"
    dealer: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BlackjackPaid(Event):
    """A natural: the wager back plus 10 times it, paid at once."""

    TYPE: ClassVar[str] = "BlackjackPaid"
    seat: int
    hand: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HandStood(Event):
    TYPE: ClassVar[str] = "HandStood"
    seat: int
    hand: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HandBusted(Event):
    TYPE: ClassVar[str] = "HandBusted"
    seat: int
    hand: int
    total: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DoubledDown(Event):
    TYPE: ClassVar[str] = "DoubledDown"
    seat: int
    hand: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HandSplit(Event):
    """`hand`'s second card moves to a new hand inserted at `new_hand`, with an equal wager."""

    TYPE: ClassVar[str] = "HandSplit"
    seat: int
    hand: int
    new_hand: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HandSettled(Event):
    """Against the House: "win" pays the wager back plus 5 times it, "push" the wager back."""

    TYPE: ClassVar[str] = "HandSettled"
    seat: int
    hand: int
    outcome: str
    payout: int


# --- Texas Hold'em ------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HoldemOpened(Event):
    TYPE: ClassVar[str] = "HoldemOpened"
    dealer: int
    seed: int
    eligible: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class AntePaid(Event):
    TYPE: ClassVar[str] = "AntePaid"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SatOut(Event):
    TYPE: ClassVar[str] = "SatOut"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HoleCardsDealt(Event):
    TYPE: ClassVar[str] = "HoleCardsDealt"
    seat: int
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return (self.seat,)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BoardDealt(Event):
    """The flop (three cards), the turn or the river (one card each), face up."""

    TYPE: ClassVar[str] = "BoardDealt"
    street: str
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Checked(Event):
    TYPE: ClassVar[str] = "Checked"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BetPlaced(Event):
    TYPE: ClassVar[str] = "BetPlaced"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    TYPE: ClassVar[str] = "Called"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Raised(Event):
    """`seat` raises its bet this round to `amount`."""

    TYPE: ClassVar[str] = "Raised"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Folded(Event):
    TYPE: ClassVar[str] = "Folded"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class HoleCardsShown(Event):
    TYPE: ClassVar[str] = "HoleCardsShown"
    seat: int
    cards: tuple[str, ...]
    hand: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PotAwarded(Event):
    TYPE: ClassVar[str] = "PotAwarded"
    pot: int
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
