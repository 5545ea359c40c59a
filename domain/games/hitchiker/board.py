"""The board, the Contraband Deal Chart and the Bad Ride cards, read from data/*.json.

None of these are in the rulebook; data/RULINGS.md explains how they were made to
fit every count and figure it gives (42 locations, 12 Hometowns, four Casinos,
Sell prices from $20,000 to $50,000, 7 on the chart a police shootout, 36 cards).
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data"


class Kind(enum.Enum):
    """What happens on a location (rulebook: the location sections)."""

    HOMETOWN = "hometown"
    BLACK_MARKET = "black_market"
    SELL = "sell"
    CUSTOMS = "customs"
    BAD_RIDE = "bad_ride"
    CASINO = "casino"
    ENERGY_REBATE = "energy_rebate"
    TWISTER_CITY = "twister_city"
    LIE_N_SIN = "lie_n_sin"
    SMASHVILLE = "smashville"
    CORPUS_RISKY = "corpus_risky"
    SMELL_GASO = "smell_gaso"
    TORTLAND = "tortland"
    FORT_MCSLURRY = "fort_mcslurry"
    REMINDYA = "remindya"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Location:
    index: int
    name: str
    kind: Kind
    price: int | None = None  # per Unit, on Sell cities


class Outcome(enum.Enum):
    """The four kinds of result on the Contraband Deal Chart."""

    PRICE = "price"
    FREE_UNITS = "free_units"
    RIPPED_OFF = "ripped_off"
    POLICE_SHOOTOUT = "police_shootout"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DealEntry:
    roll: int
    outcome: Outcome
    price: int = 0
    units: int = 0


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Effect:
    """What a Bad Ride card does; a jury card holds the effects of both verdicts."""

    kind: str
    amount: int = 0
    percent: int = 0
    units: int = 0
    spaces: int = 0
    rolls: tuple[int, ...] = ()
    cause: str = ""
    target: str = ""
    question: str = ""
    approved: Effect | None = None
    rejected: Effect | None = None


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BadRide:
    id: int
    title: str
    text: str
    effect: Effect


def _read(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _effect(raw: dict[str, Any]) -> Effect:
    fields = {key: value for key, value in raw.items() if key not in ("approved", "rejected", "rolls")}
    return Effect(
        **fields,
        rolls=tuple(raw.get("rolls", ())),
        approved=_effect(raw["approved"]) if "approved" in raw else None,
        rejected=_effect(raw["rejected"]) if "rejected" in raw else None,
    )


BOARD: tuple[Location, ...] = tuple(
    Location(index=row["index"], name=row["name"], kind=Kind(row["kind"]), price=row.get("price"))
    for row in _read("board.json")["locations"]
)
SIZE = len(BOARD)
HOMETOWNS: tuple[int, ...] = tuple(place.index for place in BOARD if place.kind is Kind.HOMETOWN)
REMINDYA: int = next(place.index for place in BOARD if place.kind is Kind.REMINDYA)
DEAL_CHART: dict[int, DealEntry] = {
    int(roll): DealEntry(roll=int(roll), outcome=Outcome(row["outcome"]), price=row.get("price", 0),
                         units=row.get("units", 0))
    for roll, row in _read("deal_chart.json")["rolls"].items()
}
BAD_RIDES: dict[int, BadRide] = {
    row["id"]: BadRide(id=row["id"], title=row["title"], text=row["text"], effect=_effect(row["effect"]))
    for row in _read("bad_rides.json")["cards"]
}
BAD_RIDE_IDS: tuple[int, ...] = tuple(sorted(BAD_RIDES))


def name_of(index: int | None) -> str:
    return "nowhere" if index is None else BOARD[index].name


def ahead(start: int, steps: int) -> tuple[int, ...]:
    """The locations entered moving `steps` clockwise from `start`, the last one landed on."""
    return tuple((start + step) % SIZE for step in range(1, steps + 1))


def nearest_ahead(start: int, accept: Callable[[Location], bool]) -> int | None:
    """The first location clockwise after `start` (a full lap ends on `start`) that `accept`s."""
    for index in ahead(start, SIZE):
        if accept(BOARD[index]):
            return index
    return None


def behind(start: int, steps: int) -> int:
    """The location `steps` counter-clockwise from `start`."""
    return (start - steps) % SIZE
