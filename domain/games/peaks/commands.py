"""The commands of Peaks: orders in the imperative, one per choice a player makes."""

from __future__ import annotations

import dataclasses
from typing import ClassVar, Literal

from domain.core import Command

Action = Literal["rest", "prepare", "climb"]
Side = Literal["left", "right"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlaceCharacter(Command):
    """Player setup: put your character in a continent."""

    TYPE: ClassVar[str] = "PlaceCharacter"
    continent: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DiscardBonusCard(Command):
    """Before choosing your action: discard a bonus card for its discard bonus."""

    TYPE: ClassVar[str] = "DiscardBonusCard"
    card: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Rest(Command):
    """Rest: stamina up to your stamina level ('level'), or gain stamina per the rest dial ('gain')."""

    TYPE: ClassVar[str] = "Rest"
    choice: Literal["level", "gain"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Prepare(Command):
    TYPE: ClassVar[str] = "Prepare"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Climb(Command):
    """Climb one of your mountains for its left or right rewards."""

    TYPE: ClassVar[str] = "Climb"
    mountain: str
    side: Side


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GainMountain(Command):
    """Prepare: gain the mountain in display `slot` (0 = leftmost) or the top of deck 'A' or 'B'."""

    TYPE: ClassVar[str] = "GainMountain"
    source: Literal["display", "A", "B"]
    slot: int = 0


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GainEquipment(Command):
    TYPE: ClassVar[str] = "GainEquipment"
    equipment: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Travel(Command):
    TYPE: ClassVar[str] = "Travel"
    continent: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class KeepCompanion(Command):
    """Keep one drawn companion (on an empty mat slot, or in place of `replace`); the other is discarded."""

    TYPE: ClassVar[str] = "KeepCompanion"
    companion: str
    replace: str | None = None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UpgradeAction(Command):
    """Rotate an action dial or slide up its next action tile."""

    TYPE: ClassVar[str] = "UpgradeAction"
    action: Action
    part: Literal["dial", "tile"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BringCompanions(Command):
    """The climber brings these companions (each costs one use)."""

    TYPE: ClassVar[str] = "BringCompanions"
    companions: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class OfferEquipment(Command):
    """Negotiation: offer to pay these equipment of an opponent's requirement if they tag along."""

    TYPE: ClassVar[str] = "OfferEquipment"
    to_seat: int
    equipment: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class AcceptOffer(Command):
    """Accept the climber's offer: binding, you tag along this turn."""

    TYPE: ClassVar[str] = "AcceptOffer"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RejectOffer(Command):
    TYPE: ClassVar[str] = "RejectOffer"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CallForTagAlongs(Command):
    """The climber is done negotiating: opponents are asked, in turn order, whether they tag along."""

    TYPE: ClassVar[str] = "CallForTagAlongs"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TagAlong(Command):
    TYPE: ClassVar[str] = "TagAlong"
    companions: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StayBehind(Command):
    TYPE: ClassVar[str] = "StayBehind"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ClaimActionBonus(Command):
    """Remove the tokens from all three actions for this action's bonus."""

    TYPE: ClassVar[str] = "ClaimActionBonus"
    choice: Literal["stamina_level", "upgrade", "experience", "flag"]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Decline(Command):
    """Turn down the optional gain of the current step (everything you gain is optional)."""

    TYPE: ClassVar[str] = "Decline"


COMMANDS: tuple[type[Command], ...] = (
    PlaceCharacter, DiscardBonusCard, Rest, Prepare, Climb, GainMountain, GainEquipment, Travel, KeepCompanion,
    UpgradeAction, BringCompanions, OfferEquipment, AcceptOffer, RejectOffer, CallForTagAlongs, TagAlong,
    StayBehind, ClaimActionBonus, Decline,
)
