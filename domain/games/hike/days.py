"""Days and turns: the steps nobody has to choose, the end of each day and of each phase.

After every command, `advance` takes the game forward until a musher has a real choice:
cards opened when no +1 card can change them, a ready musher's care card, a turn with
nothing left to do, the end of the day, of Preparations and of the race.
"""

from __future__ import annotations

from domain.core import Emitter, Rng
from domain.games.hike.cards import TOKEN_PREFIX, is_care
from domain.games.hike.events import (
    ActionSkipped,
    CardsOpened,
    CareCardDrawn,
    CareCardLapsed,
    CareCardTaken,
    CarePileShuffled,
    DayEnded,
    DayStarted,
    LandscapeTurned,
    PreparationsEnded,
    RaceEnded,
    TurnEnded,
)
from domain.games.hike.preparations import (
    can_declare,
    has_action,
    has_open_choice,
    has_youngster_move,
    opening_count,
    upgrade_slots,
)
from domain.games.hike.race import can_ever_move, has_finished, has_race_choice
from domain.games.hike.state import (
    ACTION,
    BEHIND_LIMIT,
    BONUS,
    BOOK_RACE,
    FIRST_PLAYER,
    OPEN,
    OVER,
    PREPARATION_DAY_CAP,
    PREPARATIONS,
    UPGRADE,
    HikeState,
    Phase,
    care_lapses,
    on_the_road,
    race_day_cap,
)

STALLED = "no sled can move any more"
"""Rules version 2: the race ends at the end of a day when no racer's awake huskies can ever enter its next field."""


def clockwise(seats: int) -> tuple[int, ...]:
    """Each day starts from the first player and continues clockwise."""
    return tuple((FIRST_PLAYER + offset) % seats for offset in range(seats))


def start_preparation_day(emitter: Emitter[HikeState], day: int) -> None:
    """Begin the day by turning the next landscape face up, while any is face down."""
    emitter.emit(DayStarted(phase=Phase.PREPARATIONS, day=day, order=clockwise(emitter.state.seats)))
    state = emitter.state
    if state.turned < len(state.landscapes):
        emitter.emit(LandscapeTurned(place=state.turned + 1, card=state.landscapes[state.turned]))


def _automatic_preparation_step(emitter: Emitter[HikeState], seat: int) -> bool:
    """Take the step for `seat` when there is nothing to choose; False when the musher must choose."""
    state = emitter.state
    musher = state.mushers[seat]
    step = state.step
    if musher.ready and step is OPEN:
        if musher.care_pile:
            emitter.emit(CareCardTaken(seat=seat, card=musher.care_pile[0]))
        emitter.emit(TurnEnded(seat=seat))
        return True
    if step is OPEN:
        if not has_open_choice(state, seat):
            emitter.emit(CardsOpened(seat=seat, cards=state.deck[:opening_count(state)]))
            return True
    elif step is ACTION:
        if not has_action(state, seat):
            emitter.emit(ActionSkipped(seat=seat))
            return True
    elif step is BONUS:
        if not has_youngster_move(state, seat) and not can_declare(state, seat):
            emitter.emit(TurnEnded(seat=seat))
            return True
    elif step is UPGRADE and not upgrade_slots(state, seat):
        emitter.emit(TurnEnded(seat=seat))
        return True
    return False


def advance(emitter: Emitter[HikeState], rng: Rng) -> None:
    """Run the game on until a musher has a choice to make, or the game is over.

    In the race a musher with nothing left but making camp makes camp without a command: the
    one whose turn it is, or on a simultaneous day each such musher, in the day's order.
    """
    while emitter.state.phase is not OVER:
        state = emitter.state
        if state.day_over:
            _end_day(emitter, rng)
        elif state.phase is PREPARATIONS:
            assert state.current is not None
            if not _automatic_preparation_step(emitter, state.current):
                return
        else:
            done = next((seat for seat in on_the_road(state) if not has_race_choice(state, seat)), None)
            if done is None:
                return
            emitter.emit(TurnEnded(seat=done))


def _end_day(emitter: Emitter[HikeState], rng: Rng) -> None:
    if emitter.state.phase is PREPARATIONS:
        _end_preparation_day(emitter, rng)
    else:
        _end_race_day(emitter, rng)


def _end_preparation_day(emitter: Emitter[HikeState], rng: Rng) -> None:
    """Preparations end when everyone is ready, after the countdown, or at the day cap with nobody ready."""
    state = emitter.state
    emitter.emit(DayEnded(day=state.day))
    everyone = all(musher.ready for musher in state.mushers)
    countdown_over = state.last_preparation_day is not None and state.day >= state.last_preparation_day
    capped = state.first_ready is None and state.day >= PREPARATION_DAY_CAP
    if everyone or countdown_over or capped:
        _end_preparations(emitter, rng)
    else:
        start_preparation_day(emitter, state.day + 1)


def _end_preparations(emitter: Emitter[HikeState], rng: Rng) -> None:
    """Clean-up: out go mushers not on the start; reveal the track; shuffle the care pile; race day 1."""
    state = emitter.state
    racers = tuple(seat for seat in range(state.seats) if state.mushers[seat].ready)
    out = tuple(seat for seat in range(state.seats) if seat not in racers)
    emitter.emit(PreparationsEnded(racers=racers, out=out))
    for place in range(emitter.state.turned + 1, len(state.landscapes) + 1):
        emitter.emit(LandscapeTurned(place=place, card=state.landscapes[place - 1]))
    care = sorted((*state.side_care, *(card for musher in state.mushers for card in musher.care_pile)))
    emitter.emit(CarePileShuffled(order=rng.shuffled(care)))
    if not racers:
        emitter.emit(RaceEnded(reason="nobody reached the start", finishers=()))
        return
    emitter.emit(DayStarted(phase=Phase.RACE, day=1, order=tuple(seat for seat in clockwise(state.seats)
                                                              if seat in racers)))


def _end_race_day(emitter: Emitter[HikeState], rng: Rng) -> None:
    """End of the day: the race may be over; else care cards for those far behind, reset, new order."""
    state = emitter.state
    finishers = tuple(sorted(seat for seat in state.turn_order if has_finished(state, seat)))
    if finishers:
        emitter.emit(RaceEnded(reason="the last field was reached", finishers=finishers))
        return
    if state.rules_version >= BOOK_RACE and not any(can_ever_move(state, seat) for seat in state.turn_order):
        emitter.emit(RaceEnded(reason=STALLED, finishers=()))
        return
    cap = race_day_cap(state)
    if state.day >= cap:
        emitter.emit(RaceEnded(reason=f"no sled reached the last field in {cap} days", finishers=()))
        return
    if care_lapses(state):  # the drawn care card was to be used today (End of the day)
        for seat in state.turn_order:
            musher = emitter.state.mushers[seat]
            if musher.compulsory_care is not None and musher.compulsory_care in musher.hand:
                emitter.emit(CareCardLapsed(seat=seat, card=musher.compulsory_care))
    emitter.emit(DayEnded(day=state.day))
    leader = max(state.mushers[seat].position for seat in state.turn_order)
    for seat in state.turn_order:
        musher = emitter.state.mushers[seat]
        if leader - musher.position >= BEHIND_LIMIT and not any(is_care(card) for card in musher.hand):
            _draw_care(emitter, seat, rng)
    order = sorted(state.turn_order, key=lambda seat: (state.mushers[seat].position, state.turn_order.index(seat)))
    emitter.emit(DayStarted(phase=Phase.RACE, day=state.day + 1, order=tuple(order)))


def _draw_care(emitter: Emitter[HikeState], seat: int, rng: Rng) -> None:
    """Draw from the care pile; reshuffle the discards when it is empty; a token if there are none."""
    state = emitter.state
    if not state.care_pile and state.care_discards:
        emitter.emit(CarePileShuffled(order=rng.shuffled(sorted(state.care_discards))))
    state = emitter.state
    card = state.care_pile[0] if state.care_pile else f"{TOKEN_PREFIX}{state.tokens_used + 1:02d}"
    emitter.emit(CareCardDrawn(seat=seat, card=card))

