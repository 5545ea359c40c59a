"""Scenario helpers for Nanga Parbat: given events (or an arranged state), when a command, then events.

The default layout puts, in region r and section s, the animal type number
(r + s - 2) mod 6 of the rulebook's order, so every region holds one of each type:

    region 1: snow_leopard tahr musk_deer yak bharal red_panda   (sections 1..6)
    region 2: tahr musk_deer yak bharal red_panda snow_leopard
    region 3: musk_deer yak bharal red_panda snow_leopard tahr
    region 4: yak bharal red_panda snow_leopard tahr musk_deer
    region 5: bharal red_panda snow_leopard tahr musk_deer yak
    region 6: red_panda snow_leopard tahr musk_deer yak bharal
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from domain.core import Command, Event, GameCreated, Rng, SeatConfig
from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.board import Spot, index_of
from domain.games.nanga_parbat.chart import Row, chart_index
from domain.games.nanga_parbat.events import AnimalsPlaced, GuidePlaced
from domain.games.nanga_parbat.state import (
    ANIMALS,
    Animal,
    Camp,
    Hiker,
    Phase,
    Piece,
    State,
    sort_animals,
    with_item,
)

RNG = Rng("scenario", 0)
SNOW_LEOPARD, TAHR, MUSK_DEER, YAK, BHARAL, RED_PANDA = ANIMALS


def spot(text: str) -> Spot:
    """The Spot written `region.section`, e.g. "2.4"."""
    region, section = text.split(".")
    return Spot(region=int(region), section=int(section))  # type: ignore[arg-type]


def spots(*texts: str) -> tuple[Spot, ...]:
    return tuple(spot(text) for text in texts)


def created(area_scoring: bool = False) -> GameCreated:
    return GameCreated(game_id="scenario", game_type=SPEC.id, rules_version=SPEC.rules_version,
                       seed_commitment="0" * 64, seats=(SeatConfig(name="Ada"), SeatConfig(name="Bo")),
                       options={"area_scoring": area_scoring})


def layout(overrides: Mapping[str, Animal] | None = None) -> tuple[tuple[Animal, ...], ...]:
    """The default layout, with some sections' animals replaced."""
    regions = [[ANIMALS[(region + section) % 6] for section in range(6)] for region in range(6)]
    for text, animal in (overrides or {}).items():
        where = spot(text)
        regions[where.region - 1][where.section - 1] = animal
    return tuple(tuple(region) for region in regions)


def opening(guide: int = 1, area_scoring: bool = False, overrides: Mapping[str, Animal] | None = None) -> list[Event]:
    """A game set up with the default layout and the guide placed on `guide` by the second player."""
    return [created(area_scoring), AnimalsPlaced(regions=layout(overrides)), GuidePlaced(seat=1, region=guide)]


def state_of(events: Sequence[Event]) -> State:
    return SPEC.fold(events)


def when(given: Sequence[Event] | State, seat: int, command: Command) -> list[Event]:
    """The events `decide` gives for `command` from `seat` after `given`."""
    state = given if isinstance(given, State) else state_of(given)
    return SPEC.decide(state, seat, command, RNG)


def after(given: Sequence[Event], *moves: tuple[int, Command]) -> list[Event]:
    """`given` followed by the events of each (seat, command) in turn."""
    events = list(given)
    for seat, command in moves:
        events.extend(when(events, seat, command))
    return events


def play(state: State, seat: int, command: Command) -> State:
    """The state after `command` from `seat`."""
    return SPEC.fold(when(state, seat, command), state)


def arranged(
    state: State,
    *,
    board: Mapping[str, Piece] | None = None,
    ready: Mapping[int, Sequence[Animal]] | None = None,
    spent: Mapping[int, Sequence[Animal]] | None = None,
    scores: Sequence[int] | None = None,
    hikers: Sequence[int] | None = None,
    camps: Sequence[int] | None = None,
    cubes: Sequence[int] | None = None,
    claimed_spots: Mapping[tuple[Row, int], int] | None = None,
    **fields: object,
) -> State:
    """`state` with pieces, animal boards, supplies, scores and chart spots set as given."""
    pieces = list(state.board)
    for text, piece in (board or {}).items():
        where = spot(text)
        pieces[index_of(where.region, where.section)] = piece
    expeditions = list(state.expeditions)
    for seat in (0, 1):
        changes: dict[str, object] = {}
        if ready and seat in ready:
            changes["ready"] = sort_animals(ready[seat])
        if spent and seat in spent:
            changes["spent"] = sort_animals(spent[seat])
        for name, values in (("score", scores), ("hikers", hikers), ("camps", camps), ("cubes", cubes)):
            if values is not None:
                changes[name] = values[seat]
        expeditions[seat] = msgspec.structs.replace(expeditions[seat], **changes)  # type: ignore[arg-type]
    chart = state.chart
    for (row, column), owner in (claimed_spots or {}).items():
        chart = with_item(chart, chart_index(row, column), owner)
    return msgspec.structs.replace(state, board=tuple(pieces), expeditions=tuple(expeditions), chart=chart,
                               **fields)  # type: ignore[arg-type]


def trapped(given: Sequence[Event] | State, seat: int = 0, **kwargs: object) -> State:
    """A state in step 4 of `seat`'s turn (the animal already trapped), arranged with `kwargs`."""
    state = given if isinstance(given, State) else state_of(given)
    return arranged(state, phase=Phase.SCORE, active=seat, **kwargs)  # type: ignore[arg-type]


H0, H1, C0, C1 = Hiker(seat=0), Hiker(seat=1), Camp(seat=0), Camp(seat=1)
