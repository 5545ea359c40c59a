"""The climb action: requirements, tagging along, negotiation, the danger roll and the rewards.

Rulebook: Climb 1-3, Requirements, Companions, Negotiation, Timing.
"""

from __future__ import annotations

import itertools
from collections import Counter

from domain.core import Event, Rng, Value
from domain.games.peaks import cards
from domain.games.peaks.cards import Mountain
from domain.games.peaks.events import BackingPaid, ClimbPaid, ClimbResolved, DangerRolled
from domain.games.peaks.state import (
    Expedition,
    Mountaineer,
    Offer,
    State,
    Step,
    StepKind,
)


class Cost(Value, kw_only=True):
    """What one seat pays for its own place on a climb."""

    stamina: int
    equipment: tuple[str, ...]


def abilities(companions: tuple[str, ...]) -> list[cards.Ability]:
    table = cards.companions()
    return [table[c].ability for c in companions if c in table]


def own_cost(player: Mountaineer, mountain: Mountain, companions: tuple[str, ...],
             covered: tuple[str, ...] = ()) -> Cost | None:
    """The seat's stamina and equipment for `mountain`, or None when acclimatisation rules it out.

    Brought companions lower the cost through their abilities; `covered` equipment is paid by the climber
    under an accepted offer.
    """
    brought = abilities(companions)
    if (mountain.acclimatisation and player.continent != mountain.continent
            and not any(a.kind == "acclimatised" for a in brought)):
        return None
    discount = sum(a.amount for a in brought if a.kind == "stamina_discount")
    waived = {a.equipment for a in brought if a.kind == "equipment_waiver"}
    equipment = tuple(kind for kind in mountain.equipment if kind not in waived and kind not in covered)
    return Cost(stamina=max(0, mountain.stamina - discount), equipment=equipment)


def can_pay(player: Mountaineer, cost: Cost | None, extra: tuple[str, ...] = ()) -> bool:
    """Enough stamina, and one of each required equipment (plus `extra` paid for opponents)?"""
    if cost is None or player.stamina < cost.stamina:
        return False
    needed = cost.equipment + extra
    return all(player.equipment[i] >= needed.count(kind) for i, kind in enumerate(cards.board().equipment))


def companion_sets(player: Mountaineer) -> list[tuple[str, ...]]:
    """Every set of the seat's companions it could bring, smallest first, in mat order."""
    ids = [slot.companion for slot in player.companions]
    return [combo for size in range(len(ids) + 1) for combo in itertools.combinations(ids, size)]


FEASIBLE: dict[tuple, tuple[tuple[str, ...], ...]] = {}
"""`feasible_sets` of the catalogue's mountains by what they depend on (the mountain, and the seat's continent,
stamina, equipment and companions; their uses too, which makes the key finer than needed but quick to build):
listings and playouts ask them over and over of the same mats."""
FEASIBLE_MAX = 200_000  # entries before the memo is emptied


def feasible_sets(player: Mountaineer, mountain: Mountain, covered: tuple[str, ...] = (),
                  extra: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The companion sets with which the seat meets its own requirements."""
    if cards.mountains().get(mountain.id) is not mountain:  # not the catalogue's card: no memo
        return _feasible(player, mountain, covered, extra)
    key = (mountain.id, player.continent, player.stamina, player.equipment, player.companions, tuple(covered),
           tuple(extra))
    found = FEASIBLE.get(key)
    if found is None:
        if len(FEASIBLE) >= FEASIBLE_MAX:
            FEASIBLE.clear()
        found = FEASIBLE[key] = tuple(_feasible(player, mountain, covered, extra))
    return list(found)


def _feasible(player: Mountaineer, mountain: Mountain, covered: tuple[str, ...],
              extra: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [s for s in companion_sets(player) if can_pay(player, own_cost(player, mountain, s, covered), extra)]


def can_climb(player: Mountaineer, mountain_id: str) -> bool:
    """Climb step 1-2: one of your mountains whose requirements you can meet (with some companions)."""
    mountain = cards.mountains().get(mountain_id)
    return mountain is not None and mountain_id in player.mountains and bool(feasible_sets(player, mountain))


def offered_equipment(expedition: Expedition, include_pending: bool = True) -> tuple[str, ...]:
    """All equipment the climber has promised (accepted offers, and pending ones if asked)."""
    return tuple(kind for offer in expedition.offers
                 if offer.accepted or (include_pending and offer.accepted is None) for kind in offer.equipment)


def offers_paid(state: State) -> tuple[str, ...]:
    """The equipment the climber pays for opponents at the climb: every accepted offer; from rules version 3 only
    those to seats on the climb (Negotiation: the agreement was to tag along)."""
    expedition = state.expedition
    assert expedition is not None
    roped = {r.seat for r in expedition.party}
    return tuple(kind for offer in expedition.offers
                 if offer.accepted and (not state.public_asking or offer.seat in roped) for kind in offer.equipment)


def accepted_offer(expedition: Expedition, seat: int) -> Offer | None:
    return next((o for o in expedition.offers if o.seat == seat and o.accepted), None)


def backed_equipment(expedition: Expedition) -> tuple[str, ...]:
    """Rules version 2: the climber's equipment that backers have agreed to pay."""
    return tuple(kind for backing in expedition.backing for kind in backing.equipment)


def backing_kit(expedition: Expedition, seat: int) -> tuple[str, ...]:
    """The equipment `seat` agreed to pay for the climber (nothing if it did not back the climb)."""
    return tuple(kind for backing in expedition.backing if backing.seat == seat for kind in backing.equipment)


def climber_cost(state: State) -> Cost | None:
    expedition = state.expedition
    assert expedition is not None
    player = state.players[expedition.climber]
    return own_cost(player, cards.mountains()[expedition.mountain], expedition.party[0].companions,
                    covered=backed_equipment(expedition))


def holds(player: Mountaineer, kind: str) -> bool:
    return player.equipment[cards.board().equipment.index(kind)] >= 1


def missing_equipment(player: Mountaineer, mountain: Mountain) -> tuple[str, ...]:
    """The mountain's equipment types of which the seat has none."""
    return tuple(kind for kind in mountain.equipment if not holds(player, kind))


def backers(state: State, climber: int, missing: tuple[str, ...]) -> tuple[int, ...]:
    """Negotiation (rules version 2): opponents, in turn order, holding some of the equipment the climber lacks."""
    return tuple(seat for seat in opponents_in_order(state, climber)
                 if any(holds(state.players[seat], kind) for kind in missing))


def can_be_backed(state: State, seat: int, mountain_id: str) -> bool:
    """Rules version 2: a mountain the seat cannot equip alone, but could climb if opponents paid what it lacks.

    Negotiation lets any player pay part of another's equipment to encourage a climb: the climb is listed when
    the opponents between them hold every missing type (asked once a turn for each mountain).
    """
    player = state.players[seat]
    mountain = cards.mountains().get(mountain_id)
    if (not state.book_choices or mountain is None or mountain_id not in player.mountains
            or mountain_id in state.unbacked or can_climb(player, mountain_id)):
        return False
    missing = missing_equipment(player, mountain)
    opponents = [state.players[other] for other in opponents_in_order(state, seat)]
    return (bool(missing) and all(any(holds(other, kind) for other in opponents) for kind in missing)
            and bool(feasible_sets(player, mountain, covered=missing)))


def still_missing(state: State, step: Step) -> tuple[str, ...]:
    """What a `BACK_CLIMB` step's climb still lacks: the types asked for less those already backed."""
    expedition = state.expedition
    backed = backed_equipment(expedition) if expedition is not None else ()
    return tuple(kind for kind in step.cards if kind not in backed)


def backing_options(state: State, step: Step) -> list[tuple[str, ...]]:
    """The kits the asked opponent may agree to pay: any non-empty set of the still-missing types it holds."""
    player = state.players[step.seat]
    mine = [kind for kind in still_missing(state, step) if holds(player, kind)]
    return [combo for size in range(1, len(mine) + 1) for combo in itertools.combinations(mine, size)]


def opponents_in_order(state: State, climber: int) -> list[int]:
    """Timing: decide in player order from the current player."""
    return [(climber + k) % state.seats for k in range(1, state.seats)]


def offer_refusal(state: State, to_seat: int, kit: tuple[str, ...]) -> str | None:
    """Why the climber may not offer to pay `kit` of `to_seat`'s requirement, or None if they may.

    Negotiation: one offer to each opponent per turn, for part of the mountain's equipment, that the
    climber can pay on top of their own climb and earlier offers, and that lets the opponent tag along (from rules
    version 3 on top of what it promised by backing the climb).
    """
    expedition = state.expedition
    assert expedition is not None
    mountain = cards.mountains()[expedition.mountain]
    if to_seat == expedition.climber:
        return "offers are made to opponents"
    if any(offer.seat == to_seat for offer in expedition.offers):
        return "you have already made that player an offer this turn"
    if not kit or len(set(kit)) != len(kit) or any(kind not in mountain.equipment for kind in kit):
        return f"you can only pay part of the equipment {mountain.name} requires"
    if not can_pay(state.players[expedition.climber], climber_cost(state), offered_equipment(expedition) + kit):
        return "you do not have the equipment to pay for your own climb and your offers"
    if not feasible_sets(state.players[to_seat], mountain, covered=kit, extra=promised(state, to_seat)):
        return "that player could not tag along even with this help"
    return None


def promised(state: State, seat: int) -> tuple[str, ...]:
    """Rules version 3: the equipment `seat` already promised the climber by backing the climb, which an offer to it
    must leave it able to pay (Negotiation: agreements bind for the turn); nothing before version 3."""
    expedition = state.expedition
    return backing_kit(expedition, seat) if state.public_asking and expedition is not None else ()


def offer_options(state: State) -> list[tuple[int, tuple[str, ...]]]:
    """Negotiation: every (opponent, equipment) offer the climber may make now, in turn order."""
    expedition = state.expedition
    if expedition is None:
        return []
    equipment = cards.mountains()[expedition.mountain].equipment
    return [
        (seat, combo)
        for seat in opponents_in_order(state, expedition.climber)
        for size in range(1, len(equipment) + 1)
        for combo in itertools.combinations(equipment, size)
        if offer_refusal(state, seat, combo) is None
    ]


def tag_along_sets(state: State, seat: int) -> list[tuple[str, ...]]:
    """The companion sets with which `seat` can tag along on this climb (an accepted offer covers equipment)."""
    expedition = state.expedition
    if expedition is None or seat == expedition.climber:
        return []
    offer = accepted_offer(expedition, seat)
    covered = offer.equipment if offer else ()
    return feasible_sets(state.players[seat], cards.mountains()[expedition.mountain], covered=covered,
                         extra=backing_kit(expedition, seat))


def reward_steps(kind: str, seat: int, continent: str) -> tuple[Step, ...]:
    """The step that gains one reward symbol (rulebook: Rewards)."""
    return {
        "flag": (Step(kind=StepKind.FLAG, seat=seat, amount=1, continent=continent),),
        "bonus": (Step(kind=StepKind.DRAW_BONUS, seat=seat),),
        "experience": (Step(kind=StepKind.EXPERIENCE, seat=seat, amount=1),),
        "companion": (Step(kind=StepKind.DRAW_COMPANIONS, seat=seat),),
        "stamina_level": (Step(kind=StepKind.STAMINA_LEVEL, seat=seat, amount=1),),
        "upgrade": (Step(kind=StepKind.UPGRADE, seat=seat),),
    }.get(kind, ())


REWARD_COUNTS: dict[tuple[str, ...], dict[str, int]] = {}  # `reward_counts` by entries (a few dozen at most)


def reward_counts(entries: tuple[str, ...]) -> dict[str, int]:
    """A `REWARDS` step's entries as {kind: count}, in the order each kind first appears."""
    found = REWARD_COUNTS.get(entries)
    if found is None:
        if len(REWARD_COUNTS) >= 10_000:
            REWARD_COUNTS.clear()
        found = REWARD_COUNTS[entries] = dict(Counter(entries))
    return dict(found)


#: The climb rewards gained as one step of an amount (a flag, a track); the others are a step each (a draw, a choice).
COUNTED_REWARDS = {"flag": StepKind.FLAG, "experience": StepKind.EXPERIENCE, "stamina_level": StepKind.STAMINA_LEVEL,
                   "stamina": StepKind.STAMINA}


def taken_steps(kind: str, count: int, seat: int, continent: str) -> tuple[Step, ...]:
    """Rules version 2: the steps that gain `count` of one kind of climb reward (Rewards)."""
    if kind in COUNTED_REWARDS:
        where = continent if kind == "flag" else ""
        return (Step(kind=COUNTED_REWARDS[kind], seat=seat, amount=count, continent=where),)
    return reward_steps(kind, seat, continent) * count


def climb_experience(climber: Mountaineer) -> int:
    """Climb step 3: everyone on the climb gains the experience shown by the climber's climb dial."""
    dial = cards.mat().actions["climb"].dial
    return dial[min(climber.dials[2], len(dial) - 1)]


def team_experience(state: State, expedition: Expedition) -> int:
    """Experience requirement: everyone's experience plus that of every companion brought."""
    table = cards.companions()
    return sum(state.players[r.seat].experience + sum(table[c].experience for c in r.companions if c in table)
               for r in expedition.party)


def resolve_climb(state: State, rng: Rng) -> list[Event]:
    """Travel and pay, roll the danger die once per missing experience, and queue everyone's rewards."""
    expedition = state.expedition
    assert expedition is not None
    mountain = cards.mountains()[expedition.mountain]
    events: list[Event] = [BackingPaid(seat=backing.seat, to_seat=expedition.climber, equipment=backing.equipment)
                           for backing in expedition.backing]
    for roped in expedition.party:
        player = state.players[roped.seat]
        offer = accepted_offer(expedition, roped.seat)
        covered = offer.equipment if offer else ()
        if roped.seat == expedition.climber:
            covered = backed_equipment(expedition)
        cost = own_cost(player, mountain, roped.companions, covered)
        assert cost is not None
        paid_for_others = offers_paid(state) if roped.seat == expedition.climber else ()
        events.append(ClimbPaid(seat=roped.seat, continent=mountain.continent, stamina=cost.stamina,
                                equipment=cost.equipment + paid_for_others, companions=roped.companions))
    shortfall = max(0, mountain.experience - team_experience(state, expedition))
    board = cards.board()
    danger = False
    if shortfall:
        rolls = rng.dice(shortfall, board.die_faces)
        danger = any(roll in board.danger_faces for roll in rolls)
        events.append(DangerRolled(seat=expedition.climber, rolls=rolls, danger=danger))
    gain = climb_experience(state.players[expedition.climber])
    other = "right" if expedition.side == "left" else "left"
    queued: list[Step] = []
    for roped in expedition.party:
        brought = abilities(roped.companions)
        side = expedition.side if roped.seat == expedition.climber else other
        sure_footed = any(a.kind == "sure_footed" for a in brought)
        gains = [reward.kind for reward in mountain.rewards(side) if not (reward.green and danger and not sure_footed)]
        experience = gain + sum(a.amount for a in brought if a.kind == "experience_after")
        stamina = sum(a.amount for a in brought if a.kind == "stamina_after")
        if state.book_choices:
            entries = ("experience",) * experience + tuple(gains) + ("stamina",) * stamina
            queued.append(Step(kind=StepKind.REWARDS, seat=roped.seat, cards=entries, continent=mountain.continent))
            continue
        queued.append(Step(kind=StepKind.EXPERIENCE, seat=roped.seat, amount=experience))
        for kind in gains:
            queued.extend(reward_steps(kind, roped.seat, mountain.continent))
        if stamina:
            queued.append(Step(kind=StepKind.STAMINA, seat=roped.seat, amount=stamina))
    events.append(ClimbResolved(seat=expedition.climber, mountain=mountain.id, side=expedition.side,
                                party=tuple(r.seat for r in expedition.party), danger=danger, queued=tuple(queued)))
    return events
