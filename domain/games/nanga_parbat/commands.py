"""The players' commands: orders in the imperative, one step of a turn each.

A turn is: trap an animal (`TrapAnimal`, after `RelocateGuide` when the guide's region
is empty), then at most one claim of the points chart (`BuildCamps`,
`TradeDifferentAnimals`, `TradeSameAnimals`), then `EndTurn`; the four activations
can be given at any point of the turn. Before the first turn the second player
gives `PlaceGuide`.
"""

from __future__ import annotations

from typing import ClassVar

from domain.core import Command, Value
from domain.games.nanga_parbat.board import Region, Spot
from domain.games.nanga_parbat.chart import Column
from domain.games.nanga_parbat.state import Animal


class PlaceGuide(Command, Value):
    """Put the guide on a region before the first turn (the second player does it)."""

    TYPE: ClassVar[str] = "PlaceGuide"
    region: Region


class RelocateGuide(Command, Value):
    """Move the guide out of a region with no animals left to one that has some."""

    TYPE: ClassVar[str] = "RelocateGuide"
    region: Region


class TrapAnimal(Command, Value):
    """Trap the animal on a section of the guide's region; a hiker replaces it."""

    TYPE: ClassVar[str] = "TrapAnimal"
    spot: Spot


class ActivateSnowLeopard(Command, Value):
    """Swap two adjacent hikers (of different players)."""

    TYPE: ClassVar[str] = "ActivateSnowLeopard"
    first: Spot
    second: Spot


class ActivateTahr(Command, Value):
    """Swap a hiker and an adjacent animal."""

    TYPE: ClassVar[str] = "ActivateTahr"
    hiker: Spot
    animal: Spot


class ActivateMuskDeer(Command, Value):
    """Swap two animals (of different types) anywhere on the mountain."""

    TYPE: ClassVar[str] = "ActivateMuskDeer"
    first: Spot
    second: Spot


class ActivateYak(Command, Value):
    """Move the guide to another region."""

    TYPE: ClassVar[str] = "ActivateYak"
    region: Region


class BuildCamps(Command, Value):
    """Claim a spot of row 1 of the points chart: convert that many adjacent hikers to camps."""

    TYPE: ClassVar[str] = "BuildCamps"
    column: Column
    hikers: tuple[Spot, ...]


class TradeDifferentAnimals(Command, Value):
    """Claim a spot of row 2: trade that many animals of different types (bharal is wild)."""

    TYPE: ClassVar[str] = "TradeDifferentAnimals"
    column: Column
    animals: tuple[Animal, ...]


class TradeSameAnimals(Command, Value):
    """Claim a spot of row 3: trade that many animals of one type (bharal is wild)."""

    TYPE: ClassVar[str] = "TradeSameAnimals"
    column: Column
    animals: tuple[Animal, ...]


class EndTurn(Command, Value):
    """Finish the turn: the other player takes the next one."""

    TYPE: ClassVar[str] = "EndTurn"


COMMANDS = (
    PlaceGuide,
    RelocateGuide,
    TrapAnimal,
    ActivateSnowLeopard,
    ActivateTahr,
    ActivateMuskDeer,
    ActivateYak,
    BuildCamps,
    TradeDifferentAnimals,
    TradeSameAnimals,
    EndTurn,
)
