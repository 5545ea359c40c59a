"""decide, legal_commands and to_act: one musher acts at a time, in the day's turn order, except on a
simultaneous race day (option `simultaneous_days`), when every musher not yet in camp acts at once."""

from __future__ import annotations

from domain.core import Command, Decision, Emitter, IllegalCommand, InvalidCommand, Rng
from domain.games.hike import preparations, race
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
from domain.games.hike.evolve import evolve
from domain.games.hike.state import HikeState, Phase, is_simultaneous, on_the_road

PREPARATION_COMMANDS = (OpenCards, DraftHusky, DraftCard, PlaceHusky, SwapHusky, PlaceYoungster, DeclareReady,
                        UpgradeHusky)
RACE_COMMANDS = (UseHusky, UseEquipment, PushThrough, StopBeforeField, RestHusky, CareForHusky, CareForColumn)


def to_act(state: HikeState) -> frozenset[int]:
    """The musher whose turn it is, or every musher still on the road on a simultaneous race day (End of the
    day, Pro tip); nobody once the race is over."""
    if state.phase is Phase.RACE:
        return frozenset(on_the_road(state))
    seat = state.current
    return frozenset() if seat is None else frozenset({seat})


def legal_commands(state: HikeState, seat: int) -> list[Command]:
    """Every command `decide` accepts from `seat` now (care cards listed once per kind)."""
    if seat not in to_act(state):
        return []
    if state.phase is Phase.PREPARATIONS:
        return preparations.legal_preparation_commands(state, seat)
    return race.legal_race_commands(state, seat)


def _check_phase(state: HikeState, command: Command) -> None:
    if state.phase is Phase.PREPARATIONS and isinstance(command, RACE_COMMANDS):
        raise IllegalCommand("that is done in the Race, after Preparations")
    if state.phase is Phase.RACE and isinstance(command, PREPARATION_COMMANDS):
        raise IllegalCommand("that is done in Preparations; the race is on")


def decide(state: HikeState, seat: int, command: Command, rng: Rng) -> Decision:
    """The events of `command` from `seat` and all that follows until the next choice, with the state after them.

    Raises:
        InvalidCommand: an unknown command, seat, card, place or column.
        IllegalCommand: not this musher's turn, or the rules forbid the command now.
    """
    if not 0 <= seat < state.seats:
        raise InvalidCommand(f"no seat {seat} at this table")
    if state.phase is Phase.OVER:
        raise IllegalCommand("the race is over")
    if seat not in to_act(state):
        camped = is_simultaneous(state) and seat in state.turn_order
        raise IllegalCommand("you have made camp for today" if camped else "it is not your turn")
    _check_phase(state, command)
    emitter = Emitter(evolve, state)
    match command:
        case OpenCards():
            preparations.open_cards(emitter, seat, command)
        case DraftHusky():
            preparations.draft_husky(emitter, seat, command)
        case DraftCard():
            preparations.draft_card(emitter, seat, command)
        case PlaceHusky():
            preparations.place_husky(emitter, seat, command)
        case SwapHusky():
            preparations.swap_husky(emitter, seat, command)
        case PlaceYoungster():
            preparations.place_youngster(emitter, seat, command)
        case DeclareReady():
            preparations.declare_ready(emitter, seat, command)
        case UpgradeHusky():
            preparations.upgrade_husky(emitter, seat, command)
        case EndTurn() if state.phase is Phase.PREPARATIONS:
            preparations.end_preparation_turn(emitter, seat)
        case EndTurn():
            race.make_camp(emitter, seat, command)
        case UseHusky():
            race.use_husky(emitter, seat, command)
        case UseEquipment():
            race.use_equipment(emitter, seat, command)
        case PushThrough():
            race.push_through(emitter, seat, command)
        case StopBeforeField():
            race.stop_before_field(emitter, seat, command)
        case RestHusky():
            race.rest_husky(emitter, seat, command)
        case CareForHusky():
            race.care_for_husky(emitter, seat, command)
        case CareForColumn():
            race.care_for_column(emitter, seat, command)
        case _:
            raise InvalidCommand(f"{type(command).__name__} is not a Hike! command")
    advance(emitter, rng)
    return emitter.decision()
