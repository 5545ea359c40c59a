"""`evolve` is total over the events of Peaks: it applies every one of them and raises on anything else
(STYLE.md: evolve only applies, total over the event union)."""

from __future__ import annotations

from typing import ClassVar

import pytest
from peaks_scenario import ready
from support.scenario import given

from domain.core import Event, GameCreated, Value
from domain.games.peaks import SPEC
from domain.games.peaks.events import EVENTS, ExperienceGained, TaggedAlong, TurnEnded
from domain.games.peaks.evolve import APPLY, evolve


class Yodelled(Event, Value, kw_only=True):
    """An event of no game of Peaks."""

    TYPE: ClassVar[str] = "Yodelled"
    seat: int


def test_every_event_of_peaks_has_its_own_application() -> None:
    assert set(APPLY) == set(EVENTS) - {GameCreated}


def test_an_unknown_event_type_raises_instead_of_leaving_the_state_as_it_was() -> None:
    with pytest.raises(TypeError, match="Peaks has no event Yodelled"):
        evolve(given(SPEC, ready()), Yodelled(seat=0))


def test_an_event_before_game_created_raises() -> None:
    with pytest.raises(TypeError, match="before GameCreated"):
        evolve(None, ExperienceGained(seat=0, amount=1))


@pytest.mark.parametrize("event", [
    ExperienceGained(seat=2, amount=1),
    ExperienceGained(seat=-1, amount=1),
    TurnEnded(seat=0, next_seat=5),
])
def test_an_event_naming_a_seat_not_at_the_table_raises(event: Event) -> None:
    with pytest.raises(ValueError, match="no seat"):
        evolve(given(SPEC, ready()), event)


def test_a_climb_event_with_no_climb_under_way_raises() -> None:
    with pytest.raises(ValueError, match="no climb is under way"):
        evolve(given(SPEC, ready()), TaggedAlong(seat=1, companions=()))
