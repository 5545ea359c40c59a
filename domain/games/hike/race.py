"""The Race: huskies' movement points, equipment fields, rest, care cards and making camp.

Each command has one refusal predicate here, the reason the rules give against it now or None:
`decide` refuses with it and the listing keeps the candidates it allows (rules.py). A command's
events are emitted by the function of its name, once its predicate has allowed it.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.core import Command, Emitter
from domain.games.hike.cards import (
    EXPERIENCED_IDS,
    SNOW_OF,
    Field,
    Snow,
    is_double_care,
    is_equipment,
    is_experienced,
    is_single_care,
)
from domain.games.hike.commands import (
    CareForColumn,
    CareForHusky,
    EndTurn,
    PushThrough,
    RestHusky,
    StopBeforeField,
    UseEquipment,
    UseHusky,
)
from domain.games.hike.events import CareGiven, EquipmentFieldForced, EquipmentSpent, HuskyRan
from domain.games.hike.sled import column_slots, extra_point_snow, movement_points
from domain.games.hike.state import BOOK_RACE, EQUIPMENT, REST, RUN, HikeState, Spot, Step, care_lapses
from domain.games.hike.track import (
    Points,
    can_enter,
    pick_point,
    stretch,
    track_fields,
    without,
)

# Predicates and queries


def fields(state: HikeState) -> tuple[Field, ...]:
    return track_fields(state.landscapes)


def last_field(state: HikeState) -> int:
    return len(fields(state))


def has_finished(state: HikeState, seat: int) -> bool:
    return state.mushers[seat].position >= last_field(state)


def husky_points(state: HikeState, seat: int, slot: int) -> Points:
    """The points of the husky at `slot` for one use; an upgrade's extra point comes from resting neighbours only
    under rules version 1."""
    return movement_points(state.mushers[seat].sled, state.columns, slot, from_resting=state.rules_version < BOOK_RACE)


def can_ever_move(state: HikeState, seat: int) -> bool:
    """Whether the sled could move again on some day: overnight every cube comes off, resting is for good and the
    next field stays where it is, so a sled none of whose awake huskies has a point for that field never moves."""
    musher = state.mushers[seat]
    return not has_finished(state, seat) and any(
        spot.card is not None and is_experienced(spot.card) and not spot.resting
        and can_enter(husky_points(state, seat, slot), fields(state), musher.position)
        for slot, spot in enumerate(musher.sled))


def can_use_husky(state: HikeState, seat: int, slot: int) -> bool:
    """A ready experienced husky (no cube, not resting) with a point that matches the next field."""
    musher = state.mushers[seat]
    return _runs(state, musher.sled, slot, _next_snow(state, musher.position))


def _next_snow(state: HikeState, position: int) -> Snow | None:
    """The snow of the field after `position`; None past the last field."""
    track = fields(state)
    return track[position].snow if position < len(track) else None


def _runs(state: HikeState, sled: tuple[Spot, ...], slot: int, snow: Snow | None) -> bool:
    """`can_enter(husky_points(...), ...)` for a ready experienced husky, without building its points: a printed
    point matches `snow`, or the upgrade's extra one, which takes the snow types of the neighbours."""
    spot = sled[slot]
    card = spot.card
    if card is None or card not in EXPERIENCED_IDS or spot.tired or spot.resting or snow is None:
        return False
    return snow in SNOW_OF[card] or (spot.equipment is not None and snow in extra_point_snow(
        sled, state.columns, slot, from_resting=state.rules_version < BOOK_RACE))


_USABLE: tuple[HikeState | None, dict[int, tuple[int, ...]]] = (None, {})
"""The last state asked about and its seats' `usable_huskies`: the listing, `decide` and `advance` ask them of
the same state over and over. Held with the state itself (states are frozen), so it stands for that state only;
each caller works on the pair it read, so threads sharing the module never mix two states' answers."""


def usable_huskies(state: HikeState, seat: int) -> tuple[int, ...]:
    """The places of every husky `can_use_husky` allows (remembered for the last state asked about)."""
    global _USABLE
    last = _USABLE
    if last[0] is not state:
        last = _USABLE = (state, {})
    found = last[1].get(seat)
    if found is None:
        musher = state.mushers[seat]
        snow = _next_snow(state, musher.position)
        found = last[1][seat] = () if snow is None else tuple(
            slot for slot in range(len(musher.sled)) if _runs(state, musher.sled, slot, snow))
    return found


def single_care(state: HikeState, seat: int) -> str | None:
    """The single care card a CareForHusky spends: the lowest id (tokens last); where a drawn card lapses at the
    day's end (`care_lapses`), the card drawn for being far behind first."""
    return _care_to_spend(state, seat, is_single_care)


def double_care(state: HikeState, seat: int) -> str | None:
    return _care_to_spend(state, seat, is_double_care)


def _care_to_spend(state: HikeState, seat: int, kind: Callable[[str], bool]) -> str | None:
    musher = state.mushers[seat]
    drawn = musher.compulsory_care
    if care_lapses(state) and drawn is not None and drawn in musher.hand and kind(drawn):
        return drawn
    return next((card for card in musher.hand if kind(card)), None)


def tired_slots(state: HikeState, seat: int) -> tuple[int, ...]:
    """Huskies with a cube that are not resting: what a care card can refresh."""
    return tuple(slot for slot, spot in enumerate(state.mushers[seat].sled)
                 if spot.card and spot.tired and not spot.resting)


def tired_columns(state: HikeState, seat: int) -> tuple[int, ...]:
    tired = tired_slots(state, seat)
    columns = state.columns
    return tuple(column for column in range(columns) if any(slot in tired for slot in column_slots(column, columns)))


def step_of(state: HikeState, seat: int) -> Step:
    """Where the musher's moves of today stand: run, or a decision on an equipment field or on resting."""
    return state.mushers[seat].step


def care_slots(state: HikeState, seat: int) -> tuple[int, ...]:
    """Using care cards: only when no husky can be used; a single card refreshes one tired husky."""
    if step_of(state, seat) is not RUN or single_care(state, seat) is None or usable_huskies(state, seat):
        return ()
    return tired_slots(state, seat)


def care_columns(state: HikeState, seat: int) -> tuple[int, ...]:
    """A double care card refreshes the two huskies of a column with at least one tired."""
    if step_of(state, seat) is not RUN or double_care(state, seat) is None or usable_huskies(state, seat):
        return ()
    return tired_columns(state, seat)


def can_make_camp(state: HikeState, seat: int) -> bool:
    """A musher may stop for the day, but not while still holding the care card they must use today and could
    still come to use (End of the day: rules versions 1 and 3); where that card lapses at the day's end instead
    (version 2, or version 3 with `care_card_lapses`: days.py), at any time."""
    musher = state.mushers[seat]
    if musher.step is not RUN:
        return False
    if care_lapses(state):
        return True
    if musher.compulsory_care is None or musher.compulsory_care not in musher.hand:
        return True
    if usable_huskies(state, seat):
        return False
    usable = tired_columns(state, seat) if is_double_care(musher.compulsory_care) else tired_slots(state, seat)
    return not usable


def rest_choices(state: HikeState, seat: int) -> tuple[int, ...]:
    """Huskies that may be turned to rest: ready ones (youngsters too) first, else tired ones."""
    sled = state.mushers[seat].sled
    ready = tuple(slot for slot, spot in enumerate(sled) if spot.card and not spot.resting and not spot.tired)
    return ready or tuple(slot for slot, spot in enumerate(sled) if spot.card and not spot.resting)


def has_equipment(state: HikeState, seat: int) -> bool:
    return any(is_equipment(card) for card in state.mushers[seat].hand)


def has_race_choice(state: HikeState, seat: int) -> bool:
    """Whether the musher can still do anything but make camp (else the turn ends by itself)."""
    if step_of(state, seat) is not RUN:
        return True
    if has_finished(state, seat):
        return False
    return bool(usable_huskies(state, seat) or care_slots(state, seat) or care_columns(state, seat))


def race_candidates(state: HikeState, seat: int) -> list[Command]:
    """The commands of the musher's current Race step worth asking the predicates about, in listing order: care
    for tired huskies only when no husky can be used."""
    musher = state.mushers[seat]
    places = range(len(musher.sled))
    step = musher.step
    if step is RUN:
        if usable_huskies(state, seat):
            return [*(UseHusky(slot=slot) for slot in places), EndTurn()]
        # care cards are for when no husky can be used
        return [
            *(UseHusky(slot=slot) for slot in places),
            *(CareForHusky(slot=slot) for slot in tired_slots(state, seat)),
            *(CareForColumn(column=column) for column in tired_columns(state, seat)),
            EndTurn(),
        ]
    if step is EQUIPMENT:
        return [UseEquipment(), PushThrough(), StopBeforeField()]
    if step is REST:
        return [RestHusky(slot=slot) for slot in places]
    return []


# Refusals: one predicate per command

PENDING = {
    Step.EQUIPMENT: "first decide how to get onto the field that requires equipment",
    Step.REST: "first turn your huskies to the rest state",
}
NO_FIELD_AHEAD = "no field that requires equipment lies ahead of your husky"


def _pending(state: HikeState, seat: int) -> str:
    """What keeps a musher from running, caring or making camp: a decision of the last move."""
    return PENDING.get(step_of(state, seat), "not now")


def use_husky_refusal(state: HikeState, seat: int, command: UseHusky) -> str | None:
    """Using husky movement points: a ready experienced husky with a point that matches the next field."""
    musher = state.mushers[seat]
    if musher.step is not RUN:
        return _pending(state, seat)
    spot = musher.sled[command.slot]
    if spot.card is None or spot.card not in EXPERIENCED_IDS:
        return "only experienced huskies have movement points"
    if spot.resting:
        return "huskies in the rest state can not be used again"
    if spot.tired:
        return "this husky is tired: it has a cube on it"
    slot = command.slot  # a place of the sled (indexed above): `usable_huskies` holds it if `can_use_husky` does
    if not (slot in usable_huskies(state, seat) if slot >= 0 else can_use_husky(state, seat, slot)):
        return "to move onto a field you must spend a movement point identical to the one on it"
    return None


def equipment_refusal(state: HikeState, seat: int, command: UseEquipment) -> str | None:
    """Landscape cards that require equipment: an equipment card from the hand (the sled's do not count)."""
    if step_of(state, seat) is not EQUIPMENT:
        return NO_FIELD_AHEAD
    if not has_equipment(state, seat):
        return "you have no equipment card in your hand; equipment under huskies may not be used"
    return None


def push_through_refusal(state: HikeState, seat: int, command: PushThrough) -> str | None:
    """Pushing through: only before a field that requires equipment."""
    return NO_FIELD_AHEAD if step_of(state, seat) is not EQUIPMENT else None


def stop_refusal(state: HikeState, seat: int, command: StopBeforeField) -> str | None:
    """Stopping before the field: rules version 1 only (the book has no such choice)."""
    if state.rules_version >= BOOK_RACE:
        return ("a field that requires equipment is crossed with an equipment card or by pushing through; "
                "the book has no stopping before it")
    return NO_FIELD_AHEAD if step_of(state, seat) is not EQUIPMENT else None


def rest_refusal(state: HikeState, seat: int, command: RestHusky) -> str | None:
    """Turning a husky to rest after pushing through: ready ones without a cube first, youngsters included."""
    if step_of(state, seat) is not REST:
        return "huskies are turned to rest only after pushing through without equipment"
    if command.slot in rest_choices(state, seat):
        return None
    spot = state.mushers[seat].sled[command.slot]
    if spot.card is None or spot.resting:
        return "there is no husky to turn on that place"
    return "you must start with ready huskies that have no cube on them"


def _care_refusal(state: HikeState, seat: int) -> str | None:
    """Using care cards: when no decision is pending and no husky can be used."""
    if step_of(state, seat) is not RUN:
        return _pending(state, seat)
    if usable_huskies(state, seat):
        return "care cards can only be used when no husky can be used"
    return None


def care_refusal(state: HikeState, seat: int, command: CareForHusky) -> str | None:
    """A single care card takes the cube off one tired husky."""
    blocked = _care_refusal(state, seat)
    if blocked is not None:
        return blocked
    if single_care(state, seat) is None:
        return "you have no single care card in your hand"
    if command.slot not in tired_slots(state, seat):
        return "a care card takes the cube off a tired husky"
    return None


def column_care_refusal(state: HikeState, seat: int, command: CareForColumn) -> str | None:
    """A double care card takes the cubes off the tired huskies of one column."""
    blocked = _care_refusal(state, seat)
    if blocked is not None:
        return blocked
    if double_care(state, seat) is None:
        return "you have no double care card in your hand"
    if command.column not in tired_columns(state, seat):
        return "a double care card takes the cubes off tired huskies in one column"
    return None


def camp_refusal(state: HikeState, seat: int, command: EndTurn) -> str | None:
    """Making camp for the night: not while a decision is pending or the drawn care card must still be used."""
    if step_of(state, seat) is not RUN:
        return _pending(state, seat)
    if not can_make_camp(state, seat):
        return "you need to use the care card you drew today, when no husky can be used"
    return None


# Events, once the command's predicate allows it


def _run(emitter: Emitter[HikeState], seat: int, slot: int, points: Points) -> None:
    """Spend `points` of the husky at `slot` as far as they go; no event if they cannot move at all."""
    state = emitter.state
    leg = stretch(points, fields(state), state.mushers[seat].position)
    if leg.spent or leg.at_equipment:
        emitter.emit(HuskyRan(seat=seat, slot=slot, spent=leg.spent, position=leg.position, remaining=leg.remaining))


def use_husky(emitter: Emitter[HikeState], seat: int, command: UseHusky) -> None:
    """Using husky movement points: all of one husky's points at once, as far as they match the track."""
    _run(emitter, seat, command.slot, husky_points(emitter.state, seat, command.slot))


def use_equipment(emitter: Emitter[HikeState], seat: int, command: UseEquipment) -> None:
    """Landscape cards that require equipment: spend the point and discard an equipment card, go on."""
    state = emitter.state
    run = state.mushers[seat].run
    assert run is not None
    equipment = sorted(card for card in state.mushers[seat].hand if is_equipment(card))
    position = state.mushers[seat].position
    snow = fields(state)[position].snow
    index = pick_point(run.points, snow)
    assert index is not None
    emitter.emit(EquipmentSpent(seat=seat, card=equipment[0], snow=snow, position=position + 1))
    _run(emitter, seat, run.slot, without(run.points, index))


def push_through(emitter: Emitter[HikeState], seat: int, command: PushThrough) -> None:
    """Without equipment: move onto the field, stop there, and turn 2 huskies to rest."""
    state = emitter.state
    position = state.mushers[seat].position
    resting = sum(1 for spot in state.mushers[seat].sled if spot.card and not spot.resting)
    emitter.emit(EquipmentFieldForced(seat=seat, snow=fields(state)[position].snow, position=position + 1,
                                      rests=min(2, resting)))


def care_for_husky(emitter: Emitter[HikeState], seat: int, command: CareForHusky) -> None:
    """Using care cards: a single care card takes the cube off one husky."""
    card = single_care(emitter.state, seat)
    assert card is not None
    emitter.emit(CareGiven(seat=seat, card=card, slots=(command.slot,)))


def care_for_column(emitter: Emitter[HikeState], seat: int, command: CareForColumn) -> None:
    """Double care: the cubes come off both huskies of a column (one if only one is tired)."""
    state = emitter.state
    card = double_care(state, seat)
    assert card is not None
    tired = tuple(slot for slot in column_slots(command.column, state.columns) if slot in tired_slots(state, seat))
    emitter.emit(CareGiven(seat=seat, card=card, slots=tired))
