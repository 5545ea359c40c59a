"""Nanga Parbat: the mountain's six regions of six sections, the guide, and each player's score and stock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table

from service.render import line, seats_table, words


def draw(view: dict[str, Any], names: Sequence[str]) -> list[RenderableType]:
    claimed = sum(1 for box_ in view["chart"] if box_["claimed_by"] is not None)
    drawn = [line(f"Turn {view['turn']}, {words(view['phase'])}; the guide is on region {view['guide']} (*); "
                  f"points chart: {claimed} of {len(view['chart'])} boxes claimed"
                  + ("; area scoring" if view.get("area_scoring") else ""))]
    mountain = Table("Region", *(f"Section {n}" for n in range(1, 7)), box=box.SIMPLE_HEAD, pad_edge=False,
                     show_edge=False)
    for region in view["regions"]:
        guide = "*" if region["region"] == view["guide"] else ""
        mountain.add_row(f"{region['region']}{guide}", *(_piece(section, names) for section in region["sections"]))
    drawn.append(mountain)
    rows = [(names[seat["seat"]], seat["score"], seat["hikers_in_stock"], seat["camps_in_stock"], seat["cubes_in_stock"],
             ", ".join(words(animal) for animal in seat["ready"]) or "-") for seat in view["seats"]]
    drawn.append(seats_table(("Player", "Score", "Hikers left", "Camps left", "Cubes left", "Animals ready"), rows))
    return drawn


def _piece(section: dict[str, Any], names: Sequence[str]) -> str:
    piece = section.get("piece")
    if piece == "animal":
        return words(section["animal"])
    if piece in ("hiker", "camp"):
        return names[section["seat"]] + ("'s camp" if piece == "camp" else "")
    return "-"
