"""The Hike! card catalogue, loaded once from data/*.json (rulebook, Components).

Card ids: experienced huskies `H01`-`H48`, youngsters `Y01`-`Y08`, equipment `E01`-`E12`,
single care `C01`-`C12`, double care `D01`-`D12`, +1 (mentor) cards `M01`-`M12`,
landscapes `L00` (start), `L01`-`L16` (the track) and `L17` (finish). A care token
(`T01`, `T02`, ...) stands in for a single care card once the care cards run out.
"""

from __future__ import annotations

import enum
import json
from pathlib import Path
from types import MappingProxyType
from typing import Any

from domain.core import Value

DATA = Path(__file__).resolve().parent / "data"


class Snow(enum.Enum):
    """The three terrain types, on landscape fields and as husky movement points."""

    SNOW = "snow"
    ICE = "ice"
    POWDER = "powder"


class Side(enum.Enum):
    """The four edges of a husky card."""

    TOP = "top"
    RIGHT = "right"
    BOTTOM = "bottom"
    LEFT = "left"


OPPOSITE = MappingProxyType(
    {Side.TOP: Side.BOTTOM, Side.BOTTOM: Side.TOP, Side.LEFT: Side.RIGHT, Side.RIGHT: Side.LEFT})
COLOURS = ("red", "yellow", "green", "blue")


class Husky(Value):
    """An experienced husky: four edge colours and 1-3 movement points."""

    id: str
    name: str
    edges: MappingProxyType[Side, str]
    snow: tuple[Snow, ...]


class Field(Value):
    """One field of the race track: the snow a husky point must match, and whether equipment is needed."""

    snow: Snow
    equipment: bool


class Landscape(Value):
    """A landscape card and its fields, in racing order."""

    id: str
    name: str
    role: str
    fields: tuple[Field, ...]


class Named(Value):
    """A card whose only property is its name (youngsters, equipment, care, +1)."""

    id: str
    name: str


def _load(name: str) -> list[dict[str, Any]]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _husky(raw: dict[str, Any]) -> Husky:
    edges = MappingProxyType({side: raw["edges"][side.value] for side in Side})
    return Husky(id=raw["id"], name=raw["name"], edges=edges, snow=tuple(Snow(p) for p in raw["snow"]))


def _landscape(raw: dict[str, Any]) -> Landscape:
    fields = tuple(Field(snow=Snow(f["snow"]), equipment=f["equipment"]) for f in raw["fields"])
    return Landscape(id=raw["id"], name=raw["name"], role=raw["role"], fields=fields)


HUSKIES: MappingProxyType[str, Husky] = MappingProxyType({h["id"]: _husky(h) for h in _load("huskies.json")})
YOUNGSTERS: MappingProxyType[str, Named] = MappingProxyType(
    {y["id"]: Named(id=y["id"], name=y["name"]) for y in _load("youngsters.json")})
EQUIPMENT: MappingProxyType[str, Named] = MappingProxyType(
    {e["id"]: Named(id=e["id"], name=e["name"]) for e in _load("equipment.json")})
_CARE = _load("care.json")
SINGLE_CARE: tuple[str, ...] = tuple(c["id"] for c in _CARE if not c["double"])
DOUBLE_CARE: tuple[str, ...] = tuple(c["id"] for c in _CARE if c["double"])
MENTORS: tuple[str, ...] = tuple(m["id"] for m in _load("mentors.json"))
LANDSCAPES: MappingProxyType[str, Landscape] = MappingProxyType(
    {raw["id"]: _landscape(raw) for raw in _load("landscapes.json")})
START = next(card.id for card in LANDSCAPES.values() if card.role == "start")
FINISH = next(card.id for card in LANDSCAPES.values() if card.role == "finish")
TRACK_LANDSCAPES: tuple[str, ...] = tuple(sorted(c.id for c in LANDSCAPES.values() if c.role == "track"))

# Setup step 3: the husky deck holds the huskies, the equipment and 6 single care cards;
# step 4: the other 6 single and the 12 double care cards make the care piles.
DECK_CARE: tuple[str, ...] = SINGLE_CARE[:6]
PILE_SINGLE_CARE: tuple[str, ...] = SINGLE_CARE[6:]
HUSKY_DECK: tuple[str, ...] = (*sorted(HUSKIES), *sorted(YOUNGSTERS), *sorted(EQUIPMENT), *DECK_CARE)
TOKEN_PREFIX = "T"


# The catalogue's facts as plain sets and dicts keyed by card id, for the rules' hot paths (a search asks them
# millions of times): a lookup in a MappingProxyType or a tuple, or by an Enum key, costs several times more.
EXPERIENCED_IDS: frozenset[str] = frozenset(HUSKIES)
YOUNGSTER_IDS: frozenset[str] = frozenset(YOUNGSTERS)
HUSKY_IDS: frozenset[str] = EXPERIENCED_IDS | YOUNGSTER_IDS
EQUIPMENT_IDS: frozenset[str] = frozenset(EQUIPMENT)
SINGLE_CARE_IDS: frozenset[str] = frozenset(SINGLE_CARE)
DOUBLE_CARE_IDS: frozenset[str] = frozenset(DOUBLE_CARE)
SNOW_OF: dict[str, tuple[Snow, ...]] = {card: husky.snow for card, husky in HUSKIES.items()}
"""Each experienced husky's printed points (`points`)."""
SIDES: tuple[Side, ...] = tuple(Side)
EDGES_OF: dict[str, tuple[str, ...]] = {card: tuple(husky.edges[side] for side in SIDES)
                                        for card, husky in HUSKIES.items()}
"""Each experienced husky's edge colours by side, in `SIDES` order."""


def is_experienced(card: str) -> bool:
    return card in EXPERIENCED_IDS


def is_youngster(card: str) -> bool:
    return card in YOUNGSTER_IDS


def is_husky(card: str) -> bool:
    """Experienced and youngster huskies are both husky cards (Performing actions)."""
    return card in HUSKY_IDS


def is_equipment(card: str) -> bool:
    return card in EQUIPMENT_IDS


def is_double_care(card: str) -> bool:
    return card in DOUBLE_CARE_IDS


def is_single_care(card: str) -> bool:
    """A single care card, or a care token standing in for one."""
    return card in SINGLE_CARE_IDS or card.startswith(TOKEN_PREFIX)


def is_care(card: str) -> bool:
    return is_single_care(card) or is_double_care(card)


def care_value(card: str) -> int:
    """What a care card counts as in the tie-breaker: 1, or 2 for double care (End of the game)."""
    return 2 if is_double_care(card) else 1 if is_single_care(card) else 0


def points(card: str) -> tuple[Snow, ...]:
    """The printed movement points of a husky card (none for youngsters)."""
    return SNOW_OF.get(card, ())


def card_name(card: str) -> str:
    """A human-readable name for any card id."""
    for catalogue in (HUSKIES, YOUNGSTERS, EQUIPMENT, LANDSCAPES):
        if card in catalogue:
            return catalogue[card].name
    if is_double_care(card):
        return "double care"
    if is_single_care(card):
        return "care token" if card.startswith(TOKEN_PREFIX) else "care"
    return card


def card_view(card: str) -> dict[str, Any]:
    """A card as JSON-ready data for views: id, kind, name and, for huskies, edges and points."""
    if card in HUSKIES:
        husky = HUSKIES[card]
        return {"id": card, "kind": "husky", "name": husky.name,
                "edges": {side.value: husky.edges[side] for side in Side},
                "snow": [point.value for point in husky.snow]}
    if card in YOUNGSTERS:
        return {"id": card, "kind": "youngster", "name": YOUNGSTERS[card].name}
    if card in EQUIPMENT:
        return {"id": card, "kind": "equipment", "name": EQUIPMENT[card].name}
    if is_double_care(card):
        return {"id": card, "kind": "double_care", "name": "Double care"}
    return {"id": card, "kind": "care", "name": card_name(card).capitalize()}
