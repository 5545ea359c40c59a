"""Rewards (flag, bonus card, experience level, companion, stamina level, upgrade) and action bonuses
(rulebook: Rewards, Companions, Action bonuses, Limitations, Rewards and bonuses)."""

from __future__ import annotations

import pytest
from peaks_scenario import (
    holding,
    ready,
    spent,
    state_of,
    then,
    tokens,
    when,
    with_companion,
)

from domain.core import IllegalCommand
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
    after = state_of(then([*ready(2, ["asia", "asia"]), spent(1, 6)], (0, Climb(mountain="pen-y-fan", side="left"))))
    assert after.players[0].flags[3] == 1 and after.players[0].flags_placed == 1  # europe is the 4th continent


def test_a_bonus_card_is_drawn_hidden_and_may_be_discarded_later_for_its_discard_bonus() -> None:
    climbed = then(ALONE, (0, Climb(mountain="pen-y-fan", side="right")))
    drawn = next(e for e in climbed if isinstance(e, BonusCardDrawn))
    assert drawn == BonusCardDrawn(seat=0, card="africa-explorer") and drawn.visibility() == (0,)
    given = [*climbed, *then(climbed, (0, Decline()))[len(climbed):], TurnEnded(seat=1, next_seat=0)]
    assert DiscardBonusCard(card="africa-explorer") in SPEC.legal_commands(state_of(given), 0)
    events = when(given, 0, DiscardBonusCard(card="africa-explorer"))
    assert events == [BonusCardDiscarded(seat=0, card="africa-explorer",
                                         queued=(Step(kind=StepKind.STAMINA, seat=0, amount=3),)),
                      StaminaGained(seat=0, amount=3)]
    after = state_of([*given, *events])
    assert after.players[0].bonus_cards == () and SPEC.to_act(after) == {0} and not after.steps


def test_only_a_bonus_card_in_your_hand_can_be_discarded() -> None:
    with pytest.raises(IllegalCommand, match="bonus card in your hand"):
        when(ready(), 0, DiscardBonusCard(card="globetrotter"))


def test_experience_cannot_go_above_the_last_space_of_the_track() -> None:
    given = [*ALONE, ExperienceGained(seat=0, amount=15)]
    assert ExperienceGained(seat=0, amount=0) in when(given, 0, Climb(mountain="pen-y-fan", side="left"))


def test_a_companion_reward_draws_2_to_keep_1_on_an_empty_mat_space_and_discard_the_other() -> None:
    given = then([*ALONE, *holding(0, "scafell-pike")], (0, Climb(mountain="scafell-pike", side="right")))
    assert CompanionsDrawn(seat=0, cards=("boby", "ana")) in given
    assert SPEC.legal_commands(state_of(given), 0) == [KeepCompanion(companion="boby"), KeepCompanion(companion="ana"),
                                                       Decline()]
    events = when(given, 0, KeepCompanion(companion="ana"))
    assert events[0] == CompanionKept(seat=0, companion="ana", replaced=None, discarded=("boby",))
    after = state_of([*given, *events])
    assert [(s.companion, s.uses) for s in after.players[0].companions] == [("ana", 2)]
    assert after.supply.companion_discard == ("boby",)


def test_with_a_full_mat_a_companion_replaces_one_or_both_are_discarded() -> None:
    full = [*ALONE, *holding(0, "scafell-pike"), *(with_companion(0, c) for c in ("kami", "wanda", "nima"))]
    given = then(full, (0, Climb(mountain="scafell-pike", side="right")), (0, BringCompanions(companions=())))
    with pytest.raises(IllegalCommand, match="your mat is full"):
        when(given, 0, KeepCompanion(companion="boby"))
    replaced = when(given, 0, KeepCompanion(companion="boby", replace="wanda"))
    assert replaced[0] == CompanionKept(seat=0, companion="boby", replaced="wanda", discarded=("ana",))
    assert [s.companion for s in state_of([*given, *replaced]).players[0].companions] == ["kami", "nima", "boby"]
    assert when(given, 0, Decline())[0] == CompanionsDiscarded(seat=0, cards=("boby", "ana"))


def test_the_first_player_to_reach_stamina_level_12_swaps_the_mountain_decks() -> None:
    given = [*ALONE, StaminaLevelRaised(seat=0, amount=5)]
    events = when(given, 0, Climb(mountain="pen-y-fan", side="left"))
    assert events[events.index(StaminaLevelRaised(seat=0, amount=1)) + 1] == DecksSwapped(seat=0)
    again = [*given, DecksSwapped(seat=1)]
    assert DecksSwapped(seat=0) not in when(again, 0, Climb(mountain="pen-y-fan", side="left"))


def test_an_upgrade_rotates_a_dial_at_most_3_times() -> None:
    given = then(ALONE, (0, Climb(mountain="pen-y-fan", side="right")))
    assert state_of(given).steps[0] == Step(kind=StepKind.UPGRADE, seat=0)
    assert when(given, 0, UpgradeAction(action="climb", part="dial"))[0] == ActionUpgraded(seat=0, action="climb",
                                                                                          part="dial")
    maxed = [*ALONE, *(ActionUpgraded(seat=0, action="climb", part="dial") for _ in range(3))]
    maxed = then(maxed, (0, Climb(mountain="pen-y-fan", side="right")))
    assert UpgradeAction(action="climb", part="dial") not in SPEC.legal_commands(state_of(maxed), 0)
    with pytest.raises(IllegalCommand, match="upgraded 3 times"):
        when(maxed, 0, UpgradeAction(action="climb", part="dial"))


def test_sliding_up_a_tile_needs_its_experience_prerequisite() -> None:
    given = then(ALONE, (0, Climb(mountain="pen-y-fan", side="right")))  # Ann now has 1 experience
    with pytest.raises(IllegalCommand, match="at least 2 experience"):
        when(given, 0, UpgradeAction(action="rest", part="tile"))
    ready_for_tile = then([*ALONE, ExperienceGained(seat=0, amount=1)], (0, Climb(mountain="pen-y-fan", side="right")))
    assert UpgradeAction(action="rest", part="tile") in SPEC.legal_commands(state_of(ready_for_tile), 0)


def test_three_tokens_on_rest_may_clear_all_tokens_for_1_stamina_level() -> None:
    given = then([*ready(), *tokens(0, "prepare", 1), *tokens(0, "rest", 2)], (0, Rest(choice="gain")))
    assert SPEC.legal_commands(state_of(given), 0) == [ClaimActionBonus(choice="stamina_level"), Decline()]
    events = when(given, 0, ClaimActionBonus(choice="stamina_level"))
    assert events == [
        ActionBonusClaimed(seat=0, action="rest", choice="stamina_level",
                           queued=(Step(kind=StepKind.STAMINA_LEVEL, seat=0, amount=1),)),
        StaminaLevelRaised(seat=0, amount=1),
        TurnEnded(seat=0, next_seat=1),
    ]
    assert state_of([*given, *events]).players[0].tokens == (0, 0, 0)


def test_declining_the_action_bonus_keeps_the_tokens_and_two_tokens_give_no_bonus() -> None:
    given = then([*ready(), *tokens(0, "rest", 2)], (0, Rest(choice="gain")))
    assert state_of(then(given, (0, Decline()))).players[0].tokens == (3, 0, 0)
    assert StepKind.ACTION_BONUS not in [s.kind for s in state_of(then([*ready(), *tokens(0, "rest", 1)],
                                                                       (0, Rest(choice="gain")))).steps]


def test_three_tokens_on_prepare_give_any_upgrade() -> None:
    given = then([*ready(), *tokens(0, "prepare", 2)], (0, Prepare()), (0, GainMountain(source="display", slot=0)))
    events = when(given, 0, ClaimActionBonus(choice="upgrade"))
    assert state_of([*given, *events]).steps[0] == Step(kind=StepKind.UPGRADE, seat=0)


def test_three_tokens_on_climb_give_3_experience_or_a_flag_in_your_current_continent() -> None:
    given = then([*ALONE, *tokens(0, "climb", 2)], (0, Climb(mountain="pen-y-fan", side="left")))
    assert SPEC.legal_commands(state_of(given), 0) == [ClaimActionBonus(choice="experience"),
                                                       ClaimActionBonus(choice="flag"), Decline()]
    assert ExperienceGained(seat=0, amount=3) in when(given, 0, ClaimActionBonus(choice="experience"))
    assert FlagsPlaced(seat=0, continent="europe", count=1) in when(given, 0, ClaimActionBonus(choice="flag"))
    with pytest.raises(IllegalCommand, match="climb action bonus"):
        when(given, 0, ClaimActionBonus(choice="stamina_level"))


def test_tagging_along_places_no_token_and_gives_no_action_bonus() -> None:
    given = then([*ready(), *tokens(1, "climb", 3), TurnEnded(seat=1, next_seat=0)], (0, Climb(mountain="pen-y-fan", side="left")))
    after = state_of(then(given, (1, StayBehind())))
    assert after.players[1].tokens == (0, 0, 3) and after.current == 1
