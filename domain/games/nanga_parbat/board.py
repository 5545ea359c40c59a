"""The mountain: six regions of six sections, their borders and dotted paths (data/board.json).

A section is addressed by a `Spot` (region 1-6, section 1-6) in commands, events and
views; inside the rules it is an index 0-35, region by region, so the board is a
tuple of 36 occupants. Rulebook: Game Board; Build camps or trade animals (adjacency).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from domain.core import Value

Region = Literal[1, 2, 3, 4, 5, 6]
Section = Literal[1, 2, 3, 4, 5, 6]

REGION_NUMBERS: tuple[Region, ...] = (1, 2, 3, 4, 5, 6)
SECTION_NUMBERS: tuple[Section, ...] = (1, 2, 3, 4, 5, 6)
SECTIONS_PER_REGION = 6
SECTION_COUNT = 36


class Spot(Value):
    """One section of the mountain: its region's flag number and its own number."""

    region: Region
    section: Section

    @property
    def index(self) -> int:
        return index_of(self.region, self.section)

    def __str__(self) -> str:
        return f"{self.region}.{self.section}"


def index_of(region: int, section: int) -> int:
    """The board index 0-35 of a region's section."""
    return (region - 1) * SECTIONS_PER_REGION + (section - 1)


def spot_of(index: int) -> Spot:
    """The Spot of a board index."""
    return SPOTS[index]


def region_of(index: int) -> int:
    """The flag number of the region holding board index `index`."""
    return index // SECTIONS_PER_REGION + 1


def region_indices(region: int) -> range:
    """The board indices of a region's six sections, section 1 first."""
    start = (region - 1) * SECTIONS_PER_REGION
    return range(start, start + SECTIONS_PER_REGION)


def _pair(first: int, second: int) -> tuple[int, int]:
    return (first, second) if first < second else (second, first)


def _load() -> dict[str, Any]:
    return json.loads((Path(__file__).parent / "data" / "board.json").read_text(encoding="utf-8"))


def _links(data: dict) -> tuple[tuple[int, int], ...]:
    links: set[tuple[int, int]] = set()
    for region in REGION_NUMBERS:
        for first, second in data["section_borders"]:
            links.add(_pair(index_of(region, first), index_of(region, second)))
    for (region_a, section_a), (region_b, section_b) in data["dotted_paths"]:
        links.add(_pair(index_of(region_a, section_a), index_of(region_b, section_b)))
    return tuple(sorted(links))


_DATA = _load()
SPOTS: tuple[Spot, ...] = tuple(Spot(region=r, section=s) for r in REGION_NUMBERS for s in SECTION_NUMBERS)
SECTION_BORDERS: tuple[tuple[int, int], ...] = tuple((a, b) for a, b in _DATA["section_borders"])
DOTTED_PATHS: tuple[tuple[Spot, Spot], ...] = tuple(
    (Spot(region=a[0], section=a[1]), Spot(region=b[0], section=b[1])) for a, b in _DATA["dotted_paths"]
)
LINKS: tuple[tuple[int, int], ...] = _links(_DATA)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({b for a, b in LINKS if a == index} | {a for a, b in LINKS if b == index}))
    for index in range(SECTION_COUNT)
)


def are_adjacent(first: int, second: int) -> bool:
    """Whether two sections share a border or are linked by a dotted white path."""
    return second in NEIGHBOURS[first]


def is_connected(indices: tuple[int, ...]) -> bool:
    """Whether the sections form one group, each reachable from the others through the group."""
    group = set(indices)
    if not group:
        return False
    seen = {indices[0]}
    stack = [indices[0]]
    while stack:
        for neighbour in NEIGHBOURS[stack.pop()]:
            if neighbour in group and neighbour not in seen:
                seen.add(neighbour)
                stack.append(neighbour)
    return seen == group


def connected_groups(indices: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    """Every connected group of `size` sections among `indices`, each sorted, in sorted order."""
    allowed = set(indices)
    level: set[tuple[int, ...]] = {(index,) for index in allowed}
    for _ in range(size - 1):
        grown = set()
        for group in level:
            for index in group:
                for neighbour in NEIGHBOURS[index]:
                    if neighbour in allowed and neighbour not in group:
                        grown.add(tuple(sorted((*group, neighbour))))
        level = grown
    return sorted(level)
