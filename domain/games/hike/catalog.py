"""The public catalog of Hike!, read from the game's data files: every card by the id that views and commands
use, with its printed values (rulebook, Components).
"""

from __future__ import annotations

import json
from typing import Any

from domain.core import Catalog
from domain.games.hike.cards import (
    DATA,
    DECK_CARE,
    EQUIPMENT,
    HUSKIES,
    LANDSCAPES,
    YOUNGSTERS,
    Side,
    Snow,
)

SNOW_NAMES = {Snow.SNOW: "compact névé", Snow.ICE: "hard ice", Snow.POWDER: "fresh powdery snow"}
"""Race > Using husky movement points: the book's words for the three snowflakes (RULINGS.md, terrain)."""


def _read(name: str) -> list[dict[str, Any]]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _husky(husky_id: str) -> dict[str, Any]:
    husky = HUSKIES[husky_id]
    return {
        "name": husky.name,
        "edges": {side.value: husky.edges[side] for side in Side},
        "snow": [point.value for point in husky.snow],
        "movement_points": len(husky.snow),
    }


def _care(raw: dict[str, Any]) -> dict[str, Any]:
    double = bool(raw["double"])
    starts = "husky deck" if raw["id"] in DECK_CARE else "care piles"
    return {"name": raw["name"], "double": double, "cubes_removed": 2 if double else 1,
            "counts_as_ready_huskies": 2 if double else 1, "starts_in": starts}


def _landscape(landscape_id: str) -> dict[str, Any]:
    landscape = LANDSCAPES[landscape_id]
    return {
        "name": landscape.name,
        "role": landscape.role,
        "fields": [{"snow": field.snow.value, "equipment": field.equipment} for field in landscape.fields],
    }


def _snow_type(snow: Snow) -> dict[str, Any]:
    on_fields = sum(1 for card in LANDSCAPES.values() for field in card.fields if field.snow is snow)
    on_huskies = sum(1 for husky in HUSKIES.values() for point in husky.snow if point is snow)
    return {"name": SNOW_NAMES[snow], "landscape_fields": on_fields, "husky_points": on_huskies}


def catalog() -> Catalog:
    """Every card of the game by the id views and commands use, with its printed values (Components)."""
    return {
        "huskies": {husky_id: _husky(husky_id) for husky_id in sorted(HUSKIES)},
        "youngsters": {card: {"name": YOUNGSTERS[card].name} for card in sorted(YOUNGSTERS)},
        "equipment_cards": {card: {"name": EQUIPMENT[card].name} for card in sorted(EQUIPMENT)},
        "care_cards": {raw["id"]: _care(raw) for raw in sorted(_read("care.json"), key=lambda raw: raw["id"])},
        "mentor_cards": {raw["id"]: {"name": raw["name"], "opens": 1}
                         for raw in sorted(_read("mentors.json"), key=lambda raw: raw["id"])},
        "landscapes": {card: _landscape(card) for card in sorted(LANDSCAPES)},
        "snow_types": {snow.value: _snow_type(snow) for snow in Snow},
    }
