"""setup, the opening events; evolve, one recorded event applied to the state: no randomness, no validation.

One small function per event type, looked up by the event's type: a fold applies hundreds
of events, and the lookup costs the same for each of them. An event type without a
function, or a seat or sled place that is not at the table, raises: a fold never passes
over an event by returning the state unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.core import Emitter, Event, GameConfig, GameCreated, Rng
from domain.games.hike.cards import DOUBLE_CARE, HUSKY_DECK, PILE_SINGLE_CARE, TOKEN_PREFIX, TRACK_LANDSCAPES
from domain.games.hike.days import advance, start_preparation_day
from domain.games.hike.events import (
    ActionSkipped,
    CardDrafted,
    CardsDealt,
    CardsOpened,
    CareCardDrawn,
    CareCardLapsed,
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
from domain.games.hike.state import COUNTDOWN_DAYS, LETTER, HikeState, Musher, Phase, Run, Spot, Step, replaced_at
from domain.games.hike.track import landscape_count, rotated_place

# The phases and steps, bound once: on Python 3.11 looking a member up on its Enum class costs
# as much as copying a small Struct, and evolve names one for almost every event.
PREPARATIONS, RACE, OVER = Phase.PREPARATIONS, Phase.RACE, Phase.OVER
OPEN, ACTION, SWAP, BONUS, UPGRADE, RUN, EQUIPMENT, REST = (
    Step.OPEN, Step.ACTION, Step.SWAP, Step.BONUS, Step.UPGRADE, Step.RUN, Step.EQUIPMENT, Step.REST)
DEALT = 2
REVEALED_AT_SETUP = 2


def setup(config: GameConfig, rng: Rng) -> list[Event]:
    """Game setup: track, husky deck, 2 cards dealt to each musher, 2 revealed; then day 1 begins."""
    seats = len(config.seats)
    emitter = Emitter(evolve, initial_state(tuple(seat.name for seat in config.seats)))
    emitter.emit(LandscapesShuffled(track=rng.shuffled(TRACK_LANDSCAPES)[:landscape_count(seats)]))
    deck = rng.shuffled(HUSKY_DECK)
    emitter.emit(HuskyDeckShuffled(order=deck))
    for seat in range(seats):
        emitter.emit(CardsDealt(seat=seat, cards=deck[seat * DEALT:(seat + 1) * DEALT]))
    emitter.emit(CardsOpened(seat=None, cards=emitter.state.deck[:REVEALED_AT_SETUP]))
    start_preparation_day(emitter, 1)
    advance(emitter, rng)
    return emitter.events


def evolve(state: HikeState | None, event: Event) -> HikeState:
    """The state after `event`; `evolve(None, GameCreated)` builds the initial state.

    Raises:
        TypeError: not a Hike! event.
        IndexError: a seat or sled place that is not at the table.
        ValueError: an event before GameCreated.
    """
    apply = APPLY.get(type(event))
    if apply is None:
        raise TypeError(f"{type(event).__name__} is not a Hike! event")
    if state is None and apply is not _game_created:
        raise ValueError(f"{event.TYPE} before GameCreated")
    return apply(state, event)  # type: ignore[arg-type]


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


# Cards and mushers


def _without(cards: tuple[str, ...], taken: tuple[str, ...]) -> tuple[str, ...]:
    """`cards` without one copy of each taken card (missing ones are ignored)."""
    count = len(taken)
    if cards[:count] == taken:  # taken from the top, the usual case
        return cards[count:]
    remaining = list(cards)
    for card in taken:
        if card in remaining:
            remaining.remove(card)
    return tuple(remaining)


def _add(hand: tuple[str, ...], *cards: str) -> tuple[str, ...]:
    return tuple(sorted((*hand, *cards)))


def _musher(state: HikeState, seat: int) -> Musher:
    """The musher in `seat`; IndexError for a seat not at the table."""
    if not 0 <= seat < len(state.mushers):
        raise IndexError(f"no seat {seat} at this table")
    return state.mushers[seat]


def _with(state: HikeState, seat: int, musher: Musher) -> tuple[Musher, ...]:
    """The mushers with the one in `seat` replaced."""
    return replaced_at(state.mushers, seat, musher)


def _placed(musher: Musher, slot: int, card: str) -> tuple[Spot, ...]:
    """The musher's sled with `card` on the place `slot`."""
    return replaced_at(musher.sled, slot, replace(musher.sled[slot], card=card))


# Setup and Preparations


def _game_created(state: None, event: GameCreated) -> HikeState:
    """The table options count from rules version 3 (under 1 and 2 they do not apply; state.care_lapses)."""
    options = event.options if event.rules_version >= LETTER else {}
    return replace(initial_state(tuple(seat.name for seat in event.seats)), rules_version=event.rules_version,
                   care_card_lapses=bool(options.get("care_card_lapses", False)),
                   simultaneous_days=bool(options.get("simultaneous_days", False)))


def _landscapes_shuffled(state: HikeState, event: LandscapesShuffled) -> HikeState:
    return replace(state, landscapes=event.track)


def _husky_deck_shuffled(state: HikeState, event: HuskyDeckShuffled) -> HikeState:
    return replace(state, deck=event.order)


def _cards_dealt(state: HikeState, event: CardsDealt) -> HikeState:
    musher = _musher(state, event.seat)
    musher = replace(musher, hand=_add(musher.hand, *event.cards))
    return replace(state, deck=_without(state.deck, event.cards), mushers=_with(state, event.seat, musher))


def _cards_opened(state: HikeState, event: CardsOpened) -> HikeState:
    deck, centre = _without(state.deck, event.cards), (*state.centre, *event.cards)
    if event.seat is None:
        return replace(state, deck=deck, centre=centre)
    musher = _musher(state, event.seat)
    musher = replace(musher, plus_cards=max(0, musher.plus_cards - event.plus_cards))
    return replace(state, deck=deck, centre=centre, mushers=_with(state, event.seat, musher), step=ACTION)


def _landscape_turned(state: HikeState, event: LandscapeTurned) -> HikeState:
    return replace(state, turned=max(state.turned, event.place))


def _day_started(state: HikeState, event: DayStarted) -> HikeState:
    if event.phase is PREPARATIONS:
        return replace(state, phase=event.phase, day=event.day, turn_order=event.order, turn=0, step=OPEN,
                       bonus_used=False)
    mushers = tuple(_on_the_road(musher) for musher in state.mushers)
    return replace(state, phase=event.phase, day=event.day, turn_order=event.order, turn=0, step=RUN,
                   bonus_used=False, mushers=mushers)


def _on_the_road(musher: Musher) -> Musher:
    """A new race day: the musher's moves start afresh and nobody is in camp."""
    if musher.step is RUN and musher.run is None and not musher.rests_due and not musher.camped:
        return musher
    return replace(musher, step=RUN, run=None, rests_due=0, camped=False)


def _husky_drafted(state: HikeState, event: HuskyDrafted) -> HikeState:
    musher = _musher(state, event.seat)
    musher = replace(musher, sled=_placed(musher, event.slot, event.card))
    return replace(state, mushers=_with(state, event.seat, musher), centre=_without(state.centre, (event.card,)),
                   step=BONUS)


def _card_drafted(state: HikeState, event: CardDrafted) -> HikeState:
    musher = _musher(state, event.seat)
    musher = replace(musher, hand=_add(musher.hand, event.card))
    return replace(state, mushers=_with(state, event.seat, musher), centre=_without(state.centre, (event.card,)),
                   step=BONUS)


def _husky_placed(state: HikeState, event: HuskyPlaced) -> HikeState:
    musher = _musher(state, event.seat)
    musher = replace(musher, hand=_without(musher.hand, (event.card,)), sled=_placed(musher, event.slot, event.card))
    return replace(state, mushers=_with(state, event.seat, musher), step=BONUS)


def _husky_swapped_out(state: HikeState, event: HuskySwappedOut) -> HikeState:
    musher = _musher(state, event.seat)
    sled = replaced_at(musher.sled, event.slot, replace(musher.sled[event.slot], card=None))
    musher = replace(musher, hand=_add(musher.hand, event.card), sled=sled)
    return replace(state, mushers=_with(state, event.seat, musher), step=SWAP)


def _youngster_placed(state: HikeState, event: YoungsterPlaced) -> HikeState:
    musher = _musher(state, event.seat)
    sled = _placed(musher, event.slot, event.card)
    if event.from_hand:
        musher = replace(musher, hand=_without(musher.hand, (event.card,)), sled=sled)
        return replace(state, mushers=_with(state, event.seat, musher), bonus_used=True)
    musher = replace(musher, sled=sled)
    return replace(state, mushers=_with(state, event.seat, musher), centre=_without(state.centre, (event.card,)),
                   bonus_used=True)


def _action_skipped(state: HikeState, event: ActionSkipped) -> HikeState:
    _musher(state, event.seat)
    return replace(state, step=BONUS)


def _ready_declared(state: HikeState, event: ReadyDeclared) -> HikeState:
    musher = replace(_musher(state, event.seat), ready=True)
    if state.first_ready is not None:
        return replace(state, mushers=_with(state, event.seat, musher), step=UPGRADE)
    return replace(state, mushers=_with(state, event.seat, musher), step=UPGRADE, first_ready=event.seat,
                   last_preparation_day=state.day + COUNTDOWN_DAYS)


def _huskies_handed_in(state: HikeState, event: HuskiesHandedIn) -> HikeState:
    musher = _musher(state, event.seat)
    musher = replace(musher, hand=_without(musher.hand, event.cards))
    return replace(state, mushers=_with(state, event.seat, musher), centre=(*state.centre, *event.cards))


def _husky_upgraded(state: HikeState, event: HuskyUpgraded) -> HikeState:
    musher = _musher(state, event.seat)
    sled = replaced_at(musher.sled, event.slot, replace(musher.sled[event.slot], equipment=event.equipment))
    musher = replace(musher, hand=_without(musher.hand, (event.equipment,)), sled=sled)
    return replace(state, mushers=_with(state, event.seat, musher))


def _care_card_taken(state: HikeState, event: CareCardTaken) -> HikeState:
    musher = _musher(state, event.seat)
    musher = replace(musher, care_pile=_without(musher.care_pile, (event.card,)), hand=_add(musher.hand, event.card))
    return replace(state, mushers=_with(state, event.seat, musher))


def _turn_ended(state: HikeState, event: TurnEnded) -> HikeState:
    """The turn is over; in the race the musher has made camp for the night."""
    musher = _musher(state, event.seat)
    if state.phase is PREPARATIONS:
        return replace(state, turn=state.turn + 1, step=OPEN, bonus_used=False)
    musher = replace(musher, step=RUN, run=None, rests_due=0, camped=True)
    return replace(state, turn=state.turn + 1, bonus_used=False, mushers=_with(state, event.seat, musher))


def _day_ended(state: HikeState, event: DayEnded) -> HikeState:
    """In the race the cubes come off overnight and a drawn care card no longer has to be used."""
    if state.phase is not RACE:
        return replace(state, turn=len(state.turn_order))
    mushers = tuple(_rested(musher) for musher in state.mushers)
    return replace(state, mushers=mushers, turn=len(state.turn_order))


def _rested(musher: Musher) -> Musher:
    if musher.compulsory_care is None and not any(spot.tired for spot in musher.sled):
        return musher
    sled = tuple(replace(spot, tired=False) if spot.tired else spot for spot in musher.sled)
    return replace(musher, compulsory_care=None, sled=sled)


def _preparations_ended(state: HikeState, event: PreparationsEnded) -> HikeState:
    mushers = tuple(
        replace(musher, plus_cards=0, out=seat in event.out or (musher.out and seat not in event.racers))
        for seat, musher in enumerate(state.mushers)
    )
    return replace(state, phase=RACE, step=RUN, centre=(), mushers=mushers, turn_order=(), turn=0, day=0)


# The race and its end


def _care_pile_shuffled(state: HikeState, event: CarePileShuffled) -> HikeState:
    mushers = tuple(replace(musher, care_pile=()) if musher.care_pile else musher for musher in state.mushers)
    return replace(state, care_pile=event.order, side_care=(), care_discards=(), mushers=mushers)


def _husky_ran(state: HikeState, event: HuskyRan) -> HikeState:
    musher = _musher(state, event.seat)
    sled = replaced_at(musher.sled, event.slot, replace(musher.sled[event.slot], tired=True))
    if event.remaining:  # it waits before a field that requires equipment
        musher = replace(musher, position=event.position, sled=sled, run=Run(slot=event.slot, points=event.remaining),
                         step=EQUIPMENT)
    else:
        musher = replace(musher, position=event.position, sled=sled, run=None, step=RUN)
    return replace(state, mushers=_with(state, event.seat, musher))


def _equipment_spent(state: HikeState, event: EquipmentSpent) -> HikeState:
    musher = _musher(state, event.seat)
    musher = replace(musher, position=event.position, hand=_without(musher.hand, (event.card,)), run=None, step=RUN)
    return replace(state, mushers=_with(state, event.seat, musher))


def _equipment_field_forced(state: HikeState, event: EquipmentFieldForced) -> HikeState:
    musher = replace(_musher(state, event.seat), position=event.position, run=None, rests_due=event.rests,
                     step=REST if event.rests > 0 else RUN)
    return replace(state, mushers=_with(state, event.seat, musher))


def _movement_stopped(state: HikeState, event: MovementStopped) -> HikeState:
    musher = replace(_musher(state, event.seat), run=None, step=RUN)
    return replace(state, mushers=_with(state, event.seat, musher))


def _husky_rested(state: HikeState, event: HuskyRested) -> HikeState:
    musher = _musher(state, event.seat)
    sled = replaced_at(musher.sled, event.slot, replace(musher.sled[event.slot], resting=True))
    due = max(0, musher.rests_due - 1)
    musher = replace(musher, sled=sled, rests_due=due, step=REST if due else RUN)
    return replace(state, mushers=_with(state, event.seat, musher))


def _care_given(state: HikeState, event: CareGiven) -> HikeState:
    musher = _musher(state, event.seat)
    sled = musher.sled
    for slot in event.slots:
        sled = replaced_at(sled, slot, replace(sled[slot], tired=False))
    compulsory = None if musher.compulsory_care == event.card else musher.compulsory_care
    musher = replace(musher, hand=_without(musher.hand, (event.card,)), sled=sled, compulsory_care=compulsory)
    if event.card.startswith(TOKEN_PREFIX):
        return replace(state, mushers=_with(state, event.seat, musher))
    return replace(state, mushers=_with(state, event.seat, musher), care_discards=(*state.care_discards, event.card))


def _care_card_drawn(state: HikeState, event: CareCardDrawn) -> HikeState:
    musher = _musher(state, event.seat)
    musher = replace(musher, hand=_add(musher.hand, event.card), compulsory_care=event.card)
    if state.care_pile and state.care_pile[0] == event.card:
        return replace(state, mushers=_with(state, event.seat, musher), care_pile=state.care_pile[1:])
    if event.card.startswith(TOKEN_PREFIX):
        return replace(state, mushers=_with(state, event.seat, musher), tokens_used=state.tokens_used + 1)
    return replace(state, mushers=_with(state, event.seat, musher))


def _care_card_lapsed(state: HikeState, event: CareCardLapsed) -> HikeState:
    """The unused drawn card leaves the hand: to the discards, or back to the supply if it is a token."""
    musher = _musher(state, event.seat)
    musher = replace(musher, hand=_without(musher.hand, (event.card,)), compulsory_care=None)
    if event.card.startswith(TOKEN_PREFIX):
        return replace(state, mushers=_with(state, event.seat, musher))
    return replace(state, mushers=_with(state, event.seat, musher), care_discards=(*state.care_discards, event.card))


def _race_ended(state: HikeState, event: RaceEnded) -> HikeState:
    return replace(state, phase=OVER, ending=event.reason)


APPLY: dict[type[Event], Callable[[Any, Any], HikeState]] = {
    GameCreated: _game_created,
    LandscapesShuffled: _landscapes_shuffled,
    HuskyDeckShuffled: _husky_deck_shuffled,
    CardsDealt: _cards_dealt,
    CardsOpened: _cards_opened,
    DayStarted: _day_started,
    LandscapeTurned: _landscape_turned,
    HuskyDrafted: _husky_drafted,
    CardDrafted: _card_drafted,
    HuskyPlaced: _husky_placed,
    HuskySwappedOut: _husky_swapped_out,
    YoungsterPlaced: _youngster_placed,
    ActionSkipped: _action_skipped,
    ReadyDeclared: _ready_declared,
    HuskiesHandedIn: _huskies_handed_in,
    HuskyUpgraded: _husky_upgraded,
    CareCardTaken: _care_card_taken,
    TurnEnded: _turn_ended,
    DayEnded: _day_ended,
    PreparationsEnded: _preparations_ended,
    CarePileShuffled: _care_pile_shuffled,
    HuskyRan: _husky_ran,
    EquipmentSpent: _equipment_spent,
    EquipmentFieldForced: _equipment_field_forced,
    MovementStopped: _movement_stopped,
    HuskyRested: _husky_rested,
    CareGiven: _care_given,
    CareCardDrawn: _care_card_drawn,
    CareCardLapsed: _care_card_lapsed,
    RaceEnded: _race_ended,
}
"""The function that applies each event type: one for every type of EVENTS (a test checks)."""
