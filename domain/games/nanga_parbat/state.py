"""The game state: a frozen value folded from the events (evolve.py builds it)."""

from __future__ import annotations

import bisect
import enum
from collections.abc import Iterable, Mapping
from typing import Any

from msgspec.structs import replace

from domain.core import Value
from domain.games.nanga_parbat.chart import CUBES

SEATS = (0, 1)
HIKERS = 15
CAMPS = 12


class Animal(enum.Enum):
    """The six animal types, in the order of the rulebook: four to activate, then bharal and red panda."""

    SNOW_LEOPARD = "snow_leopard"
    TAHR = "tahr"
    MUSK_DEER = "musk_deer"
    YAK = "yak"
    BHARAL = "bharal"
    RED_PANDA = "red_panda"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ")


ANIMALS: tuple[Animal, ...] = tuple(Animal)
ACTIVATED: tuple[Animal, ...] = (Animal.SNOW_LEOPARD, Animal.TAHR, Animal.MUSK_DEER, Animal.YAK)
_ORDER = {animal: position for position, animal in enumerate(ANIMALS)}


def sort_animals(animals: Iterable[Animal]) -> tuple[Animal, ...]:
    """Animals in the rulebook's order of types: the one order used in events, views and commands."""
    return tuple(sorted(animals, key=_ORDER.__getitem__))


def with_animal(animals: tuple[Animal, ...], animal: Animal) -> tuple[Animal, ...]:
    """`animals` (in the rulebook's order) with one more `animal`, kept in that order."""
    at = bisect.bisect_right(animals, _ORDER[animal], key=_ORDER.__getitem__)
    return animals[:at] + (animal,) + animals[at:]


def without(animals: tuple[Animal, ...], removed: Iterable[Animal]) -> tuple[Animal, ...]:
    """`animals` less one copy of each of `removed` (each must be there)."""
    remaining = list(animals)
    for animal in removed:
        remaining.remove(animal)
    return tuple(remaining)


class Hiker(Value):
    """A seat's hiker standing on a section."""

    seat: int


class Camp(Value):
    """A seat's camp built on a section: it never moves."""

    seat: int


Piece = Animal | Hiker | Camp


class Phase(enum.Enum):
    """Where the game stands.

    PLACE_GUIDE: the second player puts the guide on a region before the first turn.
    TRAP: the active player must trap an animal (relocating the guide first if its region is empty).
    SCORE: the animal is trapped; the player may claim one chart spot, and ends the turn.
    OVER: the end was triggered.
    """

    PLACE_GUIDE = "place_guide"
    TRAP = "trap"
    SCORE = "score"
    OVER = "over"


class Expedition(Value):
    """One seat's supplies and animal board: stock, cubes, score, and trapped animals."""

    hikers: int = HIKERS
    camps: int = CAMPS
    cubes: int = CUBES
    score: int = 0
    ready: tuple[Animal, ...] = ()
    spent: tuple[Animal, ...] = ()

    @property
    def animals(self) -> tuple[Animal, ...]:
        return sort_animals(self.ready + self.spent)


#: Rules version 2 let the second player's 15th turn go on after its trap (step 4, activations) until it
#: ended; version 1 ended the game at that trap, as the book's "immediately" says. From version 3 the book's
#: reading is the default and version 2's is the `whole_last_turn` option (RULINGS.md, The end; Game End).
LAST_TURN_FINISHES = 2
OPTIONS_VERSION = 3
#: Rules version 4 changes no rule: only what the `search` level lends the core's search (bots.py, SEARCH), so a
#: game of an older version replays and audits its search seats as it was played (RULINGS.md, Bot strength).
SEARCH_VERSION = 4


def plays_whole_last_turn(rules_version: int, options: Mapping[str, Any]) -> bool:
    """Whether the last turn goes on after the trap that places the last hiker: always under version 2,
    never under 1, by the `whole_last_turn` option from version 3."""
    if rules_version >= OPTIONS_VERSION:
        return bool(options.get("whole_last_turn", False))
    return rules_version >= LAST_TURN_FINISHES


class State(Value):
    """The whole mountain, both expeditions, the points chart and whose turn it is."""

    names: tuple[str, ...]
    rules_version: int = 1  # GameCreated's
    area_scoring: bool = False
    whole_last_turn: bool = False  # plays_whole_last_turn of GameCreated's version and options
    phase: Phase = Phase.PLACE_GUIDE
    board: tuple[Piece, ...] = ()
    guide: int | None = None
    active: int = 0
    expeditions: tuple[Expedition, ...] = (Expedition(), Expedition())
    chart: tuple[int | None, ...] = (None,) * 15
    claimed: bool = False
    turn: int = 0
    end_reason: str | None = None

    def expedition(self, seat: int) -> Expedition:
        return self.expeditions[seat]


def opponent(seat: int) -> int:
    """The other seat."""
    return 1 - seat


def with_item(values: tuple, index: int, value: object) -> tuple:
    """`values` with the item at `index` replaced."""
    return values[:index] + (value,) + values[index + 1 :]


def renamed(state: State, names: tuple[str, ...]) -> State:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, names=names)
