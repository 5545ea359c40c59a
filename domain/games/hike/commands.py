"""Hike! commands: what a musher orders, in the imperative.

Places in the sled (`slot`) are numbered row by row from 0, see sled.py; columns from 0.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from domain.core import Command

# Preparations


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class OpenCards(Command):
    """Open the day's cards from the husky deck, discarding `extra` +1 cards to open that many more."""

    TYPE: ClassVar[str] = "OpenCards"
    extra: int = 0


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DraftHusky(Command):
    """Action: take a husky from the centre and place it in the sled."""

    TYPE: ClassVar[str] = "DraftHusky"
    card: str
    slot: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DraftCard(Command):
    """Action: take an opened card from the centre to the hand."""

    TYPE: ClassVar[str] = "DraftCard"
    card: str


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlaceHusky(Command):
    """Action: place a husky from the hand in the sled (also the second half of a swap)."""

    TYPE: ClassVar[str] = "PlaceHusky"
    card: str
    slot: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SwapHusky(Command):
    """Action: take the husky at `slot` back to the hand; a PlaceHusky must follow."""

    TYPE: ClassVar[str] = "SwapHusky"
    slot: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlaceYoungster(Command):
    """Bonus action: place a youngster from the centre or the hand in the sled."""

    TYPE: ClassVar[str] = "PlaceYoungster"
    card: str
    slot: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DeclareReady(Command):
    """Declare ready to race: cube to the start, huskies in hand to the centre."""

    TYPE: ClassVar[str] = "DeclareReady"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UpgradeHusky(Command):
    """On declaring ready: put an equipment card from the hand under the 1-point husky at `slot`."""

    TYPE: ClassVar[str] = "UpgradeHusky"
    slot: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Command):
    """End the turn (in the race: make camp for the night)."""

    TYPE: ClassVar[str] = "EndTurn"


# Race


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UseHusky(Command):
    """Spend all the movement points of the ready husky at `slot`."""

    TYPE: ClassVar[str] = "UseHusky"
    slot: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class UseEquipment(Command):
    """Discard an equipment card from the hand to move onto the field that requires it."""

    TYPE: ClassVar[str] = "UseEquipment"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PushThrough(Command):
    """Move onto the equipment field without equipment: stop there and rest 2 huskies."""

    TYPE: ClassVar[str] = "PushThrough"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StopBeforeField(Command):
    """Do not enter the equipment field; the husky's remaining points are lost."""

    TYPE: ClassVar[str] = "StopBeforeField"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RestHusky(Command):
    """Turn the husky at `slot` to the rest state (after pushing through)."""

    TYPE: ClassVar[str] = "RestHusky"
    slot: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CareForHusky(Command):
    """Discard a single care card to take the cube off the tired husky at `slot`."""

    TYPE: ClassVar[str] = "CareForHusky"
    slot: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class CareForColumn(Command):
    """Discard a double care card to take the cubes off both huskies of `column`."""

    TYPE: ClassVar[str] = "CareForColumn"
    column: int


COMMANDS: tuple[type[Command], ...] = (
    OpenCards, DraftHusky, DraftCard, PlaceHusky, SwapHusky, PlaceYoungster, DeclareReady, UpgradeHusky, EndTurn,
    UseHusky, UseEquipment, PushThrough, StopBeforeField, RestHusky, CareForHusky, CareForColumn,
)
