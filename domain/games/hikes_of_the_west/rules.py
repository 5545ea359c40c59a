"""to_act, the one refusal predicate of each command, the candidates worth asking it about, and decide.

Each `*_refusal` returns why a command is illegal now, in the rulebook's words, or None when
it is legal: `decide` refuses with that reason and the listing keeps the candidates it allows
(domain/core/package.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from domain.core import Command, Decision, Emitter, InvalidCommand, Refusal, Rng, refuse
from domain.games.hikes_of_the_west.cards import (
    MT_RAINIER,
    PATH_CARDS_PER_HIKE,
    PIKES_PEAK,
    PIKES_PEAK_RIDE,
    location_name,
)
from domain.games.hikes_of_the_west.commands import (
    ChoosePath,
    ChooseTurnedPath,
    Cover,
    PlanHikes,
    Rest,
    RideToTop,
    Roll,
    SaveStamina,
)
from domain.games.hikes_of_the_west.dice import (
    can_place_a_die,
    cover_refusal,
    rolls_a_triple,
    stamina_die_refusal,
    stamina_limit,
    stamina_value,
)
from domain.games.hikes_of_the_west.events import (
    DiceRolled,
    HikesPlanned,
    PathChosen,
    TurnedPathChosen,
    PathsDealt,
    RodeToTop,
    StaminaSaved,
    TerrainCovered,
)
from domain.games.hikes_of_the_west.evolve import evolve
from domain.games.hikes_of_the_west.hiking import complete_location, go_to_next_location, rest
from domain.games.hikes_of_the_west.state import TURNING_PATHS, GameState, Hike, Phase, RestCause, Step
from domain.games.hikes_of_the_west.trail import is_canyon, path_options, slot_name, trail, trail_length

HIKER = 0
FACES = range(1, 7)
SLOTS = range(PATH_CARDS_PER_HIKE)


def to_act(state: GameState) -> frozenset[int]:
    """The hiker while the game runs; nobody once it is over."""
    return frozenset() if state.phase is Phase.FINISHED else frozenset({HIKER})


def waiting(state: GameState, seat: int) -> str:
    """What a seat other than the hiker's is told: the game is solo."""
    return f"Hikes of the West is played solo: only seat {HIKER} hikes"


def plan_refusal(state: GameState, seat: int, command: PlanHikes) -> str | None:
    """Why these three locations may not be ordered so (rulebook, Planning stage)."""
    if state.phase is not Phase.PLANNING:
        return "the hikes are already planned"
    if sorted(command.order) != sorted(state.locations):
        names = ", ".join(location_name(location) for location in state.locations)
        return f"order the three locations you turned up: {names}"
    return None


def path_refusal(state: GameState, seat: int, command: ChoosePath | ChooseTurnedPath) -> str | None:
    """Why the card in `slot` may not be chosen now (rulebook, Setting off; Completing a path card)."""
    hike, refusal = _hiking(state)
    if hike is None:
        return refusal
    options = path_options(hike)
    if not options:
        if is_canyon(hike.location):
            return "at the Grand Canyon there is no more choice of path until you reach the other rim"
        return "there is no choice of path here: choose when you reach the top of the first card"
    if command.slot not in options:
        allowed = ", ".join(f"{option} ({slot_name(hike.location, option)})" for option in options)
        return f"choose one of the slots {allowed}"
    return None


def turned_path_refusal(state: GameState, seat: int, command: ChooseTurnedPath) -> str | None:
    """Why the card in `slot` may not be chosen turned end for end now (rules version 2; Setting off)."""
    if state.rules_version < TURNING_PATHS:
        return "under rules version 1 path cards are hiked as printed: choose with ChoosePath"
    refusal = path_refusal(state, seat, command)
    if refusal is not None:
        return refusal
    hike = _current(state)
    if not hike.turnable:
        return "the Grand Canyon's V is hiked rim to rim as dealt: choose the starting rim with ChoosePath"
    return None


def roll_refusal(state: GameState, seat: int, command: Roll) -> str | None:
    """Why the free dice may not be rolled now (rulebook, Rolling again)."""
    hike, refusal = _hiking(state)
    if hike is None:
        return refusal
    if hike.step is Step.ROLLED:
        return "after rolling you must place at least one die before rolling again, or rest"
    if not hike.free and state.dice_in_hand == 0:
        return "you have no free dice to roll: rest instead"
    return None


def save_refusal(state: GameState, seat: int, command: SaveStamina) -> str | None:
    """Why a die showing `die` may not be saved as stamina now (rulebook, Using stamina)."""
    hike, refusal = _hiking(state)
    if hike is None:
        return refusal
    if hike.step is Step.AT_REST:
        return "roll your dice first: stamina is saved from a roll"
    if hike.rolls_since_rest != 1:
        return "stamina may be saved only from the first roll after a rest"
    limit = stamina_limit(hike.location)
    if hike.saved_since_rest >= limit:
        what = "your stamina" if limit == 1 else f"{limit} stamina dice"
        return f"you already saved {what} since the last rest"
    if command.die not in hike.free:
        return f"you have no free die showing {command.die}"
    return stamina_die_refusal(hike.location, command.die)


def covering_refusal(state: GameState, seat: int, command: Cover) -> str | None:
    """Why the next terrain may not be covered with this die now (rulebook, Hiking; Using stamina)."""
    hike, refusal = _hiking(state)
    if hike is None:
        return refusal
    if hike.step is Step.AT_REST:
        return "roll your dice first"
    if path_options(hike):
        return "choose which path card to hike before covering its terrain"
    ahead = trail(hike)
    if hike.position >= len(ahead):  # only between covering the last terrain and the hike's end (a replay)
        return "the trail is covered: the hike ends"
    pool, kind = (hike.stamina, "stamina") if command.stamina else (hike.free, "free")
    if command.die not in pool:
        return f"you have no {kind} die showing {command.die}"
    return cover_refusal(hike.location, command.die, ahead[hike.position], command.stamina)


def rest_refusal(state: GameState, seat: int, command: Rest) -> str | None:
    """Why the hiker may not rest now: only just after a rest (rulebook, Resting)."""
    hike, refusal = _hiking(state)
    if hike is None:
        return refusal
    if hike.step is Step.AT_REST:
        return "you have just rested: roll your dice"
    return None


def ride_refusal(state: GameState, seat: int, command: RideToTop) -> str | None:
    """Why the hiker may not ride to the top now (rulebook, Location reference, Pikes Peak)."""
    hike, refusal = _hiking(state)
    if hike is None:
        return refusal
    if hike.location != PIKES_PEAK:
        return "only at Pikes Peak can you ride to the top"
    if hike.set_off:
        return "you decided to start hiking Pikes Peak and may not change your mind"
    return None


REFUSALS: dict[type[Command], Refusal] = {
    PlanHikes: plan_refusal,
    ChoosePath: path_refusal,
    ChooseTurnedPath: turned_path_refusal,
    Roll: roll_refusal,
    SaveStamina: save_refusal,
    Cover: covering_refusal,
    Rest: rest_refusal,
    RideToTop: ride_refusal,
}


def refusal(state: GameState, seat: int, command: Command) -> str | None:
    """Why the hiker may not give `command` now, or None when the rules allow it."""
    return REFUSALS[type(command)](state, seat, command)


def candidates(state: GameState, seat: int) -> Iterator[Command]:
    """Every command worth checking now, in the order the legal list shows them.

    Only those `refusal` could allow: the orders of the locations while planning; on a hike, a path card only
    in a slot open to choice, a die command only for a face the hiker holds (any other is refused for want of
    the die). The legal list is the same as over every command (tests/domain/hikes_of_the_west/
    test_hotw_sameness.py); the search lists it thousands of times a decision, and checking the other dozen
    faces was half its CPU.
    """
    if state.phase is Phase.PLANNING or state.hike is None:
        for first, second, third in itertools.permutations(sorted(state.locations), 3):
            yield PlanHikes(order=(first, second, third))
        return
    hike = state.hike
    options = path_options(hike)
    yield from (ChoosePath(slot=slot) for slot in SLOTS if slot in options)
    yield from (ChooseTurnedPath(slot=slot) for slot in SLOTS if slot in options)
    yield Roll()
    yield from (SaveStamina(die=die) for die in FACES if die in hike.free)
    for stamina, pool in ((False, hike.free), (True, hike.stamina)):
        yield from (Cover(die=die, stamina=stamina) for die in FACES if die in pool)
    yield Rest()
    yield RideToTop()


def check_args(command: Command) -> None:
    """A command names a die face 1 to 6 and a slot 0 to 4.

    Raises:
        InvalidCommand: not a Hikes of the West command, a die face or a slot out of range.
    """
    if type(command) not in REFUSALS:
        raise InvalidCommand(f"unknown command {command.TYPE!r} for Hikes of the West")
    for name, allowed in (("slot", SLOTS), ("die", FACES)):
        value = getattr(command, name, None)
        if value is not None and value not in allowed:
            raise InvalidCommand(f"args.{name}: must be {allowed.start} to {allowed.stop - 1}")


def decide(state: GameState, seat: int, command: Command, rng: Rng) -> Decision:
    """The events of one command, carrying the state they lead to.

    Raises:
        InvalidCommand: an unknown command, a die face outside 1-6, a slot outside 0-4.
        IllegalCommand: the rules forbid the command now (`refusal` says which rule).
    """
    check_args(command)
    refuse(refusal(state, seat, command))
    emitter: Emitter[GameState] = Emitter(evolve, state)
    match command:
        case PlanHikes(order=order):
            dealt = PathsDealt(location=order[0], cards=state.deck[:PATH_CARDS_PER_HIKE])
            emitter.emit(HikesPlanned(order=order), dealt)
        case ChoosePath(slot=slot):
            emitter.emit(PathChosen(slot=slot, card=_current(state).layout[slot]))
        case ChooseTurnedPath(slot=slot):
            emitter.emit(TurnedPathChosen(slot=slot, card=_current(state).layout[slot]))
        case Roll():
            _roll(emitter, rng)
        case SaveStamina(die=die):
            emitter.emit(StaminaSaved(die=die, stamina=stamina_value(_current(state).location, die)))
        case Cover(die=die, stamina=stamina):
            _cover(emitter, die, stamina, rng)
        case Rest():
            rest(emitter, RestCause.CHOSEN if _current(state).step is Step.MOVING else RestCause.NO_COVER, rng)
        case RideToTop():
            emitter.emit(RodeToTop(location=PIKES_PEAK, die=PIKES_PEAK_RIDE))
            go_to_next_location(emitter, rng)
    return emitter.decision()


def _roll(emitter: Emitter[GameState], rng: Rng) -> None:
    """Roll every free die; no die to place, or a Black Hills triple, forces a rest (rulebook, Hiking)."""
    state = emitter.state
    hike = _current(state)
    rolled = DiceRolled(dice=rng.dice(len(hike.free) + state.dice_in_hand))
    emitter.emit(rolled)
    if rolls_a_triple(hike.location, rolled.dice):
        rest(emitter, RestCause.TRIPLE, rng)
    elif not can_place_a_die(_current(emitter.state)):
        rest(emitter, RestCause.NO_DIE, rng)


def _cover(emitter: Emitter[GameState], die: int, stamina: bool, rng: Rng) -> None:
    """Cover the next terrain; Mt. Rainier's stamina makes it the new rest stop; the last one completes."""
    hike = _current(emitter.state)
    covered = TerrainCovered(position=hike.position + 1, terrain=trail(hike)[hike.position], die=die, stamina=stamina)
    emitter.emit(covered)
    if stamina and hike.location == MT_RAINIER:
        rest(emitter, RestCause.STAMINA, rng)
    elif covered.position == trail_length(hike.location):
        complete_location(emitter, rng)


def _hiking(state: GameState) -> tuple[Hike | None, str]:
    if state.phase is Phase.FINISHED:
        return None, "the game is over"
    if state.phase is Phase.PLANNING or state.hike is None:
        return None, "order the three locations first"
    return state.hike, ""


def _current(state: GameState) -> Hike:
    assert state.hike is not None, "a hike is under way"
    return state.hike
