"""The board, the Contraband Deal Chart and the Bad Ride cards, read from data/*.json.

None of these are in the rulebook; data/RULINGS.md explains how they were made to
fit every count and figure it gives (42 locations, 12 Hometowns, four Casinos,
Sell prices from $20,000 to $50,000, 7 on the chart a police shootout, 36 cards).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import msgspec

from domain.core import Value

DATA = Path(__file__).resolve().parent / "data"
T = TypeVar("T")


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


class Location(Value):
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


class DealEntry(Value):
    roll: int
    outcome: Outcome
    price: int = 0
    units: int = 0


class Effect(Value):
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


class BadRide(Value):
    id: int
    title: str
    text: str
    effect: Effect


class _BoardFile(Value):
    locations: tuple[Location, ...]


class _DealRow(Value):
    outcome: Outcome
    price: int = 0
    units: int = 0


class _DealChartFile(Value):
    rolls: dict[int, _DealRow]


class _BadRidesFile(Value):
    cards: tuple[BadRide, ...]


def _read(name: str, shape: type[T]) -> T:
    """A data file decoded into `shape`; a misspelt or unknown key fails at import."""
    return msgspec.json.decode((DATA / name).read_bytes(), type=shape)


BOARD: tuple[Location, ...] = _read("board.json", _BoardFile).locations
SIZE = len(BOARD)
HOMETOWNS: tuple[int, ...] = tuple(place.index for place in BOARD if place.kind is Kind.HOMETOWN)
REMINDYA: int = next(place.index for place in BOARD if place.kind is Kind.REMINDYA)
DEAL_CHART: dict[int, DealEntry] = {
    roll: DealEntry(roll=roll, outcome=row.outcome, price=row.price, units=row.units)
    for roll, row in sorted(_read("deal_chart.json", _DealChartFile).rolls.items())
}
BAD_RIDES: dict[int, BadRide] = {ride.id: ride for ride in _read("bad_rides.json", _BadRidesFile).cards}
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
