"""Rewards (flag, bonus card, experience level, companion, stamina level, upgrade) and action bonuses
(rulebook: Rewards, Companions, Action bonuses, Limitations, Rewards and bonuses)."""

from __future__ import annotations

from peaks_scenario import holding, ready_v1 as ready, spent, tokens, with_companion
from support.scenario import after, given, illegal, legal, then, when

from domain.games.peaks import SPEC
from domain.games.peaks.commands import (
    BringCompanions,
    ClaimActionBonus,
    Climb,
    Decline,
    DiscardBonusCard,
    GainMountain,
    KeepCompanion,
    Prepare,
    Rest,
    StayBehind,
    UpgradeAction,
)
from domain.games.peaks.events import (
    ActionBonusClaimed,
    ActionUpgraded,
    BonusCardDiscarded,
    BonusCardDrawn,
    CompanionKept,
    CompanionsDiscarded,
    CompanionsDrawn,
    DecksSwapped,
    ExperienceGained,
    FlagsPlaced,
    StaminaGained,
    StaminaLevelRaised,
    TurnEnded,
)
from domain.games.peaks.state import Step, StepKind

ALONE = [*ready(), spent(1, 6)]  # Bo is too tired to tag along


def test_a_flag_goes_in_the_continent_on_the_mountain_card() -> None:
    state = given(SPEC, after(SPEC, [*ready(2, ["asia", "asia"]), spent(1, 6)],
                              (0, Climb(mountain="pen-y-fan", side="left"))))
    assert state.players[0].flags[3] == 1 and state.players[0].flags_placed == 1  # europe is the 4th continent


def test_a_bonus_card_is_drawn_hidden_and_may_be_discarded_later_for_its_discard_bonus() -> None:
    climbed = after(SPEC, ALONE, (0, Climb(mountain="pen-y-fan", side="right")))
    drawn = next(e for e in climbed if isinstance(e, BonusCardDrawn))
    assert drawn == BonusCardDrawn(seat=0, card="africa-explorer") and drawn.visibility() == (0,)
    before = [*after(SPEC, climbed, (0, Decline())), TurnEnded(seat=1, next_seat=0)]
    assert DiscardBonusCard(card="africa-explorer") in legal(SPEC, before, 0)
    events = when(SPEC, before, 0, DiscardBonusCard(card="africa-explorer"))
    then(events, BonusCardDiscarded(seat=0, card="africa-explorer",
                                    queued=(Step(kind=StepKind.STAMINA, seat=0, amount=3),)),
         StaminaGained(seat=0, amount=3))
    state = given(SPEC, before, events)
    assert state.players[0].bonus_cards == () and SPEC.to_act(state) == {0} and not state.steps


def test_only_a_bonus_card_in_your_hand_can_be_discarded() -> None:
    illegal(SPEC, ready(), 0, DiscardBonusCard(card="globetrotter"), match="bonus card in your hand")


def test_experience_cannot_go_above_the_last_space_of_the_track() -> None:
    before = [*ALONE, ExperienceGained(seat=0, amount=15)]
    assert ExperienceGained(seat=0, amount=0) in when(SPEC, before, 0, Climb(mountain="pen-y-fan", side="left"))


def test_a_companion_reward_draws_2_to_keep_1_on_an_empty_mat_space_and_discard_the_other() -> None:
    before = after(SPEC, [*ALONE, *holding(0, "scafell-pike")], (0, Climb(mountain="scafell-pike", side="right")))
    assert CompanionsDrawn(seat=0, cards=("boby", "ana")) in before
    assert legal(SPEC, before, 0) == [KeepCompanion(companion="boby"), KeepCompanion(companion="ana"), Decline()]
    events = when(SPEC, before, 0, KeepCompanion(companion="ana"))
    assert events[0] == CompanionKept(seat=0, companion="ana", replaced=None, discarded=("boby",))
    state = given(SPEC, before, events)
    assert [(s.companion, s.uses) for s in state.players[0].companions] == [("ana", 2)]
    assert state.supply.companion_discard == ("boby",)


def test_with_a_full_mat_a_companion_replaces_one_or_both_are_discarded() -> None:
    full = [*ALONE, *holding(0, "scafell-pike"), *(with_companion(0, c) for c in ("kami", "wanda", "nima"))]
    before = after(SPEC, full, (0, Climb(mountain="scafell-pike", side="right")), (0, BringCompanions(companions=())))
    illegal(SPEC, before, 0, KeepCompanion(companion="boby"), match="your mat is full")
    replaced = when(SPEC, before, 0, KeepCompanion(companion="boby", replace="wanda"))
    assert replaced[0] == CompanionKept(seat=0, companion="boby", replaced="wanda", discarded=("ana",))
    assert [s.companion for s in given(SPEC, before, replaced).players[0].companions] == ["kami", "nima", "boby"]
    assert when(SPEC, before, 0, Decline())[0] == CompanionsDiscarded(seat=0, cards=("boby", "ana"))


def test_the_first_player_to_reach_stamina_level_12_swaps_the_mountain_decks() -> None:
    before = [*ALONE, StaminaLevelRaised(seat=0, amount=5)]
    events = when(SPEC, before, 0, Climb(mountain="pen-y-fan", side="left"))
    assert events[events.index(StaminaLevelRaised(seat=0, amount=1)) + 1] == DecksSwapped(seat=0)
    again = [*before, DecksSwapped(seat=1)]
    assert DecksSwapped(seat=0) not in when(SPEC, again, 0, Climb(mountain="pen-y-fan", side="left"))


def test_an_upgrade_rotates_a_dial_at_most_3_times() -> None:
    before = after(SPEC, ALONE, (0, Climb(mountain="pen-y-fan", side="right")))
    assert given(SPEC, before).steps[0] == Step(kind=StepKind.UPGRADE, seat=0)
    assert when(SPEC, before, 0, UpgradeAction(action="climb", part="dial"))[0] == ActionUpgraded(
        seat=0, action="climb", part="dial")
    maxed = after(SPEC, [*ALONE, *(ActionUpgraded(seat=0, action="climb", part="dial") for _ in range(3))],
                  (0, Climb(mountain="pen-y-fan", side="right")))
    assert UpgradeAction(action="climb", part="dial") not in legal(SPEC, maxed, 0)
    illegal(SPEC, maxed, 0, UpgradeAction(action="climb", part="dial"), match="upgraded 3 times")


def test_sliding_up_a_tile_needs_its_experience_prerequisite() -> None:
    before = after(SPEC, ALONE, (0, Climb(mountain="pen-y-fan", side="right")))  # Ann now has 1 experience
    illegal(SPEC, before, 0, UpgradeAction(action="rest", part="tile"), match="at least 2 experience")
    ready_for_tile = after(SPEC, [*ALONE, ExperienceGained(seat=0, amount=1)],
                           (0, Climb(mountain="pen-y-fan", side="right")))
    assert UpgradeAction(action="rest", part="tile") in legal(SPEC, ready_for_tile, 0)


def test_three_tokens_on_rest_may_clear_all_tokens_for_1_stamina_level() -> None:
    before = after(SPEC, [*ready(), *tokens(0, "prepare", 1), *tokens(0, "rest", 2)], (0, Rest(choice="gain")))
    assert legal(SPEC, before, 0) == [ClaimActionBonus(choice="stamina_level"), Decline()]
    events = when(SPEC, before, 0, ClaimActionBonus(choice="stamina_level"))
    then(
        events,
        ActionBonusClaimed(seat=0, action="rest", choice="stamina_level",
                           queued=(Step(kind=StepKind.STAMINA_LEVEL, seat=0, amount=1),)),
        StaminaLevelRaised(seat=0, amount=1),
        TurnEnded(seat=0, next_seat=1),
    )
    assert given(SPEC, before, events).players[0].tokens == (0, 0, 0)


def test_declining_the_action_bonus_keeps_the_tokens_and_two_tokens_give_no_bonus() -> None:
    before = after(SPEC, [*ready(), *tokens(0, "rest", 2)], (0, Rest(choice="gain")))
    assert given(SPEC, after(SPEC, before, (0, Decline()))).players[0].tokens == (3, 0, 0)
    rested_once = given(SPEC, after(SPEC, [*ready(), *tokens(0, "rest", 1)], (0, Rest(choice="gain"))))
    assert StepKind.ACTION_BONUS not in [s.kind for s in rested_once.steps]


def test_three_tokens_on_prepare_give_any_upgrade() -> None:
    before = after(SPEC, [*ready(), *tokens(0, "prepare", 2)], (0, Prepare()),
                   (0, GainMountain(source="display", slot=0)))
    events = when(SPEC, before, 0, ClaimActionBonus(choice="upgrade"))
    assert given(SPEC, before, events).steps[0] == Step(kind=StepKind.UPGRADE, seat=0)


def test_three_tokens_on_climb_give_3_experience_or_a_flag_in_your_current_continent() -> None:
    before = after(SPEC, [*ALONE, *tokens(0, "climb", 2)], (0, Climb(mountain="pen-y-fan", side="left")))
    assert legal(SPEC, before, 0) == [ClaimActionBonus(choice="experience"), ClaimActionBonus(choice="flag"),
                                      Decline()]
    assert ExperienceGained(seat=0, amount=3) in when(SPEC, before, 0, ClaimActionBonus(choice="experience"))
    assert FlagsPlaced(seat=0, continent="europe", count=1) in when(SPEC, before, 0, ClaimActionBonus(choice="flag"))
    illegal(SPEC, before, 0, ClaimActionBonus(choice="stamina_level"), match="climb action bonus is: experience or flag")


def test_tagging_along_places_no_token_and_gives_no_action_bonus() -> None:
    before = after(SPEC, [*ready(), *tokens(1, "climb", 3), TurnEnded(seat=1, next_seat=0)],
                   (0, Climb(mountain="pen-y-fan", side="left")))
    state = given(SPEC, after(SPEC, before, (1, StayBehind())))
    assert state.players[1].tokens == (0, 0, 3) and state.current == 1
