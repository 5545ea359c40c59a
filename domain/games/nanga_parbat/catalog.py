"""The public catalog: the mountain's regions, sections and dotted paths, the animals, the points chart, the pieces.

Every entry is read from the data files (data/board.json, data/animals.json, data/chart.json) and the
supplies the rules count (state.py, chart.py), under the ids views and commands use:

- `regions`: "1" to "6", the flag number (`guide`, `regions[].region`, a command's `region`);
- `sections`: "region.section", e.g. "2.4" (a view's `regions[].sections[]`, a command's spot);
- `dotted_paths`: "1.4-2.1", its two sections (a view's `dotted_paths`);
- `animals`: "snow_leopard" ... "red_panda" (a view's `animal`, `ready`, `spent`; a trade's `animals`);
- `chart_spots`: "row.column", e.g. "camps.1" (a view's `chart[]` by `row` and `column`);
- `pieces`: "hiker", "camp", "cube" (a view's `piece` and a seat's `*_in_stock`).

Rulebook: Game Board; Points Chart; Animal Boards; Activating Animals; Special Animals.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from domain.games.nanga_parbat.board import (
    DOTTED_PATHS,
    NEIGHBOURS,
    REGION_NUMBERS,
    SECTION_BORDERS,
    SPOTS,
    Spot,
    spot_of,
)
from domain.games.nanga_parbat.chart import CHART, CUBES, ROWS, ChartSpot, Row
from domain.games.nanga_parbat.state import CAMPS, HIKERS

DATA = Path(__file__).parent / "data"

#: How the rulebook words each row of the points chart (Build camps or trade animals).
ROW_WORDS = {
    Row.CAMPS: "Build {n} camps from adjacent hikers",
    Row.DIFFERENT: "Trade {n} different animal types",
    Row.SAME: "Trade {n} of the same animal type",
}
ROW_COMMANDS = {Row.CAMPS: "BuildCamps", Row.DIFFERENT: "TradeDifferentAnimals", Row.SAME: "TradeSameAnimals"}


def load(name: str) -> dict[str, Any]:
    """A data file of the game, parsed."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def section_id(spot: Spot) -> str:
    """The catalog id of a section: "region.section"."""
    return f"{spot.region}.{spot.section}"


def path_id(path: tuple[Spot, Spot]) -> str:
    """The catalog id of a dotted path: its two sections, "1.4-2.1"."""
    return f"{section_id(path[0])}-{section_id(path[1])}"


def chart_spot_id(spot: ChartSpot) -> str:
    """The catalog id of a points chart square: "row.column", e.g. "camps.1"."""
    return f"{spot.row.value}.{spot.column}"


def catalog() -> dict[str, dict[str, dict[str, Any]]]:
    """Every public component by kind and id, with what is printed on it (Game Board; Points Chart)."""
    return {
        "regions": _regions(),
        "sections": _sections(),
        "dotted_paths": {path_id(path): {"sections": [section_id(end) for end in path]} for path in DOTTED_PATHS},
        "animals": _animals(),
        "chart_spots": {chart_spot_id(spot): _chart_spot(spot) for spot in CHART},
        "pieces": _pieces(),
    }


def _row_of(rows: list[list[int]], number: int) -> int:
    return next(row for row, numbers in enumerate(rows, start=1) if number in numbers)


def _regions() -> dict[str, dict[str, Any]]:
    rows = load("board.json")["region_rows"]
    linked: dict[int, set[int]] = {region: set() for region in REGION_NUMBERS}
    for first, second in DOTTED_PATHS:
        linked[first.region].add(second.region)
        linked[second.region].add(first.region)
    return {
        str(region): {
            "name": f"Region {region}",
            "flag": region,
            "row": _row_of(rows, region),
            "sections": [section_id(spot) for spot in SPOTS if spot.region == region],
            "linked_regions": sorted(linked[region]),
        }
        for region in REGION_NUMBERS
    }


def _sections() -> dict[str, dict[str, Any]]:
    rows = load("board.json")["section_rows"]
    entries = {}
    for index, spot in enumerate(SPOTS):
        borders = sorted({b for a, b in SECTION_BORDERS if a == spot.section}
                         | {a for a, b in SECTION_BORDERS if b == spot.section})
        neighbours = [spot_of(other) for other in NEIGHBOURS[index]]
        entries[section_id(spot)] = {
            "name": f"region {spot.region} section {spot.section}",
            "region": spot.region,
            "section": spot.section,
            "row": _row_of(rows, spot.section),
            "guide_goes_to": spot.section,
            "borders": [section_id(Spot(region=spot.region, section=other)) for other in borders],
            "dotted_paths": [section_id(other) for other in neighbours if other.region != spot.region],
            "adjacent": [section_id(other) for other in neighbours],
        }
    return entries


def _animals() -> dict[str, dict[str, Any]]:
    data = load("animals.json")
    return {
        entry["id"]: {**{key: value for key, value in entry.items() if key != "id"}, "count": data["count_per_type"]}
        for entry in data["types"]
    }


def _chart_spot(spot: ChartSpot) -> dict[str, Any]:
    return {
        "name": ROW_WORDS[spot.row].format(n=spot.requires),
        "row": spot.row.value,
        "row_number": ROWS.index(spot.row) + 1,
        "column": spot.column,
        "requires": spot.requires,
        "points": spot.points,
        "command": ROW_COMMANDS[spot.row],
    }


def _pieces() -> dict[str, dict[str, Any]]:
    return {
        "hiker": {"name": "Hiker", "per_player": HIKERS,
                  "use": "Replaces each animal its player traps; never returns to stock once placed."},
        "camp": {"name": "Camp", "per_player": CAMPS,
                 "use": "Built on the section of a hiker it replaces (points chart row 1); never moves."},
        "cube": {"name": "Cube", "per_player": CUBES,
                 "use": "Claims one spot of the points chart; one claim per turn at most."},
    }
