"""The events of Peaks: facts in the past tense, carrying every chance outcome.

Deck orders and bonus cards drawn are hidden (`visibility()` is `()` or the drawing
seat); the cards are shown publicly only when a player discards them or at the end
(`BonusCardsRevealed`). Events that finish a step pop it from the turn's queue;
`queued` steps go to the front of the queue.
"""

from __future__ import annotations

from typing import ClassVar

from domain.core import Event, GameCreated, Value, Visibility
from domain.games.peaks.state import Step, StepKind


class DeckShuffled(Event, Value, kw_only=True):
    """A deck ('A', 'B', 'companions', 'bonus') made from a shuffle (of its discard pile, after setup)."""

    TYPE: ClassVar[str] = "DeckShuffled"
    deck: str
    order: tuple[str, ...]

    def visibility(self) -> Visibility:
        return ()


class DisplayDealt(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "DisplayDealt"
    display: tuple[str, ...]


class StartingMountainsDealt(Event, Value, kw_only=True):
    """One mountain from the top of the A deck for each seat, in seat order."""

    TYPE: ClassVar[str] = "StartingMountainsDealt"
    mountains: tuple[str, ...]


class CharacterPlaced(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "CharacterPlaced"
    seat: int
    continent: str


class BonusCardDiscarded(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "BonusCardDiscarded"
    seat: int
    card: str
    queued: tuple[Step, ...]


class ActionChosen(Event, Value, kw_only=True):
    """A player token placed on an action; its steps queued (a climb names its mountain and side)."""

    TYPE: ClassVar[str] = "ActionChosen"
    seat: int
    action: str
    mountain: str = ""
    side: str = ""
    queued: tuple[Step, ...]


class MountainGained(Event, Value, kw_only=True):
    """A mountain taken from the display (`slot`) or from the top of deck 'A' or 'B'."""

    TYPE: ClassVar[str] = "MountainGained"
    seat: int
    mountain: str
    source: str
    slot: int = 0


class DisplayRefilled(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "DisplayRefilled"
    discarded: str | None
    display: tuple[str, ...]


class EquipmentGained(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "EquipmentGained"
    seat: int
    equipment: str


class Travelled(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "Travelled"
    seat: int
    continent: str


class CompanionsDrawn(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "CompanionsDrawn"
    seat: int
    cards: tuple[str, ...]


class CompanionKept(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "CompanionKept"
    seat: int
    companion: str
    replaced: str | None
    discarded: tuple[str, ...]


class CompanionsDiscarded(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "CompanionsDiscarded"
    seat: int
    cards: tuple[str, ...]


class BonusCardDrawn(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "BonusCardDrawn"
    seat: int
    card: str

    def visibility(self) -> Visibility:
        return (self.seat,)


class ActionUpgraded(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "ActionUpgraded"
    seat: int
    action: str
    part: str


class FlagsPlaced(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "FlagsPlaced"
    seat: int
    continent: str
    count: int


class ExperienceGained(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "ExperienceGained"
    seat: int
    amount: int


class StaminaLevelRaised(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "StaminaLevelRaised"
    seat: int
    amount: int


class StaminaGained(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "StaminaGained"
    seat: int
    amount: int


class DecksSwapped(Event, Value, kw_only=True):
    """The first stamina level of 12: the B deck now refills the display."""

    TYPE: ClassVar[str] = "DecksSwapped"
    seat: int


class StepDeclined(Event, Value, kw_only=True):
    """An optional gain turned down (everything you gain is optional)."""

    TYPE: ClassVar[str] = "StepDeclined"
    seat: int
    step: StepKind


class StepSkipped(Event, Value, kw_only=True):
    """A step with nothing left to gain (no mountain, no upgrade, no card)."""

    TYPE: ClassVar[str] = "StepSkipped"
    seat: int
    step: StepKind


class CompanionsBrought(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "CompanionsBrought"
    seat: int
    companions: tuple[str, ...]


class EquipmentOffered(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "EquipmentOffered"
    seat: int
    to_seat: int
    equipment: tuple[str, ...]


class OfferAnswered(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "OfferAnswered"
    seat: int
    accepted: bool


class TagAlongsCalled(Event, Value, kw_only=True):
    """The opponents who could tag along, to be asked in turn order from the climber."""

    TYPE: ClassVar[str] = "TagAlongsCalled"
    seat: int
    asked: tuple[int, ...]


class TaggedAlong(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "TaggedAlong"
    seat: int
    companions: tuple[str, ...]


class StayedBehind(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "StayedBehind"
    seat: int


class ClimbPaid(Event, Value, kw_only=True):
    """One seat on the climb travels and pays: stamina, equipment (its own and any it offered), companion uses."""

    TYPE: ClassVar[str] = "ClimbPaid"
    seat: int
    continent: str
    stamina: int
    equipment: tuple[str, ...]
    companions: tuple[str, ...]


class DangerRolled(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "DangerRolled"
    seat: int
    rolls: tuple[int, ...]
    danger: bool


class ClimbResolved(Event, Value, kw_only=True):
    """The summit: the mountain is discarded; everyone's rewards are queued (green ones dropped on a danger)."""

    TYPE: ClassVar[str] = "ClimbResolved"
    seat: int
    mountain: str
    side: str
    party: tuple[int, ...]
    danger: bool
    queued: tuple[Step, ...]


class RewardTaken(Event, Value, kw_only=True):
    """Rules version 2: a kind of reward from the climb gained (`count` of it); its steps queued."""

    TYPE: ClassVar[str] = "RewardTaken"
    seat: int
    reward: str
    count: int
    queued: tuple[Step, ...]


class RewardDeclined(Event, Value, kw_only=True):
    """Rules version 2: a kind of reward from the climb turned down (everything you gain is optional)."""

    TYPE: ClassVar[str] = "RewardDeclined"
    seat: int
    reward: str
    count: int


class BackingAsked(Event, Value, kw_only=True):
    """Rules version 2: a climb the climber cannot equip alone; `asked` opponents, in turn order, may pay `missing`."""

    TYPE: ClassVar[str] = "BackingAsked"
    seat: int
    mountain: str
    side: str
    missing: tuple[str, ...]
    asked: tuple[int, ...]


class ClimbBacked(Event, Value, kw_only=True):
    """Rules version 2: an opponent agrees to pay `equipment` of the climber's requirement (binding this turn)."""

    TYPE: ClassVar[str] = "ClimbBacked"
    seat: int
    to_seat: int
    equipment: tuple[str, ...]


class ClimbUnbacked(Event, Value, kw_only=True):
    """Rules version 2: the climb's equipment was not covered; the climber chooses an action again."""

    TYPE: ClassVar[str] = "ClimbUnbacked"
    seat: int
    mountain: str


class BackingPaid(Event, Value, kw_only=True):
    """Rules version 2: a backer pays the equipment promised, when everyone on the climb pays."""

    TYPE: ClassVar[str] = "BackingPaid"
    seat: int
    to_seat: int
    equipment: tuple[str, ...]


class ActionBonusClaimed(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "ActionBonusClaimed"
    seat: int
    action: str
    choice: str
    queued: tuple[Step, ...]


class TurnEnded(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "TurnEnded"
    seat: int
    next_seat: int


class BonusCardsRevealed(Event, Value, kw_only=True):
    """End-game step 1: the bonus cards of a seat whose requirement is fulfilled."""

    TYPE: ClassVar[str] = "BonusCardsRevealed"
    seat: int
    cards: tuple[str, ...]


class FinalFlagsPlaced(Event, Value, kw_only=True):
    """End-game steps 2-4 for one seat."""

    TYPE: ClassVar[str] = "FinalFlagsPlaced"
    seat: int
    majorities: tuple[str, ...]
    every_continent: int
    stamina_level: int
    experience: int
    upgrades: int


class GameEnded(Event, Value, kw_only=True):
    TYPE: ClassVar[str] = "GameEnded"
    reason: str


EVENTS: tuple[type[Event], ...] = (
    GameCreated, DeckShuffled, DisplayDealt, StartingMountainsDealt, CharacterPlaced, BonusCardDiscarded,
    ActionChosen, MountainGained, DisplayRefilled, EquipmentGained, Travelled, CompanionsDrawn, CompanionKept,
    CompanionsDiscarded, BonusCardDrawn, ActionUpgraded, FlagsPlaced, ExperienceGained, StaminaLevelRaised,
    StaminaGained, DecksSwapped, StepDeclined, StepSkipped, CompanionsBrought, EquipmentOffered, OfferAnswered,
    TagAlongsCalled, TaggedAlong, StayedBehind, ClimbPaid, DangerRolled, ClimbResolved, ActionBonusClaimed,
    TurnEnded, BonusCardsRevealed, FinalFlagsPlaced, GameEnded, RewardTaken, RewardDeclined, BackingAsked,
    ClimbBacked, ClimbUnbacked, BackingPaid,
)
