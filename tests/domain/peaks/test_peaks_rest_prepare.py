"""Rest and prepare (rulebook: Rest; Prepare 1-3; Limitations), with their dials and tiles (Rewards: Upgrade)."""

from __future__ import annotations

from peaks_scenario import holding, opening, ready, spent
from support.scenario import after, given, illegal, legal, then, when

from domain.games.peaks import SPEC
from domain.games.peaks.commands import (
    Decline,
    GainEquipment,
    GainMountain,
    Prepare,
    Rest,
    Travel,
)
from domain.games.peaks.events import (
    ActionChosen,
    ActionUpgraded,
    CharacterPlaced,
    DeckShuffled,
    DecksSwapped,
    DisplayRefilled,
    EquipmentGained,
    ExperienceGained,
    MountainGained,
    StaminaGained,
    TurnEnded,
)
from domain.games.peaks.state import Step, StepKind


def test_rest_gains_stamina_up_to_the_stamina_level() -> None:
    before = [*ready(), spent(0, 4)]
    events = when(SPEC, before, 0, Rest(choice="level"))
    then(
        events,
        ActionChosen(seat=0, action="rest", queued=(Step(kind=StepKind.STAMINA, seat=0, amount=4),
                                                     Step(kind=StepKind.END_TURN, seat=0))),
        StaminaGained(seat=0, amount=4),
        TurnEnded(seat=0, next_seat=1),
    )
    state = given(SPEC, before, events)
    assert state.players[0].stamina == 6 and state.players[0].tokens == (1, 0, 0) and state.current == 1


def test_rest_may_instead_gain_2_stamina_going_above_the_stamina_level() -> None:
    state = given(SPEC, after(SPEC, ready(), (0, Rest(choice="gain"))))
    assert state.players[0].stamina == 8 and state.players[0].stamina_level == 6


def test_a_rotated_rest_dial_gains_more_stamina() -> None:
    before = [*ready(), ActionUpgraded(seat=0, action="rest", part="dial"),
              ActionUpgraded(seat=0, action="rest", part="dial")]
    assert given(SPEC, after(SPEC, before, (0, Rest(choice="gain")))).players[0].stamina == 10


def test_stamina_cannot_go_above_the_track_on_the_mat() -> None:
    before = [*ready(), StaminaGained(seat=0, amount=13)]
    assert StaminaGained(seat=0, amount=1) in when(SPEC, before, 0, Rest(choice="gain"))


def test_a_rest_tile_adds_an_equipment_step_and_the_next_a_travel_step() -> None:
    before = [*ready(), ExperienceGained(seat=0, amount=6), ActionUpgraded(seat=0, action="rest", part="tile"),
              ActionUpgraded(seat=0, action="rest", part="tile")]
    rested = after(SPEC, before, (0, Rest(choice="gain")))
    assert legal(SPEC, rested, 0)[-1] == Decline()
    equipped = after(SPEC, rested, (0, GainEquipment(equipment="rope")))
    assert Travel(continent="asia") in legal(SPEC, equipped, 0)
    illegal(SPEC, equipped, 0, Travel(continent="europe"), match="already in that continent")
    done = given(SPEC, after(SPEC, equipped, (0, Travel(continent="asia"))))
    assert done.players[0].continent == "asia" and done.players[0].equipment == (0, 0, 1) and done.current == 1


def test_prepare_gains_a_display_mountain_discards_the_leftmost_and_refills_from_the_A_deck() -> None:
    before = after(SPEC, ready(), (0, Prepare()))
    events = when(SPEC, before, 0, GainMountain(source="display", slot=1))
    then(
        events,
        MountainGained(seat=0, mountain="snowdon", source="display", slot=1),
        DisplayRefilled(discarded="ben-nevis", display=("scafell-pike", "kirkjufell", "mount-olympus")),
        TurnEnded(seat=0, next_seat=1),
    )
    state = given(SPEC, before, events)
    assert state.players[0].mountains == ("pen-y-fan", "snowdon") and state.supply.discard_a == ("ben-nevis",)


def test_taking_the_leftmost_mountain_leaves_nothing_to_discard() -> None:
    events = when(SPEC, after(SPEC, ready(), (0, Prepare())), 0, GainMountain(source="display", slot=0))
    assert DisplayRefilled(discarded=None, display=("snowdon", "scafell-pike", "kirkjufell")) in events


def test_prepare_may_gain_the_top_mountain_of_either_deck() -> None:
    before = after(SPEC, ready(), (0, Prepare()))
    assert when(SPEC, before, 0, GainMountain(source="A"))[0] == MountainGained(seat=0, mountain="kirkjufell", source="A")
    assert when(SPEC, before, 0, GainMountain(source="B"))[0] == MountainGained(seat=0, mountain="mount-everest",
                                                                             source="B")


def test_once_a_stamina_level_reaches_12_the_B_deck_refills_the_display() -> None:
    before = after(SPEC, [*ready(), DecksSwapped(seat=1)], (0, Prepare()))
    events = when(SPEC, before, 0, GainMountain(source="display", slot=2))
    assert DisplayRefilled(discarded="ben-nevis", display=("snowdon", "mount-everest", "k2")) in events


def test_a_deck_that_runs_out_is_made_anew_from_its_shuffled_discard_pile() -> None:
    before = after(SPEC, ready(deck_a=()), (0, Prepare()), (0, GainMountain(source="display", slot=1)), (1, Prepare()))
    assert given(SPEC, before).supply.display == ("scafell-pike",)
    illegal(SPEC, before, 1, GainMountain(source="display", slot=1), match="display slot is empty")
    events = when(SPEC, before, 1, GainMountain(source="A"))
    assert events[:2] == [DeckShuffled(deck="A", order=("ben-nevis",)),
                          MountainGained(seat=1, mountain="ben-nevis", source="A")]
    assert events[0].visibility() == ()


def test_an_empty_deck_with_no_discards_cannot_be_drawn_from() -> None:
    illegal(SPEC, after(SPEC, ready(deck_a=()), (0, Prepare())), 0, GainMountain(source="A"), match="deck is empty")


def test_prepare_gains_no_equipment_until_its_dial_is_rotated_then_up_to_the_dial() -> None:
    before = after(SPEC, [*ready(), ActionUpgraded(seat=0, action="prepare", part="dial")], (0, Prepare()),
                   (0, GainMountain(source="display", slot=0)))
    state = given(SPEC, before)
    assert state.steps[0] == Step(kind=StepKind.EQUIPMENT, seat=0, amount=1)
    assert legal(SPEC, state, 0) == [GainEquipment(equipment=k) for k in ("camping", "ice_axe", "rope")] + [Decline()]
    then(when(SPEC, before, 0, GainEquipment(equipment="camping")),
         EquipmentGained(seat=0, equipment="camping"), TurnEnded(seat=0, next_seat=1))


def test_equipment_cannot_go_above_the_numbers_on_the_mat() -> None:
    before = after(SPEC, [*ready(), ActionUpgraded(seat=0, action="prepare", part="dial"),
                          *(EquipmentGained(seat=0, equipment="rope") for _ in range(5))],
                   (0, Prepare()), (0, GainMountain(source="display", slot=0)))
    illegal(SPEC, before, 0, GainEquipment(equipment="rope"), match="more equipment than the numbers on your mat")


def test_the_first_prepare_tile_gains_a_second_mountain_before_the_discard() -> None:
    before = after(SPEC, [*ready(), ExperienceGained(seat=0, amount=3),
                          ActionUpgraded(seat=0, action="prepare", part="tile")],
                   (0, Prepare()), (0, GainMountain(source="display", slot=1)))
    assert given(SPEC, before).steps[0].kind is StepKind.GAIN_MOUNTAIN
    events = when(SPEC, before, 0, GainMountain(source="display", slot=0))
    assert DisplayRefilled(discarded=None, display=("scafell-pike", "kirkjufell", "mount-olympus")) in events


def test_an_unclimbed_starting_mountain_is_public_in_every_view() -> None:
    state = given(SPEC, opening(), holding(1, "kirkjufell"), CharacterPlaced(seat=0, continent="asia"))
    assert SPEC.view(state, None)["players"][1]["mountains"] == ["mount-elbert", "kirkjufell"]
