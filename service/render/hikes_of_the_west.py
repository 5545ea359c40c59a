"""Hikes of the West: the three locations with their pars and dice, and the hike under way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType

from service.render import line, seats_table, words


def draw(view: dict[str, Any], names: Sequence[str]) -> list[RenderableType]:
    dice = view["dice"]
    drawn = [
        line(f"{view['hiker']}: score {view['score']} against par {view['par']}; dice: {dice['total']} "
             f"({dice['on_locations']} on location cards, {dice['in_play']} in play)"),
        line(view["status"]),
    ]
    rows = [(location["name"], location["par"], ", ".join(map(str, location["dice"])) or "-",
             words(location["status"])) for location in sorted(view["locations"], key=lambda loc: loc["order"])]
    drawn.append(seats_table(("Location", "Par", "Dice on the card", "Hike"), rows))
    hike = view.get("hike")
    if hike:
        rest = hike.get("rest_stop") or {}
        drawn.append(line(
            f"On {hike['name']}: spot {hike['position']} of {hike['trail_length']}"
            + (f", rest stop at {rest['position']} (rest die {rest['die']})" if rest else "")
            + f"; free dice: {', '.join(map(str, hike['free_dice'])) or 'none'}"
            + f"; stamina: {', '.join(map(str, hike['stamina'])) or 'none'}"))
    return drawn
