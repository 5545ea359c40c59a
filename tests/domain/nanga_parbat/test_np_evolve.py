"""evolve is total: every Nanga Parbat event has one applier, and anything else raises instead of passing by."""

from __future__ import annotations

import pytest
from np_scenario import opening, spot, spots, trapped

from domain.core.seating import SEATING_EVENT_TYPES
from domain.core import Event
from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.chart import Row
from domain.games.nanga_parbat.commands import EndTurn
from domain.games.nanga_parbat.events import (
    EVENTS,
    AnimalsPlaced,
    AnimalsTraded,
    AnimalTrapped,
    CampsBuilt,
    GuidePlaced,
    MuskDeerActivated,
    PointsScored,
    RegionScored,
    SnowLeopardActivated,
    TahrActivated,
    TurnEnded,
    YakActivated,
)
from domain.games.nanga_parbat.evolve import APPLIERS
from domain.games.nanga_parbat.state import Animal


def test_every_event_type_has_exactly_one_applier() -> None:
    """evolve is total over the event union: the appliers are exactly the game's events."""
    assert set(APPLIERS) == set(EVENTS)
    assert len(EVENTS) + len(SEATING_EVENT_TYPES) == len(SPEC.events.types)


class Unknown(Event):
    """An event of no Nanga Parbat type."""

    TYPE = "Unknown"


@pytest.mark.parametrize("event", [Unknown(), EndTurn()], ids=["unknown-event", "a-command"])
def test_an_unknown_event_raises_instead_of_leaving_the_state_unchanged(event: Event) -> None:
    """evolve never passes an event by: what it cannot apply is an error."""
    with pytest.raises(TypeError, match="is not a Nanga Parbat event"):
        SPEC.evolve(trapped(opening()), event)


def test_a_game_begins_with_game_created() -> None:
    """The first event of every game is GameCreated."""
    with pytest.raises(TypeError, match="begins with GameCreated, not AnimalsPlaced"):
        SPEC.evolve(None, AnimalsPlaced(regions=()))


BAD_SEATS = [
    GuidePlaced(seat=2, region=1),
    AnimalTrapped(seat=2, spot=spot("1.1"), animal=Animal.YAK),
    PointsScored(seat=-1, points=1, score=1, bumped=False, reason="chart"),
    RegionScored(region=1, seat=2, pieces=4, points=1, score=1, bumped=False),
    SnowLeopardActivated(seat=-1, first=spot("1.2"), second=spot("1.4")),
    TahrActivated(seat=2, hiker=spot("1.4"), animal=spot("2.1")),
    MuskDeerActivated(seat=-1, first=spot("1.1"), second=spot("6.6")),
    YakActivated(seat=2, from_region=1, region=2),
    CampsBuilt(seat=-1, column=5, hikers=spots("1.1", "1.2", "1.3"), points=3),
    AnimalsTraded(seat=2, row=Row.SAME, column=5, animals=(Animal.YAK,) * 3, spent=(), points=3),
    TurnEnded(seat=-1),
]


@pytest.mark.parametrize("event", BAD_SEATS, ids=lambda event: event.TYPE)
def test_an_event_naming_a_seat_not_at_the_table_raises(event: Event) -> None:
    """Nanga Parbat is played by seats 0 and 1: no other seat's event is applied (not even seat -1)."""
    with pytest.raises(ValueError, match="is not at a Nanga Parbat table"):
        SPEC.evolve(trapped(opening()), event)
