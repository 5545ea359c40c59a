"""evolve: apply one recorded event to the state. No randomness, no validation, never raises."""

from __future__ import annotations

from typing import assert_never

from msgspec.structs import replace

from domain.core import Event, GameCreated
from domain.games.hike.cards import DOUBLE_CARE, PILE_SINGLE_CARE, TOKEN_PREFIX
from domain.games.hike.events import (
    ActionSkipped,
    CardDrafted,
    CardsDealt,
    CardsOpened,
    CareCardDrawn,
    CareCardTaken,
    CareGiven,
    CarePileShuffled,
    DayEnded,
    DayStarted,
    EquipmentFieldForced,
    EquipmentSpent,
    HuskiesHandedIn,
    HuskyDeckShuffled,
    HuskyDrafted,
    HuskyPlaced,
    HuskyRan,
    HuskyRested,
    HuskySwappedOut,
    HuskyUpgraded,
    LandscapesShuffled,
    LandscapeTurned,
    MovementStopped,
    PreparationsEnded,
    RaceEnded,
    ReadyDeclared,
    TurnEnded,
    YoungsterPlaced,
)
from domain.games.hike.sled import ROWS, columns_for
from domain.games.hike.state import (
    COUNTDOWN_DAYS,
    HikeState,
    Musher,
    Phase,
    Run,
    Spot,
    Step,
    with_musher,
    with_spot,
)
from domain.games.hike.track import rotated_place


def initial_state(names: tuple[str, ...]) -> HikeState:
    """Game setup 4-6: care piles (single on top of two doubles), +1 cards and empty sleds."""
    seats = len(names)
    columns = columns_for(seats)
    mushers = tuple(
        Musher(care_pile=(PILE_SINGLE_CARE[seat], DOUBLE_CARE[2 * seat], DOUBLE_CARE[2 * seat + 1]),
               sled=(Spot(),) * (ROWS * columns))
        for seat in range(seats)
    )
    return HikeState(
        names=names,
        columns=columns,
        rotated=rotated_place(seats),
        mushers=mushers,
        side_care=(*PILE_SINGLE_CARE[seats:], *DOUBLE_CARE[2 * seats:]),
    )


def _remove(cards: tuple[str, ...], taken: tuple[str, ...] | str) -> tuple[str, ...]:
    """`cards` without one copy of each taken card (missing ones are ignored)."""
    remaining = list(cards)
    for card in (taken,) if isinstance(taken, str) else taken:
        if card in remaining:
            remaining.remove(card)
    return tuple(remaining)


def _add(hand: tuple[str, ...], *cards: str) -> tuple[str, ...]:
    return tuple(sorted((*hand, *cards)))


def _seat_ok(state: HikeState, seat: int | None) -> bool:
    return seat is not None and 0 <= seat < len(state.mushers)


def _slot_ok(state: HikeState, seat: int, slot: int) -> bool:
    return _seat_ok(state, seat) and 0 <= slot < len(state.mushers[seat].sled)


def _place(state: HikeState, seat: int, slot: int, card: str, **changes: object) -> HikeState:
    if not _slot_ok(state, seat, slot):
        return state
    musher = state.mushers[seat]
    return with_musher(state, seat, sled=with_spot(musher.sled, slot, card=card), **changes)


def _after_turn(state: HikeState) -> HikeState:
    step = Step.OPEN if state.phase is Phase.PREPARATIONS else Step.RUN
    return replace(state, turn=state.turn + 1, step=step, bonus_used=False, run=None, rests_due=0)


def _prepare(state: HikeState, event: Event) -> HikeState:
    """The events of setup and of Preparations."""
    match event:
        case LandscapesShuffled(track=track):
            return replace(state, landscapes=track)
        case HuskyDeckShuffled(order=order):
            return replace(state, deck=order)
        case CardsDealt(seat=seat, cards=cards) if _seat_ok(state, seat):
            state = replace(state, deck=_remove(state.deck, cards))
            return with_musher(state, seat, hand=_add(state.mushers[seat].hand, *cards))
        case CardsOpened(seat=seat, cards=cards, plus_cards=plus):
            state = replace(state, deck=_remove(state.deck, cards), centre=(*state.centre, *cards))
            if seat is None or not _seat_ok(state, seat):
                return state
            state = with_musher(state, seat, plus_cards=max(0, state.mushers[seat].plus_cards - plus))
            return replace(state, step=Step.ACTION)
        case LandscapeTurned(place=place):
            return replace(state, turned=max(state.turned, place))
        case HuskyDrafted(seat=seat, card=card, slot=slot):
            return replace(_place(state, seat, slot, card), centre=_remove(state.centre, card), step=Step.BONUS)
        case CardDrafted(seat=seat, card=card) if _seat_ok(state, seat):
            state = with_musher(state, seat, hand=_add(state.mushers[seat].hand, card))
            return replace(state, centre=_remove(state.centre, card), step=Step.BONUS)
        case HuskyPlaced(seat=seat, card=card, slot=slot) if _seat_ok(state, seat):
            hand = _remove(state.mushers[seat].hand, card)
            return replace(_place(state, seat, slot, card, hand=hand), step=Step.BONUS)
        case HuskySwappedOut(seat=seat, card=card, slot=slot) if _slot_ok(state, seat, slot):
            musher = state.mushers[seat]
            sled = with_spot(musher.sled, slot, card=None)
            return replace(with_musher(state, seat, sled=sled, hand=_add(musher.hand, card)), step=Step.SWAP)
        case YoungsterPlaced(seat=seat, card=card, slot=slot, from_hand=from_hand) if _seat_ok(state, seat):
            if from_hand:
                state = _place(state, seat, slot, card, hand=_remove(state.mushers[seat].hand, card))
            else:
                state = replace(_place(state, seat, slot, card), centre=_remove(state.centre, card))
            return replace(state, bonus_used=True)
        case ActionSkipped():
            return replace(state, step=Step.BONUS)
        case ReadyDeclared(seat=seat) if _seat_ok(state, seat):
            state = replace(with_musher(state, seat, ready=True), step=Step.UPGRADE)
            if state.first_ready is None:
                state = replace(state, first_ready=seat, last_preparation_day=state.day + COUNTDOWN_DAYS)
            return state
        case HuskiesHandedIn(seat=seat, cards=cards) if _seat_ok(state, seat):
            state = with_musher(state, seat, hand=_remove(state.mushers[seat].hand, cards))
            return replace(state, centre=(*state.centre, *cards))
        case HuskyUpgraded(seat=seat, slot=slot, equipment=equipment) if _slot_ok(state, seat, slot):
            musher = state.mushers[seat]
            return with_musher(state, seat, hand=_remove(musher.hand, equipment),
                               sled=with_spot(musher.sled, slot, equipment=equipment))
        case CareCardTaken(seat=seat, card=card) if _seat_ok(state, seat):
            musher = state.mushers[seat]
            return with_musher(state, seat, care_pile=_remove(musher.care_pile, card), hand=_add(musher.hand, card))
        case PreparationsEnded(racers=racers, out=out):
            mushers = tuple(
                replace(musher, plus_cards=0, out=seat in out or (musher.out and seat not in racers))
                for seat, musher in enumerate(state.mushers)
            )
            return replace(state, phase=Phase.RACE, step=Step.RUN, centre=(), mushers=mushers,
                           turn_order=(), turn=0, day=0)
    return state


def _race(state: HikeState, event: Event) -> HikeState:
    """The events of the Race and its end."""
    match event:
        case CarePileShuffled(order=order):
            mushers = tuple(replace(musher, care_pile=()) for musher in state.mushers)
            return replace(state, care_pile=order, side_care=(), care_discards=(), mushers=mushers)
        case HuskyRan(seat=seat, slot=slot, position=position, remaining=remaining) if _slot_ok(state, seat, slot):
            musher = state.mushers[seat]
            state = with_musher(state, seat, position=position, sled=with_spot(musher.sled, slot, tired=True))
            run = Run(slot=slot, points=remaining) if remaining else None
            return replace(state, run=run, step=Step.EQUIPMENT if remaining else Step.RUN)
        case EquipmentSpent(seat=seat, card=card, position=position) if _seat_ok(state, seat):
            state = with_musher(state, seat, position=position, hand=_remove(state.mushers[seat].hand, card))
            return replace(state, run=None, step=Step.RUN)
        case EquipmentFieldForced(seat=seat, position=position, rests=rests) if _seat_ok(state, seat):
            state = with_musher(state, seat, position=position)
            return replace(state, run=None, rests_due=rests, step=Step.REST if rests > 0 else Step.RUN)
        case MovementStopped():
            return replace(state, run=None, step=Step.RUN)
        case HuskyRested(seat=seat, slot=slot) if _slot_ok(state, seat, slot):
            state = with_musher(state, seat, sled=with_spot(state.mushers[seat].sled, slot, resting=True))
            due = max(0, state.rests_due - 1)
            return replace(state, rests_due=due, step=Step.REST if due else Step.RUN)
        case CareGiven(seat=seat, card=card, slots=slots) if _seat_ok(state, seat):
            musher = state.mushers[seat]
            sled = musher.sled
            for slot in slots:
                if 0 <= slot < len(sled):
                    sled = with_spot(sled, slot, tired=False)
            compulsory = None if musher.compulsory_care == card else musher.compulsory_care
            state = with_musher(state, seat, hand=_remove(musher.hand, card), sled=sled, compulsory_care=compulsory)
            if card.startswith(TOKEN_PREFIX):
                return state
            return replace(state, care_discards=(*state.care_discards, card))
        case CareCardDrawn(seat=seat, card=card) if _seat_ok(state, seat):
            if state.care_pile and state.care_pile[0] == card:
                state = replace(state, care_pile=state.care_pile[1:])
            elif card.startswith(TOKEN_PREFIX):
                state = replace(state, tokens_used=state.tokens_used + 1)
            return with_musher(state, seat, hand=_add(state.mushers[seat].hand, card), compulsory_care=card)
        case RaceEnded(reason=reason):
            return replace(state, phase=Phase.OVER, ending=reason, run=None)
    return state


def evolve(state: HikeState | None, event: Event) -> HikeState:
    """The state after `event`; `evolve(None, GameCreated)` builds the initial state."""
    if isinstance(event, GameCreated):
        return initial_state(tuple(seat.name for seat in event.seats))
    if state is None:
        raise ValueError(f"{event.TYPE} before GameCreated")
    match event:
        case DayStarted(phase=phase, day=day, order=order):
            step = Step.OPEN if phase is Phase.PREPARATIONS else Step.RUN
            return replace(state, phase=phase, day=day, turn_order=order, turn=0, step=step,
                           bonus_used=False, run=None, rests_due=0)
        case TurnEnded():
            return _after_turn(state)
        case DayEnded():
            if state.phase is not Phase.RACE:
                return replace(state, turn=len(state.turn_order))
            mushers = tuple(
                replace(m, compulsory_care=None, sled=tuple(replace(s, tired=False) for s in m.sled))
                for m in state.mushers
            )
            return replace(state, mushers=mushers, turn=len(state.turn_order))
        case (LandscapesShuffled() | HuskyDeckShuffled() | CardsDealt() | CardsOpened() | LandscapeTurned()
              | HuskyDrafted() | CardDrafted() | HuskyPlaced() | HuskySwappedOut() | YoungsterPlaced()
              | ActionSkipped() | ReadyDeclared() | HuskiesHandedIn() | HuskyUpgraded() | CareCardTaken()
              | PreparationsEnded()):
            return _prepare(state, event)
        case (CarePileShuffled() | HuskyRan() | EquipmentSpent() | EquipmentFieldForced() | MovementStopped()
              | HuskyRested() | CareGiven() | CareCardDrawn() | RaceEnded()):
            return _race(state, event)
        case _:
            assert_never(event)  # type: ignore[arg-type]
