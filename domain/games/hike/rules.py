"""to_act, the one refusal predicate of each command, the candidates worth asking it about, and decide.

One musher acts at a time, in the day's turn order, except on a simultaneous race day (option
`simultaneous_days`), when every musher not yet in camp acts at once. Each command's predicate
lives with its phase (preparations.py, race.py); the core lists the candidates it allows and
checks the turn (domain/core/package.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.core import Command, Decision, Emitter, InvalidCommand, Refusal, Rng, refuse
from domain.games.hike import preparations, race
from domain.games.hike.cards import DOUBLE_CARE, EQUIPMENT, HUSKIES, SINGLE_CARE, YOUNGSTERS
from domain.games.hike.commands import (
    CareForColumn,
    CareForHusky,
    DeclareReady,
    DraftCard,
    DraftHusky,
    EndTurn,
    OpenCards,
    PlaceHusky,
    PlaceYoungster,
    PushThrough,
    RestHusky,
    StopBeforeField,
    SwapHusky,
    UpgradeHusky,
    UseEquipment,
    UseHusky,
)
from domain.games.hike.days import advance
from domain.games.hike.events import CardDrafted, HuskyDrafted, HuskyPlaced, HuskyRested, MovementStopped, TurnEnded
from domain.games.hike.evolve import evolve
from domain.games.hike.state import PREPARATIONS, RACE, HikeState, Phase, is_simultaneous, on_the_road

PREPARATION_COMMANDS = (OpenCards, DraftHusky, DraftCard, PlaceHusky, SwapHusky, PlaceYoungster, DeclareReady,
                        UpgradeHusky)
RACE_COMMANDS = (UseHusky, UseEquipment, PushThrough, StopBeforeField, RestHusky, CareForHusky, CareForColumn)
PHASE_OF: dict[type[Command], Phase] = {**dict.fromkeys(PREPARATION_COMMANDS, Phase.PREPARATIONS),
                                        **dict.fromkeys(RACE_COMMANDS, Phase.RACE)}
"""The phase a command belongs to (EndTurn: both)."""
ELSEWHERE = {Phase.PREPARATIONS: "that is done in Preparations; the race is on",
             Phase.RACE: "that is done in the Race, after Preparations"}
KNOWN_CARDS = frozenset((*HUSKIES, *YOUNGSTERS, *EQUIPMENT, *SINGLE_CARE, *DOUBLE_CARE))


_TO_ACT: tuple[HikeState | None, frozenset[int]] = (None, frozenset())
"""The last state `to_act` was asked about and its answer (the search asks it thrice of each state it reaches);
held by the state itself (states are frozen), and read once, so threads never mix two states' answers."""


def to_act(state: HikeState) -> frozenset[int]:
    """The musher whose turn it is, or every musher still on the road on a simultaneous race day (End of the
    day, Pro tip); nobody once the race is over."""
    global _TO_ACT
    last = _TO_ACT
    if last[0] is state:
        return last[1]
    if state.phase is RACE:
        seats = frozenset(on_the_road(state))
    else:
        seat = state.current
        seats = frozenset() if seat is None else frozenset({seat})
    _TO_ACT = (state, seats)
    return seats


def waiting(state: HikeState, seat: int) -> str:
    """What a musher not to act is told: on a simultaneous race day, that they have made camp."""
    camped = is_simultaneous(state) and seat in state.turn_order
    return "you have made camp for today" if camped else "it is not your turn"


def end_turn_refusal(state: HikeState, seat: int, command: EndTurn) -> str | None:
    """Ending the turn: in Preparations after the action; in the Race, making camp for the night."""
    if state.phase is PREPARATIONS:
        return preparations.end_turn_refusal(state, seat, command)
    return race.camp_refusal(state, seat, command)


REFUSALS: dict[type[Command], Refusal] = {
    OpenCards: preparations.open_refusal,
    DraftHusky: preparations.draft_husky_refusal,
    DraftCard: preparations.draft_card_refusal,
    PlaceHusky: preparations.place_husky_refusal,
    SwapHusky: preparations.swap_refusal,
    PlaceYoungster: preparations.youngster_refusal,
    DeclareReady: preparations.declare_refusal,
    UpgradeHusky: preparations.upgrade_refusal,
    EndTurn: end_turn_refusal,
    UseHusky: race.use_husky_refusal,
    UseEquipment: race.equipment_refusal,
    PushThrough: race.push_through_refusal,
    StopBeforeField: race.stop_refusal,
    RestHusky: race.rest_refusal,
    CareForHusky: race.care_refusal,
    CareForColumn: race.column_care_refusal,
}


_DISPATCH: dict[type[Command], tuple[Phase | None, str | None, Refusal]] = {
    kind: (PHASE_OF.get(kind), ELSEWHERE.get(PHASE_OF.get(kind)), predicate)  # type: ignore[arg-type]
    for kind, predicate in REFUSALS.items()}
"""Each command type's phase, the words for it elsewhere, and its predicate, in one lookup by type (the listing
asks `refusal` of every candidate; an Enum key would cost a Python-level hash on Python 3.11)."""


def refusal(state: HikeState, seat: int, command: Command) -> str | None:
    """Why `seat` may not give `command` now: a command of the other phase, else its own predicate's reason."""
    home, elsewhere, predicate = _DISPATCH[type(command)]
    if home is not None and home is not state.phase:
        return elsewhere
    return predicate(state, seat, command)


def candidates(state: HikeState, seat: int) -> Iterable[Command]:
    """The commands of the seat's current step worth asking `refusal` about (care cards once per kind)."""
    if state.phase is PREPARATIONS:
        return preparations.preparation_candidates(state, seat)
    return race.race_candidates(state, seat)


def check_args(state: HikeState, command: Command) -> None:
    """A command names cards of the game, places and columns of the sled, and a count of 0 or more.

    Raises:
        InvalidCommand: not a Hike! command, an unknown card, a place or column off the sled, a negative count.
    """
    if type(command) not in REFUSALS:
        raise InvalidCommand(f"{type(command).__name__} is not a Hike! command")
    places = len(state.mushers[0].sled)
    for name in command.__struct_fields__:  # in their order: a card before its place
        value = getattr(command, name)
        if name == "card" and value not in KNOWN_CARDS:
            raise InvalidCommand(f"args.card: unknown card {value!r}")
        if name == "slot" and not 0 <= value < places:
            raise InvalidCommand(f"args.slot: a sled has places 0 to {places - 1}")
        if name == "column" and not 0 <= value < state.columns:
            raise InvalidCommand(f"args.column: a sled has columns 0 to {state.columns - 1}")
        if name == "extra" and value < 0:
            raise InvalidCommand("args.extra: must be 0 or more")


def decide(state: HikeState, seat: int, command: Command, rng: Rng) -> Decision:
    """The events of `command` from `seat` and all that follows until the next choice, with the state after them.

    Raises:
        InvalidCommand: an unknown command, card, place or column.
        IllegalCommand: the rules forbid the command now (`refusal`).
    """
    check_args(state, command)
    refuse(refusal(state, seat, command))
    emitter = Emitter(evolve, state)
    match command:
        case OpenCards():
            preparations.open_cards(emitter, seat, command)
        case DraftHusky(card=card, slot=slot):
            emitter.emit(HuskyDrafted(seat=seat, card=card, slot=slot))
        case DraftCard(card=card):
            emitter.emit(CardDrafted(seat=seat, card=card))
        case PlaceHusky(card=card, slot=slot):
            emitter.emit(HuskyPlaced(seat=seat, card=card, slot=slot))
        case SwapHusky():
            preparations.swap_husky(emitter, seat, command)
        case PlaceYoungster():
            preparations.place_youngster(emitter, seat, command)
        case DeclareReady():
            preparations.declare_ready(emitter, seat, command)
        case UpgradeHusky():
            preparations.upgrade_husky(emitter, seat, command)
        case EndTurn():  # in the race: camp for the night
            emitter.emit(TurnEnded(seat=seat))
        case UseHusky():
            race.use_husky(emitter, seat, command)
        case UseEquipment():
            race.use_equipment(emitter, seat, command)
        case PushThrough():
            race.push_through(emitter, seat, command)
        case StopBeforeField():
            emitter.emit(MovementStopped(seat=seat, position=state.mushers[seat].position))
        case RestHusky(slot=slot):
            emitter.emit(HuskyRested(seat=seat, slot=slot))
        case CareForHusky():
            race.care_for_husky(emitter, seat, command)
        case CareForColumn():
            race.care_for_column(emitter, seat, command)
    advance(emitter, rng)
    return emitter.decision()
