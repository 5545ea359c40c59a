"""The label a person picks from a menu for each legal command, and the ranges of ranged arguments.

Labels name sections as the rulebook does ("region 2 section 4", Move the guide), animals and chart
rows by their catalog names, and add what helps to choose: where the guide goes after a trap, a red
panda's point, the points and column of a claim. All information is open in Nanga Parbat, so a label
may read the whole state. The only ranged argument is the region of `PlaceGuide`: the guide may be
placed on any region (FACTS: the second player places the guide on any region); every other
argument is one of a few concrete choices the legal list gives in full.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.core import Command, Ranges
from domain.games.nanga_parbat.board import REGION_NUMBERS, Spot, region_indices
from domain.games.nanga_parbat.catalog import ROW_WORDS, load
from domain.games.nanga_parbat.chart import Row, chart_spot
from domain.games.nanga_parbat.claims import TRADE_ROWS
from domain.games.nanga_parbat.commands import (
    ActivateMuskDeer,
    ActivateSnowLeopard,
    ActivateTahr,
    ActivateYak,
    BuildCamps,
    EndTurn,
    PlaceGuide,
    RelocateGuide,
    TradeDifferentAnimals,
    TradeSameAnimals,
    TrapAnimal,
)
from domain.games.nanga_parbat.scoring import scores_of
from domain.games.nanga_parbat.state import Animal, Hiker, State, opponent

NAMES: dict[Animal, str] = {Animal(entry["id"]): entry["name"] for entry in load("animals.json")["types"]}


def label(state: State, seat: int, command: Command) -> str:
    """A short sentence in the rulebook's words for `command` by `seat` (Turn Overview; Step Details)."""
    match command:
        case PlaceGuide(region=region):
            return f"Place the guide in region {region} ({_animals_in(state, region)})"
        case RelocateGuide(region=region):
            return (f"Relocate the guide from the empty region {state.guide} to region {region} "
                    f"({_animals_in(state, region)})")
        case TrapAnimal(spot=spot):
            return _trap(state, seat, spot)
        case ActivateSnowLeopard(first=first, second=second):
            return (f"Activate the {NAMES[Animal.SNOW_LEOPARD]}: swap {_hiker(state, seat, first)} "
                    f"and {_hiker(state, seat, second)}")
        case ActivateTahr(hiker=hiker, animal=animal):
            return f"Activate the {NAMES[Animal.TAHR]}: swap {_hiker(state, seat, hiker)} and {_animal(state, animal)}"
        case ActivateMuskDeer(first=first, second=second):
            return f"Activate the {NAMES[Animal.MUSK_DEER]}: swap {_animal(state, first)} and {_animal(state, second)}"
        case ActivateYak(region=region):
            return (f"Activate the {NAMES[Animal.YAK]}: move the guide from region {state.guide} to region {region} "
                    f"({_animals_in(state, region)})")
        case BuildCamps(column=column, hikers=hikers):
            return f"{_claim(Row.CAMPS, column)}: {_sections(hikers)}"
        case TradeDifferentAnimals(column=column, animals=animals) | TradeSameAnimals(column=column, animals=animals):
            return f"{_claim(TRADE_ROWS[type(command)], column)}: {', '.join(NAMES[animal] for animal in animals)}"
        case EndTurn():
            return "End your turn"
    raise TypeError(f"{type(command).__name__} is not a Nanga Parbat command")


def ranges(state: State, seat: int, command: Command) -> Ranges:
    """The guide is placed on any region, 1 to 6 (FACTS; RULINGS.md: Setup and turn order); nothing else ranges."""
    if isinstance(command, PlaceGuide):
        return {"region": {"min": REGION_NUMBERS[0], "max": REGION_NUMBERS[-1], "step": 1}}
    return {}


def where(spot: Spot) -> str:
    """A section as the rulebook names it: "region 2 section 4"."""
    return f"region {spot.region} section {spot.section}"


def _animals_in(state: State, region: int) -> str:
    count = sum(isinstance(state.board[index], Animal) for index in region_indices(region))
    return "no animals" if count == 0 else "1 animal" if count == 1 else f"{count} animals"


def _trap(state: State, seat: int, spot: Spot) -> str:
    """Trap an animal: a red panda's point when the trapper is not ahead, where the guide goes next, and the end
    of the game when this trap places the last hiker and the last turn is not whole (Game End)."""
    animal = state.board[spot.index]
    effects = []
    scores = scores_of(state)
    if animal is Animal.RED_PANDA and scores[seat] <= scores[opponent(seat)]:
        effects.append("+1 point")
    if spot.section == state.guide:
        effects.append(f"the guide stays in region {spot.section}")
    else:
        effects.append(f"the guide moves to region {spot.section}")
    hikers = [expedition.hikers for expedition in state.expeditions]
    if sum(hikers) == 1 and not state.whole_last_turn:
        effects.append("the game ends")
    return f"Trap the {_name(animal)} in {where(spot)} ({'; '.join(effects)})"


def _hiker(state: State, seat: int, spot: Spot) -> str:
    owner = "your" if state.board[spot.index] == Hiker(seat=seat) else "the opponent's"
    return f"{owner} hiker in {where(spot)}"


def _animal(state: State, spot: Spot) -> str:
    return f"the {_name(state.board[spot.index])} in {where(spot)}"


def _name(piece: object) -> str:
    return NAMES[piece] if isinstance(piece, Animal) else "piece"


def _claim(row: Row, column: int) -> str:
    """A claim of the points chart: the row's words, its column and its points (Points Chart)."""
    spot = chart_spot(row, column)
    return f"{ROW_WORDS[row].format(n=spot.requires)} (column {column}, {spot.points} points)"


def _sections(spots: Iterable[Spot]) -> str:
    """Sections grouped by region: "region 2 sections 1, 2, 4; region 4 section 1"."""
    by_region: dict[int, list[int]] = {}
    for spot in sorted(spots, key=lambda each: each.index):
        by_region.setdefault(spot.region, []).append(spot.section)
    return "; ".join(
        f"region {region} section{'s' if len(sections) > 1 else ''} {', '.join(map(str, sections))}"
        for region, sections in by_region.items()
    )
