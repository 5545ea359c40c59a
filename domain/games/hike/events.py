"""Hike! events: facts in the past tense, carrying every chance outcome `evolve` needs.

Hidden from everyone until the game ends: the face-down landscapes, the husky deck's
order and the race care pile's order (visibility `()`); cards dealt into a hand are
seen by their seat only. Every card that is revealed comes in a public event.
"""

from __future__ import annotations

from typing import ClassVar

from domain.core import Event, GameCreated, Value, Visibility
from domain.games.hike.cards import Snow
from domain.games.hike.state import Phase


class Hidden(Event):
    """An event whose data nobody may see before the game ends (a mixin: no slots of its own)."""

    __slots__ = ()

    def visibility(self) -> Visibility:
        return ()


class LandscapesShuffled(Hidden, Value):
    """Game setup 1: the face-down landscapes between start and finish, in track order."""

    TYPE: ClassVar[str] = "LandscapesShuffled"
    track: tuple[str, ...]


class HuskyDeckShuffled(Hidden, Value):
    """Game setup 3: the husky deck's order, top first."""

    TYPE: ClassVar[str] = "HuskyDeckShuffled"
    order: tuple[str, ...]


class CardsDealt(Event, Value):
    """Game setup 3: cards dealt face-down from the top of the deck to one seat."""

    TYPE: ClassVar[str] = "CardsDealt"
    seat: int
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return (self.seat,)


class CardsOpened(Event, Value):
    """Cards turned face-up from the top of the deck to the centre (seat None: at setup)."""

    TYPE: ClassVar[str] = "CardsOpened"
    seat: int | None
    cards: tuple[str, ...]
    plus_cards: int = 0


class DayStarted(Event, Value):
    """A day of Preparations or of the Race begins: the musher order of the day."""

    TYPE: ClassVar[str] = "DayStarted"
    phase: Phase
    day: int
    order: tuple[int, ...]


class LandscapeTurned(Event, Value):
    """A face-down landscape turned face up; `place` counts from the start card (1-based)."""

    TYPE: ClassVar[str] = "LandscapeTurned"
    place: int
    card: str


class HuskyDrafted(Event, Value):
    """Draft a husky to the sled: from the centre straight onto a place."""

    TYPE: ClassVar[str] = "HuskyDrafted"
    seat: int
    card: str
    slot: int


class CardDrafted(Event, Value):
    """Draft a card to the hand: from the centre."""

    TYPE: ClassVar[str] = "CardDrafted"
    seat: int
    card: str


class HuskyPlaced(Event, Value):
    """A husky from the hand placed in the sled (as the action, or to finish a swap)."""

    TYPE: ClassVar[str] = "HuskyPlaced"
    seat: int
    card: str
    slot: int


class HuskySwappedOut(Event, Value):
    """Swap a husky in the sled, first half: the husky goes back to the hand."""

    TYPE: ClassVar[str] = "HuskySwappedOut"
    seat: int
    card: str
    slot: int


class YoungsterPlaced(Event, Value):
    """Bonus action: a youngster from the centre or the hand placed in the sled."""

    TYPE: ClassVar[str] = "YoungsterPlaced"
    seat: int
    card: str
    slot: int
    from_hand: bool


class ActionSkipped(Event, Value):
    """No action was possible (nothing to draft, place or swap)."""

    TYPE: ClassVar[str] = "ActionSkipped"
    seat: int


class ReadyDeclared(Event, Value):
    """The musher's cube moved to the start: ready to race."""

    TYPE: ClassVar[str] = "ReadyDeclared"
    seat: int


class HuskiesHandedIn(Event, Value):
    """On declaring ready, the husky cards in hand go to the centre."""

    TYPE: ClassVar[str] = "HuskiesHandedIn"
    seat: int
    cards: tuple[str, ...]


class HuskyUpgraded(Event, Value):
    """An equipment card from the hand placed under a 1-point husky."""

    TYPE: ClassVar[str] = "HuskyUpgraded"
    seat: int
    slot: int
    equipment: str


class CareCardTaken(Event, Value):
    """A ready musher's turn: the top card of their face-up care pile into the hand."""

    TYPE: ClassVar[str] = "CareCardTaken"
    seat: int
    card: str


class TurnEnded(Event, Value):
    """The musher's turn is over (in the Race: they made camp for the night)."""

    TYPE: ClassVar[str] = "TurnEnded"
    seat: int


class DayEnded(Event, Value):
    """The day is over; in the race the cubes come off the huskies overnight."""

    TYPE: ClassVar[str] = "DayEnded"
    day: int


class PreparationsEnded(Event, Value):
    """Clean-up: the centre and +1 cards are removed; mushers not on the start are out."""

    TYPE: ClassVar[str] = "PreparationsEnded"
    racers: tuple[int, ...]
    out: tuple[int, ...]


class CarePileShuffled(Hidden, Value):
    """The race's face-down care pile, top first (after Preparations, or the discards reshuffled)."""

    TYPE: ClassVar[str] = "CarePileShuffled"
    order: tuple[str, ...]


class HuskyRan(Event, Value):
    """A husky's points spent field by field; `remaining` is non-empty when it waits at equipment."""

    TYPE: ClassVar[str] = "HuskyRan"
    seat: int
    slot: int
    spent: tuple[Snow, ...]
    position: int
    remaining: tuple[tuple[Snow, ...], ...] = ()


class EquipmentSpent(Event, Value):
    """An equipment card discarded to move onto a field that requires it."""

    TYPE: ClassVar[str] = "EquipmentSpent"
    seat: int
    card: str
    snow: Snow
    position: int


class EquipmentFieldForced(Event, Value):
    """Onto an equipment field without equipment: the sled stops there, huskies must rest."""

    TYPE: ClassVar[str] = "EquipmentFieldForced"
    seat: int
    snow: Snow
    position: int
    rests: int


class MovementStopped(Event, Value):
    """The musher would not enter the equipment field; the husky's other points are lost."""

    TYPE: ClassVar[str] = "MovementStopped"
    seat: int
    position: int


class HuskyRested(Event, Value):
    """A husky turned face-down to the rest state for the rest of the race."""

    TYPE: ClassVar[str] = "HuskyRested"
    seat: int
    slot: int


class CareGiven(Event, Value):
    """A care card discarded to take the cube off one husky, or two in a column."""

    TYPE: ClassVar[str] = "CareGiven"
    seat: int
    card: str
    slots: tuple[int, ...]


class CareCardDrawn(Event, Value):
    """End of the day: a musher far behind draws a care card, open, to use the next day."""

    TYPE: ClassVar[str] = "CareCardDrawn"
    seat: int
    card: str


class CareCardLapsed(Event, Value):
    """Rules version 2, end of the day: the care card drawn for being far behind was not used that day."""

    TYPE: ClassVar[str] = "CareCardLapsed"
    seat: int
    card: str


class RaceEnded(Event, Value):
    """The end of the game: `finishers` reached the last field (none if it ended otherwise)."""

    TYPE: ClassVar[str] = "RaceEnded"
    reason: str
    finishers: tuple[int, ...]


EVENTS: tuple[type[Event], ...] = (
    GameCreated, LandscapesShuffled, HuskyDeckShuffled, CardsDealt, CardsOpened, DayStarted, LandscapeTurned,
    HuskyDrafted, CardDrafted, HuskyPlaced, HuskySwappedOut, YoungsterPlaced, ActionSkipped, ReadyDeclared,
    HuskiesHandedIn, HuskyUpgraded, CareCardTaken, TurnEnded, DayEnded, PreparationsEnded, CarePileShuffled,
    HuskyRan, EquipmentSpent, EquipmentFieldForced, MovementStopped, HuskyRested, CareGiven, CareCardDrawn,
    CareCardLapsed, RaceEnded,
)
