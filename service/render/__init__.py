"""A game drawn for a person, as text (`trailhead replay show`): the board and each seat's public state, from
the spectator's view (`spec.view(state, None)`), with rich. Presentation only: one small module per game type
(`draw(view, names)` -> rich renderables), a plain fallback for a type without one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from domain.core.wording import ordinal, seat_names

Drawing = Callable[[dict[str, Any], Sequence[str]], list[RenderableType]]

#: The module drawing each game type (service/render/<module>.py).
MODULES = {"hike": "hike", "hikes-of-the-west": "hikes_of_the_west", "nanga-parbat": "nanga_parbat",
           "hitchiker": "hitchiker", "peaks": "peaks"}


def drawing(game_type: str) -> Drawing:
    """The drawing of `game_type`; a type without one shows its view's plain values, one line each."""
    module = MODULES.get(game_type)
    if module is None:
        return plain
    return importlib.import_module(f"service.render.{module}").draw  # type: ignore[no-any-return]


def seats_table(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> Table:
    """One row per seat, the seat's name first."""
    table = Table(*columns, box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for row in rows:
        table.add_row(*(Text(str(cell)) for cell in row))
    return table


def line(text: str) -> Text:
    return Text(text)


def money(amount: int | None) -> str:
    return "-" if amount is None else f"${amount:,}"


def words(value: str) -> str:
    """An identifier in words: 'north_america' -> 'north america'."""
    return value.replace("_", " ").replace("-", " ")


def counted(counts: dict[str, int], names: dict[str, str] | None = None, nothing: str = "none") -> str:
    """'camping 1, rope 2' from a mapping of counts (zeros left out)."""
    return ", ".join(f"{(names or {}).get(key, words(key))} {count}" for key, count in counts.items() if count) or nothing


def turn_line(to_act: Sequence[int], names: Sequence[str]) -> str:
    return f"To act: {seat_names(names, sorted(to_act), 'nobody')}"


def result_line(result: dict[str, Any], names: Sequence[str]) -> str:
    """'Result: first Ann (20), second Bob (17)': places counted from 1 in words, ties sharing a place; a solo
    game: 'Result: Ann scored 36 and did not win'."""
    standings = result.get("standings", [])
    if len(standings) == 1:
        row = standings[0]
        score = f" scored {row['score']:,} and" if isinstance(row.get("score"), int) else ""
        won = "won" if row["seat"] in result.get("winners", [row["seat"]]) else "did not win"
        return f"Result: {names[row['seat']]}{score} {won}"
    places: dict[int, list[str]] = {}
    for row in sorted(result.get("standings", []), key=lambda row: (row["place"], row["seat"])):
        score = f" ({row['score']:,})" if isinstance(row.get("score"), int) else ""
        places.setdefault(row["place"], []).append(f"{names[row['seat']]}{score}")
    told = ", ".join(f"{ordinal(place)} {' and '.join(seats)}" for place, seats in places.items())
    return f"Result: {told}"


def plain(view: dict[str, Any], names: Sequence[str]) -> list[RenderableType]:
    """A type without a drawing: its view's top-level plain values (lists and mappings counted, not dumped)."""
    table = Table("", "", box=None, show_header=False, pad_edge=False)
    for key, value in view.items():
        shown = f"{len(value)} item(s)" if isinstance(value, (list, dict)) else value
        table.add_row(words(key), Text(str(shown)))
    return [table]
