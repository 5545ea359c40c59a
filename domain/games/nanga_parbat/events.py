"""The game's events: facts in the past tense, carrying every chance outcome.

All information is open in Nanga Parbat, so every event is public.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from domain.core import Event, GameCreated, Value
from domain.games.nanga_parbat.board import Spot
from domain.games.nanga_parbat.chart import Row
from domain.games.nanga_parbat.state import Animal


class AnimalsPlaced(Event, Value):
    """The 36 animals were placed at random: `regions[r][s]` stands on region r+1, section s+1."""

    TYPE: ClassVar[str] = "AnimalsPlaced"
    regions: tuple[tuple[Animal, ...], ...]


class GuidePlaced(Event, Value):
    """The second player put the guide on a region before the first turn."""

    TYPE: ClassVar[str] = "GuidePlaced"
    seat: int
    region: int


class GuideRelocated(Event, Value):
    """The guide's region had no animal left, so the active player moved the guide to `region`."""

    TYPE: ClassVar[str] = "GuideRelocated"
    seat: int
    from_region: int
    region: int


class AnimalTrapped(Event, Value):
    """The animal on `spot` went to the player's animal board and one of their hikers replaced it."""

    TYPE: ClassVar[str] = "AnimalTrapped"
    seat: int
    spot: Spot
    animal: Animal


class GuideMoved(Event, Value):
    """The guide moved to the region whose flag is the trapped animal's section number."""

    TYPE: ClassVar[str] = "GuideMoved"
    from_region: int
    region: int


class PointsScored(Event, Value):
    """A player moved `points` along the scoring path to `score` (one more if they landed on the opponent)."""

    TYPE: ClassVar[str] = "PointsScored"
    seat: int
    points: int
    score: int
    bumped: bool
    reason: Literal["red_panda", "chart"]


class SnowLeopardActivated(Event, Value):
    """A snow leopard swapped the hikers on two adjacent sections."""

    TYPE: ClassVar[str] = "SnowLeopardActivated"
    seat: int
    first: Spot
    second: Spot


class TahrActivated(Event, Value):
    """A tahr swapped a hiker and an adjacent animal."""

    TYPE: ClassVar[str] = "TahrActivated"
    seat: int
    hiker: Spot
    animal: Spot


class MuskDeerActivated(Event, Value):
    """A musk deer swapped two animals anywhere on the mountain."""

    TYPE: ClassVar[str] = "MuskDeerActivated"
    seat: int
    first: Spot
    second: Spot


class YakActivated(Event, Value):
    """A yak moved the guide to another region."""

    TYPE: ClassVar[str] = "YakActivated"
    seat: int
    from_region: int
    region: int


class CampsBuilt(Event, Value):
    """A player claimed a row-1 chart spot: the hikers on `hikers` were discarded and camps built there."""

    TYPE: ClassVar[str] = "CampsBuilt"
    seat: int
    column: int
    hikers: tuple[Spot, ...]
    points: int


class AnimalsTraded(Event, Value):
    """A player claimed a row-2 or row-3 chart spot by discarding `animals` (`spent` of them already activated)."""

    TYPE: ClassVar[str] = "AnimalsTraded"
    seat: int
    row: Row
    column: int
    animals: tuple[Animal, ...]
    spent: tuple[Animal, ...]
    points: int


class TurnEnded(Event, Value):
    """The active player finished their turn; the other player is next."""

    TYPE: ClassVar[str] = "TurnEnded"
    seat: int


class RegionScored(Event, Value):
    """Area Scoring: a player with 4, 5 or 6 hikers and camps in `region` moved along the scoring path."""

    TYPE: ClassVar[str] = "RegionScored"
    region: int
    seat: int
    pieces: int
    points: int
    score: int
    bumped: bool


class GameEnded(Event, Value):
    """The end was triggered: both players placed all their hikers, or all their cubes."""

    TYPE: ClassVar[str] = "GameEnded"
    reason: Literal["hikers", "cubes"]
    scores: tuple[int, ...]


EVENTS = (
    GameCreated,
    AnimalsPlaced,
    GuidePlaced,
    GuideRelocated,
    AnimalTrapped,
    GuideMoved,
    PointsScored,
    SnowLeopardActivated,
    TahrActivated,
    MuskDeerActivated,
    YakActivated,
    CampsBuilt,
    AnimalsTraded,
    TurnEnded,
    RegionScored,
    GameEnded,
)
