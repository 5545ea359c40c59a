"""Rules version 2: the choices the book gives that version 1 simplified away (RULINGS.md, Rules version 2).

- Other important notes, Rewards and bonuses: everything gained is optional and things gained in the same step
  come in any order: a climb's rewards wait as one `rewards` step, each kind taken or declined.
- Rewards, Bonus card: bonus cards may be discarded "during the game": at any decision, also on another
  player's turn, e.g. to afford a tag-along.
- Other important notes, Negotiation: a player may pay part of another's equipment to encourage a climb: a climb
  the climber cannot equip alone is listed when opponents hold what is missing, and they are asked to pay it.
"""

from __future__ import annotations

from peaks_scenario import holding, ready, ready_v1, spent
from support.scenario import after, given, illegal, legal, of_type, then, when

from domain.games.peaks import SPEC
from domain.games.peaks.commands import (
    Climb,
    Decline,
    DeclineReward,
    DiscardBonusCard,
    GainReward,
    OfferEquipment,
    Prepare,
    Rest,
    StayBehind,
    TagAlong,
    UpgradeAction,
)
from domain.games.peaks.events import (
    ActionChosen,
    BackingAsked,
    BackingPaid,
    BonusCardDiscarded,
    BonusCardDrawn,
    ClimbBacked,
    ClimbPaid,
    ClimbUnbacked,
    DecksSwapped,
    EquipmentGained,
    ExperienceGained,
    FlagsPlaced,
    RewardDeclined,
    RewardTaken,
    StaminaGained,
    StaminaLevelRaised,
    TagAlongsCalled,
    TurnEnded,
)
from domain.games.peaks.labels import label
from domain.games.peaks.state import Step, StepKind

# Ann climbs Pen y Fan (Europe, 2 stamina) for its left side: a stamina level (green) and a flag; Bo stays.
PEN_Y_FAN = Climb(mountain="pen-y-fan", side="left")
CLIMBED = after(SPEC, ready(), (0, PEN_Y_FAN), (1, StayBehind()))


def test_games_created_under_rules_version_2_are_played_under_it() -> None:
    # New games are played under version 3 (test_peaks_rules_v3.py), which keeps these choices.
    v2 = given(SPEC, ready(rules_version=2))
    assert 2 in SPEC.rules_versions and v2.rules_version == 2 and SPEC.view(v2, 0)["rules_version"] == 2
    assert given(SPEC, ready_v1()).rules_version == 1


# --- Rewards and bonuses: optional, in any order ---------------------------------------------------------------


def test_a_climbs_rewards_wait_as_one_step_each_kind_taken_or_declined() -> None:
    state = given(SPEC, CLIMBED)
    assert SPEC.view(state, 0)["step"] == {
        "kind": "rewards", "seat": 0, "prompt": "gain or decline each of the climb's rewards, in the order you choose",
        "rewards": {"experience": 1, "stamina_level": 1, "flag": 1}}
    kinds = ("experience", "stamina_level", "flag")
    assert legal(SPEC, CLIMBED, 0) == [*(GainReward(reward=k) for k in kinds),  # type: ignore[arg-type]
                                       *(DeclineReward(reward=k) for k in kinds)]  # type: ignore[arg-type]


def test_rewards_are_gained_in_the_order_the_player_chooses() -> None:
    events = when(SPEC, CLIMBED, 0, GainReward(reward="flag"))
    then(events, RewardTaken(seat=0, reward="flag", count=1,
                             queued=(Step(kind=StepKind.FLAG, seat=0, amount=1, continent="europe"),)),
         FlagsPlaced(seat=0, continent="europe", count=1))
    flagged = [*CLIMBED, *events]
    assert legal(SPEC, flagged, 0) == [GainReward(reward="experience"), GainReward(reward="stamina_level"),
                                       DeclineReward(reward="experience"), DeclineReward(reward="stamina_level")]
    declined = when(SPEC, flagged, 0, DeclineReward(reward="stamina_level"))
    then(declined, RewardDeclined(seat=0, reward="stamina_level", count=1))
    last = when(SPEC, [*flagged, *declined], 0, GainReward(reward="experience"))
    assert last[:2] == [RewardTaken(seat=0, reward="experience", count=1,
                                    queued=(Step(kind=StepKind.EXPERIENCE, seat=0, amount=1),)),
                        ExperienceGained(seat=0, amount=1)]
    assert of_type(last, TurnEnded) == [TurnEnded(seat=0, next_seat=1)]
    ann = given(SPEC, flagged, declined, last).players[0]
    assert (ann.flags_placed, ann.stamina_level, ann.experience) == (1, 6, 1)  # the level was declined


def test_a_stamina_level_that_would_bring_in_the_b_deck_may_be_declined() -> None:
    at_11 = after(SPEC, [*ready(), StaminaLevelRaised(seat=0, amount=5)], (0, PEN_Y_FAN), (1, StayBehind()))
    state = given(SPEC, at_11)
    assert label(state, 0, DeclineReward(reward="stamina_level")) == \
        "Decline a stamina level (the B deck would refill the display)"
    declined = after(SPEC, at_11, (0, DeclineReward(reward="stamina_level")))
    assert not given(SPEC, declined).supply.b_next
    taken = when(SPEC, at_11, 0, GainReward(reward="stamina_level"))
    assert DecksSwapped(seat=0) in taken and given(SPEC, at_11, taken).supply.b_next


def test_taking_the_experience_first_lets_the_same_climbs_upgrade_slide_a_tile() -> None:
    # Pen y Fan's right side: a bonus card and an upgrade. Ann has 1 experience; the rest tile needs 2.
    right = after(SPEC, [*ready(), ExperienceGained(seat=0, amount=1)],
                  (0, Climb(mountain="pen-y-fan", side="right")), (1, StayBehind()))
    upgrade_first = after(SPEC, right, (0, GainReward(reward="upgrade")))
    assert UpgradeAction(action="rest", part="tile") not in legal(SPEC, upgrade_first, 0)
    experience_first = after(SPEC, right, (0, GainReward(reward="experience")), (0, GainReward(reward="upgrade")))
    assert UpgradeAction(action="rest", part="tile") in legal(SPEC, experience_first, 0)


def test_each_tag_along_chooses_their_own_rewards_after_the_climber() -> None:
    tagged = after(SPEC, ready(), (0, PEN_Y_FAN), (1, TagAlong()), (0, GainReward(reward="experience")),
                   (0, GainReward(reward="stamina_level")), (0, GainReward(reward="flag")))
    step = SPEC.view(given(SPEC, tagged), 1)["step"]
    assert (step["kind"], step["seat"], step["rewards"]) == ("rewards", 1, {"experience": 1, "bonus": 1, "upgrade": 1})


def test_under_rules_version_1_the_rewards_come_in_card_order_without_a_choice() -> None:
    events = when(SPEC, [*ready_v1(), spent(1, 6)], 0, PEN_Y_FAN)
    assert [type(e) for e in events[-4:]] == [ExperienceGained, StaminaLevelRaised, FlagsPlaced, TurnEnded]
    assert not of_type(events, RewardTaken)


# --- Bonus card: discarded during the game ----------------------------------------------------------------------


def test_a_seat_that_could_afford_a_tag_along_by_discarding_is_asked_and_may_discard_then_tag_along() -> None:
    # Bo has 1 stamina (Pen y Fan costs 2) and Africa Explorer (discard: 3 stamina).
    short = [*ready(), spent(1, 5), BonusCardDrawn(seat=1, card="africa-explorer")]
    events = when(SPEC, short, 0, PEN_Y_FAN)
    assert TagAlongsCalled(seat=0, asked=(1,)) in events
    asked = [*short, *events]
    assert legal(SPEC, asked, 1) == [StayBehind(), DiscardBonusCard(card="africa-explorer")]
    discarded = when(SPEC, asked, 1, DiscardBonusCard(card="africa-explorer"))
    then(discarded, BonusCardDiscarded(seat=1, card="africa-explorer",
                                       queued=(Step(kind=StepKind.STAMINA, seat=1, amount=3),)),
         StaminaGained(seat=1, amount=3))
    assert legal(SPEC, [*asked, *discarded], 1) == [TagAlong(), StayBehind()]


def test_under_rules_version_1_that_seat_was_not_asked() -> None:
    short = [*ready_v1(), spent(1, 5), BonusCardDrawn(seat=1, card="africa-explorer")]
    assert TagAlongsCalled(seat=0, asked=()) in when(SPEC, short, 0, PEN_Y_FAN)


def test_under_rules_version_2_a_card_that_would_not_pay_for_the_tag_along_gets_nobody_asked() -> None:
    # Rules version 3 asks by the hand's size, not its cards (test_peaks_rules_v3.py): this leaked a hidden card.
    short = [*ready(rules_version=2), spent(1, 5), BonusCardDrawn(seat=1, card="antarctica-explorer")]  # 1 experience
    assert TagAlongsCalled(seat=0, asked=()) in when(SPEC, short, 0, PEN_Y_FAN)


def test_bonus_cards_are_listed_at_every_decision_after_the_steps_own_commands() -> None:
    holding_card = [*ready(), BonusCardDrawn(seat=0, card="oceania-explorer")]
    climbed = after(SPEC, holding_card, (0, PEN_Y_FAN), (1, StayBehind()))
    assert legal(SPEC, climbed, 0)[-1] == DiscardBonusCard(card="oceania-explorer")
    events = when(SPEC, climbed, 0, DiscardBonusCard(card="oceania-explorer"))
    assert of_type(events, StaminaGained) == [StaminaGained(seat=0, amount=2)]
    assert SPEC.view(given(SPEC, climbed, events), 0)["step"]["kind"] == "rewards"  # the same choice again
    v1 = after(SPEC, [*ready_v1(), BonusCardDrawn(seat=0, card="oceania-explorer")], (0, Prepare()))
    assert DiscardBonusCard(card="oceania-explorer") not in legal(SPEC, v1, 0)
    illegal(SPEC, v1, 0, DiscardBonusCard(card="oceania-explorer"), match="gain a mountain")


# --- Negotiation: backing a climb the climber cannot equip alone ------------------------------------------------

# Ann holds Kirkjufell (Europe, 1 stamina, rope) and has no rope; Bo has one; Cy has none.
KIRKJUFELL = Climb(mountain="kirkjufell", side="left")
NO_ROPE = [*ready(3), *holding(0, "kirkjufell"), EquipmentGained(seat=1, equipment="rope")]


def test_a_climb_opponents_could_equip_is_listed_and_asks_those_holding_what_is_missing() -> None:
    assert KIRKJUFELL in legal(SPEC, NO_ROPE, 0)
    assert label(given(SPEC, NO_ROPE), 0, KIRKJUFELL).endswith("; you lack equipment: ask the others to pay it")
    events = when(SPEC, NO_ROPE, 0, KIRKJUFELL)
    then(events, BackingAsked(seat=0, mountain="kirkjufell", side="left", missing=("rope",), asked=(1,)))
    state = given(SPEC, NO_ROPE, events)
    assert SPEC.to_act(state) == {1} and state.action is None
    assert legal(SPEC, [*NO_ROPE, *events], 1) == [OfferEquipment(to_seat=0, equipment=("rope",)), Decline()]
    assert SPEC.view(state, 1)["step"]["missing"] == ["rope"]


def test_a_backer_pays_the_equipment_when_everyone_pays_and_the_climb_goes_on() -> None:
    asked = after(SPEC, NO_ROPE, (0, KIRKJUFELL))
    events = when(SPEC, asked, 1, OfferEquipment(to_seat=0, equipment=("rope",)))
    assert events[:2] == [ClimbBacked(seat=1, to_seat=0, equipment=("rope",)),
                          ActionChosen(seat=0, action="climb", mountain="kirkjufell", side="left",
                                       queued=events[1].queued)]  # type: ignore[attr-defined]
    # Bo's one rope is promised, so he cannot also tag along; Cy has no rope: nobody is asked.
    assert TagAlongsCalled(seat=0, asked=()) in events
    paid = events[events.index(TagAlongsCalled(seat=0, asked=())) + 1:]
    assert paid[:2] == [BackingPaid(seat=1, to_seat=0, equipment=("rope",)),
                        ClimbPaid(seat=0, continent="europe", stamina=1, equipment=(), companions=())]
    state = given(SPEC, asked, events)
    assert state.players[1].equipment == (0, 0, 0) and state.players[0].equipment == (0, 0, 0)
    assert SPEC.view(state, 0)["step"]["kind"] == "rewards"


def test_a_backer_pays_only_equipment_they_hold_and_the_climb_lacks() -> None:
    asked = after(SPEC, NO_ROPE, (0, KIRKJUFELL))
    illegal(SPEC, asked, 1, OfferEquipment(to_seat=0, equipment=("rope", "ice_axe")), match="still lacks")
    illegal(SPEC, asked, 1, OfferEquipment(to_seat=2, equipment=("rope",)), match="offer to the climber")


def test_an_unbacked_climb_returns_the_climber_to_their_choice_of_action_without_it() -> None:
    asked = after(SPEC, NO_ROPE, (0, KIRKJUFELL))
    events = when(SPEC, asked, 1, Decline())
    assert events[-1] == ClimbUnbacked(seat=0, mountain="kirkjufell")
    back = [*asked, *events]
    assert SPEC.to_act(given(SPEC, back)) == {0}
    assert legal(SPEC, back, 0) == [Rest(choice="level"), Rest(choice="gain"), Prepare(),
                                    Climb(mountain="pen-y-fan", side="left"), Climb(mountain="pen-y-fan", side="right")]
    illegal(SPEC, back, 0, KIRKJUFELL, match="equipment")
    assert given(SPEC, back).players[0].tokens == (0, 0, 0)  # no action was taken


def test_under_rules_version_1_a_climb_needs_the_climbers_own_equipment() -> None:
    v1 = [*ready_v1(3), *holding(0, "kirkjufell"), EquipmentGained(seat=1, equipment="rope")]
    assert KIRKJUFELL not in legal(SPEC, v1, 0)
    illegal(SPEC, v1, 0, KIRKJUFELL, match="equipment")


def test_a_backer_with_equipment_for_both_may_also_tag_along_and_pays_both() -> None:
    two_ropes = [*NO_ROPE, EquipmentGained(seat=1, equipment="rope")]
    backed = after(SPEC, two_ropes, (0, KIRKJUFELL), (1, OfferEquipment(to_seat=0, equipment=("rope",))))
    assert legal(SPEC, backed, 1) == [TagAlong(), StayBehind()]
    events = when(SPEC, backed, 1, TagAlong())
    assert BackingPaid(seat=1, to_seat=0, equipment=("rope",)) in events
    assert ClimbPaid(seat=1, continent="europe", stamina=1, equipment=("rope",), companions=()) in events
    assert given(SPEC, backed, events).players[1].equipment == (0, 0, 0)
