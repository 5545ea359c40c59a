"""The game state: a frozen value folded from the events (evolve.py builds it)."""

from __future__ import annotations

import enum

from msgspec.structs import replace

from domain.core import Value
from domain.games.hikes_of_the_west.cards import DICE


class Phase(enum.Enum):
    """Where the game stands: ordering the locations, hiking them, or over."""

    PLANNING = "planning"
    HIKING = "hiking"
    FINISHED = "finished"


class Step(enum.Enum):
    """Where a hike stands between two rolls.

    AT_REST: the free dice are gathered in hand and must be rolled.
    ROLLED: the dice were just rolled; at least one must be placed before rolling again or resting.
    MOVING: a terrain was covered since the roll; roll again, rest, or keep covering.
    """

    AT_REST = "at-rest"
    ROLLED = "rolled"
    MOVING = "moving"


class RestCause(enum.Enum):
    """Why the hiker rested: by choice, or forced, and how."""

    CHOSEN = "chosen"
    NO_DIE = "no-die"
    NO_COVER = "no-cover"
    TRIPLE = "three-of-a-kind"
    STAMINA = "stamina"

    @property
    def forced(self) -> bool:
        return self in (RestCause.NO_DIE, RestCause.NO_COVER, RestCause.TRIPLE)


class RestStop(Value):
    """The rest die: where it stands on the trail (0 is the trail head) and the rest count it shows."""

    position: int
    die: int


class Placement(Value):
    """A die covering a terrain since the last rest: the value it shows and whether it was stamina."""

    die: int
    stamina: bool = False


class Hike(Value):
    """The hike at the current location: its path cards, where the hiker is, and every die in play."""

    location: str
    layout: tuple[str, ...]
    route: tuple[int, ...] = ()
    turned: tuple[int, ...] = ()  # the chosen slots hiked turned end for end (rules version 2)
    turnable: bool = False  # whether cards may be turned here: rules version 2, outside the Grand Canyon
    rest: RestStop | None = None
    placed: tuple[Placement, ...] = ()
    stamina: tuple[int, ...] = ()
    free: tuple[int, ...] = ()
    step: Step = Step.AT_REST
    set_off: bool = False
    rolls_since_rest: int = 0
    saved_since_rest: int = 0

    @property
    def position(self) -> int:
        """How many terrains of the trail are behind the hiker (0 at the trail head)."""
        return (self.rest.position if self.rest is not None else 0) + len(self.placed)


TURNING_PATHS = 2
"""Rules version 2 (RULINGS.md, Orientation): the hiker chooses which way round each path card is hiked."""


class GameState(Value):
    """Everything the rules need: the hidden deck, the locations, the dice on them, the hike."""

    hiker: str
    rules_version: int = 1
    phase: Phase = Phase.PLANNING
    deck: tuple[str, ...] = ()
    locations: tuple[str, ...] = ()
    plan: tuple[str, ...] = ()
    scored: tuple[tuple[int, ...], ...] = ()
    leg: int = 0
    hike: Hike | None = None
    stranded: bool = False

    @property
    def dice_on_locations(self) -> int:
        """How many dice sit on location cards, out of play for good."""
        return sum(len(dice) for dice in self.scored)

    @property
    def dice_available(self) -> int:
        """The dice still in play: every die not on a location card."""
        return DICE - self.dice_on_locations

    @property
    def dice_in_hand(self) -> int:
        """The gathered dice waiting to be rolled: what is in play and not placed, saved or rolled."""
        hike = self.hike
        if hike is None:
            return 0
        held = (hike.rest is not None) + len(hike.placed) + len(hike.stamina) + len(hike.free)
        return max(0, self.dice_available - held)

    @property
    def score(self) -> int:
        """The sum of the dice on the location cards (rulebook, Game end)."""
        return sum(sum(dice) for dice in self.scored)


def renamed(state: GameState, names: tuple[str, ...]) -> GameState:
    """The state with the hiker's final name (a game whose open seat was joined; domain/core/seating.py)."""
    return replace(state, hiker=names[0])
