"""The game's events: facts in the past tense, carrying every chance outcome."""

from __future__ import annotations

from typing import ClassVar

from domain.core import Event, GameCreated, Value, Visibility
from domain.games.hikes_of_the_west.state import RestCause


class DeckShuffled(Event, Value):
    """The cards were shuffled path side up; `order` is top first and stays hidden until the end."""

    TYPE: ClassVar[str] = "DeckShuffled"
    order: tuple[str, ...]

    def visibility(self) -> Visibility:
        return ()


class LocationsRevealed(Event, Value):
    """The top three cards were flipped to their location side."""

    TYPE: ClassVar[str] = "LocationsRevealed"
    locations: tuple[str, str, str]


class HikesPlanned(Event, Value):
    """The three locations were ordered from left to right."""

    TYPE: ClassVar[str] = "HikesPlanned"
    order: tuple[str, str, str]


class PathsDealt(Event, Value):
    """Five path cards were dealt under a location, slot 0 first (see trail.py for the layouts)."""

    TYPE: ClassVar[str] = "PathsDealt"
    location: str
    cards: tuple[str, ...]


class PathChosen(Event, Value):
    """The hiker chose the path card in `slot` to hike next."""

    TYPE: ClassVar[str] = "PathChosen"
    slot: int
    card: str


class TurnedPathChosen(Event, Value):
    """Rules version 2: the hiker chose the path card in `slot`, turned end for end (its terrains met from the far
    end of the printed order)."""

    TYPE: ClassVar[str] = "TurnedPathChosen"
    slot: int
    card: str


class DiceRolled(Event, Value):
    """The free dice were rolled; `dice` are the values in the order rolled."""

    TYPE: ClassVar[str] = "DiceRolled"
    dice: tuple[int, ...]


class StaminaSaved(Event, Value):
    """A rolled die showing `die` was set aside as stamina, now showing `stamina`."""

    TYPE: ClassVar[str] = "StaminaSaved"
    die: int
    stamina: int


class TerrainCovered(Event, Value):
    """The terrain at `position` (1-based along the trail) was covered by a die showing `die`."""

    TYPE: ClassVar[str] = "TerrainCovered"
    position: int
    terrain: int
    die: int
    stamina: bool


class Rested(Event, Value):
    """The hiker rested: the rest die stands at `rest_stop` (0 is the trail head) showing `rest_die`.

    `lost` counts the covered terrains given up; `scored` holds the dice moved onto the location
    card by this rest (a rest die that showed 6).
    """

    TYPE: ClassVar[str] = "Rested"
    cause: RestCause
    rest_stop: int
    rest_die: int
    lost: int
    scored: tuple[int, ...]


class HikeCompleted(Event, Value):
    """The final card was finished: the last rest die, showing `die`, moved onto the location card."""

    TYPE: ClassVar[str] = "HikeCompleted"
    location: str
    die: int


class RodeToTop(Event, Value):
    """The hiker rode to the top of Pikes Peak: a die showing `die` went onto the location card."""

    TYPE: ClassVar[str] = "RodeToTop"
    location: str
    die: int


class HikerStranded(Event, Value):
    """No die was left to roll: the dice still in play went onto the location card, each showing 6."""

    TYPE: ClassVar[str] = "HikerStranded"
    location: str
    dice: tuple[int, ...]


class GameFinished(Event, Value):
    """The game ended with this score against the sum of the three pars."""

    TYPE: ClassVar[str] = "GameFinished"
    score: int
    par: int
    completed: int


EVENTS = (
    GameCreated,
    DeckShuffled,
    LocationsRevealed,
    HikesPlanned,
    PathsDealt,
    PathChosen,
    TurnedPathChosen,
    DiceRolled,
    StaminaSaved,
    TerrainCovered,
    Rested,
    HikeCompleted,
    RodeToTop,
    HikerStranded,
    GameFinished,
)
