"""Hike! commands: what a musher orders, in the imperative.

Places in the sled (`slot`) are numbered row by row from 0, see sled.py; columns from 0.
"""

from __future__ import annotations

from typing import ClassVar

from domain.core import Command, Value

# Preparations


class OpenCards(Command, Value):
    """Open the day's cards from the husky deck, discarding `extra` +1 cards to open that many more."""

    TYPE: ClassVar[str] = "OpenCards"
    extra: int = 0


class DraftHusky(Command, Value):
    """Action: take a husky from the centre and place it in the sled."""

    TYPE: ClassVar[str] = "DraftHusky"
    card: str
    slot: int


class DraftCard(Command, Value):
    """Action: take an opened card from the centre to the hand."""

    TYPE: ClassVar[str] = "DraftCard"
    card: str


class PlaceHusky(Command, Value):
    """Action: place a husky from the hand in the sled (also the second half of a swap)."""

    TYPE: ClassVar[str] = "PlaceHusky"
    card: str
    slot: int


class SwapHusky(Command, Value):
    """Action: take the husky at `slot` back to the hand; a PlaceHusky must follow."""

    TYPE: ClassVar[str] = "SwapHusky"
    slot: int


class PlaceYoungster(Command, Value):
    """Bonus action: place a youngster from the centre or the hand in the sled."""

    TYPE: ClassVar[str] = "PlaceYoungster"
    card: str
    slot: int


class DeclareReady(Command, Value):
    """Declare ready to race: cube to the start, huskies in hand to the centre."""

    TYPE: ClassVar[str] = "DeclareReady"


class UpgradeHusky(Command, Value):
    """On declaring ready: put an equipment card from the hand under the 1-point husky at `slot`."""

    TYPE: ClassVar[str] = "UpgradeHusky"
    slot: int


class EndTurn(Command, Value):
    """End the turn (in the race: make camp for the night)."""

    TYPE: ClassVar[str] = "EndTurn"


# Race


class UseHusky(Command, Value):
    """Spend all the movement points of the ready husky at `slot`."""

    TYPE: ClassVar[str] = "UseHusky"
    slot: int


class UseEquipment(Command, Value):
    """Discard an equipment card from the hand to move onto the field that requires it."""

    TYPE: ClassVar[str] = "UseEquipment"


class PushThrough(Command, Value):
    """Move onto the equipment field without equipment: stop there and rest 2 huskies."""

    TYPE: ClassVar[str] = "PushThrough"


class StopBeforeField(Command, Value):
    """Do not enter the equipment field; the husky's remaining points are lost."""

    TYPE: ClassVar[str] = "StopBeforeField"


class RestHusky(Command, Value):
    """Turn the husky at `slot` to the rest state (after pushing through)."""

    TYPE: ClassVar[str] = "RestHusky"
    slot: int


class CareForHusky(Command, Value):
    """Discard a single care card to take the cube off the tired husky at `slot`."""

    TYPE: ClassVar[str] = "CareForHusky"
    slot: int


class CareForColumn(Command, Value):
    """Discard a double care card to take the cubes off both huskies of `column`."""

    TYPE: ClassVar[str] = "CareForColumn"
    column: int


COMMANDS: tuple[type[Command], ...] = (
    OpenCards, DraftHusky, DraftCard, PlaceHusky, SwapHusky, PlaceYoungster, DeclareReady, UpgradeHusky, EndTurn,
    UseHusky, UseEquipment, PushThrough, StopBeforeField, RestHusky, CareForHusky, CareForColumn,
)
