"""The facts of the three casino games.

The playing cards are shuffled in a `CardsShuffled` nobody sees. Blackjack deals
every card face up (public events). Hold'em hole cards are dealt in a
`HoleCardsDealt` that only their seat sees; a showdown shows them in a public
`HoleCardsShown`.
"""

from __future__ import annotations

from typing import ClassVar

from domain.core import Event, Value, Visibility


class CardsShuffled(Event, Value):
    TYPE: ClassVar[str] = "CardsShuffled"
    order: tuple[str, ...]

    def visibility(self) -> Visibility:
        return ()


# --- High Roll Craps ----------------------------------------------------------------------------

class CrapsRolled(Event, Value):
    """Every seat's two dice, in seat order."""

    TYPE: ClassVar[str] = "CrapsRolled"
    rolls: tuple[tuple[int, ...], ...]


class CrapsPotWon(Event, Value):
    TYPE: ClassVar[str] = "CrapsPotWon"
    winners: tuple[int, ...]
    shares: tuple[int, ...]


# --- Blackjack ----------------------------------------------------------------------------------

class BlackjackHandDealt(Event, Value):
    """A new hand for `seat` with its first card."""

    TYPE: ClassVar[str] = "BlackjackHandDealt"
    seat: int
    hand: int
    card: str


class BlackjackCardDealt(Event, Value):
    TYPE: ClassVar[str] = "BlackjackCardDealt"
    hand: int
    card: str


class HouseCardDealt(Event, Value):
    TYPE: ClassVar[str] = "HouseCardDealt"
    card: str


class WagerPlaced(Event, Value):
    TYPE: ClassVar[str] = "WagerPlaced"
    seat: int
    hand: int
    amount: int


class HandPassed(Event, Value):
    TYPE: ClassVar[str] = "HandPassed"
    seat: int
    hand: int


class BetsAreDown(Event, Value):
    TYPE: ClassVar[str] = "BetsAreDown"
    dealer: int


class BlackjackPaid(Event, Value):
    """A natural: the wager back plus 10 times it, paid at once."""

    TYPE: ClassVar[str] = "BlackjackPaid"
    seat: int
    hand: int
    amount: int


class HandStood(Event, Value):
    TYPE: ClassVar[str] = "HandStood"
    seat: int
    hand: int


class HandBusted(Event, Value):
    TYPE: ClassVar[str] = "HandBusted"
    seat: int
    hand: int
    total: int


class DoubledDown(Event, Value):
    TYPE: ClassVar[str] = "DoubledDown"
    seat: int
    hand: int
    amount: int


class HandSplit(Event, Value):
    """`hand`'s second card moves to a new hand inserted at `new_hand`, with an equal wager."""

    TYPE: ClassVar[str] = "HandSplit"
    seat: int
    hand: int
    new_hand: int
    amount: int


class HandSettled(Event, Value):
    """Against the House: "win" pays the wager back plus 5 times it, "push" the wager back."""

    TYPE: ClassVar[str] = "HandSettled"
    seat: int
    hand: int
    outcome: str
    payout: int


# --- Texas Hold'em ------------------------------------------------------------------------------

class HoldemOpened(Event, Value):
    TYPE: ClassVar[str] = "HoldemOpened"
    dealer: int
    seed: int
    eligible: tuple[int, ...]


class AntePaid(Event, Value):
    TYPE: ClassVar[str] = "AntePaid"
    seat: int
    amount: int


class SatOut(Event, Value):
    TYPE: ClassVar[str] = "SatOut"
    seat: int


class HoleCardsDealt(Event, Value):
    TYPE: ClassVar[str] = "HoleCardsDealt"
    seat: int
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return (self.seat,)


class BoardDealt(Event, Value):
    """The flop (three cards), the turn or the river (one card each), face up."""

    TYPE: ClassVar[str] = "BoardDealt"
    street: str
    cards: tuple[str, ...]


class Checked(Event, Value):
    TYPE: ClassVar[str] = "Checked"
    seat: int


class BetPlaced(Event, Value):
    TYPE: ClassVar[str] = "BetPlaced"
    seat: int
    amount: int


class Called(Event, Value):
    TYPE: ClassVar[str] = "Called"
    seat: int
    amount: int


class Raised(Event, Value):
    """`seat` raises its bet this round to `amount`."""

    TYPE: ClassVar[str] = "Raised"
    seat: int
    amount: int


class Folded(Event, Value):
    TYPE: ClassVar[str] = "Folded"
    seat: int


class HoleCardsShown(Event, Value):
    TYPE: ClassVar[str] = "HoleCardsShown"
    seat: int
    cards: tuple[str, ...]
    hand: str


class PotAwarded(Event, Value):
    TYPE: ClassVar[str] = "PotAwarded"
    pot: int
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]


CASINO_EVENTS: tuple[type[Event], ...] = (
    CardsShuffled, CrapsRolled, CrapsPotWon, BlackjackHandDealt, BlackjackCardDealt, HouseCardDealt, WagerPlaced,
    HandPassed, BetsAreDown, BlackjackPaid, HandStood, HandBusted, DoubledDown, HandSplit, HandSettled, HoldemOpened,
    AntePaid, SatOut, HoleCardsDealt, BoardDealt, Checked, BetPlaced, Called, Raised, Folded, HoleCardsShown,
    PotAwarded,
)
