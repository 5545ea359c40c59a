"""The race track: landscape cards laid from start to finish, their fields, and moving over them."""

from __future__ import annotations

import functools

from domain.core import Value
from domain.games.hike.cards import FINISH, LANDSCAPES, START, Field, Snow

Points = tuple[tuple[Snow, ...], ...]
"""A husky's movement points, each as the snow types it may be spent as."""


def landscape_count(seats: int) -> int:
    """Game setup 1: 8 face-down landscapes, 6 with five or six players."""
    return 6 if seats >= 5 else 8


def rotated_place(seats: int) -> int:
    """Game setup 2: the 4th face-down landscape is rotated, the 3rd with five or six players."""
    return 3 if seats >= 5 else 4


@functools.cache
def track_fields(landscapes: tuple[str, ...]) -> tuple[Field, ...]:
    """Every field from the start card to the finish card; field n is at index n - 1."""
    cards = (START, *landscapes, FINISH)
    return tuple(field for card in cards for field in LANDSCAPES[card].fields)


class Stretch(Value):
    """How far one husky's points carry the sled before they run out or meet equipment."""

    spent: tuple[Snow, ...]
    position: int
    remaining: Points
    at_equipment: bool


def pick_point(points: Points, snow: Snow) -> int | None:
    """The index of the point to spend on `snow`: a printed one before the upgrade's flexible one."""
    best, fewest = None, 0
    for index, options in enumerate(points):  # the fewest options, the first of equals
        if snow in options and (best is None or len(options) < fewest):
            best, fewest = index, len(options)
    return best


def without(points: Points, index: int) -> Points:
    return points[:index] + points[index + 1:]


def stretch(points: Points, fields: tuple[Field, ...], position: int) -> Stretch:
    """Spend points field by field while one matches the next field (Using husky movement points).

    Stops at the last field, when no point matches, or before a field that needs
    equipment which a point could enter: the musher decides there.
    """
    spent: list[Snow] = []
    while position < len(fields):
        field = fields[position]
        index = pick_point(points, field.snow)
        if index is None:
            break
        if field.equipment:
            return Stretch(spent=tuple(spent), position=position, remaining=points, at_equipment=True)
        spent.append(field.snow)
        points = without(points, index)
        position += 1
    return Stretch(spent=tuple(spent), position=position, remaining=(), at_equipment=False)


def can_enter(points: Points, fields: tuple[Field, ...], position: int) -> bool:
    """Whether some point matches the next field, so the husky can be used at all."""
    return position < len(fields) and pick_point(points, fields[position].snow) is not None
