"""Nanga Parbat's scenario builders, on the shared kit (tests/support/scenario.py).

Scenarios use the kit's `given`, `when`, `play`, `after`, `then`, `illegal` and `legal`
with SPEC, so every command goes through the command cycle (`play_command`). This
module only builds Nanga Parbat positions: spots, the default layout, the opening,
and states arranged piece by piece.

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
from typing import Any

import pytest
from msgspec.structs import replace
from support.scenario import created, state_of, when

from domain.core import Command, Event, GameSpec, InvalidCommand
from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.board import Spot
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

SNOW_LEOPARD, TAHR, MUSK_DEER, YAK, BHARAL, RED_PANDA = ANIMALS
H0, H1, C0, C1 = Hiker(seat=0), Hiker(seat=1), Camp(seat=0), Camp(seat=1)


def spot(text: str) -> Spot:
    """The Spot written `region.section`, e.g. "2.4"."""
    region, section = text.split(".")
    return Spot(region=int(region), section=int(section))  # type: ignore[arg-type]


def spots(*texts: str) -> tuple[Spot, ...]:
    return tuple(spot(text) for text in texts)


def layout(overrides: Mapping[str, Animal] | None = None) -> tuple[tuple[Animal, ...], ...]:
    """The default layout, with some sections' animals replaced."""
    regions = [[ANIMALS[(region + section) % 6] for section in range(6)] for region in range(6)]
    for text, animal in (overrides or {}).items():
        where = spot(text)
        regions[where.region - 1][where.section - 1] = animal
    return tuple(tuple(region) for region in regions)


def placed(area_scoring: bool = False, overrides: Mapping[str, Animal] | None = None,
           options: Mapping[str, Any] | None = None, rules_version: int | None = None) -> list[Event]:
    """A game set up with the default layout, the guide not yet placed (other `options`, an older
    `rules_version`: as GameCreated records them, an older version without the options it lacks)."""
    game = created(SPEC, options={"area_scoring": area_scoring, **(options or {})}, rules_version=rules_version)
    return [game, AnimalsPlaced(regions=layout(overrides))]


def opening(guide: int = 1, area_scoring: bool = False, overrides: Mapping[str, Animal] | None = None,
            options: Mapping[str, Any] | None = None, rules_version: int | None = None) -> list[Event]:
    """A game set up with the default layout and the guide placed on `guide` by the second player."""
    return [*placed(area_scoring, overrides, options, rules_version), GuidePlaced(seat=1, region=guide)]


def arranged(
    given_: Sequence[Event] | State,
    *,
    board: Mapping[str, Piece] | None = None,
    ready: Mapping[int, Sequence[Animal]] | None = None,
    spent: Mapping[int, Sequence[Animal]] | None = None,
    scores: Sequence[int] | None = None,
    hikers: Sequence[int] | None = None,
    camps: Sequence[int] | None = None,
    cubes: Sequence[int] | None = None,
    claimed_spots: Mapping[tuple[Row, int], int] | None = None,
    **fields: Any,
) -> State:
    """The state of `given_` (a state or events) with pieces, animal boards, supplies, scores and chart spots set."""
    state: State = state_of(SPEC, given_)
    pieces = list(state.board)
    for text, piece in (board or {}).items():
        pieces[spot(text).index] = piece
    expeditions = list(state.expeditions)
    for seat in (0, 1):
        changes: dict[str, Any] = {}
        if ready and seat in ready:
            changes["ready"] = sort_animals(ready[seat])
        if spent and seat in spent:
            changes["spent"] = sort_animals(spent[seat])
        for name, values in (("score", scores), ("hikers", hikers), ("camps", camps), ("cubes", cubes)):
            if values is not None:
                changes[name] = values[seat]
        expeditions[seat] = replace(expeditions[seat], **changes)
    chart = state.chart
    for (row, column), owner in (claimed_spots or {}).items():
        chart = with_item(chart, chart_index(row, column), owner)
    return replace(state, board=tuple(pieces), expeditions=tuple(expeditions), chart=chart, **fields)


def trapped(given_: Sequence[Event] | State, seat: int = 0, **kwargs: Any) -> State:
    """A state in step 4 of `seat`'s turn (the animal already trapped), arranged with `kwargs`."""
    return arranged(given_, phase=Phase.SCORE, active=seat, **kwargs)


def invalid(spec: GameSpec, given_: Any, seat: int, command: Command, match: str, rng: Any = None) -> None:
    """`command` by `seat` is malformed (InvalidCommand, a 400) with a reason matching `match`.

    The kit has `illegal` for IllegalCommand only; this one belongs beside it in tests/support/scenario.py.
    """
    with pytest.raises(InvalidCommand, match=match):
        when(spec, given_, seat, command, rng)
