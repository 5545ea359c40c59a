"""What follows a move on the trail: rests, completing a location, the next one, being stranded.

Each step emits its events through the decision's `Emitter`, so the rules that follow see them.
"""

from __future__ import annotations

from domain.core import Emitter, Rng
from domain.games.hikes_of_the_west.cards import PATH_CARDS_PER_HIKE, card_ids, par_of
from domain.games.hikes_of_the_west.events import (
    DeckShuffled,
    GameFinished,
    HikeCompleted,
    HikerStranded,
    PathsDealt,
    Rested,
)
from domain.games.hikes_of_the_west.state import GameState, Hike, RestCause
from domain.games.hikes_of_the_west.trail import trail_length

FULL_REST_DIE = 6
STRANDED_DIE = 6


def rest(emitter: Emitter[GameState], cause: RestCause, rng: Rng) -> None:
    """A rest and what it leads to: the end of the hike, or being stranded with no die to roll.

    Rulebook, Resting; a rest at the last terrain (Mt. Rainier) completes the location.
    """
    hike = _hike(emitter.state)
    rested = forced_rest(hike, cause) if cause.forced else chosen_rest(hike, cause)
    emitter.emit(rested)
    if rested.rest_stop == trail_length(hike.location):
        complete_location(emitter, rng)
    elif emitter.state.dice_in_hand == 0:
        strand(emitter)


def forced_rest(hike: Hike, cause: RestCause) -> Rested:
    """Lose the progress since the last rest and raise the rest die by one.

    Rulebook, Resting: with no rest stop yet, a die from hand marks the trail head showing 1;
    a rest die that showed 6 goes onto the location card and a fresh die from hand marks the
    same rest stop showing 1 (a roll came first, so a die besides the rest die is in play).
    """
    lost = len(hike.placed)
    if hike.rest is None:
        return Rested(cause=cause, rest_stop=0, rest_die=1, lost=lost, scored=())
    if hike.rest.die < FULL_REST_DIE:
        return Rested(cause=cause, rest_stop=hike.rest.position, rest_die=hike.rest.die + 1, lost=lost, scored=())
    return Rested(cause=cause, rest_stop=hike.rest.position, rest_die=1, lost=lost, scored=(FULL_REST_DIE,))


def chosen_rest(hike: Hike, cause: RestCause) -> Rested:
    """Set the furthest die to the next rest count and free the others (rulebook, Resting).

    A previous rest die showing 6 goes onto the location card and the count starts again at 1.
    """
    previous = hike.rest.die if hike.rest is not None else 0
    if previous == FULL_REST_DIE:
        return Rested(cause=cause, rest_stop=hike.position, rest_die=1, lost=0, scored=(FULL_REST_DIE,))
    return Rested(cause=cause, rest_stop=hike.position, rest_die=previous + 1, lost=0, scored=())


def complete_location(emitter: Emitter[GameState], rng: Rng) -> None:
    """The final card is finished: the last rest die goes onto the location card (rulebook, Completing)."""
    hike = _hike(emitter.state)
    emitter.emit(HikeCompleted(location=hike.location, die=hike.rest.die if hike.rest is not None else 0))
    go_to_next_location(emitter, rng)


def go_to_next_location(emitter: Emitter[GameState], rng: Rng) -> None:
    """Reshuffle the six path cards and deal five under the next location, or end the game.

    Rulebook, Completing a path card and Game end.
    """
    state = emitter.state
    if state.leg >= len(state.plan):
        emitter.emit(_finished(state))
        return
    location = state.plan[state.leg]
    if state.dice_available == 0:
        strand(emitter, location)
        return
    order = rng.shuffled(tuple(card_id for card_id in card_ids() if card_id not in state.locations))
    emitter.emit(DeckShuffled(order=order), PathsDealt(location=location, cards=order[:PATH_CARDS_PER_HIKE]))


def strand(emitter: Emitter[GameState], location: str | None = None) -> None:
    """No die is left to roll: every die still in play goes onto the location card showing 6; the game ends.

    A ruling (RULINGS.md, Stranded): the book is silent on running out of dice.
    """
    state = emitter.state
    where = location if location is not None else _hike(state).location
    emitter.emit(HikerStranded(location=where, dice=(STRANDED_DIE,) * state.dice_available))
    emitter.emit(_finished(emitter.state))


def _finished(state: GameState) -> GameFinished:
    return GameFinished(score=state.score, par=par_of(state.locations), completed=state.leg)


def _hike(state: GameState) -> Hike:
    assert state.hike is not None, "a hike is under way"
    return state.hike
