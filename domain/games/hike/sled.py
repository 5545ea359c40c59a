"""The husky sled: two rows of places, placement rules and the huskies' movement points.

Places are numbered row by row: with four columns, 0-3 is the top row and 4-7 the one
below it (three columns at five or six players: 0-2 and 3-5).
"""

from __future__ import annotations

import functools

from domain.games.hike.cards import (
    EDGES_OF,
    EXPERIENCED_IDS,
    OPPOSITE,
    SIDES,
    SNOW_OF,
    YOUNGSTER_IDS,
    Side,
    Snow,
    is_experienced,
    points,
)
from domain.games.hike.state import Spot

ROWS = 2
SNOWS: tuple[Snow, ...] = tuple(Snow)


def columns_for(seats: int) -> int:
    """Game setup 5: two rows of 4 places, of 3 with five or six players."""
    return 3 if seats >= 5 else 4


@functools.cache
def neighbours(slot: int, columns: int) -> tuple[tuple[Side, int], ...]:
    """The places next to `slot`, with the side of `slot` that faces each (top, right, bottom, left)."""
    row, column = divmod(slot, columns)
    found = []
    if row > 0:
        found.append((Side.TOP, slot - columns))
    if column < columns - 1:
        found.append((Side.RIGHT, slot + 1))
    if row < ROWS - 1:
        found.append((Side.BOTTOM, slot + columns))
    if column > 0:
        found.append((Side.LEFT, slot - 1))
    return tuple(found)


@functools.cache
def facing(slot: int, columns: int) -> tuple[tuple[int, int, int], ...]:
    """`neighbours` as (place, index of the side of `slot` facing it, index of its side facing `slot`), the
    indices in `SIDES` order (`EDGES_OF`)."""
    return tuple((other, SIDES.index(side), SIDES.index(OPPOSITE[side])) for side, other in neighbours(slot, columns))


_FACING: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {
    columns: tuple(facing(slot, columns) for slot in range(ROWS * columns)) for columns in (3, 4)}
"""`facing` of every place of the sleds the game deals (`columns_for`), by a plain index."""


@functools.cache
def column_slots(column: int, columns: int) -> tuple[int, ...]:
    """The two places of one column, top first (Using care cards: double care)."""
    return tuple(row * columns + column for row in range(ROWS))


def can_place(sled: tuple[Spot, ...], columns: int, slot: int, card: str) -> bool:
    """Whether `card` may go on the free place `slot` (Placement rules).

    An experienced husky's edges must match the facing edges of every neighbouring
    experienced husky already in the sled, without rotation; youngsters fit anywhere,
    and any husky fits next to a youngster or an empty place.
    """
    if not 0 <= slot < len(sled) or sled[slot].card is not None:
        return False
    if card in YOUNGSTER_IDS:
        return True
    edges = EDGES_OF[card]  # KeyError for a card that is no husky, as the catalogue's
    table = _FACING.get(columns)
    links = table[slot] if table is not None and slot < len(table) else facing(slot, columns)
    for other_slot, side, opposite in links:
        other = sled[other_slot].card
        if other is not None:
            others = EDGES_OF.get(other)  # None: a youngster
            if others is not None and others[opposite] != edges[side]:
                return False
    return True


def free_slots(sled: tuple[Spot, ...]) -> tuple[int, ...]:
    return tuple(slot for slot, spot in enumerate(sled) if spot.card is None)


def is_complete(sled: tuple[Spot, ...]) -> bool:
    """Declaring you are ready: every placeholder cube has been replaced by a husky."""
    return all(spot.card is not None for spot in sled)


def can_upgrade(spot: Spot) -> bool:
    """Declaring you are ready 3: an experienced husky with exactly 1 point and no equipment yet."""
    card = spot.card
    return card is not None and is_experienced(card) and len(points(card)) == 1 and spot.equipment is None


PRINTED: dict[str, tuple[tuple[Snow, ...], ...]] = {card: tuple((point,) for point in snow)
                                                    for card, snow in SNOW_OF.items()}
"""Each experienced husky's printed points as `movement_points` gives them, one snow type each."""


def extra_point_snow(sled: tuple[Spot, ...], columns: int, slot: int, from_resting: bool = False) -> tuple[Snow, ...]:
    """The snow types the upgrade's extra point may take: those on the nearest neighbours (Race), not resting ones,
    which have no movement points (REST STATE); rules version 1 counted them too (`from_resting`)."""
    kinds: tuple[Snow, ...] = ()
    for _, other in neighbours(slot, columns):
        spot = sled[other]
        if (from_resting or not spot.resting) and spot.card:
            kinds += SNOW_OF.get(spot.card, ())
    return tuple(kind for kind in SNOWS if kind in kinds)


def movement_points(sled: tuple[Spot, ...], columns: int, slot: int,
                    from_resting: bool = False) -> tuple[tuple[Snow, ...], ...]:
    """A husky's points for one use, each as the snow types it can be spent as (`from_resting`: version 1)."""
    spot = sled[slot]
    card = spot.card
    printed = PRINTED.get(card, ()) if card else ()  # type: ignore[arg-type]
    if spot.equipment is None:
        return printed
    extra = extra_point_snow(sled, columns, slot, from_resting)
    return printed + ((extra,) if extra else ())


def printed_points(sled: tuple[Spot, ...]) -> int:
    """All movement points printed on the sled's huskies, resting ones too (End of the game, tie)."""
    return sum(len(points(spot.card)) for spot in sled if spot.card)


def ready_huskies(sled: tuple[Spot, ...]) -> int:
    """Huskies neither tired nor resting, youngsters included (End of the game, tie)."""
    return sum(1 for spot in sled if spot.card and not spot.tired and not spot.resting)
