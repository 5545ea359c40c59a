"""Forced and chosen rests, and running out of dice (rulebook, Hiking; Resting; RULINGS.md 18-22)."""

from __future__ import annotations

import pytest
from hotw_scenario import LAYOUT, cover, on_left_trail, rested_at, state_of, trail_head, when

from domain.core import IllegalCommand
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.commands import Rest, RideToTop, Roll
from domain.games.hikes_of_the_west.events import (
    DeckShuffled,
    DiceRolled,
    GameFinished,
    HikeCompleted,
    HikerStranded,
    PathChosen,
    PathsDealt,
    Rested,
    RodeToTop,
    TerrainCovered,
)
from domain.games.hikes_of_the_west.state import RestCause

# The bottom-left trail: 2 5 1 6 3 4, then top-left 6 3 5 2 1 4.
RESTED_AT_3 = [*on_left_trail(), DiceRolled(dice=(2, 5, 1, 1, 1, 1)), *cover(0, (2, 5, 1)), rested_at(3, 1)]
MOVED_TO_5 = [*RESTED_AT_3, DiceRolled(dice=(6, 3, 1, 1, 2)), *cover(3, (6, 3))]


def forced(stop: int, die: int, lost: int, cause: RestCause = RestCause.NO_DIE, scored: tuple[int, ...] = ()) -> Rested:
    return Rested(cause=cause, rest_stop=stop, rest_die=die, lost=lost, scored=scored)


def test_a_roll_that_places_no_die_forces_a_rest_that_loses_the_progress_since_the_last_rest() -> None:
    # Spot 6 needs a 4.
    assert when(MOVED_TO_5, Roll(), (1, 1, 2)) == [DiceRolled(dice=(1, 1, 2)), forced(stop=3, die=2, lost=2)]
    after = state_of([*MOVED_TO_5, *when(MOVED_TO_5, Roll(), (1, 1, 2))])
    assert after.hike.position == 3 and after.dice_in_hand == 5  # type: ignore[union-attr]


def test_a_forced_rest_before_any_rest_stop_marks_the_trail_head_with_a_rest_die_showing_one() -> None:
    given = [*on_left_trail(), DiceRolled(dice=(2, 1, 1, 1, 3, 3)), *cover(0, (2,))]
    assert when(given, Roll(), (3, 3, 4, 4, 6)) == [DiceRolled(dice=(3, 3, 4, 4, 6)), forced(stop=0, die=1, lost=1)]
    after = state_of([*given, *when(given, Roll(), (3, 3, 4, 4, 6))])
    assert after.hike.rest.position == 0 and after.dice_in_hand == 5  # type: ignore[union-attr]


def test_resting_without_placing_a_die_after_a_roll_is_a_forced_rest() -> None:
    given = [*MOVED_TO_5, DiceRolled(dice=(4, 1, 1))]
    assert when(given, Rest()) == [forced(stop=3, die=2, lost=2, cause=RestCause.NO_COVER)]


def test_a_first_chosen_rest_sets_the_furthest_die_to_one_and_frees_the_others() -> None:
    given = [*on_left_trail(), DiceRolled(dice=(2, 5, 1, 1, 1, 1)), *cover(0, (2, 5, 1))]
    assert when(given, Rest()) == [rested_at(3, 1)]
    after = state_of(RESTED_AT_3)
    assert after.hike.position == 3 and after.dice_in_hand == 5  # type: ignore[union-attr]


def test_each_later_chosen_rest_shows_one_more_than_the_previous_rest_stop() -> None:
    assert when(MOVED_TO_5, Rest()) == [rested_at(5, 2)]
    assert state_of([*MOVED_TO_5, rested_at(5, 2)]).dice_in_hand == 5


def test_a_rest_after_a_rest_stop_showing_six_puts_the_six_on_the_location_card_and_counts_from_one() -> None:
    given = [*RESTED_AT_3, forced(stop=3, die=6, lost=0), DiceRolled(dice=(6, 3, 1, 1, 2)), *cover(3, (6, 3))]
    assert when(given, Rest()) == [Rested(cause=RestCause.CHOSEN, rest_stop=5, rest_die=1, lost=0, scored=(6,))]
    after = state_of([*given, *when(given, Rest())])
    assert after.scored[0] == (6,) and after.score == 6
    assert after.dice_available == 5 and after.dice_in_hand == 4


def test_a_forced_rest_past_six_puts_the_six_on_the_card_and_a_fresh_die_shows_one() -> None:
    given = [*RESTED_AT_3, forced(stop=3, die=6, lost=0), DiceRolled(dice=(6, 3, 1, 1, 2)), *cover(3, (6, 3))]
    assert when(given, Roll(), (1, 1, 2)) == [DiceRolled(dice=(1, 1, 2)), forced(stop=3, die=1, lost=2, scored=(6,))]


def test_the_hiker_rolls_after_resting_before_resting_again() -> None:
    with pytest.raises(IllegalCommand, match="you have just rested: roll your dice"):
        when(RESTED_AT_3, Rest())


def five_dice_on_the_first_card(plan: tuple[str, str, str], layout: tuple[str, ...] = LAYOUT) -> list:
    """The first location completed after four rests past 6: five dice on its card, one in play."""
    return [
        *trail_head(plan[0], plan=plan),
        *[forced(stop=0, die=1, lost=0, scored=(6,))] * 4,
        HikeCompleted(location=plan[0], die=1),
        DeckShuffled(order=(*layout, "grand-canyon")),
        PathsDealt(location=plan[1], cards=layout),
    ]


def test_a_hiker_left_with_only_the_rest_die_is_stranded_and_the_game_ends() -> None:
    given = [*five_dice_on_the_first_card(("zion", "pipestone", "joshua-tree")), DiceRolled(dice=(3,)),
             PathChosen(slot=2, card="mt-rainier"), TerrainCovered(position=1, terrain=2, die=3, stamina=False)]
    then = when(given, Rest())
    assert then == [
        rested_at(1, 1),
        HikerStranded(location="pipestone", dice=(6,)),
        GameFinished(score=6 * 4 + 1 + 6, par=5 + 3 + 5, completed=1),
    ]
    finished = state_of([*given, *then])
    assert SPEC.to_act(finished) == frozenset()
    assert SPEC.legal_commands(finished, 0) == []
    assert SPEC.result(finished)["winners"] == []  # type: ignore[index]
    assert SPEC.result(finished)["stranded"] is True  # type: ignore[index]
    with pytest.raises(IllegalCommand, match="the game is over"):
        when([*given, *then], Roll())


def test_a_hiker_reaching_a_location_with_no_die_in_play_is_stranded() -> None:
    layout = ("cedar-breaks", "joshua-tree", "mt-rainier", "great-sand-dunes", "black-hills")
    given = five_dice_on_the_first_card(("zion", "pikes-peak", "pipestone"), layout)
    assert when(given, RideToTop()) == [
        RodeToTop(location="pikes-peak", die=5),
        HikerStranded(location="pipestone", dice=()),
        GameFinished(score=6 * 4 + 1 + 5, par=5 + 4 + 3, completed=2),
    ]
