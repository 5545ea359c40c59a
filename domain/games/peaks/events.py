"""The events of Peaks: facts in the past tense, carrying every chance outcome.

Deck orders and bonus cards drawn are hidden (`visibility()` is `()` or the drawing
seat); the cards are shown publicly only when a player discards them or at the end
(`BonusCardsRevealed`). Events that finish a step pop it from the turn's queue;
`queued` steps go to the front of the queue.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from domain.core import Event, GameCreated, Visibility
from domain.games.peaks.state import Step, StepKind


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DeckShuffled(Event):
    """A deck ('A', 'B', 'companions', 'bonus') made from a shuffle (of its discard pile, after setup)."""

    TYPE: ClassVar[str] = "DeckShuffled"
    deck: str
    order: tuple[str, ...]

    def visibility(self) -> Visibility:
        return ()


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DisplayDealt(Event):
    TYPE: ClassVar[str] = "DisplayDealt"
    display: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StartingMountainsDealt(Event):
    """One mountain from the top of the A deck for each seat, in seat order."""

    TYPE: ClassVar[str] = "StartingMountainsDealt"
    mountains: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CharacterPlaced(Event):
    TYPE: ClassVar[str] = "CharacterPlaced"
    seat: int
    continent: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BonusCardDiscarded(Event):
    TYPE: ClassVar[str] = "BonusCardDiscarded"
    seat: int
    card: str
    queued: tuple[Step, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ActionChosen(Event):
    """A player token placed on an action; its steps queued (a climb names its mountain and side)."""

    TYPE: ClassVar[str] = "ActionChosen"
    seat: int
    action: str
    mountain: str = ""
    side: str = ""
    queued: tuple[Step, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class MountainGained(Event):
    """A mountain taken from the display (`slot`) or from the top of deck 'A' or 'B'."""

    TYPE: ClassVar[str] = "MountainGained"
    seat: int
    mountain: str
    source: str
    slot: int = 0


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DisplayRefilled(Event):
    TYPE: ClassVar[str] = "DisplayRefilled"
    discarded: str | None
    display: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EquipmentGained(Event):
    TYPE: ClassVar[str] = "EquipmentGained"
    seat: int
    equipment: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Travelled(Event):
    TYPE: ClassVar[str] = "Travelled"
    seat: int
    continent: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CompanionsDrawn(Event):
    TYPE: ClassVar[str] = "CompanionsDrawn"
    seat: int
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CompanionKept(Event):
    TYPE: ClassVar[str] = "CompanionKept"
    seat: int
    companion: str
    replaced: str | None
    discarded: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CompanionsDiscarded(Event):
    TYPE: ClassVar[str] = "CompanionsDiscarded"
    seat: int
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BonusCardDrawn(Event):
    TYPE: ClassVar[str] = "BonusCardDrawn"
    seat: int
    card: str

    def visibility(self) -> Visibility:
        return (self.seat,)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ActionUpgraded(Event):
    TYPE: ClassVar[str] = "ActionUpgraded"
    seat: int
    action: str
    part: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class FlagsPlaced(Event):
    TYPE: ClassVar[str] = "FlagsPlaced"
    seat: int
    continent: str
    count: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ExperienceGained(Event):
    TYPE: ClassVar[str] = "ExperienceGained"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StaminaLevelRaised(Event):
    TYPE: ClassVar[str] = "StaminaLevelRaised"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StaminaGained(Event):
    TYPE: ClassVar[str] = "StaminaGained"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DecksSwapped(Event):
    """The first stamina level of 12: the B deck now refills the display."""

    TYPE: ClassVar[str] = "DecksSwapped"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StepDeclined(Event):
    """An optional gain turned down (everything you gain is optional)."""

    TYPE: ClassVar[str] = "StepDeclined"
    seat: int
    step: StepKind


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StepSkipped(Event):
    """A step with nothing left to gain (no mountain, no upgrade, no card)."""

    TYPE: ClassVar[str] = "StepSkipped"
    seat: int
    step: StepKind


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CompanionsBrought(Event):
    TYPE: ClassVar[str] = "CompanionsBrought"
    seat: int
    companions: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EquipmentOffered(Event):
    TYPE: ClassVar[str] = "EquipmentOffered"
    seat: int
    to_seat: int
    equipment: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class OfferAnswered(Event):
    TYPE: ClassVar[str] = "OfferAnswered"
    seat: int
    accepted: bool


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TagAlongsCalled(Event):
    """The opponents who could tag along, to be asked in turn order from the climber."""

    TYPE: ClassVar[str] = "TagAlongsCalled"
    seat: int
    asked: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TaggedAlong(Event):
    TYPE: ClassVar[str] = "TaggedAlong"
    seat: int
    companions: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StayedBehind(Event):
    TYPE: ClassVar[str] = "StayedBehind"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ClimbPaid(Event):
    """One seat on the climb travels and pays: stamina, equipment (its own and any it offered), companion uses."""

    TYPE: ClassVar[str] = "ClimbPaid"
    seat: int
    continent: str
    stamina: int
    equipment: tuple[str, ...]
    companions: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DangerRolled(Event):
    TYPE: ClassVar[str] = "DangerRolled"
    seat: int
    rolls: tuple[int, ...]
    danger: bool


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ClimbResolved(Event):
    """The summit: the mountain is discarded; everyone's rewards are queued (green ones dropped on a danger)."""

    TYPE: ClassVar[str] = "ClimbResolved"
    seat: int
    mountain: str
    side: str
    party: tuple[int, ...]
    danger: bool
    queued: tuple[Step, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ActionBonusClaimed(Event):
    TYPE: ClassVar[str] = "ActionBonusClaimed"
    seat: int
    action: str
    choice: str
    queued: tuple[Step, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    TYPE: ClassVar[str] = "TurnEnded"
    seat: int
    next_seat: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BonusCardsRevealed(Event):
    """End-game step 1: the bonus cards of a seat whose requirement is fulfilled."""

    TYPE: ClassVar[str] = "BonusCardsRevealed"
    seat: int
    cards: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class FinalFlagsPlaced(Event):
    """End-game steps 2-4 for one seat."""

    TYPE: ClassVar[str] = "FinalFlagsPlaced"
    seat: int
    majorities: tuple[str, ...]
    every_continent: int
    stamina_level: int
    experience: int
    upgrades: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(Event):
    TYPE: ClassVar[str] = "GameEnded"
    reason: str


EVENTS: tuple[type[Event], ...] = (
    GameCreated, DeckShuffled, DisplayDealt, StartingMountainsDealt, CharacterPlaced, BonusCardDiscarded,
    ActionChosen, MountainGained, DisplayRefilled, EquipmentGained, Travelled, CompanionsDrawn, CompanionKept,
    CompanionsDiscarded, BonusCardDrawn, ActionUpgraded, FlagsPlaced, ExperienceGained, StaminaLevelRaised,
    StaminaGained, DecksSwapped, StepDeclined, StepSkipped, CompanionsBrought, EquipmentOffered, OfferAnswered,
    TagAlongsCalled, TaggedAlong, StayedBehind, ClimbPaid, DangerRolled, ClimbResolved, ActionBonusClaimed,
    TurnEnded, BonusCardsRevealed, FinalFlagsPlaced, GameEnded,
)
