"""Setup and evolve: the opening events, and how each event changes the state.

`evolve` only applies facts: it draws no randomness and checks nothing a recorded
event could fail. It is total over the game's events: each event type has exactly
one applier in `APPLIERS` (a test holds it to EVENTS), and anything else raises.
Each applier copies the state once (rebuild speed: bench/fold_speed.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
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
    SEATS,
    Animal,
    Camp,
    Expedition,
    Hiker,
    Phase,
    State,
    opponent,
    plays_whole_last_turn,
    with_animal,
    with_item,
    without,
)


def setup(config: GameConfig, rng: Rng) -> list[Event]:
    """Six animals of each type placed at random, one on each of the 36 sections (Game Board)."""
    animals = rng.shuffled([animal for animal in ANIMALS for _ in range(SECTIONS_PER_REGION)])
    regions = tuple(animals[start : start + SECTIONS_PER_REGION] for start in range(0, 36, SECTIONS_PER_REGION))
    return [AnimalsPlaced(regions=regions)]


def evolve(state: State | None, event: Event) -> State:
    """The state after `event`.

    Raises:
        TypeError: not a Nanga Parbat event, or a game that does not begin with GameCreated.
        ValueError: the event names a seat that is not at the table.
    """
    apply = APPLIERS.get(type(event))
    if apply is None:
        raise TypeError(f"{type(event).__name__} is not a Nanga Parbat event")
    if state is None and apply is not _created:
        raise TypeError(f"a game of Nanga Parbat begins with GameCreated, not {type(event).__name__}")
    return apply(state, event)


def _seat(seat: int) -> int:
    """`seat`, when it is a place at the table."""
    if seat not in SEATS:
        raise ValueError(f"seat {seat!r} is not at a Nanga Parbat table")
    return seat


def _created(state: None, event: GameCreated) -> State:
    return State(names=tuple(seat.name for seat in event.seats), rules_version=event.rules_version,
                 area_scoring=bool(event.options.get("area_scoring", False)),
                 whole_last_turn=plays_whole_last_turn(event.rules_version, event.options))


def _animals_placed(state: State, event: AnimalsPlaced) -> State:
    return replace(state, board=tuple(itertools.chain.from_iterable(event.regions)))


def _guide_placed(state: State, event: GuidePlaced) -> State:
    return replace(state, guide=event.region, phase=Phase.TRAP, active=opponent(_seat(event.seat)), turn=1)


def _guide_moved(state: State, event: GuideRelocated | GuideMoved) -> State:
    return replace(state, guide=event.region)


def _animal_trapped(state: State, event: AnimalTrapped) -> State:
    """The animal goes to the trapper's board, one of their hikers takes its section (steps 1-2)."""
    seat = _seat(event.seat)
    expedition = state.expeditions[seat]
    trapper = replace(expedition, hikers=expedition.hikers - 1, ready=with_animal(expedition.ready, event.animal))
    return replace(state, board=with_item(state.board, event.spot.index, Hiker(seat=seat)),
                   expeditions=with_item(state.expeditions, seat, trapper), phase=Phase.SCORE)


def _scored(state: State, event: PointsScored | RegionScored) -> State:
    seat = _seat(event.seat)
    expedition = replace(state.expeditions[seat], score=event.score)
    return replace(state, expeditions=with_item(state.expeditions, seat, expedition))


def _snow_leopard(state: State, event: SnowLeopardActivated) -> State:
    return _swapped(state, event.seat, Animal.SNOW_LEOPARD, event.first, event.second)


def _tahr(state: State, event: TahrActivated) -> State:
    return _swapped(state, event.seat, Animal.TAHR, event.hiker, event.animal)


def _musk_deer(state: State, event: MuskDeerActivated) -> State:
    return _swapped(state, event.seat, Animal.MUSK_DEER, event.first, event.second)


def _yak(state: State, event: YakActivated) -> State:
    return replace(state, guide=event.region, expeditions=_spent(state, event.seat, Animal.YAK))


def _swapped(state: State, seat: int, animal: Animal, first: Spot, second: Spot) -> State:
    """An activation swapping the pieces on two sections."""
    board = list(state.board)
    board[first.index], board[second.index] = board[second.index], board[first.index]
    return replace(state, board=tuple(board), expeditions=_spent(state, seat, animal))


def _spent(state: State, seat: int, animal: Animal) -> tuple[Expedition, ...]:
    """The expeditions once `seat` has activated one of its ready `animal`s: it slides down to the spent ones."""
    expedition = state.expeditions[_seat(seat)]
    expedition = replace(expedition, ready=without(expedition.ready, (animal,)),
                         spent=with_animal(expedition.spent, animal))
    return with_item(state.expeditions, seat, expedition)


def _camps_built(state: State, event: CampsBuilt) -> State:
    """The hikers leave the game and camps stand in their place; a cube goes on the chart."""
    seat = _seat(event.seat)
    board = list(state.board)
    for spot in event.hikers:
        board[spot.index] = Camp(seat=seat)
    expedition = state.expeditions[seat]
    expedition = replace(expedition, camps=expedition.camps - len(event.hikers), cubes=expedition.cubes - 1)
    return replace(state, board=tuple(board), expeditions=with_item(state.expeditions, seat, expedition),
                   chart=_claimed(state, seat, Row.CAMPS, event.column), claimed=True)


def _animals_traded(state: State, event: AnimalsTraded) -> State:
    """The animals leave the trader's board, activated ones first; a cube goes on the chart."""
    seat = _seat(event.seat)
    expedition = state.expeditions[seat]
    expedition = replace(expedition, cubes=expedition.cubes - 1,
                         ready=without(expedition.ready, without(event.animals, event.spent)),
                         spent=without(expedition.spent, event.spent))
    return replace(state, expeditions=with_item(state.expeditions, seat, expedition),
                   chart=_claimed(state, seat, event.row, event.column), claimed=True)


def _claimed(state: State, seat: int, row: Row, column: int) -> tuple[int | None, ...]:
    """The points chart with `seat`'s cube on the spot at `row`, `column`."""
    return with_item(state.chart, chart_index(row, column), seat)


def _turn_ended(state: State, event: TurnEnded) -> State:
    return replace(state, active=opponent(_seat(event.seat)), phase=Phase.TRAP, claimed=False, turn=state.turn + 1)


def _game_ended(state: State, event: GameEnded) -> State:
    return replace(state, phase=Phase.OVER, end_reason=event.reason)


APPLIERS: dict[type[Event], Callable[[Any, Any], State]] = {
    GameCreated: _created,
    AnimalsPlaced: _animals_placed,
    GuidePlaced: _guide_placed,
    GuideRelocated: _guide_moved,
    AnimalTrapped: _animal_trapped,
    GuideMoved: _guide_moved,
    PointsScored: _scored,
    SnowLeopardActivated: _snow_leopard,
    TahrActivated: _tahr,
    MuskDeerActivated: _musk_deer,
    YakActivated: _yak,
    CampsBuilt: _camps_built,
    AnimalsTraded: _animals_traded,
    TurnEnded: _turn_ended,
    RegionScored: _scored,
    GameEnded: _game_ended,
}
