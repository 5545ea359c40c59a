"""What a die may do: cover a terrain, be saved as stamina (with each location's special rule)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from domain.games.hikes_of_the_west.cards import (
    BLACK_HILLS,
    CEDAR_BREAKS,
    GREAT_SAND_DUNES,
    JOSHUA_TREE,
    PIPESTONE,
    location_name,
)
from domain.games.hikes_of_the_west.state import Hike
from domain.games.hikes_of_the_west.trail import next_terrains

TRIPLE = 3


def can_cover(location: str, die: int, terrain: int, stamina: bool) -> bool:
    """A die covers a terrain it matches; stamina (and, at Pipestone, any die) also covers lower ones.

    Rulebook, Hiking and Using stamina; Location reference, Pipestone.
    """
    return die == terrain or ((stamina or location == PIPESTONE) and die > terrain)


def cover_refusal(location: str, die: int, terrain: int, stamina: bool) -> str | None:
    """Why a die showing `die` may not cover `terrain`, in the rulebook's words; None if it may."""
    if can_cover(location, die, terrain, stamina):
        return None
    if stamina:
        return f"your stamina die shows {die}: it covers terrain of {die} or less, not {terrain}"
    if location == PIPESTONE:
        return f"terrain {terrain} needs a die showing {terrain} or more at Pipestone; you chose a {die}"
    return f"terrain {terrain} needs a die showing {terrain}; you chose a {die}"


def stamina_limit(location: str) -> int:
    """How many stamina dice may be saved after a rest: two at Cedar Breaks, else one."""
    return 2 if location == CEDAR_BREAKS else 1


def stamina_value(location: str, die: int) -> int:
    """What a saved die shows as stamina: one pip less at Great Sand Dunes."""
    return die - 1 if location == GREAT_SAND_DUNES else die


def stamina_die_refusal(location: str, die: int) -> str | None:
    """Why a die showing `die` may not be saved as stamina at this location; None if it may."""
    if location == JOSHUA_TREE and die == 6:
        return f"6s can not be saved as stamina at {location_name(location)}"
    if location == GREAT_SAND_DUNES and die == 1:
        return f"a 1 can not lose a pip, so it can not be saved as stamina at {location_name(location)}"
    return None


def rolls_a_triple(location: str, dice: Iterable[int]) -> bool:
    """Black Hills: three or more dice of one number force a rest (rulebook, Location reference)."""
    return location == BLACK_HILLS and any(count >= TRIPLE for count in Counter(dice).values())


def can_place_a_die(hike: Hike) -> bool:
    """Whether any free or stamina die could cover the next terrain (rulebook, Hiking)."""
    terrains = next_terrains(hike)
    return any(can_cover(hike.location, die, terrain, False) for die in hike.free for terrain in terrains) or any(
        can_cover(hike.location, die, terrain, True) for die in hike.stamina for terrain in terrains
    )
