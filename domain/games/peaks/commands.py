"""The commands of Peaks: orders in the imperative, one per choice a player makes."""

from __future__ import annotations

from typing import ClassVar, Literal

from domain.core import Command, Value

Action = Literal["rest", "prepare", "climb"]
Reward = Literal["experience", "flag", "bonus", "companion", "stamina_level", "upgrade", "stamina"]
Side = Literal["left", "right"]


class PlaceCharacter(Command, Value, kw_only=True):
    """Player setup: put your character in a continent."""

    TYPE: ClassVar[str] = "PlaceCharacter"
    continent: str


class DiscardBonusCard(Command, Value, kw_only=True):
    """Discard a bonus card for its discard bonus: before choosing your action, and from rules version 2 at any
    choice you are asked to make (also on another player's turn, e.g. to afford a tag-along)."""

    TYPE: ClassVar[str] = "DiscardBonusCard"
    card: str


class Rest(Command, Value, kw_only=True):
    """Rest: stamina up to your stamina level ('level'), or gain stamina per the rest dial ('gain')."""

    TYPE: ClassVar[str] = "Rest"
    choice: Literal["level", "gain"]


class Prepare(Command, Value, kw_only=True):
    """Prepare: gain a mountain, refill the display, then gain equipment per the prepare dial."""

    TYPE: ClassVar[str] = "Prepare"


class Climb(Command, Value, kw_only=True):
    """Climb one of your mountains for its left or right rewards."""

    TYPE: ClassVar[str] = "Climb"
    mountain: str
    side: Side


class GainMountain(Command, Value, kw_only=True):
    """Prepare: gain the mountain in display `slot` (0 = leftmost), or the top of deck 'A' or 'B' (no slot)."""

    TYPE: ClassVar[str] = "GainMountain"
    source: Literal["display", "A", "B"]
    slot: int = 0


class GainEquipment(Command, Value, kw_only=True):
    """Gain 1 equipment of this type (`camping`, `ice_axe` or `rope`)."""

    TYPE: ClassVar[str] = "GainEquipment"
    equipment: str


class Travel(Command, Value, kw_only=True):
    """Move your character to another continent."""

    TYPE: ClassVar[str] = "Travel"
    continent: str


class KeepCompanion(Command, Value, kw_only=True):
    """Keep one drawn companion (on an empty mat slot, or in place of `replace`); the other is discarded."""

    TYPE: ClassVar[str] = "KeepCompanion"
    companion: str
    replace: str | None = None


class UpgradeAction(Command, Value, kw_only=True):
    """Rotate an action dial or slide up its next action tile."""

    TYPE: ClassVar[str] = "UpgradeAction"
    action: Action
    part: Literal["dial", "tile"]


class BringCompanions(Command, Value, kw_only=True):
    """The climber brings these companions (each costs one use)."""

    TYPE: ClassVar[str] = "BringCompanions"
    companions: tuple[str, ...]


class OfferEquipment(Command, Value, kw_only=True):
    """Negotiation: the climber offers to pay these equipment of an opponent's requirement if they tag along; from
    rules version 2 an opponent asked to back a climb offers to pay these of the climber's (`to_seat` the climber)."""

    TYPE: ClassVar[str] = "OfferEquipment"
    to_seat: int
    equipment: tuple[str, ...]


class AcceptOffer(Command, Value, kw_only=True):
    """Accept the climber's offer: binding, you tag along this turn."""

    TYPE: ClassVar[str] = "AcceptOffer"


class RejectOffer(Command, Value, kw_only=True):
    """Reject the climber's offer: it binds nobody."""

    TYPE: ClassVar[str] = "RejectOffer"


class CallForTagAlongs(Command, Value, kw_only=True):
    """The climber is done negotiating: opponents are asked, in turn order, whether they tag along."""

    TYPE: ClassVar[str] = "CallForTagAlongs"


class TagAlong(Command, Value, kw_only=True):
    """Tag along on the climb for the other side's rewards, bringing these companions (each costs one use)."""

    TYPE: ClassVar[str] = "TagAlong"
    companions: tuple[str, ...] = ()


class StayBehind(Command, Value, kw_only=True):
    """Do not tag along on this climb."""

    TYPE: ClassVar[str] = "StayBehind"


class GainReward(Command, Value, kw_only=True):
    """Rules version 2: gain every reward of this kind still waiting from the climb (the order is yours)."""

    TYPE: ClassVar[str] = "GainReward"
    reward: Reward


class DeclineReward(Command, Value, kw_only=True):
    """Rules version 2: decline every reward of this kind still waiting from the climb (everything is optional)."""

    TYPE: ClassVar[str] = "DeclineReward"
    reward: Reward


class ClaimActionBonus(Command, Value, kw_only=True):
    """Remove the tokens from all three actions for this action's bonus."""

    TYPE: ClassVar[str] = "ClaimActionBonus"
    choice: Literal["stamina_level", "upgrade", "experience", "flag"]


class Decline(Command, Value, kw_only=True):
    """Turn down the optional gain of the current step (everything you gain is optional)."""

    TYPE: ClassVar[str] = "Decline"


COMMANDS: tuple[type[Command], ...] = (
    PlaceCharacter, DiscardBonusCard, Rest, Prepare, Climb, GainMountain, GainEquipment, Travel, KeepCompanion,
    UpgradeAction, BringCompanions, OfferEquipment, AcceptOffer, RejectOffer, CallForTagAlongs, TagAlong,
    StayBehind, ClaimActionBonus, Decline, GainReward, DeclineReward,
)
