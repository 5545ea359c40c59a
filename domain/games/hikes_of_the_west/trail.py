"""The layout of the path cards and the trail the hiker follows through it.

Slots number the five path cards in the order they are dealt. Under most locations they form
a pyramid (rulebook, Setting off): slots 0-1 are the top row, dealt first, and slots 2-4 the
base; a trail is one base card then one top card, twelve terrains. At the Grand Canyon they
form a V (rulebook, Location reference): north rim (0), north wall (1), the river (2), south
wall (3), south rim (4); a trail runs rim to rim over all thirty terrains, and starting from
the south rim meets them in reverse order.
"""

from __future__ import annotations

from domain.games.hikes_of_the_west.cards import GRAND_CANYON, TERRAINS_PER_CARD, card
from domain.games.hikes_of_the_west.state import Hike

TOP_ROW = (0, 1)
BASE_ROW = (2, 3, 4)
PYRAMID_CARDS_HIKED = 2
NORTH_RIM = 0
SOUTH_RIM = 4
RIMS = (NORTH_RIM, SOUTH_RIM)
CANYON_CARDS_HIKED = 5

PYRAMID_SLOTS = ("top left", "top right", "bottom left", "bottom middle", "bottom right")
CANYON_SLOTS = ("north rim", "north wall", "river", "south wall", "south rim")


def is_canyon(location: str) -> bool:
    """The Grand Canyon lays its path cards out as a V (rulebook, Location reference)."""
    return location == GRAND_CANYON


def slot_name(location: str, slot: int) -> str:
    """Where a slot lies in the layout, in words."""
    return (CANYON_SLOTS if is_canyon(location) else PYRAMID_SLOTS)[slot]


def trail_length(location: str) -> int:
    """How many terrains a complete hike covers: 30 rim to rim, else 12 (two cards)."""
    cards_hiked = CANYON_CARDS_HIKED if is_canyon(location) else PYRAMID_CARDS_HIKED
    return cards_hiked * TERRAINS_PER_CARD


def canyon_trail(layout: tuple[str, ...], start: int) -> tuple[int, ...]:
    """The thirty terrains from the rim in slot `start` to the other rim."""
    north_to_south = tuple(terrain for slot in range(len(layout)) for terrain in card(layout[slot]).path)
    return north_to_south if start == NORTH_RIM else tuple(reversed(north_to_south))


def route_trail(location: str, layout: tuple[str, ...], route: tuple[int, ...],
                turned: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The terrains of the cards chosen so far, in hiking order; a card in `turned` is met from its far end."""
    if is_canyon(location):
        return canyon_trail(layout, route[0]) if route else ()
    return tuple(terrain for slot in route
                 for terrain in (reversed(card(layout[slot]).path) if slot in turned else card(layout[slot]).path))


def trail(hike: Hike) -> tuple[int, ...]:
    """The terrains of the hike's chosen route, in hiking order."""
    return route_trail(hike.location, hike.layout, hike.route, hike.turned)


def path_options(hike: Hike) -> tuple[int, ...]:
    """The slots the hiker may choose now: a starting card or rim, or the top card to go on to.

    Rulebook, Setting off and Completing a path card: a base card at the trail head, then
    either top card once the top-most terrain of the first card is covered; at the Grand
    Canyon only the starting rim is chosen.
    """
    if is_canyon(hike.location):
        return RIMS if not hike.route else ()
    if not hike.route:
        return BASE_ROW
    if len(hike.route) == 1 and hike.position == TERRAINS_PER_CARD:
        return TOP_ROW
    return ()


def option_trail(hike: Hike, slot: int, turned: bool = False) -> tuple[int, ...]:
    """The hike's trail as it would be after choosing `slot` (`turned` end for end)."""
    if is_canyon(hike.location):
        return canyon_trail(hike.layout, slot)
    return route_trail(hike.location, hike.layout, (*hike.route, slot), (*hike.turned, *((slot,) if turned else ())))


def ways(hike: Hike) -> tuple[bool, ...]:
    """Which ways round a card may be chosen: as printed, and turned too where cards may be turned."""
    return (False, True) if hike.turnable else (False,)


def next_terrains(hike: Hike) -> tuple[int, ...]:
    """The terrains the next die could cover: one per path (and way round) still open to choose, else the next."""
    options = path_options(hike)
    if options:
        return tuple(option_trail(hike, slot, way)[hike.position] for slot in options for way in ways(hike))
    ahead = trail(hike)
    return (ahead[hike.position],) if hike.position < len(ahead) else ()


def kept_route(location: str, route: tuple[int, ...], rest_stop: int) -> tuple[int, ...]:
    """The cards still chosen after resting at `rest_stop`.

    Rulebook, Completing a path card: back at a rest stop on the first card (or the trail
    head) the next card may be chosen again. The Grand Canyon's rim, once chosen, holds.
    """
    if is_canyon(location):
        return route
    cards_reached = -(-rest_stop // TERRAINS_PER_CARD)
    return route[:cards_reached]
