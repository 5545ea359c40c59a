"""The players' commands: orders in the imperative, one step of a turn each.

A turn is: trap an animal (`TrapAnimal`, after `RelocateGuide` when the guide's region
is empty), then at most one claim of the points chart (`BuildCamps`,
`TradeDifferentAnimals`, `TradeSameAnimals`), then `EndTurn`; the four activations
can be given at any point of the turn. Before the first turn the second player
gives `PlaceGuide`.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from domain.core import Command
from domain.games.nanga_parbat.board import Region, Spot
from domain.games.nanga_parbat.chart import Column
from domain.games.nanga_parbat.state import Animal


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlaceGuide(Command):
    """Put the guide on a region before the first turn (the second player does it)."""

    TYPE: ClassVar[str] = "PlaceGuide"
    region: Region


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RelocateGuide(Command):
    """Move the guide out of a region with no animals left to one that has some."""

    TYPE: ClassVar[str] = "RelocateGuide"
    region: Region


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TrapAnimal(Command):
    """Trap the animal on a section of the guide's region; a hiker replaces it."""

    TYPE: ClassVar[str] = "TrapAnimal"
    spot: Spot


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ActivateSnowLeopard(Command):
    """Swap two adjacent hikers (of different players)."""

    TYPE: ClassVar[str] = "ActivateSnowLeopard"
    first: Spot
    second: Spot


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ActivateTahr(Command):
    """Swap a hiker and an adjacent animal."""

    TYPE: ClassVar[str] = "ActivateTahr"
    hiker: Spot
    animal: Spot


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ActivateMuskDeer(Command):
    """Swap two animals (of different types) anywhere on the mountain."""

    TYPE: ClassVar[str] = "ActivateMuskDeer"
    first: Spot
    second: Spot


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ActivateYak(Command):
    """Move the guide to another region."""

    TYPE: ClassVar[str] = "ActivateYak"
    region: Region


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BuildCamps(Command):
    """Claim a spot of row 1 of the points chart: convert that many adjacent hikers to camps."""

    TYPE: ClassVar[str] = "BuildCamps"
    column: Column
    hikers: tuple[Spot, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TradeDifferentAnimals(Command):
    """Claim a spot of row 2: trade that many animals of different types (bharal is wild)."""

    TYPE: ClassVar[str] = "TradeDifferentAnimals"
    column: Column
    animals: tuple[Animal, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class TradeSameAnimals(Command):
    """Claim a spot of row 3: trade that many animals of one type (bharal is wild)."""

    TYPE: ClassVar[str] = "TradeSameAnimals"
    column: Column
    animals: tuple[Animal, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Command):
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
