"""Step 4: build camps or trade animals by claiming one free spot of the points chart.

Each claim has one `*_refusal` predicate shared by `decide` and the listing (rules.py).
Rulebook: Build camps or trade animals; Points Chart; Special Animals (bharal).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from domain.core import Command
from domain.games.nanga_parbat.board import (
    SECTION_COUNT,
    connected_groups,
    is_connected,
    spot_of,
)
from domain.games.nanga_parbat.chart import COLUMNS, ChartSpot, Row, chart_spot
from domain.games.nanga_parbat.commands import (
    BuildCamps,
    TradeDifferentAnimals,
    TradeSameAnimals,
)
from domain.games.nanga_parbat.events import AnimalsTraded, CampsBuilt
from domain.games.nanga_parbat.state import (
    ANIMALS,
    CAMPS,
    Animal,
    Hiker,
    Phase,
    State,
    sort_animals,
)

TRADE_ROWS = {TradeDifferentAnimals: Row.DIFFERENT, TradeSameAnimals: Row.SAME}


def claim_refusal(state: State, seat: int, spot: ChartSpot) -> str | None:
    """Why `seat` cannot claim `spot` of the points chart now, or None.

    Step 4 follows the trap, once per turn, while the player has cubes (Build camps or trade animals).
    """
    if state.phase is Phase.TRAP:
        return "trap an animal first: camps are built and animals traded in step 4 of the turn"
    if state.phase is not Phase.SCORE:
        return "spots of the points chart are claimed during your turn"
    if state.claimed:
        return "only one spot of the points chart can be claimed per turn"
    if state.expeditions[seat].cubes == 0:
        return "all 5 of your cubes are on the points chart: you skip step 4 for the rest of the game"
    if state.chart[spot.index] is not None:
        return f"the {spot.row.value} spot of column {spot.column} is already claimed"
    return None


def camps_refusal(state: State, seat: int, command: BuildCamps) -> str | None:
    """Why these hikers cannot become camps: as many as the column asks, adjacent, the player's own."""
    spot = chart_spot(Row.CAMPS, command.column)
    reason = claim_refusal(state, seat, spot)
    if reason is not None:
        return reason
    if len(command.hikers) != spot.requires:
        return f"column {spot.column} builds {spot.requires} camps: choose {spot.requires} of your hikers"
    camps = state.expeditions[seat].camps
    if camps < spot.requires:
        return f"you have only {camps} of your {CAMPS} camps left"
    indices = tuple(hiker.index for hiker in command.hikers)
    if len(set(indices)) != len(indices):
        return "choose different hikers"
    if any(state.board[index] != Hiker(seat=seat) for index in indices):
        return "camps are built by converting your own hikers"
    if not is_connected(indices):
        return "the hikers must be adjacent: a group linked by shared borders or dotted paths"
    return None


def trade_refusal(state: State, seat: int, command: TradeDifferentAnimals | TradeSameAnimals) -> str | None:
    """Why these animals cannot be traded: as many as the column asks, owned, of different or one type."""
    spot = chart_spot(TRADE_ROWS[type(command)], command.column)
    reason = claim_refusal(state, seat, spot)
    if reason is not None:
        return reason
    if len(command.animals) != spot.requires:
        return f"column {spot.column} takes {spot.requires} animals"
    # asked of every trade set a search lists: counted with tuple.count, not Counters of (slowly hashed) enums
    expedition = state.expeditions[seat]
    owned, animals = expedition.ready + expedition.spent, command.animals
    if any(animals.count(animal) > owned.count(animal) for animal in animals):
        return "you can only trade animals from your animal board"
    typed = [animal for animal in animals if animal is not Animal.BHARAL]
    kinds = len(set(typed))
    if spot.row is Row.DIFFERENT and kinds < len(typed):
        return "the animals must all be of different types (bharal is wild)"
    if spot.row is Row.SAME and kinds > 1:
        return "the animals must all be of the same type (bharal is wild)"
    return None


def camps_built(seat: int, command: BuildCamps) -> CampsBuilt:
    """The camps built by an allowed claim, hikers in board order."""
    hikers = tuple(sorted(command.hikers, key=lambda spot: spot.index))
    points = chart_spot(Row.CAMPS, command.column).points
    return CampsBuilt(seat=seat, column=command.column, hikers=hikers, points=points)


def animals_traded(state: State, seat: int, command: TradeDifferentAnimals | TradeSameAnimals) -> AnimalsTraded:
    """The trade of an allowed claim: animals already activated are given up before ready ones."""
    spot = chart_spot(TRADE_ROWS[type(command)], command.column)
    spent_left = Counter(state.expeditions[seat].spent)
    spent = []
    for animal in sort_animals(command.animals):
        if spent_left[animal] > 0:
            spent_left[animal] -= 1
            spent.append(animal)
    return AnimalsTraded(seat=seat, row=spot.row, column=spot.column, animals=sort_animals(command.animals),
                         spent=tuple(spent), points=spot.points)


def claim_candidates(state: State, seat: int) -> Iterator[Command]:
    """Every claim worth checking for `seat` now: camps by column, then trades, in a fixed order."""
    if state.phase is not Phase.SCORE or state.claimed or state.expeditions[seat].cubes == 0:
        return
    hikers = tuple(index for index in range(SECTION_COUNT) if state.board[index] == Hiker(seat=seat))
    groups: dict[int, list[tuple[int, ...]]] = {}
    for column in COLUMNS:
        spot = chart_spot(Row.CAMPS, column)
        if state.chart[spot.index] is None and state.expeditions[seat].camps >= spot.requires:
            if spot.requires not in groups:
                groups[spot.requires] = connected_groups(hikers, spot.requires)
            for group in groups[spot.requires]:
                yield BuildCamps(column=column, hikers=tuple(spot_of(index) for index in group))
    owned = Counter(state.expeditions[seat].animals)
    for column in COLUMNS:
        for animals in different_sets(owned, chart_spot(Row.DIFFERENT, column).requires):
            yield TradeDifferentAnimals(column=column, animals=animals)
    for column in COLUMNS:
        for animals in same_sets(owned, chart_spot(Row.SAME, column).requires):
            yield TradeSameAnimals(column=column, animals=animals)


def different_sets(owned: Counter[Animal], size: int) -> list[tuple[Animal, ...]]:
    """Every choice of `size` owned animals of different types, bharals filling in as wilds."""
    types = [animal for animal in ANIMALS if animal is not Animal.BHARAL and owned[animal] > 0]
    wilds = owned[Animal.BHARAL]
    sets = []
    for kinds in range(max(0, size - wilds), min(size, len(types)) + 1):
        for chosen in itertools.combinations(types, kinds):
            sets.append(sort_animals((*chosen, *[Animal.BHARAL] * (size - kinds))))
    return sets


def same_sets(owned: Counter[Animal], size: int) -> list[tuple[Animal, ...]]:
    """Every choice of `size` owned animals of one type, bharals filling in as wilds."""
    wilds = owned[Animal.BHARAL]
    sets = []
    for animal in ANIMALS:
        if animal is Animal.BHARAL:
            continue
        for count in range(max(1, size - wilds), min(owned[animal], size) + 1):
            sets.append(sort_animals((*[animal] * count, *[Animal.BHARAL] * (size - count))))
    if wilds >= size:
        sets.append((Animal.BHARAL,) * size)
    return sets
