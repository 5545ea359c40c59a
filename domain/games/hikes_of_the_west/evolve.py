"""The opening events and the fold: `evolve` applies one event, never draws, never refuses."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from msgspec.structs import replace

from domain.core import Event, GameConfig, GameCreated, Rng
from domain.games.hikes_of_the_west.cards import LOCATIONS_PER_GAME, card_ids
from domain.games.hikes_of_the_west.events import (
    DeckShuffled,
    DiceRolled,
    GameFinished,
    HikeCompleted,
    HikerStranded,
    HikesEvent,
    HikesPlanned,
    LocationsRevealed,
    PathChosen,
    PathsDealt,
    Rested,
    RodeToTop,
    StaminaSaved,
    TerrainCovered,
)
from domain.games.hikes_of_the_west.state import GameState, Hike, Phase, Placement, RestStop, Step
from domain.games.hikes_of_the_west.trail import is_canyon, kept_route


def setup(config: GameConfig, rng: Rng) -> list[Event]:
    """Shuffle the nine cards path side up and flip the top three to their locations.

    Rulebook, Setup. The shuffled order stays hidden; the three locations are public.
    """
    order = rng.shuffled(card_ids())
    locations = order[:LOCATIONS_PER_GAME]
    return [DeckShuffled(order=order), LocationsRevealed(locations=(locations[0], locations[1], locations[2]))]


def evolve(state: GameState | None, event: Event) -> GameState:
    """The state after `event`: total over the events of this game, never raises on a recorded one."""
    if isinstance(event, GameCreated) or state is None:
        seats = event.seats if isinstance(event, GameCreated) else ()
        return GameState(hiker=seats[0].name if seats else "hiker")
    return _apply(state, event)  # type: ignore[arg-type]


def _apply(state: GameState, event: HikesEvent) -> GameState:
    match event:
        case GameCreated():
            return evolve(None, event)
        case DeckShuffled(order=order):
            return replace(state, deck=order)
        case LocationsRevealed(locations=locations):
            return replace(state, locations=locations, deck=_without_cards(state.deck, locations))
        case HikesPlanned(order=order):
            return replace(state, phase=Phase.HIKING, plan=order, scored=((),) * len(order), leg=0)
        case PathsDealt(location=location, cards=cards):
            hike = Hike(location=location, layout=cards)
            return replace(state, hike=hike, deck=_without_cards(state.deck, cards))
        case PathChosen(slot=slot):
            return _on_hike(state, lambda hike: _choose(hike, slot))
        case DiceRolled(dice=dice):
            return _on_hike(state, lambda hike: _rolled(hike, dice))
        case StaminaSaved(die=die, stamina=stamina):
            return _on_hike(state, lambda hike: _saved(hike, die, stamina))
        case TerrainCovered(die=die, stamina=stamina):
            return _on_hike(state, lambda hike: _covered(hike, die, stamina))
        case Rested():
            return _on_hike(_score(state, event.scored), lambda hike: _rested(hike, event))
        case HikeCompleted(die=die) | RodeToTop(die=die):
            done = _score(state, (die,))
            return replace(done, hike=None, leg=done.leg + 1)
        case HikerStranded(dice=dice):
            return replace(_score(state, dice), hike=None, stranded=True)
        case GameFinished():
            return replace(state, phase=Phase.FINISHED, hike=None)
        case _:
            assert_never(event)


def _on_hike(state: GameState, change: Callable[[Hike], Hike]) -> GameState:
    if state.hike is None:
        return state
    return replace(state, hike=change(state.hike))


def _score(state: GameState, dice: tuple[int, ...]) -> GameState:
    if not dice or not 0 <= state.leg < len(state.scored):
        return state
    scored = list(state.scored)
    scored[state.leg] = (*scored[state.leg], *dice)
    return replace(state, scored=tuple(scored))


def _choose(hike: Hike, slot: int) -> Hike:
    route = (slot,) if is_canyon(hike.location) else (*hike.route, slot)
    return replace(hike, route=route)


def _rolled(hike: Hike, dice: tuple[int, ...]) -> Hike:
    return replace(
        hike,
        free=tuple(sorted(dice)),
        step=Step.ROLLED,
        set_off=True,
        rolls_since_rest=hike.rolls_since_rest + 1,
    )


def _saved(hike: Hike, die: int, stamina: int) -> Hike:
    return replace(
        hike,
        free=_without(hike.free, die),
        stamina=tuple(sorted((*hike.stamina, stamina))),
        saved_since_rest=hike.saved_since_rest + 1,
    )


def _covered(hike: Hike, die: int, stamina: bool) -> Hike:
    return replace(
        hike,
        free=hike.free if stamina else _without(hike.free, die),
        stamina=_without(hike.stamina, die) if stamina else hike.stamina,
        placed=(*hike.placed, Placement(die=die, stamina=stamina)),
        step=Step.MOVING,
    )


def _rested(hike: Hike, event: Rested) -> Hike:
    return replace(
        hike,
        route=kept_route(hike.location, hike.route, event.rest_stop),
        rest=RestStop(position=event.rest_stop, die=event.rest_die),
        placed=(),
        stamina=(),
        free=(),
        step=Step.AT_REST,
        rolls_since_rest=0,
        saved_since_rest=0,
    )


def _without(values: tuple[int, ...], value: int) -> tuple[int, ...]:
    if value not in values:
        return values
    index = values.index(value)
    return values[:index] + values[index + 1 :]


def _without_cards(deck: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(card_id for card_id in deck if card_id not in cards)
