"""to_act, waiting, the one refusal of each command, the candidates worth asking it about, and decide.

A command is refused (`refusal`, in the rulebook's words) unless it answers what the game
asks now: a character to place, an action to choose, or the step at the head of the turn's
queue (steps.py). The listing asks the same refusal of every candidate, so what is listed is
exactly what `decide` accepts; whose turn it is, the core checks first (`waiting` words it
for a seat that must wait). `decide` emits through an `Emitter`, which applies each event at
once, and `run_steps` then emits every automatic step and every forced choice until a player
has a real decision; it returns the events with the state they lead to, so `evolve` runs once
per event. Rulebook: Player setup, Rest, Prepare, Climb, Action bonuses, Game end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.core import Command, Decision, Emitter, Event, IllegalCommand, InvalidCommand, Rng
from domain.games.peaks import cards
from domain.games.peaks.actions import climb_steps, discard_steps, prepare_steps, rest_steps
from domain.games.peaks.asking import could_pay_by_discarding
from domain.games.peaks.climbing import (
    backers,
    can_be_backed,
    can_climb,
    feasible_sets,
    missing_equipment,
    own_cost,
)
from domain.games.peaks.commands import (
    BringCompanions,
    Climb,
    Decline,
    DiscardBonusCard,
    GainEquipment,
    GainMountain,
    KeepCompanion,
    OfferEquipment,
    PlaceCharacter,
    Prepare,
    Rest,
    TagAlong,
    Travel,
)
from domain.games.peaks.effects import run_automatic, step_events
from domain.games.peaks.events import (
    ActionChosen,
    BackingAsked,
    BonusCardDiscarded,
    CharacterPlaced,
    StepSkipped,
    TurnEnded,
)
from domain.games.peaks.evolve import evolve
from domain.games.peaks.scoring import end_game_events, end_reason
from domain.games.peaks.state import AUTOMATIC, Phase, State, Step, StepKind
from domain.games.peaks.steps import OPTIONAL, PROMPTS, STEP_REFUSALS, answering, is_bound, step_commands


def to_act(state: State) -> frozenset[int]:
    """Every seat still to place its character; then the seat of the waiting step, or the current player."""
    if state.phase is Phase.OVER:
        return frozenset()
    if state.phase is Phase.PLACING:
        return frozenset(seat for seat, player in enumerate(state.players) if player.continent is None)
    seat = state.steps[0].seat if state.steps else state.current
    return ALONE[seat] if seat < len(ALONE) else frozenset({seat})


ALONE = tuple(frozenset({seat}) for seat in range(6))  # `to_act` of one seat, built once (asked at every command)


def waiting(state: State, seat: int) -> str:
    """What a seat that is not to act is told: whom the game waits for, and for what."""
    if state.phase is Phase.PLACING:
        return "you have already placed your character; waiting for the others"
    if state.steps:
        step = state.steps[0]
        return f"waiting for {state.names[step.seat]} to {PROMPTS.get(step.kind, 'finish the turn')}"
    return f"it is {state.names[state.current]}'s turn"


# --- the one refusal of each command -------------------------------------------------------------------------

def place_character_refusal(state: State, seat: int, command: PlaceCharacter) -> str | None:
    """Player setup: a character is placed before the first turn, in any continent."""
    return None if state.phase is Phase.PLACING else "characters are placed at set-up only"


def action_refusal(state: State, seat: int, command: Rest | Prepare | Climb) -> str | None:
    """An action is chosen at the start of your turn, once every character is placed."""
    if state.phase is Phase.PLAYING and not state.steps:
        return None
    return answering(state, ())  # characters to place, or a step waiting that no action answers


def climb_refusal(state: State, seat: int, command: Climb) -> str | None:
    """Climb one of your mountains whose requirements you can meet, or (rules version 2) that opponents could
    equip with you (Negotiation)."""
    if refusal := action_refusal(state, seat, command):
        return refusal
    if can_be_backed(state, seat, command.mountain) or can_climb(state.players[seat], command.mountain):
        return None
    return _cannot_climb(state, seat, command.mountain)


def _cannot_climb(state: State, seat: int, mountain_id: str) -> str:
    """Why the seat cannot climb the mountain (neither alone nor backed), in the rulebook's words."""
    player = state.players[seat]
    mountain = cards.mountains()[mountain_id]
    if mountain_id not in player.mountains:
        return "choose 1 of your mountains to climb"
    best = tuple(slot.companion for slot in player.companions)
    cost = own_cost(player, mountain, best)
    if cost is None:
        return (f"{mountain.name} needs acclimatisation: you must not have moved this turn, "
                f"so you must already be in {cards.board().continent_names[mountain.continent]}")
    if player.stamina < cost.stamina:
        return f"you must pay the entire stamina cost of {mountain.name} ({cost.stamina})"
    assert not feasible_sets(player, mountain)
    return f"you lack the equipment {mountain.name} requires"


def discard_refusal(state: State, seat: int, command: DiscardBonusCard) -> str | None:
    """Bonus card: a card in your hand, before choosing your action, and from rules version 2 at any choice."""
    if state.phase is Phase.PLACING or (state.steps and not state.book_choices):
        return answering(state, ())  # characters to place, or (rules version 1) a step waiting
    if command.card not in state.players[seat].bonus_cards:
        return "you can only discard a bonus card in your hand"
    return None


REFUSALS: dict[type[Command], Callable[[State, int, Any], str | None]] = {
    PlaceCharacter: place_character_refusal,
    DiscardBonusCard: discard_refusal,
    Rest: action_refusal,
    Prepare: action_refusal,
    Climb: climb_refusal,
    **STEP_REFUSALS,
}


def refusal(state: State, seat: int, command: Command) -> str | None:
    """Why `seat`, a seat to act, may not give `command` now; None when the rules allow it."""
    return REFUSALS[type(command)](state, seat, command)


# --- the candidates -------------------------------------------------------------------------------------------

def candidates(state: State, seat: int) -> list[Command]:
    """Every command worth asking `refusal` about, in listing order: a continent to place the character in; an
    action; or the waiting step's choices, Decline where it is optional, and (from rules version 2) discards."""
    if state.phase is Phase.PLACING:
        return [PlaceCharacter(continent=continent) for continent in cards.board().continents]
    if not state.steps:
        return action_commands(state, seat)
    step = state.steps[0]
    declines: list[Command] = [Decline()] if step.kind in OPTIONAL else []
    return [*step_commands(state, step), *declines, *(discards(state, seat) if state.book_choices else [])]


def action_commands(state: State, seat: int) -> list[Command]:
    """At the start of a turn: discard a bonus card, or rest, prepare, or climb one of your mountains.

    From rules version 2 a climb you cannot equip alone is listed too when opponents could pay what you lack
    (Negotiation); choosing it asks them.
    """
    player = state.players[seat]
    climbs: list[Command] = [
        Climb(mountain=mountain, side=side)  # type: ignore[arg-type]
        for mountain in player.mountains
        if can_climb(player, mountain) or can_be_backed(state, seat, mountain) for side in ("left", "right")
    ]
    return [*discards(state, seat), Rest(choice="level"), Rest(choice="gain"), Prepare(), *climbs]


def discards(state: State, seat: int) -> list[Command]:
    """Bonus card: discard one of your bonus cards for its discard bonus."""
    return [DiscardBonusCard(card=card) for card in sorted(state.players[seat].bonus_cards)]


# --- decide ---------------------------------------------------------------------------------------------------

def check_known(state: State, command: Command) -> None:
    """Ids and numbers a command names must exist, and no argument may be one the other arguments make meaningless.

    Raises:
        InvalidCommand: not a Peaks command; an unknown continent, equipment, mountain, companion or bonus card, or
            seat; a meaningless argument (see `check_meaningful`).
    """
    if type(command) not in REFUSALS:
        raise InvalidCommand(f"{type(command).__name__} is not a Peaks command")
    if type(command) not in NAMING:
        return  # no id, number or argument to check (asked at every command a search plays)
    check_meaningful(command)
    board = cards.board()
    match command:
        case PlaceCharacter(continent=c) | Travel(continent=c) if c not in board.continents:
            raise InvalidCommand(f"args.continent: unknown continent {c!r}; continents: {', '.join(board.continents)}")
        case GainEquipment(equipment=kind) if kind not in board.equipment:
            raise InvalidCommand(f"args.equipment: unknown equipment {kind!r}; equipment: {', '.join(board.equipment)}")
        case OfferEquipment(to_seat=to_seat, equipment=kit):
            if not 0 <= to_seat < state.seats:
                raise InvalidCommand(f"args.to_seat: no seat {to_seat}")
            if any(kind not in board.equipment for kind in kit):
                raise InvalidCommand(f"args.equipment: equipment is one of {', '.join(board.equipment)}")
        case Climb(mountain=mountain) if mountain not in cards.mountains():
            raise InvalidCommand(f"args.mountain: unknown mountain {mountain!r}")
        case KeepCompanion(companion=c, replace=r) if c not in cards.companions() or (r and r not in cards.companions()):
            raise InvalidCommand("args: unknown companion")
        case BringCompanions(companions=cs) | TagAlong(companions=cs) if any(c not in cards.companions() for c in cs):
            raise InvalidCommand("args.companions: unknown companion")
        case DiscardBonusCard(card=card) if card not in cards.bonus_cards():
            raise InvalidCommand(f"args.card: unknown bonus card {card!r}")
        case GainMountain(slot=slot) if not 0 <= slot < board.display_size:
            raise InvalidCommand(f"args.slot: the display has slots 0 to {board.display_size - 1}")


NAMING: frozenset[type[Command]] = frozenset({
    PlaceCharacter, Travel, GainEquipment, OfferEquipment, Climb, KeepCompanion, BringCompanions, TagAlong,
    DiscardBonusCard, GainMountain,
})
"""The commands whose arguments `check_known` and `check_meaningful` check (every type their cases name)."""


def check_meaningful(command: Command) -> None:
    """An argument that the command's other arguments make meaningless is refused, not ignored (RULINGS.md).

    A deck draw takes no display slot (`slot` keeps its default, 0); an offer pays one of each equipment type
    it names, so it names at least one, each once; a companion is brought, or tags along, once; a kept
    companion cannot replace itself.

    Raises:
        InvalidCommand: naming the meaningless argument.
    """
    match command:
        case GainMountain(source=source, slot=slot) if source != "display" and slot != 0:
            raise InvalidCommand(f"args.slot: only a mountain from the display has a slot; leave slot out to gain "
                                 f"the top of the {source} deck")
        case OfferEquipment(equipment=()):
            raise InvalidCommand("args.equipment: an offer names at least one equipment type")
        case OfferEquipment(equipment=kit) if len(set(kit)) != len(kit):
            raise InvalidCommand("args.equipment: an offer pays one of each type it names; name each type once")
        case BringCompanions(companions=brought) | TagAlong(companions=brought) if len(set(brought)) != len(brought):
            raise InvalidCommand("args.companions: a companion comes on a climb once; name each companion once")
        case KeepCompanion(companion=kept, replace=gone) if kept == gone:
            raise InvalidCommand("args.replace: a companion cannot replace itself; name a companion on your mat")


def decide(state: State, seat: int, command: Command, rng: Rng) -> Decision:
    """The events of `seat`'s command, followed by every automatic step it sets off, with the state after them.

    Raises:
        InvalidCommand: not a Peaks command, or one naming unknown pieces (`check_known`).
        IllegalCommand: not allowed by the rules now (`refusal`).
    """
    check_known(state, command)
    reason = refusal(state, seat, command)
    if reason is not None:
        raise IllegalCommand(reason)
    emitter = Emitter(evolve, state)
    match command:
        case PlaceCharacter(continent=continent):
            emitter.emit(CharacterPlaced(seat=seat, continent=continent))
        case DiscardBonusCard(card=card):
            emitter.emit(BonusCardDiscarded(seat=seat, card=card, queued=discard_steps(card, seat)))
        case Rest() | Prepare() | Climb():
            emitter.emit(chosen_action(state, seat, command))
        case _:
            emitter.emit_all(step_events(state, state.steps[0], command, rng))
    run_steps(emitter, rng)
    return emitter.decision()


def chosen_action(state: State, seat: int, command: Rest | Prepare | Climb) -> Event:
    """A player token on rest, prepare or climb, with the steps the action queues; a climb opponents must equip
    first asks them (rules version 2)."""
    player = state.players[seat]
    match command:
        case Rest(choice=choice):
            return ActionChosen(seat=seat, action="rest", queued=rest_steps(player, seat, choice))
        case Prepare():
            return ActionChosen(seat=seat, action="prepare", queued=prepare_steps(player, seat))
        case Climb(mountain=mountain, side=side) if can_be_backed(state, seat, mountain):
            missing = missing_equipment(player, cards.mountains()[mountain])
            return BackingAsked(seat=seat, mountain=mountain, side=side, missing=missing,
                                asked=backers(state, seat, missing))
        case Climb(mountain=mountain, side=side):
            return ActionChosen(seat=seat, action="climb", mountain=mountain, side=side,
                                queued=climb_steps(player, seat))
    raise AssertionError(f"not an action: {type(command).__name__}")


def waits_for_choice(state: State, step: Step, options: list[Command]) -> bool:
    """Does the step wait for its seat's choice (Timing: forced steps are taken, empty ones skipped)?

    From rules version 2 a seat asked to tag along that could afford it only by discarding bonus cards is asked,
    even with staying behind its only option now (Bonus card: discard 'during the game'); from version 3 a seat
    is asked so whenever its hand, as far as the others can tell, might pay (asking.py).
    """
    if len(options) > 1 or (options and step.kind in OPTIONAL):
        return True
    return (step.kind is StepKind.TAG_ALONG and not is_bound(state, step.seat)
            and could_pay_by_discarding(state, step.seat))


def run_steps(emitter: Emitter[State], rng: Rng) -> None:
    """Emit automatic steps and forced choices until a player has a real decision, or the game ends."""
    while True:
        state = emitter.state
        if state.phase is not Phase.PLAYING or not state.steps:
            return
        step = state.steps[0]
        if step.kind is StepKind.END_TURN:
            end_turn(emitter, step.seat)
        elif step.kind in AUTOMATIC:
            emitter.emit_all(run_automatic(state, step, rng))
        else:
            options = step_commands(state, step)
            if waits_for_choice(state, step, options):
                return
            if not options:
                emitter.emit(StepSkipped(seat=step.seat, step=step.kind))
            else:
                emitter.emit_all(step_events(state, step, options[0], rng))


def end_turn(emitter: Emitter[State], seat: int) -> None:
    """Pass the turn clockwise; at the end of the turn with a 16th flag (or the round cap), score the game."""
    emitter.emit(TurnEnded(seat=seat, next_seat=(seat + 1) % emitter.state.seats))
    reason = end_reason(emitter.state)
    if reason:
        emitter.emit_all(end_game_events(emitter.state, reason))

