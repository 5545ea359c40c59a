"""The opening events and the fold: `evolve` applies one event, never draws, never refuses a recorded one."""

from __future__ import annotations

from msgspec.structs import replace

from domain.core import Event, GameConfig, GameCreated, Rng
from domain.games.hikes_of_the_west.cards import LOCATIONS_PER_GAME, card_ids
from domain.games.hikes_of_the_west.events import (
    DeckShuffled,
    DiceRolled,
    GameFinished,
    HikeCompleted,
    HikerStranded,
    HikesPlanned,
    LocationsRevealed,
    PathChosen,
    PathsDealt,
    Rested,
    RodeToTop,
    StaminaSaved,
    TerrainCovered,
    TurnedPathChosen,
)
from domain.games.hikes_of_the_west.state import TURNING_PATHS, GameState, Hike, Phase, Placement, RestStop, Step
from domain.games.hikes_of_the_west.trail import is_canyon, kept_route


def setup(config: GameConfig, rng: Rng) -> list[Event]:
    """Shuffle the nine cards path side up and flip the top three to their locations.

    Rulebook, Setup. The shuffled order stays hidden; the three locations are public.
    """
    order = rng.shuffled(card_ids())
    locations = order[:LOCATIONS_PER_GAME]
    return [DeckShuffled(order=order), LocationsRevealed(locations=(locations[0], locations[1], locations[2]))]


def evolve(state: GameState | None, event: Event) -> GameState:
    """The state after `event`: total over the events of this game, never raises on a recorded one.

    Raises:
        TypeError: an event of another game, an event before GameCreated, or a hiking event with
            no hike under way (none of which a recorded log holds).
    """
    if state is None:
        return _created(event)
    match event:  # the events of a hike first, the most frequent first: a rebuild tries the cases in turn
        case DiceRolled(dice=dice):
            return replace(state, hike=_rolled(_hike(state, event), dice))
        case Rested(scored=scored):
            return replace(state, scored=_scored(state, scored), hike=_rested(_hike(state, event), event))
        case StaminaSaved(die=die, stamina=stamina):
            return replace(state, hike=_saved(_hike(state, event), die, stamina))
        case TerrainCovered(die=die, stamina=stamina):
            return replace(state, hike=_covered(_hike(state, event), die, stamina))
        case PathChosen(slot=slot):
            return replace(state, hike=_choose(_hike(state, event), slot))
        case TurnedPathChosen(slot=slot):
            hike = _choose(_hike(state, event), slot)
            return replace(state, hike=replace(hike, turned=(*hike.turned, slot)))
        case HikeCompleted(die=die) | RodeToTop(die=die):
            return replace(state, scored=_scored(state, (die,)), hike=None, leg=state.leg + 1)
        case DeckShuffled(order=order):
            return replace(state, deck=order)
        case PathsDealt(location=location, cards=cards):
            turnable = state.rules_version >= TURNING_PATHS and not is_canyon(location)
            return replace(state, hike=Hike(location=location, layout=cards, turnable=turnable),
                           deck=_without_cards(state.deck, cards))
        case HikerStranded(dice=dice):
            return replace(state, scored=_scored(state, dice), hike=None, stranded=True)
        case LocationsRevealed(locations=locations):
            return replace(state, locations=locations, deck=_without_cards(state.deck, locations))
        case HikesPlanned(order=order):
            return replace(state, phase=Phase.HIKING, plan=order, scored=((),) * len(order), leg=0)
        case GameFinished():
            return replace(state, phase=Phase.FINISHED, hike=None)
        case GameCreated():
            return _created(event)
        case _:
            raise TypeError(f"{type(event).__name__} is not an event of Hikes of the West")


def _created(event: Event) -> GameState:
    """A fresh table for the hiker in the only seat (the name as the game was created)."""
    if not isinstance(event, GameCreated):
        raise TypeError(f"{type(event).__name__} before GameCreated")
    return GameState(hiker=event.seats[0].name if event.seats else "hiker", rules_version=event.rules_version)


def _hike(state: GameState, event: Event) -> Hike:
    if state.hike is None:
        raise TypeError(f"{type(event).__name__} with no hike under way")
    return state.hike


def _scored(state: GameState, dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The dice on the location cards with `dice` added to the current location's card."""
    if not dice:
        return state.scored
    leg = state.leg
    return (*state.scored[:leg], (*state.scored[leg], *dice), *state.scored[leg + 1 :])


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
    route = kept_route(hike.location, hike.route, event.rest_stop)
    return replace(
        hike,
        route=route,
        turned=tuple(slot for slot in hike.turned if slot in route),
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
