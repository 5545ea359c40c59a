"""Setup and the planning stage (rulebook, Setup; Planning stage), and malformed commands."""

from __future__ import annotations

import json

import pytest
from hotw_scenario import LAYOUT, LOCATIONS, opening, trail_head
from support.scenario import given, illegal, legal, then, when

from domain.core import PUBLIC, IllegalCommand, InvalidCommand, Rng, SeatConfig, canonical_json
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.cards import card_ids
from domain.games.hikes_of_the_west.commands import Cover, PlanHikes, Roll
from domain.games.hikes_of_the_west.events import DeckShuffled, HikesPlanned, LocationsRevealed, PathsDealt
from domain.games.hikes_of_the_west.rules import HIKER


def test_setup_shuffles_the_nine_cards_in_secret_and_turns_up_the_top_three() -> None:
    config = SPEC.normalize_config([SeatConfig(name="Ann")], {})
    shuffled, revealed = SPEC.setup(config, Rng("seed", 2))
    assert isinstance(shuffled, DeckShuffled)
    assert sorted(shuffled.order) == list(card_ids()) and len(card_ids()) == 9
    assert shuffled.visibility() == ()
    assert revealed == LocationsRevealed(locations=shuffled.order[:3])
    assert revealed.visibility() == PUBLIC


def test_planning_orders_the_three_locations_then_deals_five_path_cards_under_the_first() -> None:
    then(
        when(SPEC, opening(), HIKER, PlanHikes(order=("pipestone", "zion", "joshua-tree"))),
        HikesPlanned(order=("pipestone", "zion", "joshua-tree")),
        PathsDealt(location="pipestone", cards=LAYOUT),
    )


def test_planning_offers_every_order_of_the_three_locations() -> None:
    orders = legal(SPEC, opening(), HIKER)
    assert len(orders) == 6
    assert {command.order for command in orders} == {  # type: ignore[attr-defined]
        ("joshua-tree", "pipestone", "zion"),
        ("joshua-tree", "zion", "pipestone"),
        ("pipestone", "joshua-tree", "zion"),
        ("pipestone", "zion", "joshua-tree"),
        ("zion", "joshua-tree", "pipestone"),
        ("zion", "pipestone", "joshua-tree"),
    }


@pytest.mark.parametrize("order", [("zion", "pipestone", "grand-canyon"), ("zion", "zion", "pipestone")])
def test_planning_orders_exactly_the_locations_turned_up(order: tuple[str, str, str]) -> None:
    illegal(SPEC, opening(), HIKER, PlanHikes(order=order),
            match="order the three locations you turned up: Zion, Pipestone, Joshua Tree")


def test_the_plan_is_made_once() -> None:
    illegal(SPEC, trail_head(), HIKER, PlanHikes(order=LOCATIONS), match="the hikes are already planned")


def test_hiking_waits_for_the_plan() -> None:
    illegal(SPEC, opening(), HIKER, Roll(), match="order the three locations first")


def test_only_the_hiker_in_seat_0_acts() -> None:
    illegal(SPEC, opening(), 1, PlanHikes(order=LOCATIONS), match="it is not seat 1's turn")
    with pytest.raises(IllegalCommand, match="played solo"):
        SPEC.decide(given(SPEC, opening()), 1, PlanHikes(order=LOCATIONS), Rng("x", 1))
    assert legal(SPEC, opening(), 1) == []
    assert SPEC.to_act(given(SPEC, opening())) == frozenset({HIKER})


def test_a_die_face_outside_one_to_six_is_malformed() -> None:
    with pytest.raises(InvalidCommand, match=r"args\.die: must be 1 to 6"):
        when(SPEC, trail_head(), HIKER, Cover(die=7))


def test_a_wrongly_typed_argument_is_malformed() -> None:
    with pytest.raises(InvalidCommand, match=r"args\.die: expected an integer"):
        SPEC.commands.decode("Cover", {"die": "4"})
    with pytest.raises(InvalidCommand, match="expected a list of 3 items"):
        SPEC.commands.decode("PlanHikes", {"order": ["zion"]})


def test_the_view_shows_the_table_but_not_the_undrawn_card() -> None:
    view = SPEC.view(given(SPEC, trail_head()), HIKER)
    assert json.loads(canonical_json(view)) == view
    assert "grand-canyon" not in canonical_json(view)  # the sixth path card, still face down
    assert SPEC.view(given(SPEC, trail_head()), None) == view
    assert [location["id"] for location in view["locations"]] == ["zion", "pipestone", "joshua-tree"]
    assert view["par"] == 5 + 3 + 5
    assert view["deck_size"] == 1
    assert [slot["card"] for slot in view["hike"]["layout"]] == list(LAYOUT)
    assert view["hike"]["layout"][2]["terrains"] == [2, 5, 1, 6, 3, 4]
    assert view["hike"]["path_choices"] == [2, 3, 4]
    assert view["status"] == "Zion: roll your 6 free dice."
