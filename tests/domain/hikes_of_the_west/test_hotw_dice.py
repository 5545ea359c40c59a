"""Rolling, covering terrain in order, and stamina (rulebook, Hiking; Rolling again; Using stamina)."""

from __future__ import annotations

from hotw_scenario import completed_first, cover, on_left_trail, rested_at, trail_head
from support.scenario import ScriptedRng, given, illegal, legal, then, when

from domain.core import Event
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.commands import Cover, Rest, Roll, SaveStamina
from domain.games.hikes_of_the_west.events import DiceRolled, PathChosen, StaminaSaved, TerrainCovered
from domain.games.hikes_of_the_west.rules import HIKER

# The bottom-left trail: 2 5 1 6 3 4, then top-left 6 3 5 2 1 4.
ROLLED = [*on_left_trail(), DiceRolled(dice=(2, 5, 3, 3, 6, 6))]


def covers(before: list[Event]) -> list[Cover]:
    return [command for command in legal(SPEC, before, HIKER) if isinstance(command, Cover)]


def test_the_first_roll_at_a_location_throws_all_six_dice() -> None:
    rolled = when(SPEC, on_left_trail(), HIKER, Roll(), ScriptedRng((2, 5, 3, 3, 6, 6)))
    then(rolled, DiceRolled(dice=(2, 5, 3, 3, 6, 6)))


def test_each_terrain_is_covered_in_order_with_a_matching_die() -> None:
    then(when(SPEC, ROLLED, HIKER, Cover(die=2)), TerrainCovered(position=1, terrain=2, die=2, stamina=False))
    then(when(SPEC, [*ROLLED, *cover(0, (2,))], HIKER, Cover(die=5)),
         TerrainCovered(position=2, terrain=5, die=5, stamina=False))


def test_a_die_that_does_not_match_the_next_terrain_cannot_cover_it() -> None:
    # The bottom-middle card opens with a 4.
    before = [*trail_head(), PathChosen(slot=3, card="great-sand-dunes"), DiceRolled(dice=(4, 2, 2, 3, 6, 6))]
    illegal(SPEC, before, HIKER, Cover(die=2), match="terrain 4 needs a die showing 4; you chose a 2")


def test_only_a_rolled_free_die_can_cover() -> None:
    illegal(SPEC, ROLLED, HIKER, Cover(die=1), match="you have no free die showing 1")
    illegal(SPEC, on_left_trail(), HIKER, Cover(die=2), match="roll your dice first")


def test_the_legal_covers_are_one_per_usable_die_value() -> None:
    assert covers([*on_left_trail(), DiceRolled(dice=(2, 2, 2, 5, 6, 1))]) == [Cover(die=2)]


def test_after_a_roll_a_die_must_be_placed_before_rolling_again() -> None:
    illegal(SPEC, ROLLED, HIKER, Roll(), match="after rolling you must place at least one die")


def test_rolling_again_throws_only_the_free_dice_not_those_on_the_path() -> None:
    then(when(SPEC, [*ROLLED, *cover(0, (2, 5))], HIKER, Roll(), ScriptedRng((1, 1, 6, 6))),
         DiceRolled(dice=(1, 1, 6, 6)))


def test_dice_left_on_a_location_card_are_not_rolled_at_the_next_location() -> None:
    before = completed_first(die=2)
    assert given(SPEC, before).dice_available == 5
    then(when(SPEC, before, HIKER, Roll(), ScriptedRng((2, 5, 1, 1, 3))), DiceRolled(dice=(2, 5, 1, 1, 3)))


def test_rolling_needs_a_free_die() -> None:
    before = [*on_left_trail(), DiceRolled(dice=(2, 5, 1, 6, 3, 3)), *cover(0, (2, 5, 1, 6, 3)), rested_at(5, 1),
              DiceRolled(dice=(4, 6, 3, 5, 2)), *cover(5, (4,)), PathChosen(slot=0, card="cedar-breaks"),
              *cover(6, (6, 3, 5, 2), (2, 5, 1, 6, 3, 4, 6, 3, 5, 2))]
    illegal(SPEC, before, HIKER, Roll(), match="you have no free dice to roll: rest instead")
    assert legal(SPEC, before, HIKER) == [Rest()]


def test_stamina_is_saved_from_the_first_roll() -> None:
    then(when(SPEC, ROLLED, HIKER, SaveStamina(die=6)), StaminaSaved(die=6, stamina=6))
    assert [command for command in legal(SPEC, ROLLED, HIKER) if isinstance(command, SaveStamina)] == [
        SaveStamina(die=2), SaveStamina(die=3), SaveStamina(die=5), SaveStamina(die=6)
    ]


def test_stamina_is_saved_from_the_first_roll_after_a_rest() -> None:
    rested = [*ROLLED, *cover(0, (2, 5)), rested_at(2, 1), DiceRolled(dice=(1, 6, 6, 4, 4))]
    then(when(SPEC, rested, HIKER, SaveStamina(die=6)), StaminaSaved(die=6, stamina=6))


def test_stamina_cannot_be_saved_from_a_later_roll() -> None:
    later = [*ROLLED, *cover(0, (2, 5)), DiceRolled(dice=(1, 6, 6, 4))]
    illegal(SPEC, later, HIKER, SaveStamina(die=6), match="stamina may be saved only from the first roll after a rest")


def test_only_one_stamina_die_is_saved_per_rest() -> None:
    saved = [*ROLLED, StaminaSaved(die=6, stamina=6)]
    illegal(SPEC, saved, HIKER, SaveStamina(die=6), match="you already saved your stamina since the last rest")


def test_stamina_covers_any_terrain_up_to_its_value() -> None:
    saved = [*ROLLED, StaminaSaved(die=6, stamina=6)]
    then(when(SPEC, saved, HIKER, Cover(die=6, stamina=True)),
         TerrainCovered(position=1, terrain=2, die=6, stamina=True))
    assert Cover(die=6, stamina=True) in covers(saved)


def test_stamina_cannot_cover_a_terrain_above_its_value() -> None:
    before = [*on_left_trail(), DiceRolled(dice=(2, 3, 1, 1, 1, 4)), StaminaSaved(die=3, stamina=3), *cover(0, (2,))]
    illegal(SPEC, before, HIKER, Cover(die=3, stamina=True),
            match="your stamina die shows 3: it covers terrain of 3 or less, not 5")


def test_saved_stamina_is_not_rerolled() -> None:
    before = [*ROLLED, StaminaSaved(die=6, stamina=6), *cover(0, (2, 5))]
    then(when(SPEC, before, HIKER, Roll(), ScriptedRng((1, 1, 6))), DiceRolled(dice=(1, 1, 6)))


def test_used_stamina_is_not_replaced_until_a_rest() -> None:
    before = [*ROLLED, StaminaSaved(die=6, stamina=6), TerrainCovered(position=1, terrain=2, die=6, stamina=True)]
    illegal(SPEC, before, HIKER, SaveStamina(die=6), match="you already saved your stamina")


def test_saved_stamina_joins_the_first_roll_after_a_rest() -> None:
    before = [*ROLLED, StaminaSaved(die=6, stamina=6), *cover(0, (2, 5))]
    rested = [*before, *when(SPEC, before, HIKER, Rest())]
    assert given(SPEC, rested).hike.stamina == ()
    then(when(SPEC, rested, HIKER, Roll(), ScriptedRng((1, 6, 2, 2, 3))), DiceRolled(dice=(1, 6, 2, 2, 3)))


def test_a_stamina_die_that_fits_the_next_terrain_keeps_a_roll_from_forcing_a_rest() -> None:
    before = [*ROLLED, StaminaSaved(die=6, stamina=6), *cover(0, (2, 5))]
    then(when(SPEC, before, HIKER, Roll(), ScriptedRng((2, 2, 3))), DiceRolled(dice=(2, 2, 3)))
    assert covers([*before, DiceRolled(dice=(2, 2, 3))]) == [Cover(die=6, stamina=True)]
