"""Components and Game setup: the card data, the track, the husky deck, care piles, +1 cards, sleds."""

from __future__ import annotations

from collections import Counter

import pytest
from hike_scenario import TRACK, opening
from support.scenario import created, state_of

from domain.core import GameConfig, Rng
from domain.games.hike import SPEC
from domain.games.hike.cards import (
    COLOURS,
    DOUBLE_CARE,
    EQUIPMENT,
    HUSKIES,
    HUSKY_DECK,
    LANDSCAPES,
    MENTORS,
    SINGLE_CARE,
    YOUNGSTERS,
    Side,
    Snow,
    is_single_care,
)
from domain.games.hike.events import (
    CardsDealt,
    CardsOpened,
    DayStarted,
    HuskyDeckShuffled,
    LandscapesShuffled,
    LandscapeTurned,
)
from domain.games.hike.state import Phase, Step


def test_the_card_data_matches_every_count_of_the_book() -> None:
    """Components: 18 landscapes, 48 experienced huskies, 8 youngsters, 12 equipment, 12+12 care, 12 +1."""
    assert (len(LANDSCAPES), len(HUSKIES), len(YOUNGSTERS), len(EQUIPMENT)) == (18, 48, 8, 12)
    assert (len(SINGLE_CARE), len(DOUBLE_CARE), len(MENTORS)) == (12, 12, 12)


def test_terrain_fields_and_husky_points_follow_the_terrain_type_count() -> None:
    """Components, Terrain type count: fields 55/25/11, husky points 52/24/16, 2 equipment fields."""
    fields = [field for card in LANDSCAPES.values() for field in card.fields]
    assert Counter(field.snow for field in fields) == {Snow.SNOW: 55, Snow.ICE: 25, Snow.POWDER: 11}
    assert sum(field.equipment for field in fields) == 2
    husky_points = [point for husky in HUSKIES.values() for point in husky.snow]
    assert Counter(husky_points) == {Snow.SNOW: 52, Snow.ICE: 24, Snow.POWDER: 16}


def test_every_experienced_husky_has_four_coloured_edges_and_one_to_three_points() -> None:
    """Components: huskies match edges with neighbours and carry 1-3 snowflakes."""
    for husky in HUSKIES.values():
        assert 1 <= len(husky.snow) <= 3
        assert set(husky.edges) == set(Side) and set(husky.edges.values()) <= set(COLOURS)
    for side in Side:
        assert Counter(husky.edges[side] for husky in HUSKIES.values()) == {colour: 12 for colour in COLOURS}


@pytest.mark.parametrize(("seats", "laid", "rotated"), [(2, 8, 4), (4, 8, 4), (5, 6, 3), (6, 6, 3)])
def test_setup_lays_face_down_landscapes_and_rotates_one(seats: int, laid: int, rotated: int) -> None:
    """Game setup 1-2: 8 landscapes (6 at five or six), the 4th (3rd) rotated; day 1 turns the first."""
    events = opening(seats)
    state = state_of(SPEC, events)
    assert len(state.landscapes) == laid and state.rotated == rotated
    assert state.turned == 1
    assert next(e for e in events if isinstance(e, LandscapesShuffled)).visibility() == ()
    assert [e for e in events if isinstance(e, LandscapeTurned)] == [LandscapeTurned(place=1, card=TRACK[0])]


def test_the_husky_deck_holds_huskies_youngsters_equipment_and_six_care_cards() -> None:
    """Game setup 3: experienced and youngster huskies, equipment and 6 (single) care cards."""
    assert len(HUSKY_DECK) == 48 + 8 + 12 + 6
    assert sum(1 for card in HUSKY_DECK if is_single_care(card)) == 6


def test_two_cards_are_dealt_to_each_seat_in_secret_and_two_revealed() -> None:
    """Game setup 3: 2 cards dealt face-down to each player, 2 revealed to the centre."""
    events = opening(3, top=("H01", "H02", "H03", "H04", "H05", "H06", "E01", "E02"))
    deals = [e for e in events if isinstance(e, CardsDealt)]
    assert deals == [CardsDealt(seat=0, cards=("H01", "H02")), CardsDealt(seat=1, cards=("H03", "H04")),
                     CardsDealt(seat=2, cards=("H05", "H06"))]
    assert [deal.visibility() for deal in deals] == [(0,), (1,), (2,)]
    assert next(e for e in events if isinstance(e, HuskyDeckShuffled)).visibility() == ()
    assert next(e for e in events if isinstance(e, CardsOpened)) == CardsOpened(seat=None, cards=("E01", "E02"))
    state = state_of(SPEC, events)
    assert state.centre == ("E01", "E02") and len(state.deck) == 74 - 8


@pytest.mark.parametrize("seats", [2, 6])
def test_each_musher_gets_a_care_pile_two_plus_cards_and_an_empty_sled(seats: int) -> None:
    """Game setup 4-6: 1 care on 2 double care, face up; 2 +1 cards; 2 rows of 4 places (3 at 5-6)."""
    state = state_of(SPEC, opening(seats))
    for musher in state.mushers:
        single, first, second = musher.care_pile
        assert single in SINGLE_CARE and first in DOUBLE_CARE and second in DOUBLE_CARE
        assert musher.plus_cards == 2
        assert len(musher.sled) == (6 if seats >= 5 else 8) and all(spot.card is None for spot in musher.sled)
    assert len(state.side_care) == 18 - 3 * seats


def test_day_one_of_preparations_starts_with_the_first_player() -> None:
    """Gameplay, First player: each day starts from the first player and goes clockwise."""
    events = opening(4)
    assert next(e for e in events if isinstance(e, DayStarted)) == DayStarted(
        phase=Phase.PREPARATIONS, day=1, order=(0, 1, 2, 3))
    state = state_of(SPEC, events)
    assert SPEC.to_act(state) == frozenset({0}) and state.step is Step.OPEN


def test_setup_draws_only_from_the_rng_and_is_repeatable() -> None:
    """Determinism: the same seed gives the same opening events."""
    config = GameConfig.of(created(SPEC, 3))
    assert SPEC.setup(config, Rng("seed", 2)) == SPEC.setup(config, Rng("seed", 2))
    assert SPEC.setup(config, Rng("seed", 2)) != SPEC.setup(config, Rng("other", 2))
