"""Setup and evolve: the opening events, and how each event changes the state.

`evolve` only applies facts: it draws no randomness and checks nothing.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.core import Event, GameConfig, GameCreated, Rng
from domain.games.nanga_parbat.board import SECTIONS_PER_REGION, Spot
from domain.games.nanga_parbat.chart import Row, chart_index
from domain.games.nanga_parbat.events import (
    AnimalsPlaced,
    AnimalsTraded,
    AnimalTrapped,
    CampsBuilt,
    GameEnded,
    GuideMoved,
    GuidePlaced,
    GuideRelocated,
    MuskDeerActivated,
    PointsScored,
    RegionScored,
    SnowLeopardActivated,
    TahrActivated,
    TurnEnded,
    YakActivated,
)
from domain.games.nanga_parbat.state import (
    ANIMALS,
    Animal,
    Camp,
    Expedition,
    Hiker,
    Phase,
    State,
    opponent,
    sort_animals,
    with_item,
    without,
)


def setup(config: GameConfig, rng: Rng) -> list[Event]:
    """Six animals of each type placed at random, one on each of the 36 sections (Game Board)."""
    animals = rng.shuffled([animal for animal in ANIMALS for _ in range(SECTIONS_PER_REGION)])
    regions = tuple(animals[start : start + SECTIONS_PER_REGION] for start in range(0, 36, SECTIONS_PER_REGION))
    return [AnimalsPlaced(regions=regions)]


def evolve(state: State | None, event: Event) -> State:
    """The state after `event`."""
    if isinstance(event, GameCreated):
        return State(names=tuple(seat.name for seat in event.seats),
                     area_scoring=bool(event.options.get("area_scoring", False)))
    assert state is not None
    match event:
        case AnimalsPlaced(regions=regions):
            return replace(state, board=tuple(animal for region in regions for animal in region))
        case GuidePlaced(region=region):
            return replace(state, guide=region, phase=Phase.TRAP, active=opponent(event.seat), turn=1)
        case GuideRelocated(region=region) | GuideMoved(region=region):
            return replace(state, guide=region)
        case AnimalTrapped(seat=seat, spot=spot, animal=animal):
            return _trapped(state, seat, spot, animal)
        case PointsScored(seat=seat, score=score) | RegionScored(seat=seat, score=score):
            return _update(state, seat, score=score)
        case SnowLeopardActivated(seat=seat, first=first, second=second):
            return _swap(_spend(state, seat, Animal.SNOW_LEOPARD), first, second)
        case TahrActivated(seat=seat, hiker=hiker, animal=animal):
            return _swap(_spend(state, seat, Animal.TAHR), hiker, animal)
        case MuskDeerActivated(seat=seat, first=first, second=second):
            return _swap(_spend(state, seat, Animal.MUSK_DEER), first, second)
        case YakActivated(seat=seat, region=region):
            return replace(_spend(state, seat, Animal.YAK), guide=region)
        case CampsBuilt(seat=seat, column=column, hikers=hikers):
            return _camps_built(state, seat, column, hikers)
        case AnimalsTraded(seat=seat, row=row, column=column, animals=animals, spent=spent):
            return _traded(state, seat, row, column, animals, spent)
        case TurnEnded(seat=seat):
            return replace(state, active=opponent(seat), phase=Phase.TRAP, claimed=False, turn=state.turn + 1)
        case GameEnded(reason=reason):
            return replace(state, phase=Phase.OVER, end_reason=reason)
    raise AssertionError(f"unknown event {event!r}")


def _update(state: State, seat: int, **changes: Any) -> State:
    expedition = replace(state.expeditions[seat], **changes)
    return replace(state, expeditions=with_item(state.expeditions, seat, expedition))


def _trapped(state: State, seat: int, spot: Spot, animal: Animal) -> State:
    expedition = state.expeditions[seat]
    state = _update(state, seat, hikers=expedition.hikers - 1, ready=sort_animals((*expedition.ready, animal)))
    return replace(state, board=with_item(state.board, spot.index, Hiker(seat=seat)), phase=Phase.SCORE)


def _spend(state: State, seat: int, animal: Animal) -> State:
    expedition: Expedition = state.expeditions[seat]
    return _update(state, seat, ready=without(expedition.ready, (animal,)),
                   spent=sort_animals((*expedition.spent, animal)))


def _swap(state: State, first: Spot, second: Spot) -> State:
    board = list(state.board)
    board[first.index], board[second.index] = board[second.index], board[first.index]
    return replace(state, board=tuple(board))


def _claim(state: State, seat: int, row: Row, column: int) -> State:
    state = _update(state, seat, cubes=state.expeditions[seat].cubes - 1)
    return replace(state, chart=with_item(state.chart, chart_index(row, column), seat), claimed=True)


def _camps_built(state: State, seat: int, column: int, hikers: tuple[Spot, ...]) -> State:
    board = list(state.board)
    for spot in hikers:
        board[spot.index] = Camp(seat=seat)
    state = _update(state, seat, camps=state.expeditions[seat].camps - len(hikers))
    return _claim(replace(state, board=tuple(board)), seat, Row.CAMPS, column)


def _traded(state: State, seat: int, row: Row, column: int, animals: tuple[Animal, ...],
            spent: tuple[Animal, ...]) -> State:
    expedition = state.expeditions[seat]
    ready = without(expedition.ready, without(animals, spent))
    state = _update(state, seat, ready=ready, spent=without(expedition.spent, spent))
    return _claim(state, seat, row, column)
