"""The hiker's commands: orders in the imperative, with small concrete arguments."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from domain.core import Command


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlanHikes(Command):
    """Order the three locations from left to right: the hikes follow that order."""

    TYPE: ClassVar[str] = "PlanHikes"
    order: tuple[str, str, str]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ChoosePath(Command):
    """Choose the path card (by its slot in the layout) to hike next."""

    TYPE: ClassVar[str] = "ChoosePath"
    slot: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Roll(Command):
    """Roll every free die: not those on the path, saved as stamina, or on location cards."""

    TYPE: ClassVar[str] = "Roll"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SaveStamina(Command):
    """Set aside a rolled die showing `die` as stamina."""

    TYPE: ClassVar[str] = "SaveStamina"
    die: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Cover(Command):
    """Cover the next terrain with a free die (or, with `stamina`, a stamina die) showing `die`."""

    TYPE: ClassVar[str] = "Cover"
    die: int
    stamina: bool = False


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Rest(Command):
    """Rest at the furthest die (forced, losing progress, if nothing was placed since the roll)."""

    TYPE: ClassVar[str] = "Rest"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RideToTop(Command):
    """Pikes Peak: ride to the top instead of hiking, for a die showing 5 on the location card."""

    TYPE: ClassVar[str] = "RideToTop"


COMMANDS = (PlanHikes, ChoosePath, Roll, SaveStamina, Cover, Rest, RideToTop)
