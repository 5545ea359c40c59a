"""Views and the event log keep hidden information hidden: hands, deck order, face-down landscapes, care pile."""

from __future__ import annotations

import json

from hike_scenario import opening, racing
from msgspec.structs import replace
from support.scenario import after, state_of

from domain.core import SeatConfig, Table, canonical_json
from domain.games.hike import SPEC
from domain.games.hike.commands import DraftCard, OpenCards
from domain.games.hike.events import EVENTS
from domain.games.hike.state import with_musher

TOP = ("H21", "E01", "H01", "H02", "H45", "H46", "E02", "H10", "H11", "H12")
GIVEN = after(SPEC, opening(3, top=TOP), (0, OpenCards()), (0, DraftCard(card="E02")))


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    """Views: a seat sees its own hand; others see hand sizes only."""
    state = state_of(SPEC, GIVEN)
    mine = SPEC.view(state, 0)
    assert [card["id"] for card in mine["hand"]] == ["E01", "E02", "H21"]
    assert [musher["hand_size"] for musher in mine["mushers"]] == [3, 2, 2]
    assert "hand" not in mine["mushers"][1]
    assert SPEC.view(state, None)["hand"] is None
    assert json.loads(canonical_json(mine)) == mine


def test_a_view_does_not_change_when_only_another_seats_hand_changes() -> None:
    """Views: hidden data of other seats never reaches a seat's view."""
    state = state_of(SPEC, GIVEN)
    other = with_musher(state, 1, hand=("C01", "Y08"))
    assert SPEC.view(state, 0) == SPEC.view(other, 0)
    assert SPEC.view(state, None) == SPEC.view(other, None)
    assert SPEC.view(state, 1) != SPEC.view(other, 1)


def test_a_view_does_not_change_with_the_deck_order_or_face_down_landscapes() -> None:
    """Views: the undrawn deck and face-down landscapes (until turned) are hidden from all."""
    state = state_of(SPEC, GIVEN)
    shuffled = replace(state, deck=tuple(reversed(state.deck)),
                                   landscapes=(state.landscapes[0], *reversed(state.landscapes[1:])))
    for seat in (None, 0, 1, 2):
        assert SPEC.view(state, seat) == SPEC.view(shuffled, seat)
    face_down = SPEC.view(state, 0)["track"][2]
    assert face_down == {"place": 2, "face_up": False, "rotated": False}
    assert SPEC.view(state, 0)["track"][4] == {"place": 4, "face_up": False, "rotated": True}
    assert SPEC.view(state, 0)["fields"] is None


def test_a_view_does_not_change_with_the_care_pile_order() -> None:
    """Views: the race's care pile order is hidden from all."""
    state = state_of(SPEC, racing({0: ("H34",) * 8, 1: ("H21",) * 8}))
    other = replace(state, care_pile=tuple(reversed(state.care_pile)))
    assert SPEC.view(state, 0) == SPEC.view(other, 0)
    assert SPEC.view(state, 0)["care_pile_size"] == len(state.care_pile)
    assert len(SPEC.view(state, 0)["fields"]) == 48


def test_hidden_and_private_events_say_who_may_read_them() -> None:
    """Views: the redacted event log reveals dealt cards to their seat only and hidden orders to nobody."""
    visible = {type(event).__name__: event.visibility() for event in GIVEN}
    assert visible["LandscapesShuffled"] == () and visible["HuskyDeckShuffled"] == ()
    assert [event.visibility() for event in GIVEN if type(event).__name__ == "CardsDealt"] == [(0,), (1,), (2,)]
    assert visible["CardsOpened"] == "public" and visible["CardDrafted"] == "public"


def test_every_event_round_trips_and_has_a_one_line_description() -> None:
    """Timelines: describe gives one human-readable line per event."""
    events = racing({0: ("H34",) * 8, 1: ("H21",) * 8})
    for event in [*GIVEN, *events]:
        type_, data = SPEC.events.encode(event)
        assert SPEC.events.decode(type_, json.loads(canonical_json(data))) == event
        line = SPEC.describe(event)
        assert line and "\n" not in line
    assert {cls.TYPE for cls in EVENTS} >= {type(event).TYPE for event in events}


def test_descriptions_of_hidden_events_reveal_no_card() -> None:
    for event in GIVEN:
        if event.visibility() != "public":
            line = SPEC.describe(event)
            assert not any(card in line for card in ("H21", "E01", "H01", "L07", "L03"))


def test_every_event_of_a_whole_game_is_described_in_words() -> None:
    """Timelines: no event falls back to its bare type name."""
    config = SPEC.normalize_config([SeatConfig(name=f"P{i}", bot="random") for i in range(4)], {})
    table = Table(SPEC, config, "timeline")
    table.play_bots(["expert", "random", "random", "random"])
    lines = [SPEC.describe(event) for event in table.events]
    assert all(line != event.TYPE and "\n" not in line for line, event in zip(lines, table.events, strict=True))
