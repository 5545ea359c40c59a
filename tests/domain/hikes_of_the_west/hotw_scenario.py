"""Scenario builders for Hikes of the West, on the shared kit (tests/support/scenario.py).

The builders return event lists, to hand to the kit's `given`, `when`, `illegal` and `legal`
with the game's SPEC and the hiker's seat (rules.HIKER).

The card paths used throughout (data/cards.json):
    mt-rainier 2 5 1 6 3 4      great-sand-dunes 4 1 3 6 2 5    joshua-tree 1 4 6 3 5 2
    pipestone 3 6 1 4 5 2       black-hills 5 2 3 1 6 4         cedar-breaks 6 3 5 2 1 4
    grand-canyon 2 4 6 1 3 5    pikes-peak 1 3 5 4 6 2          zion 4 2 6 5 1 3
"""

from __future__ import annotations

from collections.abc import Sequence

from support.scenario import created

from domain.core import Event
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.events import (
    DeckShuffled,
    DiceRolled,
    HikeCompleted,
    HikesPlanned,
    LocationsRevealed,
    PathChosen,
    PathsDealt,
    Rested,
    TerrainCovered,
)
from domain.games.hikes_of_the_west.state import RestCause

LOCATIONS = ("zion", "pipestone", "joshua-tree")
# Path cards under every location in these scenarios: top row, then the base.
LAYOUT = ("cedar-breaks", "pikes-peak", "mt-rainier", "great-sand-dunes", "black-hills")
BASE_LEFT = 2  # mt-rainier: 2 5 1 6 3 4
TOP_LEFT = 0  # cedar-breaks: 6 3 5 2 1 4
LEFT_TRAIL = (2, 5, 1, 6, 3, 4, 6, 3, 5, 2, 1, 4)
DECK = (*LOCATIONS, *LAYOUT, "grand-canyon")


def opening(locations: tuple[str, str, str] = LOCATIONS, deck: tuple[str, ...] | None = None) -> list[Event]:
    """GameCreated, the hidden shuffle and the three locations turned up."""
    order = deck if deck is not None else (*locations, *(c for c in DECK if c not in locations))
    return [created(SPEC, seats=1), DeckShuffled(order=order), LocationsRevealed(locations=locations)]


def trail_head(
    location: str = "zion",
    plan: tuple[str, str, str] | None = None,
    layout: tuple[str, ...] = LAYOUT,
) -> list[Event]:
    """A game planned and standing at the trail head of `location` (the first of the plan)."""
    order = plan if plan is not None else (location, *(c for c in LOCATIONS if c != location))
    locations = tuple(sorted(order))
    return [
        *opening(locations),  # type: ignore[arg-type]
        HikesPlanned(order=order),  # type: ignore[arg-type]
        PathsDealt(location=order[0], cards=layout),
    ]


def on_left_trail(location: str = "zion", **kwargs: object) -> list[Event]:
    """At the trail head with the bottom-left card (2 5 1 6 3 4) chosen."""
    head = trail_head(location, **kwargs)  # type: ignore[arg-type]
    return [*head, PathChosen(slot=BASE_LEFT, card=LAYOUT[BASE_LEFT])]


SPECIALS = ("mt-rainier", "great-sand-dunes", "black-hills", "cedar-breaks", "pikes-peak")
# Under a location from SPECIALS: top row zion, pipestone; base grand-canyon, joshua-tree, and one more.
SPECIAL_TRAIL = (2, 4, 6, 1, 3, 5, 4, 2, 6, 5, 1, 3)


def special_trail_head(location: str) -> list[Event]:
    """At the trail head of `location` (one of SPECIALS), planned first, with the bottom-left card chosen."""
    others = [special for special in SPECIALS if special != location]
    plan = (location, others[0], others[1])
    layout = ("zion", "pipestone", "grand-canyon", "joshua-tree", others[2])
    return [*trail_head(location, plan=plan, layout=layout), PathChosen(slot=BASE_LEFT, card="grand-canyon")]


def cover(start: int, dice: Sequence[int], trail: Sequence[int] = LEFT_TRAIL) -> list[Event]:
    """Events covering the terrains after `start` with `dice`, each die its terrain's value."""
    return [
        TerrainCovered(position=start + i + 1, terrain=trail[start + i], die=die, stamina=False)
        for i, die in enumerate(dice)
    ]


def rested_at(spot: int, die: int) -> Rested:
    """A chosen rest at `spot` with the rest die showing `die`."""
    return Rested(cause=RestCause.CHOSEN, rest_stop=spot, rest_die=die, lost=0, scored=())


def first_card_done(location: str = "zion") -> list[Event]:
    """On the left trail, rested at spot 5 (die 1), then covered spot 6: the top of the first card."""
    return [
        *on_left_trail(location),
        DiceRolled(dice=(2, 5, 1, 6, 3, 3)),
        *cover(0, (2, 5, 1, 6, 3)),
        rested_at(5, 1),
        DiceRolled(dice=(4, 1, 1, 2, 2)),
        *cover(5, (4,)),
    ]


def completed_first(die: int = 2, plan: tuple[str, str, str] = ("zion", "pipestone", "joshua-tree")) -> list[Event]:
    """The first location of `plan` completed with its rest die showing `die`; the next one dealt."""
    return [
        *trail_head(plan[0], plan=plan),
        HikeCompleted(location=plan[0], die=die),
        DeckShuffled(order=(*LAYOUT, "grand-canyon")),
        PathsDealt(location=plan[1], cards=LAYOUT),
    ]
