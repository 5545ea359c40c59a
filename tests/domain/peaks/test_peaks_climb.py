"""Climb: choosing a mountain and side, tagging along, travel and requirements, the shared experience and the
danger die, and who gains what (rulebook: Climb 1-3, Requirements, Companions, Timing)."""

from __future__ import annotations

from peaks_scenario import holding, ready_v1 as ready, spent, turn_to, with_companion
from support.scenario import ScriptedRng, after, given, illegal, legal, of_type, then, when

from domain.games.peaks import SPEC
from domain.games.peaks.commands import (
    BringCompanions,
    Climb,
    Decline,
    StayBehind,
    TagAlong,
)
from domain.games.peaks.events import (
    ActionChosen,
    ActionUpgraded,
    BonusCardDrawn,
    ClimbPaid,
    ClimbResolved,
    CompanionsBrought,
    DangerRolled,
    EquipmentGained,
    ExperienceGained,
    FlagsPlaced,
    StaminaGained,
    StaminaLevelRaised,
    TagAlongsCalled,
    TaggedAlong,
    TurnEnded,
)
from domain.games.peaks.state import Step, StepKind

# Rulebook example: blue (Bo) climbs Mount Elbert in North America; yellow (Cy) is there too, red (Ann) is not.
ELBERT = [*ready(3, ["europe", "north_america", "north_america"]), turn_to(1),
          ExperienceGained(seat=1, amount=1), ExperienceGained(seat=2, amount=1)]


def test_a_climb_alone_pays_stamina_and_gains_the_chosen_side_and_1_experience() -> None:
    before = [*ready(), spent(1, 5)]
    events = when(SPEC, before, 0, Climb(mountain="pen-y-fan", side="left"))
    then(
        events,
        ActionChosen(seat=0, action="climb", mountain="pen-y-fan", side="left", queued=(
            Step(kind=StepKind.BRING_COMPANIONS, seat=0), Step(kind=StepKind.NEGOTIATE, seat=0),
            Step(kind=StepKind.RESOLVE_CLIMB, seat=0), Step(kind=StepKind.END_TURN, seat=0))),
        CompanionsBrought(seat=0, companions=()),
        TagAlongsCalled(seat=0, asked=()),
        ClimbPaid(seat=0, continent="europe", stamina=2, equipment=(), companions=()),
        ClimbResolved(seat=0, mountain="pen-y-fan", side="left", party=(0,), danger=False, queued=(
            Step(kind=StepKind.EXPERIENCE, seat=0, amount=1), Step(kind=StepKind.STAMINA_LEVEL, seat=0, amount=1),
            Step(kind=StepKind.FLAG, seat=0, amount=1, continent="europe"))),
        ExperienceGained(seat=0, amount=1),
        StaminaLevelRaised(seat=0, amount=1),
        FlagsPlaced(seat=0, continent="europe", count=1),
        TurnEnded(seat=0, next_seat=1),
    )
    state = given(SPEC, before, events)
    assert state.players[0].mountains == () and state.supply.discard_a == ("pen-y-fan",)
    assert state.players[0].first_summit == 1


def test_only_your_own_mountains_can_be_climbed() -> None:
    illegal(SPEC, ready(), 0, Climb(mountain="mount-elbert", side="left"), match="choose 1 of your mountains")


def test_the_entire_stamina_cost_must_be_paid() -> None:
    illegal(SPEC, [*ready(), spent(0, 5)], 0, Climb(mountain="pen-y-fan", side="left"), match="entire stamina cost")


def test_acclimatisation_needs_you_already_in_the_mountains_continent() -> None:
    illegal(SPEC, [*ready(), turn_to(1)], 1, Climb(mountain="mount-elbert", side="left"), match="needs acclimatisation")
    assert Climb(mountain="mount-elbert", side="left") in legal(SPEC, ELBERT, 1)


def test_each_equipment_type_on_the_mountain_costs_one_of_that_equipment() -> None:
    before = [*ready(), *holding(0, "kirkjufell"), spent(1, 6)]
    illegal(SPEC, before, 0, Climb(mountain="kirkjufell", side="right"), match="lack the equipment")
    events = when(SPEC, [*before, EquipmentGained(seat=0, equipment="rope")], 0,
                  Climb(mountain="kirkjufell", side="right"))
    assert ClimbPaid(seat=0, continent="europe", stamina=1, equipment=("rope",), companions=()) in events


def test_the_climber_travels_to_the_mountains_continent() -> None:
    before = [*ready(2, ["asia", "asia"]), spent(1, 6)]
    state = given(SPEC, after(SPEC, before, (0, Climb(mountain="pen-y-fan", side="left"))))
    assert state.players[0].continent == "europe"


def test_opponents_are_asked_to_tag_along_in_turn_order_from_the_current_player() -> None:
    before = [*ready(4, ["europe"] * 4), turn_to(2), *holding(2, "ben-nevis")]
    events = when(SPEC, before, 2, Climb(mountain="ben-nevis", side="left"))
    assert events[-1] == TagAlongsCalled(seat=2, asked=(3, 0, 1))
    assert SPEC.to_act(given(SPEC, before, events)) == {3}
    assert SPEC.to_act(given(SPEC, after(SPEC, [*before, *events], (3, StayBehind())))) == {0}


def test_an_opponent_who_cannot_meet_acclimatisation_is_not_asked_the_rulebook_elbert_example() -> None:
    events = when(SPEC, ELBERT, 1, Climb(mountain="mount-elbert", side="left"))
    assert events[-1] == TagAlongsCalled(seat=1, asked=(2,))
    assert legal(SPEC, [*ELBERT, *events], 2) == [TagAlong(companions=()), StayBehind()]


def test_tagging_along_pays_the_same_and_gains_the_unchosen_side_and_experience_one_roll_per_missing_point() -> None:
    before = after(SPEC, ELBERT, (1, Climb(mountain="mount-elbert", side="left")))
    events = when(SPEC, before, 2, TagAlong(companions=()), rng=ScriptedRng((4,)))
    then(
        events[:4],
        TaggedAlong(seat=2, companions=()),
        ClimbPaid(seat=1, continent="north_america", stamina=6, equipment=(), companions=()),
        ClimbPaid(seat=2, continent="north_america", stamina=6, equipment=(), companions=()),
        DangerRolled(seat=1, rolls=(4,), danger=False),
    )
    state = given(SPEC, before, events)  # Cy is to choose the upgrade
    bo, cy = state.players[1], state.players[2]
    assert (bo.stamina_level, bo.flags_placed, bo.experience) == (7, 1, 2)
    assert cy.experience == 2 and len(cy.bonus_cards) == 1 and state.steps[0] == Step(kind=StepKind.UPGRADE, seat=2)


def test_a_danger_result_cancels_the_green_underlined_rewards() -> None:
    before = after(SPEC, ELBERT, (1, Climb(mountain="mount-elbert", side="left")))
    events = when(SPEC, before, 2, TagAlong(companions=()), rng=ScriptedRng((1,)))
    assert DangerRolled(seat=1, rolls=(1,), danger=True) in events
    assert not of_type(events, StaminaLevelRaised)
    assert FlagsPlaced(seat=1, continent="north_america", count=1) in events


def test_no_roll_when_the_climbers_together_meet_the_experience_requirement() -> None:
    before = after(SPEC, [*ELBERT, ExperienceGained(seat=1, amount=1)], (1, Climb(mountain="mount-elbert", side="left")))
    assert not of_type(when(SPEC, before, 2, TagAlong(companions=())), DangerRolled)


def test_a_companion_brought_adds_its_experience_and_costs_one_use_and_its_ability_helps_its_owner_only() -> None:
    before = [*ready(), *holding(0, "mount-olympus"), with_companion(0, "boby"), with_companion(0, "junko")]
    chosen = after(SPEC, before, (0, Climb(mountain="mount-olympus", side="right")))
    assert BringCompanions(companions=("boby", "junko")) in legal(SPEC, chosen, 0)
    asked = after(SPEC, chosen, (0, BringCompanions(companions=("junko", "boby"))))
    events = when(SPEC, asked, 1, TagAlong(companions=()))
    assert ClimbPaid(seat=0, continent="europe", stamina=2, equipment=(), companions=("boby", "junko")) in events
    assert ClimbPaid(seat=1, continent="europe", stamina=4, equipment=(), companions=()) in events
    assert not of_type(events, DangerRolled)
    state = given(SPEC, asked, events)
    assert [(s.companion, s.uses) for s in state.players[0].companions] == [("boby", 2)]
    assert state.supply.companion_discard == ("junko",)


def test_a_sure_footed_companion_keeps_its_owners_green_rewards_despite_a_danger() -> None:
    before = [*ready(), *holding(0, "ras-dashen"), with_companion(0, "junko"), StaminaGained(seat=0, amount=3),
              StaminaGained(seat=1, amount=3)]
    asked = after(SPEC, before, (0, Climb(mountain="ras-dashen", side="left")),
                  (0, BringCompanions(companions=("junko",))))
    climbed = [*asked, *when(SPEC, asked, 1, TagAlong(companions=()), rng=ScriptedRng((1, 5, 5, 5)))]
    assert DangerRolled(seat=0, rolls=(1, 5, 5, 5), danger=True) in climbed
    events = when(SPEC, climbed, 0, Decline())  # Ann's upgrade; then her green bonus card and Bo's rewards
    assert any(e.seat == 0 for e in of_type(events, BonusCardDrawn))
    assert of_type(events, ExperienceGained) == [ExperienceGained(seat=1, amount=1)]
    assert FlagsPlaced(seat=1, continent="africa", count=1) in events  # Bo's green experience is lost


def test_the_climbers_climb_dial_sets_the_experience_everyone_on_the_climb_gains() -> None:
    before = after(SPEC, [*ready(), ActionUpgraded(seat=0, action="climb", part="dial")],
                   (0, Climb(mountain="pen-y-fan", side="left")))
    events = when(SPEC, before, 1, TagAlong(companions=()))
    assert ExperienceGained(seat=0, amount=2) in events and ExperienceGained(seat=1, amount=2) in events


def test_staying_behind_gains_nothing() -> None:
    before = after(SPEC, ready(), (0, Climb(mountain="pen-y-fan", side="left")))
    events = when(SPEC, before, 1, StayBehind())
    assert not any(getattr(e, "seat", 0) == 1 for e in events[1:] if not isinstance(e, TurnEnded))
