"""The points chart: 3 rows by 5 columns of victory points (data/chart.json).

Row `camps` converts adjacent hikers to camps, row `different` trades animals of
different types, row `same` trades animals of one type; a column's circled number
is how many camps or animals it takes. Rulebook: Points Chart; Build camps or trade animals.
"""

from __future__ import annotations

import enum
import json
from pathlib import Path
from typing import Literal

from domain.core import Value


class Row(enum.Enum):
    """A row of the points chart."""

    CAMPS = "camps"
    DIFFERENT = "different"
    SAME = "same"


class ChartSpot(Value):
    """One square of the points chart: its row, column (1-5), requirement and victory points."""

    row: Row
    column: int
    requires: int
    points: int

    @property
    def index(self) -> int:
        return chart_index(self.row, self.column)


ROWS: tuple[Row, ...] = (Row.CAMPS, Row.DIFFERENT, Row.SAME)
Column = Literal[1, 2, 3, 4, 5]
COLUMNS: tuple[Column, ...] = (1, 2, 3, 4, 5)
CUBES = 5


def chart_index(row: Row, column: int) -> int:
    """The position 0-14 of a chart spot: row by row, column 1 first."""
    return ROWS.index(row) * len(COLUMNS) + column - 1


def _load() -> tuple[ChartSpot, ...]:
    data = json.loads((Path(__file__).parent / "data" / "chart.json").read_text(encoding="utf-8"))
    return tuple(
        ChartSpot(row=row, column=column, requires=data["requirements"][column - 1],
                  points=data["points"][row.value][column - 1])
        for row in ROWS
        for column in COLUMNS
    )


CHART: tuple[ChartSpot, ...] = _load()


def chart_spot(row: Row, column: int) -> ChartSpot:
    """The chart square at `row`, `column`."""
    return CHART[chart_index(row, column)]
