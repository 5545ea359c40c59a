"""The hiker's commands: orders in the imperative, with small concrete arguments."""

from __future__ import annotations

from typing import ClassVar

from domain.core import Command, Value


class PlanHikes(Command, Value):
    """Order the three locations from left to right: the hikes follow that order."""

    TYPE: ClassVar[str] = "PlanHikes"
    order: tuple[str, str, str]


class ChoosePath(Command, Value):
    """Choose the path card (by its slot in the layout) to hike next."""

    TYPE: ClassVar[str] = "ChoosePath"
    slot: int


class ChooseTurnedPath(Command, Value):
    """Rules version 2: choose the path card in `slot` turned end for end, its terrains in reverse printed order."""

    TYPE: ClassVar[str] = "ChooseTurnedPath"
    slot: int


class Roll(Command, Value):
    """Roll every free die: not those on the path, saved as stamina, or on location cards."""

    TYPE: ClassVar[str] = "Roll"


class SaveStamina(Command, Value):
    """Set aside a rolled die showing `die` as stamina."""

    TYPE: ClassVar[str] = "SaveStamina"
    die: int


class Cover(Command, Value):
    """Cover the next terrain with a free die (or, with `stamina`, a stamina die) showing `die`."""

    TYPE: ClassVar[str] = "Cover"
    die: int
    stamina: bool = False


class Rest(Command, Value):
    """Rest at the furthest die (forced, losing progress, if nothing was placed since the roll)."""

    TYPE: ClassVar[str] = "Rest"


class RideToTop(Command, Value):
    """Pikes Peak: ride to the top instead of hiking, for a die showing 5 on the location card."""

    TYPE: ClassVar[str] = "RideToTop"


COMMANDS = (PlanHikes, ChoosePath, ChooseTurnedPath, Roll, SaveStamina, Cover, Rest, RideToTop)
