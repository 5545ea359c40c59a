"""Negotiation: the climber may offer to pay part of an opponent's equipment requirement; the opponent answers;
an accepted offer is binding for the turn (rulebook: Other important notes, Negotiation and Timing)."""

from __future__ import annotations

from peaks_scenario import holding, ready, with_companion
from support.scenario import after, given, illegal, legal, then, when

from domain.games.peaks import SPEC
from domain.games.peaks.commands import (
    AcceptOffer,
    CallForTagAlongs,
    Climb,
    OfferEquipment,
    RejectOffer,
    StayBehind,
    TagAlong,
)
from domain.games.peaks.events import (
    ClimbPaid,
    EquipmentGained,
    EquipmentOffered,
    OfferAnswered,
    TagAlongsCalled,
    TaggedAlong,
)

# Ann climbs Kirkjufell (1 stamina, rope) with 2 ropes; Bo and Cy have none.
KIRKJUFELL = [*ready(3), *holding(0, "kirkjufell"), EquipmentGained(seat=0, equipment="rope"),
              EquipmentGained(seat=0, equipment="rope")]
NEGOTIATING = after(SPEC, KIRKJUFELL, (0, Climb(mountain="kirkjufell", side="left")))


def test_the_climber_may_offer_opponents_to_pay_their_equipment_or_call_for_tag_alongs() -> None:
    assert legal(SPEC, NEGOTIATING, 0) == [
        OfferEquipment(to_seat=1, equipment=("rope",)), OfferEquipment(to_seat=2, equipment=("rope",)),
        CallForTagAlongs()]


def test_an_offer_is_answered_by_the_other_player() -> None:
    events = when(SPEC, NEGOTIATING, 0, OfferEquipment(to_seat=2, equipment=("rope",)))
    then(events, EquipmentOffered(seat=0, to_seat=2, equipment=("rope",)))
    state = given(SPEC, NEGOTIATING, events)
    assert SPEC.to_act(state) == {2} and SPEC.legal_commands(state, 2) == [AcceptOffer(), RejectOffer()]


def test_an_accepted_offer_binds_the_opponent_to_tag_along_and_the_climber_pays_their_equipment() -> None:
    offered = after(SPEC, NEGOTIATING, (0, OfferEquipment(to_seat=1, equipment=("rope",))))
    events = when(SPEC, offered, 1, AcceptOffer())
    then(events[:3], OfferAnswered(seat=1, accepted=True), TagAlongsCalled(seat=0, asked=(1,)),
         TaggedAlong(seat=1, companions=()))
    assert ClimbPaid(seat=0, continent="europe", stamina=1, equipment=("rope", "rope"), companions=()) in events
    assert ClimbPaid(seat=1, continent="europe", stamina=1, equipment=(), companions=()) in events


def test_a_bound_opponent_may_not_stay_behind() -> None:
    bound = after(SPEC, [*KIRKJUFELL, with_companion(1, "boby")], (0, Climb(mountain="kirkjufell", side="left")),
                  (0, OfferEquipment(to_seat=1, equipment=("rope",))), (1, AcceptOffer()))
    assert legal(SPEC, bound, 1) == [TagAlong(companions=()), TagAlong(companions=("boby",))]
    illegal(SPEC, bound, 1, StayBehind(), match="binding")


def test_a_rejected_offer_binds_nobody_and_without_rope_the_opponent_is_not_asked() -> None:
    offered = after(SPEC, NEGOTIATING, (0, OfferEquipment(to_seat=1, equipment=("rope",))))
    events = when(SPEC, offered, 1, RejectOffer())
    assert events[0] == OfferAnswered(seat=1, accepted=False)
    assert SPEC.to_act(given(SPEC, offered, events)) == {0}


def test_one_offer_per_opponent_and_only_what_the_climber_can_pay_for() -> None:
    rejected = after(SPEC, NEGOTIATING, (0, OfferEquipment(to_seat=1, equipment=("rope",))), (1, RejectOffer()))
    illegal(SPEC, rejected, 0, OfferEquipment(to_seat=1, equipment=("rope",)), match="already made that player an offer")
    illegal(SPEC, NEGOTIATING, 0, OfferEquipment(to_seat=2, equipment=("camping",)), match="only pay part of the equipment")
    illegal(SPEC, NEGOTIATING, 0, OfferEquipment(to_seat=0, equipment=("rope",)), match="offers are made to opponents")
    poor = after(SPEC, [*ready(3), *holding(0, "kirkjufell"), EquipmentGained(seat=0, equipment="rope")],
                 (0, Climb(mountain="kirkjufell", side="left")))
    assert TagAlongsCalled(seat=0, asked=()) in poor  # nothing to offer: the call is made at once
