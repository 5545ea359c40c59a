"""Game Board, Points Chart and setup: regions, sections, adjacency, the random animals, the guide."""

from __future__ import annotations

from collections import Counter

from np_scenario import opening, placed, spot
from support.scenario import created, given, illegal, legal, then, when

from domain.core import Event, GameConfig, Rng
from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.board import (
    NEIGHBOURS,
    are_adjacent,
    connected_groups,
    is_connected,
)
from domain.games.nanga_parbat.chart import CHART, Row, chart_spot
from domain.games.nanga_parbat.commands import PlaceGuide
from domain.games.nanga_parbat.events import AnimalsPlaced, GuidePlaced
from domain.games.nanga_parbat.state import ANIMALS, Phase


def index(text: str) -> int:
    """The board index of the section written `region.section`."""
    return spot(text).index


def setup_events(seed: str) -> list[Event]:
    """The setup events of a table seeded with `seed`."""
    config = GameConfig(seats=created(SPEC).seats, options={"area_scoring": False})
    return SPEC.setup(config, Rng(seed, 2))


def test_setup_places_six_animals_of_each_type_one_on_every_section() -> None:
    """Game Board: 6 animals of each of the 6 types, randomly placed, one per section of the 6 regions."""
    [layout_event] = setup_events("north-face")
    assert isinstance(layout_event, AnimalsPlaced)
    assert [len(region) for region in layout_event.regions] == [6] * 6
    assert Counter(animal for region in layout_event.regions for animal in region) == {animal: 6 for animal in ANIMALS}


def test_the_random_layout_comes_from_the_seeded_rng_and_is_recorded_in_the_event() -> None:
    """Determinism: the layout is a chance outcome, so the event carries it and evolve only copies it."""
    assert setup_events("north-face") == setup_events("north-face")
    assert setup_events("north-face") != setup_events("south-face")
    [layout_event] = setup_events("north-face")
    state = given(SPEC, created(SPEC), layout_event)
    assert state.board[index("3.5")] == layout_event.regions[2][4]


def test_sections_of_a_region_share_borders_in_a_pyramid_of_rows_1_2_3() -> None:
    """Game Board: section 1 on top, 2-3 below it, 4-5-6 at the bottom; touching sections are adjacent."""
    assert [n for n in NEIGHBOURS[index("4.2")] if n // 6 == 3] == [index(s) for s in ("4.1", "4.3", "4.4", "4.5")]
    assert are_adjacent(index("4.1"), index("4.3"))
    assert are_adjacent(index("4.5"), index("4.6"))
    assert not are_adjacent(index("4.1"), index("4.4"))
    assert not are_adjacent(index("4.4"), index("4.6"))


def test_dotted_white_paths_link_regions_which_otherwise_share_no_border() -> None:
    """Build camps: sections are adjacent by a shared border or by a dotted white path between regions."""
    assert are_adjacent(index("1.4"), index("2.1"))
    assert are_adjacent(index("2.6"), index("3.4"))
    assert are_adjacent(index("3.4"), index("5.1"))
    assert not are_adjacent(index("1.5"), index("2.1"))
    assert not are_adjacent(index("2.3"), index("3.1"))
    assert all(are_adjacent(b, a) for a in range(36) for b in NEIGHBOURS[a])


def test_groups_of_adjacent_sections_may_chain_across_regions() -> None:
    """Build camps: a group is adjacent when its sections link up through borders and paths."""
    assert is_connected((index("1.5"), index("1.4"), index("2.1")))
    assert not is_connected((index("1.1"), index("1.4"), index("1.6")))
    assert connected_groups((index("1.1"), index("1.2"), index("1.3"), index("1.6")), 3) == [
        (index("1.1"), index("1.2"), index("1.3")),
        (index("1.1"), index("1.3"), index("1.6")),
        (index("1.2"), index("1.3"), index("1.6")),
    ]


def test_the_points_chart_has_15_spots_whose_columns_ask_6_5_4_3_3() -> None:
    """Points Chart: 3 rows of 5 squares; the two rightmost columns both ask 3 but pay differently."""
    assert len(CHART) == 15
    for row in Row:
        spots = [chart_spot(row, column) for column in range(1, 6)]
        assert [s.requires for s in spots] == [6, 5, 4, 3, 3]
        assert [s.points for s in spots] == sorted((s.points for s in spots), reverse=True)
        assert spots[3].points != spots[4].points


def test_the_second_player_places_the_guide_on_any_region_before_the_first_turn() -> None:
    """Setup (FACTS): the second player places the guide; then the first player traps there."""
    state = given(SPEC, placed())
    assert state.phase is Phase.PLACE_GUIDE
    assert SPEC.to_act(state) == frozenset({1})
    assert legal(SPEC, state, 1) == [PlaceGuide(region=r) for r in range(1, 7)]
    then(when(SPEC, state, 1, PlaceGuide(region=5)), GuidePlaced(seat=1, region=5))
    guided = given(SPEC, placed(), GuidePlaced(seat=1, region=5))
    assert (guided.guide, guided.phase, SPEC.to_act(guided)) == (5, Phase.TRAP, frozenset({0}))


def test_the_first_player_cannot_place_the_guide() -> None:
    """Setup: only the second player places the guide."""
    illegal(SPEC, placed(), 0, PlaceGuide(region=5), match="it is not seat 0's turn; to act: 1")


def test_the_guide_is_placed_only_once() -> None:
    """Setup: once the guide is on the mountain, only traps, activations and relocations move it."""
    illegal(SPEC, opening(guide=2), 0, PlaceGuide(region=5), match="the guide is already on the mountain")

