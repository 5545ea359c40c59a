"""How the facts of a climb change the state: the party, offers and backing, payment, the climb's resolution and
its rewards (the rest of evolve is in evolve.py).

Like every applier, these only apply: no randomness, no rule checks; an event of a climb with none under way, or
naming a seat not at the table, raises. Rulebook: Climb 1-3, Negotiation, Rewards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.core import Event
from domain.games.peaks import cards
from domain.games.peaks.decks import discarded, without
from domain.games.peaks.events import (
    BackingAsked,
    BackingPaid,
    ClimbBacked,
    ClimbPaid,
    ClimbResolved,
    ClimbUnbacked,
    CompanionsBrought,
    DangerRolled,
    EquipmentOffered,
    OfferAnswered,
    RewardDeclined,
    RewardTaken,
    TagAlongsCalled,
    TaggedAlong,
)
from domain.games.peaks.state import (
    Expedition,
    Mountaineer,
    Offer,
    Roped,
    State,
    Step,
    StepKind,
    check_seat,
    put,
    with_mat,
)


def _expedition(state: State) -> Expedition:
    """The climb under way (an event of the climb with none under way is no event of this game)."""
    if state.expedition is None:
        raise ValueError("no climb is under way")
    return state.expedition


def _companions_brought(state: State, event: CompanionsBrought) -> State:
    expedition = _expedition(state)
    party = (Roped(seat=event.seat, companions=event.companions),) + expedition.party[1:]
    return replace(state, expedition=replace(expedition, party=party), steps=state.steps[1:])


def _offered(state: State, event: EquipmentOffered) -> State:
    check_seat(state, event.to_seat)
    expedition = _expedition(state)
    offers = expedition.offers + (Offer(seat=event.to_seat, equipment=event.equipment),)
    answer = Step(kind=StepKind.ANSWER_OFFER, seat=event.to_seat)
    return replace(state, expedition=replace(expedition, offers=offers), steps=(answer,) + state.steps)


def _answered(state: State, event: OfferAnswered) -> State:
    expedition = _expedition(state)
    offers = tuple(replace(offer, accepted=event.accepted) if offer.seat == event.seat and offer.accepted is None
                   else offer for offer in expedition.offers)
    return replace(state, expedition=replace(expedition, offers=offers), steps=state.steps[1:])


def _called(state: State, event: TagAlongsCalled) -> State:
    for seat in event.asked:
        check_seat(state, seat)
    asked = tuple(Step(kind=StepKind.TAG_ALONG, seat=seat) for seat in event.asked)
    return replace(state, steps=asked + state.steps[1:])


def _tagged_along(state: State, event: TaggedAlong) -> State:
    expedition = _expedition(state)
    party = expedition.party + (Roped(seat=event.seat, companions=event.companions),)
    return replace(state, expedition=replace(expedition, party=party), steps=state.steps[1:])


def _less_equipment(player: Mountaineer, spent: tuple[str, ...]) -> tuple[int, ...]:
    """The seat's equipment counts after paying one of each type in `spent` (a type named twice, two)."""
    return tuple(count - spent.count(kind) for kind, count in zip(cards.board().equipment, player.equipment))


def _climb_paid(state: State, event: ClimbPaid) -> State:
    player = state.players[event.seat]
    equipment = _less_equipment(player, event.equipment)
    slots, gone = [], []
    for slot in player.companions:
        if slot.companion not in event.companions:
            slots.append(slot)
        elif slot.uses > 1:
            slots.append(replace(slot, uses=slot.uses - 1))
        else:
            gone.append(slot.companion)
    players = with_mat(state, event.seat, continent=event.continent, stamina=player.stamina - event.stamina,
                       equipment=equipment, companions=tuple(slots))
    if not gone:
        return replace(state, players=players)
    supply = replace(state.supply, companion_discard=state.supply.companion_discard + tuple(gone))
    return replace(state, players=players, supply=supply)


def _climb_resolved(state: State, event: ClimbResolved) -> State:
    climbs = state.climbs + 1
    players = with_mat(state, event.seat, mountains=without(state.players[event.seat].mountains, (event.mountain,)))
    for seat in event.party:
        check_seat(state, seat)
        if players[seat].first_summit is None:
            players = put(players, seat, replace(players[seat], first_summit=climbs))
    supply = replace(state.supply, **discarded(state.supply, event.mountain))
    return replace(state, players=players, supply=supply, climbs=climbs, expedition=None,
                   steps=event.queued + state.steps[1:])


def _danger_rolled(state: State, event: DangerRolled) -> State:
    """The roll changes nothing by itself: ClimbResolved carries its outcome (`danger`)."""
    return state


def _rewards_left(state: State, event: RewardTaken | RewardDeclined) -> tuple[Step, ...]:
    """The steps after a kind of reward is taken or declined: the `REWARDS` step keeps the other kinds."""
    head = state.steps[0] if state.steps else None
    if head is None or head.kind is not StepKind.REWARDS:
        raise ValueError(f"{event.TYPE} with no rewards waiting")
    left = tuple(kind for kind in head.cards if kind != event.reward)
    return ((replace(head, cards=left),) if left else ()) + state.steps[1:]


def _reward_taken(state: State, event: RewardTaken) -> State:
    return replace(state, steps=event.queued + _rewards_left(state, event))


def _reward_declined(state: State, event: RewardDeclined) -> State:
    return replace(state, steps=_rewards_left(state, event))


def _backing_asked(state: State, event: BackingAsked) -> State:
    for seat in event.asked:
        check_seat(state, seat)
    expedition = Expedition(climber=event.seat, mountain=event.mountain, side=event.side,
                            party=(Roped(seat=event.seat, companions=()),))
    asked = tuple(Step(kind=StepKind.BACK_CLIMB, seat=seat, cards=event.missing) for seat in event.asked)
    return replace(state, expedition=expedition, steps=asked + (Step(kind=StepKind.RESOLVE_BACKING, seat=event.seat),))


def _climb_backed(state: State, event: ClimbBacked) -> State:
    check_seat(state, event.to_seat)
    expedition = _expedition(state)
    backing = expedition.backing + (Offer(seat=event.seat, equipment=event.equipment, accepted=True),)
    return replace(state, expedition=replace(expedition, backing=backing), steps=state.steps[1:])


def _climb_unbacked(state: State, event: ClimbUnbacked) -> State:
    return replace(state, expedition=None, steps=(), unbacked=state.unbacked + (event.mountain,))


def _backing_paid(state: State, event: BackingPaid) -> State:
    check_seat(state, event.to_seat)
    equipment = _less_equipment(state.players[event.seat], event.equipment)
    return replace(state, players=with_mat(state, event.seat, equipment=equipment))


EXPEDITION_APPLY: dict[type[Event], Callable[[State, Any], State]] = {
    CompanionsBrought: _companions_brought,
    EquipmentOffered: _offered,
    OfferAnswered: _answered,
    TagAlongsCalled: _called,
    TaggedAlong: _tagged_along,
    ClimbPaid: _climb_paid,
    DangerRolled: _danger_rolled,
    ClimbResolved: _climb_resolved,
    RewardTaken: _reward_taken,
    RewardDeclined: _reward_declined,
    BackingAsked: _backing_asked,
    ClimbBacked: _climb_backed,
    ClimbUnbacked: _climb_unbacked,
    BackingPaid: _backing_paid,
}
