"""Rules version 3: hidden stays hidden, promises bind, Pic Boby is a mountain, the round cap only for bots
(RULINGS.md, Rules version 3).

- Climb 2; Rewards, Bonus card: who is asked to tag along (a public event, `TagAlongsCalled.asked`, and the step
  every view shows) is decided from what every seat sees: the size of a hand, never its cards.
- Other important notes, Negotiation: "any agreements are binding for that turn": an opponent who backed a climb
  is offered only what it can still pay with its promise, and the climber pays offers only for seats on the climb.
- Prepare (the example: "They choose to take Boby", step 1 "Gain 1 mountain"): Pic Boby is an A mountain.
- Game end: the book ends a game by a 16th flag only; the round cap is the service's, for bots-only tables.
"""

from __future__ import annotations

import pytest
from peaks_scenario import holding, ready, spent
from support.scenario import ScriptedRng, after, given, illegal, legal, of_type, when

from domain.core import InvalidCommand, SeatConfig, Table
from domain.games.peaks import SPEC, cards
from domain.games.peaks.commands import (
    AcceptOffer,
    CallForTagAlongs,
    Climb,
    DiscardBonusCard,
    OfferEquipment,
    Rest,
    StayBehind,
    TagAlong,
)
from domain.games.peaks.events import (
    BonusCardDiscarded,
    BonusCardDrawn,
    ClimbPaid,
    EquipmentGained,
    EquipmentOffered,
    GameEnded,
    OfferAnswered,
    StaminaGained,
    StayedBehind,
    TagAlongsCalled,
    TaggedAlong,
    TurnEnded,
)

PEN_Y_FAN = Climb(mountain="pen-y-fan", side="left")  # Europe, 2 stamina, no equipment


def safe() -> ScriptedRng:
    """Matterhorn needs 8 experience: eight danger dice, none showing the danger face."""
    return ScriptedRng((2,) * 8)


def cy_short_holding(card: str, rules_version: int | None = None) -> list:
    """Three seats in Europe; Cy (seat 2) has 1 stamina (Pen y Fan costs 2) and one hidden bonus card."""
    return [*ready(3, rules_version=rules_version), spent(2, 5), BonusCardDrawn(seat=2, card=card)]


# --- Climb 2; Bonus card: who is asked is public --------------------------------------------------------------


def test_new_games_are_played_under_rules_version_3() -> None:
    assert SPEC.rules_version == 3 and SPEC.rules_versions == (1, 2, 3)
    assert given(SPEC, ready()).rules_version == 3 and SPEC.view(given(SPEC, ready()), 0)["rules_version"] == 3


def test_who_is_asked_to_tag_along_does_not_depend_on_the_cards_in_a_hidden_hand() -> None:
    # The two tables differ only in Cy's hidden card: Africa Explorer (discard: 3 stamina, pays the tag-along) or
    # Antarctica Explorer (1 experience, does not). Ann and Bo cannot tell them apart, and nothing public differs.
    paying, useless = cy_short_holding("africa-explorer"), cy_short_holding("antarctica-explorer")
    called = [when(SPEC, table, 0, PEN_Y_FAN) for table in (paying, useless)]
    assert TagAlongsCalled(seat=0, asked=(1, 2)) in called[0] and TagAlongsCalled(seat=0, asked=(1, 2)) in called[1]
    assert called[0] == called[1]
    for seat in (0, 1, None):
        assert SPEC.view(given(SPEC, paying, called[0]), seat) == SPEC.view(given(SPEC, useless, called[1]), seat)
    # Bo stays behind; then Cy is asked at both tables, and the others still see the same.
    bo = [after(SPEC, [*table, *events], (1, StayBehind())) for table, events in zip((paying, useless), called)]
    assert SPEC.to_act(given(SPEC, bo[0])) == SPEC.to_act(given(SPEC, bo[1])) == {2}
    assert SPEC.view(given(SPEC, bo[0]), 1) == SPEC.view(given(SPEC, bo[1]), 1)
    assert SPEC.view(given(SPEC, bo[0]), 1)["step"]["kind"] == "tag_along"


def test_a_seat_asked_whose_cards_cannot_pay_stays_behind_and_one_whose_cards_can_may_discard_first() -> None:
    useless = after(SPEC, cy_short_holding("antarctica-explorer"), (0, PEN_Y_FAN), (1, StayBehind()))
    assert legal(SPEC, useless, 2) == [StayBehind(), DiscardBonusCard(card="antarctica-explorer")]
    assert StayedBehind(seat=2) in when(SPEC, useless, 2, StayBehind())
    illegal(SPEC, useless, 2, TagAlong(), match="cannot travel and pay")
    paying = after(SPEC, cy_short_holding("africa-explorer"), (0, PEN_Y_FAN), (1, StayBehind()),
                   (2, DiscardBonusCard(card="africa-explorer")))
    assert legal(SPEC, paying, 2) == [TagAlong(), StayBehind()]


def test_rules_version_2_asked_by_the_hidden_cards_and_keeps_doing_so() -> None:
    paying, useless = cy_short_holding("africa-explorer", 2), cy_short_holding("antarctica-explorer", 2)
    assert TagAlongsCalled(seat=0, asked=(1, 2)) in when(SPEC, paying, 0, PEN_Y_FAN)
    assert TagAlongsCalled(seat=0, asked=(1,)) in when(SPEC, useless, 0, PEN_Y_FAN)


def test_a_seat_with_no_bonus_cards_or_too_few_to_pay_is_not_asked() -> None:
    none = [*ready(3), spent(2, 5)]
    assert TagAlongsCalled(seat=0, asked=(1,)) in when(SPEC, none, 0, PEN_Y_FAN)
    # Mount Olympus costs 4; Cy has none left: no single bonus card gives more than 3 stamina.
    olympus = [*cy_short_holding("africa-explorer"), spent(2, 1), *holding(0, "mount-olympus")]
    assert TagAlongsCalled(seat=0, asked=(1,)) in when(SPEC, olympus, 0, Climb(mountain="mount-olympus", side="left"))
    two_cards = [*olympus, BonusCardDrawn(seat=2, card="globetrotter")]  # any two cards might give 3 + 3
    assert TagAlongsCalled(seat=0, asked=(1, 2)) in when(SPEC, two_cards, 0, Climb(mountain="mount-olympus",
                                                                                    side="left"))


def test_only_bonus_cards_outside_the_public_discard_pile_count_as_possible() -> None:
    # Mount Olympus costs 4. The three 3-stamina cards have been discarded where every seat saw them, so one card
    # can give Cy at most 2 stamina: with 1 stamina left she is not asked, with 2 she is.
    three = ("africa-explorer", "mastery", "south-america-explorer")
    gone = [event for card in three for event in (BonusCardDrawn(seat=1, card=card),
                                                   BonusCardDiscarded(seat=1, card=card, queued=()))]
    olympus = Climb(mountain="mount-olympus", side="left")
    for spent_stamina, asked in ((5, (1,)), (4, (1, 2))):
        table = [*ready(3), *holding(0, "mount-olympus"), spent(2, spent_stamina), *gone,
                 BonusCardDrawn(seat=2, card="oceania-explorer")]
        assert TagAlongsCalled(seat=0, asked=asked) in when(SPEC, table, 0, olympus)


def test_being_asked_to_back_a_climb_depends_on_public_equipment_only() -> None:
    # Negotiation: the opponents holding a missing equipment type are asked; equipment is on every public mat,
    # and a bonus card that would give a rope does not make its holder asked.
    kirkjufell = Climb(mountain="kirkjufell", side="left")  # Europe, 1 stamina, rope
    with_card = [*ready(3), *holding(0, "kirkjufell"), EquipmentGained(seat=1, equipment="rope"),
                 BonusCardDrawn(seat=2, card="asia-explorer")]  # discard: a rope
    without = [*ready(3), *holding(0, "kirkjufell"), EquipmentGained(seat=1, equipment="rope"),
               BonusCardDrawn(seat=2, card="globetrotter")]
    assert when(SPEC, with_card, 0, kirkjufell) == when(SPEC, without, 0, kirkjufell)
    assert legal(SPEC, with_card, 0) == legal(SPEC, without, 0)


# --- Negotiation: agreements bind for the turn ----------------------------------------------------------------

# Matterhorn (B, Europe, 9 stamina, ice axe and rope). Ann holds it with 2 ice axes and no rope; Bo and Cy have
# one rope each and no ice axe. Everyone has 10 stamina. Bo backs Ann's climb with his rope (Cy, asked next, is
# skipped: nothing is missing any more); Ann may then offer to pay one ice axe for an opponent.
MATTERHORN = Climb(mountain="matterhorn", side="left")
ROPED = [*ready(3), *holding(0, "matterhorn"), *(StaminaGained(seat=s, amount=4) for s in range(3)),
         EquipmentGained(seat=0, equipment="ice_axe"), EquipmentGained(seat=0, equipment="ice_axe"),
         EquipmentGained(seat=1, equipment="rope"), EquipmentGained(seat=2, equipment="rope")]
BACKED = after(SPEC, ROPED, (0, MATTERHORN), (1, OfferEquipment(to_seat=0, equipment=("rope",))))


def test_an_opponent_who_backed_a_climb_is_not_offered_what_it_could_not_pay_on_top_of_its_promise() -> None:
    # Bo promised his one rope to Ann's climb; paying his ice axe would still leave him without a rope of his own.
    assert SPEC.view(given(SPEC, BACKED), 0)["step"]["kind"] == "negotiate"
    assert legal(SPEC, BACKED, 0) == [OfferEquipment(to_seat=2, equipment=("ice_axe",)), CallForTagAlongs()]
    illegal(SPEC, BACKED, 0, OfferEquipment(to_seat=1, equipment=("ice_axe",)), match="could not tag along")


def test_under_rules_version_2_that_offer_was_made_accepted_and_paid_though_bo_could_not_come() -> None:
    v2 = [*ready(3, rules_version=2), *ROPED[len(ready(3)):]]
    backed = after(SPEC, v2, (0, MATTERHORN), (1, OfferEquipment(to_seat=0, equipment=("rope",))))
    assert OfferEquipment(to_seat=1, equipment=("ice_axe",)) in legal(SPEC, backed, 0)
    events = after(SPEC, backed, (0, OfferEquipment(to_seat=1, equipment=("ice_axe",))), (1, AcceptOffer()),
                   rng=safe())[len(backed):]
    assert TagAlongsCalled(seat=0, asked=()) in events  # Bo, bound to come, is never asked: he cannot pay
    assert ClimbPaid(seat=0, continent="europe", stamina=9, equipment=("ice_axe", "ice_axe"), companions=()) in events


def test_a_backer_who_can_pay_both_may_be_offered_accepts_and_is_bound_to_tag_along() -> None:
    two_ropes = [*ROPED, EquipmentGained(seat=1, equipment="rope")]
    backed = after(SPEC, two_ropes, (0, MATTERHORN), (1, OfferEquipment(to_seat=0, equipment=("rope",))))
    assert OfferEquipment(to_seat=1, equipment=("ice_axe",)) in legal(SPEC, backed, 0)
    events = after(SPEC, backed, (0, OfferEquipment(to_seat=1, equipment=("ice_axe",))), (1, AcceptOffer()),
                   rng=safe())[len(backed):]
    # Bound, Bo has one way to come and no staying behind: he tags along at once (Cy has no ice axe: not asked).
    assert events[2:4] == [TagAlongsCalled(seat=0, asked=(1,)), TaggedAlong(seat=1, companions=())]
    assert ClimbPaid(seat=0, continent="europe", stamina=9, equipment=("ice_axe", "ice_axe"), companions=()) in events
    assert ClimbPaid(seat=1, continent="europe", stamina=9, equipment=("rope",), companions=()) in events


def test_the_climber_pays_an_accepted_offer_only_for_a_seat_on_the_climb() -> None:
    # A log can hold an accepted offer to a seat that cannot come (a game recorded before version 3 was forked, or
    # any fact `evolve` is given): the climber does not pay equipment for a seat that is not on the climb.
    bound = [*BACKED, EquipmentOffered(seat=0, to_seat=1, equipment=("ice_axe",)), OfferAnswered(seat=1, accepted=True)]
    events = when(SPEC, bound, 0, CallForTagAlongs(), rng=safe())
    assert TagAlongsCalled(seat=0, asked=()) in events
    assert ClimbPaid(seat=0, continent="europe", stamina=9, equipment=("ice_axe",), companions=()) in events


# --- Prepare: Pic Boby is a mountain --------------------------------------------------------------------------


def test_pic_boby_is_an_a_mountain_in_africa_and_boby_no_companion_within_the_books_counts() -> None:
    boby = cards.mountains()["pic-boby"]
    assert (boby.name, boby.deck, boby.continent, boby.elevation_m) == ("Pic Boby", "A", "africa", 2658)
    assert "pic-boby" in cards.deck_of("A", 3) and "teide" not in cards.deck_of("A", 3)
    assert "boby" not in cards.companion_deck(3) and "maurice" in cards.companion_deck(3)
    assert (len(cards.deck_of("A", 3)), len(cards.deck_of("B", 3)), len(cards.companion_deck(3))) == (54, 46, 25)
    assert all(cards.companions()[c].name != "Boby" for c in cards.companion_deck(3))


def test_games_of_rules_versions_1_and_2_keep_the_decks_they_were_dealt() -> None:
    for version in (1, 2):
        assert "teide" in cards.deck_of("A", version) and "pic-boby" not in cards.deck_of("A", version)
        assert "boby" in cards.companion_deck(version) and "maurice" not in cards.companion_deck(version)
        assert (len(cards.deck_of("A", version)), len(cards.companion_deck(version))) == (54, 25)


def test_a_new_game_shuffles_pic_boby_into_the_a_deck_and_maurice_into_the_companions() -> None:
    table = Table(SPEC, SPEC.normalize_config([SeatConfig(name="a", bot="random")] * 2, {}), "boby")
    shuffled = {event.deck: event.order for event in table.events if type(event).__name__ == "DeckShuffled"}
    assert "pic-boby" in shuffled["A"] and "teide" not in shuffled["A"]
    assert "maurice" in shuffled["companions"] and "boby" not in shuffled["companions"]
    old = Table(SPEC, SPEC.normalize_config([SeatConfig(name="a", bot="random")] * 2, {}, 2), "boby")
    shuffled = {event.deck: event.order for event in old.events if type(event).__name__ == "DeckShuffled"}
    assert "teide" in shuffled["A"] and "boby" in shuffled["companions"]


# --- Game end: the round cap only at bots-only tables -------------------------------------------------------


def test_a_table_with_a_person_or_an_open_seat_has_no_round_cap_and_records_so() -> None:
    people = SPEC.normalize_config([SeatConfig(name="p"), SeatConfig(name="b", bot="guide")], {})
    bots = SPEC.normalize_config([SeatConfig(name="a", bot="guide"), SeatConfig(name="b", bot="random")], {})
    assert people.options == {"round_cap": 0} and bots.options == {"round_cap": 150}
    assert SPEC.normalize_config([SeatConfig(name="p")] * 2, {"round_cap": 40}).options == {"round_cap": 40}
    assert SPEC.options_schema["properties"]["round_cap"]["minimum"] == 0


def test_without_a_cap_the_game_goes_on_past_150_rounds() -> None:
    before = [*ready(), *(TurnEnded(seat=i % 2, next_seat=(i + 1) % 2) for i in range(299))]
    assert not of_type(when(SPEC, before, 1, Rest(choice="gain")), GameEnded)
    assert SPEC.view(given(SPEC, before), 0)["round_cap"] == 0


def test_a_bots_only_table_ends_at_its_recorded_cap() -> None:
    capped = [*ready(options={"round_cap": 150}), *(TurnEnded(seat=i % 2, next_seat=(i + 1) % 2) for i in range(299))]
    events = when(SPEC, capped, 1, Rest(choice="gain"))
    assert events[-1] == GameEnded(reason="round cap: every seat has taken 150 turns")


def test_older_rules_versions_have_no_round_cap_option_and_keep_the_cap_of_150() -> None:
    for version in (1, 2):
        assert SPEC.normalize_config([SeatConfig(name="p")] * 2, {}, version).options == {}
        with pytest.raises(InvalidCommand, match="from rules version 3"):
            SPEC.normalize_config([SeatConfig(name="p")] * 2, {"round_cap": 10}, version)
        before = [*ready(rules_version=version), *(TurnEnded(seat=i % 2, next_seat=(i + 1) % 2) for i in range(299))]
        assert when(SPEC, before, 1, Rest(choice="gain"))[-1] == GameEnded(
            reason="round cap: every seat has taken 150 turns")
