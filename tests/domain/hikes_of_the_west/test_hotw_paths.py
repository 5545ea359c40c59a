"""The path pyramid and the Grand Canyon V (rulebook, Setting off; Completing a path card; Grand Canyon)."""

from __future__ import annotations

from hotw_scenario import BASE_LEFT, LAYOUT, TOP_LEFT, cover, first_card_done, on_left_trail, rested_at, trail_head
from msgspec.structs import replace
from support.scenario import ScriptedRng, given, illegal, legal, of_type, then, when

from domain.core import Event
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.commands import ChoosePath, ChooseTurnedPath, Cover, Roll
from domain.games.hikes_of_the_west.events import DiceRolled, PathChosen, Rested, TerrainCovered, TurnedPathChosen
from domain.games.hikes_of_the_west.rules import HIKER
from domain.games.hikes_of_the_west.state import RestCause

CANYON = ("grand-canyon", "zion", "pipestone")
# The V, north rim to south rim: cedar-breaks, pikes-peak, mt-rainier (the river), great-sand-dunes, black-hills.
NORTH_TO_SOUTH = (6, 3, 5, 2, 1, 4, 1, 3, 5, 4, 6, 2, 2, 5, 1, 6, 3, 4, 4, 1, 3, 6, 2, 5, 5, 2, 3, 1, 6, 4)


def choices(before: list[Event]) -> list[int]:
    return [command.slot for command in legal(SPEC, before, HIKER) if isinstance(command, ChoosePath)]


def test_the_hike_starts_on_one_of_the_three_bottom_path_cards() -> None:
    assert choices(trail_head()) == [2, 3, 4]
    then(when(SPEC, trail_head(), HIKER, ChoosePath(slot=3)), PathChosen(slot=3, card="great-sand-dunes"))
    illegal(SPEC, trail_head(), HIKER, ChoosePath(slot=TOP_LEFT),
            match=r"choose one of the slots 2 \(bottom left\), 3 \(bottom middle\)")


def test_the_dice_may_be_rolled_before_choosing_the_starting_path() -> None:
    # The base cards open with 2, 4 and 5: a 5 fits the bottom-right card, so the roll stands.
    then(when(SPEC, trail_head(), HIKER, Roll(), ScriptedRng((5, 1, 1, 3, 3, 6))), DiceRolled(dice=(5, 1, 1, 3, 3, 6)))
    assert choices([*trail_head(), DiceRolled(dice=(5, 1, 1, 3, 3, 6))]) == [2, 3, 4]


def test_a_roll_before_choosing_fits_no_starting_card_and_forces_a_rest() -> None:
    then(
        when(SPEC, trail_head(), HIKER, Roll(), ScriptedRng((1, 1, 3, 3, 6, 6))),
        DiceRolled(dice=(1, 1, 3, 3, 6, 6)),
        Rested(cause=RestCause.NO_DIE, rest_stop=0, rest_die=1, lost=0, scored=()),
    )


def test_no_terrain_is_covered_before_its_path_card_is_chosen() -> None:
    illegal(SPEC, [*trail_head(), DiceRolled(dice=(2, 5, 1, 1, 3, 6))], HIKER, Cover(die=2),
            match="choose which path card to hike")


def test_the_starting_card_holds_once_the_hike_is_under_way() -> None:
    before = [*on_left_trail(), DiceRolled(dice=(2, 5, 1, 1, 3, 6)), *cover(0, (2,))]
    illegal(SPEC, before, HIKER, ChoosePath(slot=3), match="there is no choice of path here")


def test_either_top_card_may_follow_once_the_top_of_the_first_card_is_covered() -> None:
    before = first_card_done()
    assert choices(before) == [0, 1]
    then(when(SPEC, before, HIKER, ChoosePath(slot=1)), PathChosen(slot=1, card="pikes-peak"))
    illegal(SPEC, before, HIKER, Cover(die=1), match="choose which path card to hike")


def test_resting_back_onto_the_first_card_lets_the_hiker_choose_either_top_card_again() -> None:
    # Top-left (cedar-breaks) opens 6 3: the 6 is covered, then no 3 comes up.
    before = [*first_card_done(), PathChosen(slot=TOP_LEFT, card=LAYOUT[TOP_LEFT]), DiceRolled(dice=(6, 1, 1, 1)),
              *cover(6, (6,), (2, 5, 1, 6, 3, 4, 6))]
    events = when(SPEC, before, HIKER, Roll(), ScriptedRng((1, 1, 1)))
    then(events, DiceRolled(dice=(1, 1, 1)), Rested(cause=RestCause.NO_DIE, rest_stop=5, rest_die=2, lost=2, scored=()))
    assert given(SPEC, before, events).hike.route == (BASE_LEFT,)
    back_on_top = [*before, *events, DiceRolled(dice=(4, 1, 1, 2, 2)), *cover(5, (4,))]
    assert choices(back_on_top) == [0, 1]


def test_a_rest_stop_on_the_top_card_keeps_the_route() -> None:
    before = [*first_card_done(), PathChosen(slot=TOP_LEFT, card=LAYOUT[TOP_LEFT]), DiceRolled(dice=(6, 1, 1, 1)),
              *cover(6, (6,), (2, 5, 1, 6, 3, 4, 6)), rested_at(7, 2)]
    assert given(SPEC, before).hike.route == (BASE_LEFT, TOP_LEFT)
    assert choices(before) == []


def test_the_grand_canyon_is_hiked_rim_to_rim_from_the_rim_of_choice() -> None:
    start = trail_head("grand-canyon", plan=CANYON)
    assert choices(start) == [0, 4]
    then(when(SPEC, start, HIKER, ChoosePath(slot=4)), PathChosen(slot=4, card="black-hills"))
    north = SPEC.view(given(SPEC, start, PathChosen(slot=0, card="cedar-breaks")), HIKER)["hike"]
    south = SPEC.view(given(SPEC, start, PathChosen(slot=4, card="black-hills")), HIKER)["hike"]
    assert north["trail"] == list(NORTH_TO_SOUTH)
    assert south["trail"] == list(reversed(NORTH_TO_SOUTH))
    assert north["trail_length"] == 30
    places = ["north rim", "north wall", "river", "south wall", "south rim"]
    assert [slot["place"] for slot in north["layout"]] == places


def test_the_grand_canyon_offers_no_more_choice_of_path_until_the_other_rim() -> None:
    before = [*trail_head("grand-canyon", plan=CANYON), PathChosen(slot=0, card="cedar-breaks"),
              DiceRolled(dice=(6, 3, 5, 2, 1, 4)), *cover(0, (6, 3, 5, 2, 1, 4), NORTH_TO_SOUTH)]
    assert choices(before) == []
    illegal(SPEC, before, HIKER, ChoosePath(slot=4), match="no more choice of path until you reach the other rim")
    then(when(SPEC, [*before, rested_at(6, 1), DiceRolled(dice=(1, 2, 2, 2, 2))], HIKER, Cover(die=1)),
         TerrainCovered(position=7, terrain=1, die=1, stamina=False))


def test_the_grand_canyon_rim_holds_after_losing_progress_back_to_the_trail_head() -> None:
    before = [*trail_head("grand-canyon", plan=CANYON), PathChosen(slot=4, card="black-hills"),
              DiceRolled(dice=(4, 1, 1, 1, 1, 1)), *cover(0, (4,), tuple(reversed(NORTH_TO_SOUTH)))]
    events = when(SPEC, before, HIKER, Roll(), ScriptedRng((1, 1, 1, 1, 1)))
    assert events[-1] == Rested(cause=RestCause.NO_DIE, rest_stop=0, rest_die=1, lost=1, scored=())
    assert given(SPEC, before, events).hike.route == (4,)
    assert choices([*before, *events]) == []


def version_1(events: list[Event]) -> list[Event]:
    """The same game recorded under rules version 1."""
    created, *rest = events
    return [replace(created, rules_version=1), *rest]  # type: ignore[type-var]


def test_a_path_card_may_be_hiked_turned_end_for_end() -> None:
    """Setting off: "Path cards are dealt vertically and can be rotated in either direction" (rules version 2)."""
    head = trail_head()
    assert [c.slot for c in legal(SPEC, head, HIKER) if isinstance(c, ChooseTurnedPath)] == [2, 3, 4]
    then(when(SPEC, head, HIKER, ChooseTurnedPath(slot=BASE_LEFT)),
         TurnedPathChosen(slot=BASE_LEFT, card=LAYOUT[BASE_LEFT]))
    turned = [*head, TurnedPathChosen(slot=BASE_LEFT, card=LAYOUT[BASE_LEFT])]
    hike = SPEC.view(given(SPEC, turned), HIKER)["hike"]
    assert (hike["route"], hike["turned"], hike["trail"], hike["next_terrain"]) == ([2], [2], [4, 3, 6, 1, 5, 2], 4)
    then(when(SPEC, [*turned, DiceRolled(dice=(4, 4, 1, 1, 1, 1))], HIKER, Cover(die=4)),
         TerrainCovered(position=1, terrain=4, die=4, stamina=False))


def test_a_roll_before_choosing_the_top_card_counts_either_way_round() -> None:
    """A roll before a choice forces a rest only if no die fits any card still open, either way round: the top cards
    open with 6 and 1 as printed, 4 and 2 turned, so a 2 keeps the roll under version 2 but not under version 1."""
    roll = ScriptedRng((2, 3, 3, 3))
    assert not of_type(when(SPEC, first_card_done(), HIKER, Roll(), roll), Rested)
    assert of_type(when(SPEC, version_1(first_card_done()), HIKER, Roll(), ScriptedRng((2, 3, 3, 3))), Rested)
    rolled = [*first_card_done(), DiceRolled(dice=(2, 3, 3, 3))]
    then(when(SPEC, [*rolled, TurnedPathChosen(slot=1, card="pikes-peak")], HIKER, Cover(die=2)),
         TerrainCovered(position=7, terrain=2, die=2, stamina=False))


def test_resting_back_to_the_trail_head_clears_the_cards_direction_too() -> None:
    """Completing a path card: back at the trail head the starting card, and so its direction, is chosen again."""
    turned = [*trail_head(), TurnedPathChosen(slot=BASE_LEFT, card=LAYOUT[BASE_LEFT]),
              DiceRolled(dice=(1, 1, 1, 3, 3, 6))]
    state = given(SPEC, [*turned, Rested(cause=RestCause.NO_DIE, rest_stop=0, rest_die=1, lost=0, scored=())])
    assert (state.hike.route, state.hike.turned) == ((), ())


def test_under_rules_version_1_and_at_the_grand_canyon_cards_are_hiked_as_dealt() -> None:
    """Version 1 read every card as printed; the Grand Canyon's V has "no more choice of path" after the rim."""
    illegal(SPEC, version_1(trail_head()), HIKER, ChooseTurnedPath(slot=BASE_LEFT), match="under rules version 1")
    canyon = trail_head("grand-canyon", plan=CANYON)
    assert not [c for c in legal(SPEC, canyon, HIKER) if isinstance(c, ChooseTurnedPath)]
    illegal(SPEC, canyon, HIKER, ChooseTurnedPath(slot=0), match="hiked rim to rim as dealt")
