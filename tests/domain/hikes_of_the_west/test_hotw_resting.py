"""Forced and chosen rests, and running out of dice (rulebook, Hiking; Resting; RULINGS.md 18-22)."""

from __future__ import annotations

from hotw_scenario import LAYOUT, cover, on_left_trail, rested_at, trail_head
from support.scenario import ScriptedRng, after, given, illegal, legal, then, when

from domain.core import Event
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
from domain.games.hikes_of_the_west.rules import HIKER
from domain.games.hikes_of_the_west.state import RestCause

# The bottom-left trail: 2 5 1 6 3 4, then top-left 6 3 5 2 1 4.
RESTED_AT_3 = [*on_left_trail(), DiceRolled(dice=(2, 5, 1, 1, 1, 1)), *cover(0, (2, 5, 1)), rested_at(3, 1)]
MOVED_TO_5 = [*RESTED_AT_3, DiceRolled(dice=(6, 3, 1, 1, 2)), *cover(3, (6, 3))]


def forced(stop: int, die: int, lost: int, cause: RestCause = RestCause.NO_DIE, scored: tuple[int, ...] = ()) -> Rested:
    return Rested(cause=cause, rest_stop=stop, rest_die=die, lost=lost, scored=scored)


def test_a_roll_that_places_no_die_forces_a_rest_that_loses_the_progress_since_the_last_rest() -> None:
    # Spot 6 needs a 4.
    events = when(SPEC, MOVED_TO_5, HIKER, Roll(), ScriptedRng((1, 1, 2)))
    then(events, DiceRolled(dice=(1, 1, 2)), forced(stop=3, die=2, lost=2))
    rested = given(SPEC, MOVED_TO_5, events)
    assert rested.hike.position == 3 and rested.dice_in_hand == 5


def test_a_forced_rest_before_any_rest_stop_marks_the_trail_head_with_a_rest_die_showing_one() -> None:
    before = [*on_left_trail(), DiceRolled(dice=(2, 1, 1, 1, 3, 3)), *cover(0, (2,))]
    events = when(SPEC, before, HIKER, Roll(), ScriptedRng((3, 3, 4, 4, 6)))
    then(events, DiceRolled(dice=(3, 3, 4, 4, 6)), forced(stop=0, die=1, lost=1))
    rested = given(SPEC, before, events)
    assert rested.hike.rest.position == 0 and rested.dice_in_hand == 5


def test_resting_without_placing_a_die_after_a_roll_is_a_forced_rest() -> None:
    before = [*MOVED_TO_5, DiceRolled(dice=(4, 1, 1))]
    then(when(SPEC, before, HIKER, Rest()), forced(stop=3, die=2, lost=2, cause=RestCause.NO_COVER))


def test_a_first_chosen_rest_sets_the_furthest_die_to_one_and_frees_the_others() -> None:
    before = [*on_left_trail(), DiceRolled(dice=(2, 5, 1, 1, 1, 1)), *cover(0, (2, 5, 1))]
    then(when(SPEC, before, HIKER, Rest()), rested_at(3, 1))
    rested = given(SPEC, RESTED_AT_3)
    assert rested.hike.position == 3 and rested.dice_in_hand == 5


def test_each_later_chosen_rest_shows_one_more_than_the_previous_rest_stop() -> None:
    then(when(SPEC, MOVED_TO_5, HIKER, Rest()), rested_at(5, 2))
    assert given(SPEC, MOVED_TO_5, rested_at(5, 2)).dice_in_hand == 5


def test_a_rest_after_a_rest_stop_showing_six_puts_the_six_on_the_location_card_and_counts_from_one() -> None:
    before = [*RESTED_AT_3, forced(stop=3, die=6, lost=0), DiceRolled(dice=(6, 3, 1, 1, 2)), *cover(3, (6, 3))]
    then(when(SPEC, before, HIKER, Rest()),
         Rested(cause=RestCause.CHOSEN, rest_stop=5, rest_die=1, lost=0, scored=(6,)))
    rested = given(SPEC, after(SPEC, before, (HIKER, Rest())))
    assert rested.scored[0] == (6,) and rested.score == 6
    assert rested.dice_available == 5 and rested.dice_in_hand == 4


def test_a_forced_rest_past_six_puts_the_six_on_the_card_and_a_fresh_die_shows_one() -> None:
    before = [*RESTED_AT_3, forced(stop=3, die=6, lost=0), DiceRolled(dice=(6, 3, 1, 1, 2)), *cover(3, (6, 3))]
    then(when(SPEC, before, HIKER, Roll(), ScriptedRng((1, 1, 2))),
         DiceRolled(dice=(1, 1, 2)), forced(stop=3, die=1, lost=2, scored=(6,)))


def test_the_hiker_rolls_after_resting_before_resting_again() -> None:
    illegal(SPEC, RESTED_AT_3, HIKER, Rest(), match="you have just rested: roll your dice")


def five_dice_on_the_first_card(plan: tuple[str, str, str], layout: tuple[str, ...] = LAYOUT) -> list[Event]:
    """The first location completed after four rests past 6: five dice on its card, one in play."""
    return [
        *trail_head(plan[0], plan=plan),
        *[forced(stop=0, die=1, lost=0, scored=(6,))] * 4,
        HikeCompleted(location=plan[0], die=1),
        DeckShuffled(order=(*layout, "grand-canyon")),
        PathsDealt(location=plan[1], cards=layout),
    ]


def test_a_hiker_left_with_only_the_rest_die_is_stranded_and_the_game_ends() -> None:
    before = [*five_dice_on_the_first_card(("zion", "pipestone", "joshua-tree")), DiceRolled(dice=(3,)),
              PathChosen(slot=2, card="mt-rainier"), TerrainCovered(position=1, terrain=2, die=3, stamina=False)]
    events = when(SPEC, before, HIKER, Rest())
    then(
        events,
        rested_at(1, 1),
        HikerStranded(location="pipestone", dice=(6,)),
        GameFinished(score=6 * 4 + 1 + 6, par=5 + 3 + 5, completed=1),
    )
    finished = given(SPEC, before, events)
    assert SPEC.to_act(finished) == frozenset()
    assert legal(SPEC, finished, HIKER) == []
    assert SPEC.result(finished)["winners"] == []  # type: ignore[index]
    assert SPEC.result(finished)["stranded"] is True  # type: ignore[index]
    illegal(SPEC, finished, HIKER, Roll(), match="the game is over")


def test_a_hiker_reaching_a_location_with_no_die_in_play_is_stranded() -> None:
    layout = ("cedar-breaks", "joshua-tree", "mt-rainier", "great-sand-dunes", "black-hills")
    before = five_dice_on_the_first_card(("zion", "pikes-peak", "pipestone"), layout)
    then(
        when(SPEC, before, HIKER, RideToTop()),
        RodeToTop(location="pikes-peak", die=5),
        HikerStranded(location="pipestone", dice=()),
        GameFinished(score=6 * 4 + 1 + 5, par=5 + 4 + 3, completed=2),
    )
