"""Rolling, covering terrain in order, and stamina (rulebook, Hiking; Rolling again; Using stamina)."""

from __future__ import annotations

import pytest
from hotw_scenario import completed_first, cover, legal, on_left_trail, rested_at, state_of, trail_head, when

from domain.core import IllegalCommand
from domain.games.hikes_of_the_west.commands import Cover, Rest, Roll, SaveStamina
from domain.games.hikes_of_the_west.events import DiceRolled, PathChosen, StaminaSaved, TerrainCovered

# The bottom-left trail: 2 5 1 6 3 4, then top-left 6 3 5 2 1 4.
ROLLED = [*on_left_trail(), DiceRolled(dice=(2, 5, 3, 3, 6, 6))]


def covers(given: list) -> list[Cover]:
    return [command for command in legal(given) if isinstance(command, Cover)]


def test_the_first_roll_at_a_location_throws_all_six_dice() -> None:
    assert when(on_left_trail(), Roll(), (2, 5, 3, 3, 6, 6)) == [DiceRolled(dice=(2, 5, 3, 3, 6, 6))]


def test_each_terrain_is_covered_in_order_with_a_matching_die() -> None:
    assert when(ROLLED, Cover(die=2)) == [TerrainCovered(position=1, terrain=2, die=2, stamina=False)]
    second = TerrainCovered(position=2, terrain=5, die=5, stamina=False)
    assert when([*ROLLED, *cover(0, (2,))], Cover(die=5)) == [second]


def test_a_die_that_does_not_match_the_next_terrain_cannot_cover_it() -> None:
    # The bottom-middle card opens with a 4.
    given = [*trail_head(), PathChosen(slot=3, card="great-sand-dunes"), DiceRolled(dice=(4, 2, 2, 3, 6, 6))]
    with pytest.raises(IllegalCommand, match="terrain 4 needs a die showing 4; you chose a 2"):
        when(given, Cover(die=2))


def test_only_a_rolled_free_die_can_cover() -> None:
    with pytest.raises(IllegalCommand, match="you have no free die showing 1"):
        when(ROLLED, Cover(die=1))
    with pytest.raises(IllegalCommand, match="roll your dice first"):
        when(on_left_trail(), Cover(die=2))


def test_the_legal_covers_are_one_per_usable_die_value() -> None:
    assert covers([*on_left_trail(), DiceRolled(dice=(2, 2, 2, 5, 6, 1))]) == [Cover(die=2)]


def test_after_a_roll_a_die_must_be_placed_before_rolling_again() -> None:
    with pytest.raises(IllegalCommand, match="after rolling you must place at least one die"):
        when(ROLLED, Roll())


def test_rolling_again_throws_only_the_free_dice_not_those_on_the_path() -> None:
    assert when([*ROLLED, *cover(0, (2, 5))], Roll(), (1, 1, 6, 6)) == [DiceRolled(dice=(1, 1, 6, 6))]


def test_dice_left_on_a_location_card_are_not_rolled_at_the_next_location() -> None:
    given = completed_first(die=2)
    assert state_of(given).dice_available == 5
    assert when(given, Roll(), (2, 5, 1, 1, 3)) == [DiceRolled(dice=(2, 5, 1, 1, 3))]


def test_rolling_needs_a_free_die() -> None:
    given = [*on_left_trail(), DiceRolled(dice=(2, 5, 1, 6, 3, 3)), *cover(0, (2, 5, 1, 6, 3))]
    given = [*given, rested_at(5, 1), DiceRolled(dice=(4, 6, 3, 5, 2)), *cover(5, (4,)),
             PathChosen(slot=0, card="cedar-breaks"), *cover(6, (6, 3, 5, 2), (2, 5, 1, 6, 3, 4, 6, 3, 5, 2))]
    with pytest.raises(IllegalCommand, match="you have no free dice to roll: rest instead"):
        when(given, Roll())
    assert legal(given) == [Rest()]


def test_stamina_is_saved_from_the_first_roll() -> None:
    assert when(ROLLED, SaveStamina(die=6)) == [StaminaSaved(die=6, stamina=6)]
    assert [c for c in legal(ROLLED) if isinstance(c, SaveStamina)] == [
        SaveStamina(die=2), SaveStamina(die=3), SaveStamina(die=5), SaveStamina(die=6)
    ]


def test_stamina_is_saved_from_the_first_roll_after_a_rest() -> None:
    rested = [*ROLLED, *cover(0, (2, 5)), rested_at(2, 1), DiceRolled(dice=(1, 6, 6, 4, 4))]
    assert when(rested, SaveStamina(die=6)) == [StaminaSaved(die=6, stamina=6)]


def test_stamina_cannot_be_saved_from_a_later_roll() -> None:
    later = [*ROLLED, *cover(0, (2, 5)), DiceRolled(dice=(1, 6, 6, 4))]
    with pytest.raises(IllegalCommand, match="stamina may be saved only from the first roll after a rest"):
        when(later, SaveStamina(die=6))


def test_only_one_stamina_die_is_saved_per_rest() -> None:
    saved = [*ROLLED, StaminaSaved(die=6, stamina=6)]
    with pytest.raises(IllegalCommand, match="you already saved your stamina since the last rest"):
        when(saved, SaveStamina(die=6))


def test_stamina_covers_any_terrain_up_to_its_value() -> None:
    saved = [*ROLLED, StaminaSaved(die=6, stamina=6)]
    assert when(saved, Cover(die=6, stamina=True)) == [TerrainCovered(position=1, terrain=2, die=6, stamina=True)]
    assert Cover(die=6, stamina=True) in covers(saved)


def test_stamina_cannot_cover_a_terrain_above_its_value() -> None:
    given = [*on_left_trail(), DiceRolled(dice=(2, 3, 1, 1, 1, 4)), StaminaSaved(die=3, stamina=3), *cover(0, (2,))]
    with pytest.raises(IllegalCommand, match="your stamina die shows 3: it covers terrain of 3 or less, not 5"):
        when(given, Cover(die=3, stamina=True))


def test_saved_stamina_is_not_rerolled() -> None:
    given = [*ROLLED, StaminaSaved(die=6, stamina=6), *cover(0, (2, 5))]
    assert when(given, Roll(), (1, 1, 6)) == [DiceRolled(dice=(1, 1, 6))]


def test_used_stamina_is_not_replaced_until_a_rest() -> None:
    given = [*ROLLED, StaminaSaved(die=6, stamina=6),
             TerrainCovered(position=1, terrain=2, die=6, stamina=True)]
    with pytest.raises(IllegalCommand, match="you already saved your stamina"):
        when(given, SaveStamina(die=6))


def test_saved_stamina_joins_the_first_roll_after_a_rest() -> None:
    given = [*ROLLED, StaminaSaved(die=6, stamina=6), *cover(0, (2, 5))]
    rested = [*given, *when(given, Rest())]
    assert state_of(rested).hike.stamina == ()  # type: ignore[union-attr]
    assert when(rested, Roll(), (1, 6, 2, 2, 3)) == [DiceRolled(dice=(1, 6, 2, 2, 3))]


def test_a_stamina_die_that_fits_the_next_terrain_keeps_a_roll_from_forcing_a_rest() -> None:
    given = [*ROLLED, StaminaSaved(die=6, stamina=6), *cover(0, (2, 5))]
    assert when(given, Roll(), (2, 2, 3)) == [DiceRolled(dice=(2, 2, 3))]
    assert covers([*given, DiceRolled(dice=(2, 2, 3))]) == [Cover(die=6, stamina=True)]
