"""Completing locations, the final score against par, and each location's special rule.

Rulebook: Completing a path card; Game end; Location reference.
"""

from __future__ import annotations

import pytest
from hotw_scenario import (
    LAYOUT,
    LEFT_TRAIL,
    SPECIAL_TRAIL,
    cover,
    first_card_done,
    on_left_trail,
    rested_at,
    special_trail_head,
    trail_head,
)
from support.scenario import ScriptedRng, after, given, illegal, legal, of_type, then, when

from domain.core import Event
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.commands import Cover, RideToTop, Roll, SaveStamina
from domain.games.hikes_of_the_west.events import (
    DeckShuffled,
    DiceRolled,
    GameFinished,
    HikeCompleted,
    PathChosen,
    PathsDealt,
    Rested,
    RodeToTop,
    StaminaSaved,
    TerrainCovered,
)
from domain.games.hikes_of_the_west.rules import HIKER
from domain.games.hikes_of_the_west.state import RestCause

# The six path cards when Zion, Pipestone and Joshua Tree are the locations, as the scripted shuffle leaves them.
PATH_CARDS = ("black-hills", "cedar-breaks", "grand-canyon", "great-sand-dunes", "mt-rainier", "pikes-peak")
ALMOST_DONE = [*first_card_done(), PathChosen(slot=0, card="cedar-breaks"), DiceRolled(dice=(6, 3, 5, 2)),
               *cover(6, (6, 3, 5, 2)), rested_at(10, 2), DiceRolled(dice=(1, 4, 1, 1, 1)), *cover(10, (1,))]


def test_covering_the_final_terrain_completes_the_location_and_moves_the_last_rest_die_onto_its_card() -> None:
    events = when(SPEC, ALMOST_DONE, HIKER, Cover(die=4))
    then(
        events,
        TerrainCovered(position=12, terrain=4, die=4, stamina=False),
        HikeCompleted(location="zion", die=2),
        DeckShuffled(order=PATH_CARDS),
        PathsDealt(location="pipestone", cards=PATH_CARDS[:5]),
    )
    assert events[2].visibility() == ()
    dealt = given(SPEC, ALMOST_DONE, events)
    assert dealt.scored == ((2,), (), ())
    assert dealt.dice_available == 5 and dealt.dice_in_hand == 5
    assert dealt.hike is not None and dealt.hike.location == "pipestone" and dealt.hike.route == ()


def test_the_six_path_cards_are_reshuffled_and_the_top_five_dealt_under_the_next_location() -> None:
    order = (*PATH_CARDS[1:], PATH_CARDS[0])
    events = when(SPEC, ALMOST_DONE, HIKER, Cover(die=4), ScriptedRng(shuffles=[order]))
    assert of_type(events, DeckShuffled) == [DeckShuffled(order=order)]
    assert of_type(events, PathsDealt) == [PathsDealt(location="pipestone", cards=order[:5])]


def end_of_the_last_hike(first_die: int, last_die: int) -> list[Event]:
    """Zion and Pipestone completed (dice `first_die` and 3); Joshua Tree one terrain from the end,
    its rest die showing `last_die`."""
    return [
        *trail_head("zion"),
        HikeCompleted(location="zion", die=first_die),
        DeckShuffled(order=(*LAYOUT, "grand-canyon")),
        PathsDealt(location="pipestone", cards=LAYOUT),
        HikeCompleted(location="pipestone", die=3),
        DeckShuffled(order=(*LAYOUT, "grand-canyon")),
        PathsDealt(location="joshua-tree", cards=LAYOUT),
        PathChosen(slot=2, card="mt-rainier"),
        rested_at(6, 3),
        PathChosen(slot=0, card="cedar-breaks"),
        rested_at(11, last_die),
        DiceRolled(dice=(4, 1, 1)),
    ]


@pytest.mark.parametrize(("first_die", "last_die", "made_par"), [(2, 4, True), (6, 4, True), (6, 5, False)])
def test_the_final_score_is_the_sum_of_the_dice_on_the_location_cards_against_the_sum_of_the_pars(
    first_die: int, last_die: int, made_par: bool
) -> None:
    before = end_of_the_last_hike(first_die, last_die)
    score, par = first_die + 3 + last_die, 5 + 3 + 5
    events = when(SPEC, before, HIKER, Cover(die=4))
    then(
        events,
        TerrainCovered(position=12, terrain=4, die=4, stamina=False),
        HikeCompleted(location="joshua-tree", die=last_die),
        GameFinished(score=score, par=par, completed=3),
    )
    result = SPEC.result(given(SPEC, before, events))
    assert result is not None
    assert result["standings"] == [{"seat": 0, "place": 1, "score": score}]
    assert result["winners"] == ([0] if made_par else [])
    assert (result["score"], result["par"], result["made_par"], result["stranded"]) == (score, par, made_par, False)
    assert [hike["dice"] for hike in result["hikes"]] == [[first_die], [3], [last_die]]
    assert SPEC.result(given(SPEC, before)) is None


def test_dice_on_location_cards_leave_fewer_dice_for_the_later_hikes() -> None:
    before = after(SPEC, ALMOST_DONE, (HIKER, Cover(die=4)))
    then(when(SPEC, before, HIKER, Roll(), ScriptedRng((2, 2, 3, 4, 5))), DiceRolled(dice=(2, 2, 3, 4, 5)))


def test_mt_rainier_stamina_makes_the_spot_it_covers_the_new_rest_stop() -> None:
    before = [*special_trail_head("mt-rainier"), DiceRolled(dice=(2, 6, 1, 1, 1, 3)), StaminaSaved(die=6, stamina=6),
              *cover(0, (2,), SPECIAL_TRAIL)]
    then(
        when(SPEC, before, HIKER, Cover(die=6, stamina=True)),
        TerrainCovered(position=2, terrain=4, die=6, stamina=True),
        Rested(cause=RestCause.STAMINA, rest_stop=2, rest_die=1, lost=0, scored=()),
    )
    assert legal(SPEC, after(SPEC, before, (HIKER, Cover(die=6, stamina=True))), HIKER) == [Roll()]


def test_mt_rainier_stamina_on_the_last_terrain_rests_there_then_completes_the_location() -> None:
    before = [*special_trail_head("mt-rainier"), rested_at(6, 1), PathChosen(slot=0, card="zion"), rested_at(11, 2),
              DiceRolled(dice=(6, 1, 1, 1, 1)), StaminaSaved(die=6, stamina=6)]
    events = when(SPEC, before, HIKER, Cover(die=6, stamina=True))
    then(
        events[:3],
        TerrainCovered(position=12, terrain=3, die=6, stamina=True),
        Rested(cause=RestCause.STAMINA, rest_stop=12, rest_die=3, lost=0, scored=()),
        HikeCompleted(location="mt-rainier", die=3),
    )
    assert isinstance(events[4], PathsDealt) and events[4].location == "great-sand-dunes"


def test_great_sand_dunes_stamina_loses_a_pip_as_it_is_saved() -> None:
    before = [*special_trail_head("great-sand-dunes"), DiceRolled(dice=(2, 6, 1, 1, 1, 3))]
    then(when(SPEC, before, HIKER, SaveStamina(die=6)), StaminaSaved(die=6, stamina=5))
    assert given(SPEC, before, StaminaSaved(die=6, stamina=5)).hike.stamina == (5,)
    illegal(SPEC, before, HIKER, SaveStamina(die=1), match="a 1 can not lose a pip")


def test_joshua_tree_6s_can_not_be_saved_as_stamina() -> None:
    before = [*on_left_trail("joshua-tree"), DiceRolled(dice=(2, 6, 6, 1, 5, 3))]
    illegal(SPEC, before, HIKER, SaveStamina(die=6), match="6s can not be saved as stamina at Joshua Tree")
    then(when(SPEC, before, HIKER, SaveStamina(die=5)), StaminaSaved(die=5, stamina=5))
    assert SaveStamina(die=6) not in legal(SPEC, before, HIKER)


def test_pipestone_dice_cover_terrain_of_their_value_or_less() -> None:
    start = on_left_trail("pipestone")
    then(when(SPEC, start, HIKER, Roll(), ScriptedRng((3, 1, 1, 1, 1, 1))), DiceRolled(dice=(3, 1, 1, 1, 1, 1)))
    rolled = [*start, DiceRolled(dice=(5, 1, 1, 1, 6, 6))]
    then(when(SPEC, rolled, HIKER, Cover(die=5)), TerrainCovered(position=1, terrain=2, die=5, stamina=False))
    illegal(SPEC, rolled, HIKER, Cover(die=1),
            match="terrain 2 needs a die showing 2 or more at Pipestone; you chose a 1")
    then(when(SPEC, rolled, HIKER, SaveStamina(die=6)), StaminaSaved(die=6, stamina=6))


def test_black_hills_three_of_a_kind_forces_a_rest_and_loses_the_progress() -> None:
    start = special_trail_head("black-hills")
    then(
        when(SPEC, start, HIKER, Roll(), ScriptedRng((2, 3, 3, 3, 5, 6))),
        DiceRolled(dice=(2, 3, 3, 3, 5, 6)),
        Rested(cause=RestCause.TRIPLE, rest_stop=0, rest_die=1, lost=0, scored=()),
    )
    moved = [*start, DiceRolled(dice=(2, 4, 1, 1, 5, 6)), *cover(0, (2, 4), SPECIAL_TRAIL)]
    then(
        when(SPEC, moved, HIKER, Roll(), ScriptedRng((6, 3, 3, 3))),
        DiceRolled(dice=(6, 3, 3, 3)),
        Rested(cause=RestCause.TRIPLE, rest_stop=0, rest_die=1, lost=2, scored=()),
    )
    then(when(SPEC, start, HIKER, Roll(), ScriptedRng((2, 2, 3, 3, 5, 6))), DiceRolled(dice=(2, 2, 3, 3, 5, 6)))


def test_black_hills_counts_only_the_dice_just_rolled() -> None:
    before = [*special_trail_head("black-hills"), DiceRolled(dice=(2, 6, 1, 3, 5, 4)), StaminaSaved(die=6, stamina=6),
              *cover(0, (2,), SPECIAL_TRAIL)]
    then(when(SPEC, before, HIKER, Roll(), ScriptedRng((4, 4, 6, 6))), DiceRolled(dice=(4, 4, 6, 6)))


def test_cedar_breaks_lets_the_hiker_save_two_stamina_dice_after_a_rest() -> None:
    before = [*special_trail_head("cedar-breaks"), DiceRolled(dice=(2, 6, 5, 1, 1, 3)), StaminaSaved(die=6, stamina=6)]
    then(when(SPEC, before, HIKER, SaveStamina(die=5)), StaminaSaved(die=5, stamina=5))
    illegal(SPEC, [*before, StaminaSaved(die=5, stamina=5)], HIKER, SaveStamina(die=3),
            match="you already saved 2 stamina dice since the last rest")
    both = [*before, StaminaSaved(die=5, stamina=5), *cover(0, (2,), SPECIAL_TRAIL)]
    covers = [command for command in legal(SPEC, both, HIKER) if isinstance(command, Cover)]
    assert covers == [Cover(die=5, stamina=True), Cover(die=6, stamina=True)]


def test_grand_canyon_is_completed_at_the_other_rim_after_thirty_terrains() -> None:
    plan = ("grand-canyon", "zion", "pipestone")
    before = [*trail_head("grand-canyon", plan=plan), PathChosen(slot=0, card="cedar-breaks"), rested_at(29, 6),
              DiceRolled(dice=(4, 1, 1, 1, 1))]
    then(
        when(SPEC, before, HIKER, Cover(die=4))[:2],
        TerrainCovered(position=30, terrain=4, die=4, stamina=False),
        HikeCompleted(location="grand-canyon", die=6),
    )
    assert SPEC.view(given(SPEC, trail_head("grand-canyon", plan=plan)), HIKER)["locations"][0]["par"] == 9


def test_pikes_peak_ride_to_the_top_puts_a_5_on_the_location_card() -> None:
    start = special_trail_head("pikes-peak")
    assert RideToTop() in legal(SPEC, start, HIKER)
    events = when(SPEC, start, HIKER, RideToTop())
    assert events[0] == RodeToTop(location="pikes-peak", die=5)
    assert isinstance(events[2], PathsDealt) and events[2].location == "mt-rainier"
    ridden = given(SPEC, start, events)
    assert ridden.scored[0] == (5,) and ridden.dice_available == 5


def test_pikes_peak_ride_is_refused_once_hiking_has_started() -> None:
    rolled = [*special_trail_head("pikes-peak"), DiceRolled(dice=(2, 6, 1, 1, 1, 3))]
    illegal(SPEC, rolled, HIKER, RideToTop(),
            match="you decided to start hiking Pikes Peak and may not change your mind")
    assert RideToTop() not in legal(SPEC, rolled, HIKER)


def test_only_pikes_peak_offers_a_ride() -> None:
    illegal(SPEC, trail_head("zion"), HIKER, RideToTop(), match="only at Pikes Peak can you ride to the top")
    assert RideToTop() not in legal(SPEC, trail_head("zion"), HIKER)


def test_the_scenario_trails_match_the_card_data() -> None:
    view = SPEC.view(given(SPEC, on_left_trail(), PathChosen(slot=0, card="cedar-breaks")), HIKER)
    assert tuple(view["hike"]["trail"]) == LEFT_TRAIL
    view = SPEC.view(given(SPEC, special_trail_head("black-hills"), PathChosen(slot=0, card="zion")), HIKER)
    assert tuple(view["hike"]["trail"]) == SPECIAL_TRAIL
