"""evolve is total: every Hike! event type is applied, and anything else raises rather than being passed over."""

from __future__ import annotations

from typing import ClassVar

import pytest
from hike_scenario import opening, racing
from support.scenario import state_of

from domain.core import Event, Value
from domain.games.hike import SPEC
from domain.games.hike.events import (
    EVENTS,
    ActionSkipped,
    CardDrafted,
    CardsOpened,
    CareGiven,
    HuskyRan,
    HuskySwappedOut,
    TurnEnded,
)
from domain.games.hike.evolve import APPLY


class Stray(Event, Value):
    """An event of no game of ours."""

    TYPE: ClassVar[str] = "Stray"


def test_every_event_type_has_its_function_in_evolve() -> None:
    assert set(APPLY) == set(EVENTS)


def test_an_event_of_another_game_raises() -> None:
    state = state_of(SPEC, opening())
    with pytest.raises(TypeError, match="Stray is not a Hike! event"):
        SPEC.evolve(state, Stray())


def test_an_event_before_the_game_is_created_raises() -> None:
    with pytest.raises(ValueError, match="TurnEnded before GameCreated"):
        SPEC.evolve(None, TurnEnded(seat=0))


@pytest.mark.parametrize("event", [
    TurnEnded(seat=2), TurnEnded(seat=-1), ActionSkipped(seat=5), CardDrafted(seat=-1, card="H45"),
    CardsOpened(seat=3, cards=()), HuskySwappedOut(seat=0, card="H21", slot=8),
    HuskySwappedOut(seat=0, card="H21", slot=-1),
], ids=repr)
def test_a_seat_or_place_not_at_the_table_raises_in_preparations(event: Event) -> None:
    """Two mushers (seats 0 and 1), sleds of places 0 to 7."""
    state = state_of(SPEC, opening())
    with pytest.raises(IndexError):
        SPEC.evolve(state, event)


@pytest.mark.parametrize("event", [
    HuskyRan(seat=2, slot=0, spent=(), position=1), HuskyRan(seat=0, slot=-1, spent=(), position=1),
    CareGiven(seat=0, card="C01", slots=(0, 9)),
], ids=repr)
def test_a_seat_or_place_not_at_the_table_raises_in_the_race(event: Event) -> None:
    state = state_of(SPEC, racing({0: ("H34",) * 8, 1: ("H21",) * 8}))
    with pytest.raises(IndexError):
        SPEC.evolve(state, event)
