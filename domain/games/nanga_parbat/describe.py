"""One line of plain text per event, for timelines and replays."""

from __future__ import annotations

from domain.core import Event, GameCreated
from domain.core.wording import UNTOLD, Names, seat_name
from domain.games.nanga_parbat.events import (
    AnimalsPlaced,
    AnimalsTraded,
    AnimalTrapped,
    CampsBuilt,
    GameEnded,
    GuideMoved,
    GuidePlaced,
    GuideRelocated,
    MuskDeerActivated,
    PointsScored,
    RegionScored,
    SnowLeopardActivated,
    TahrActivated,
    TurnEnded,
    YakActivated,
)


def _points(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


def _bump(bumped: bool) -> str:
    return " (one more for landing on the opponent)" if bumped else ""



#: Nanga Parbat hides nothing: every event is public.
HIDDEN_LINES: dict[str, str] = {}

def describe(event: Event, names: Names = ()) -> str:
    """A one-line, human-readable account of `event`, the seats called by their `names`."""

    def _seat(seat: int) -> str:
        return seat_name(names, seat)

    match event:
        case GameCreated():
            return f"A game of Nanga Parbat began for {len(event.seats)} players"
        case AnimalsPlaced():
            return "36 animals were placed at random on the mountain, one on every section"
        case GuidePlaced(seat=seat, region=region):
            return f"{_seat(seat)} placed the guide on region {region}"
        case GuideRelocated(seat=seat, from_region=old, region=region):
            return f"{_seat(seat)} relocated the guide from the empty region {old} to region {region}"
        case AnimalTrapped(seat=seat, spot=spot, animal=animal):
            return f"{_seat(seat)} trapped a {animal.label} on section {spot} and left a hiker there"
        case GuideMoved(from_region=old, region=region):
            if old == region:
                return f"The guide stayed in region {region}"
            return f"The guide moved from region {old} to region {region}"
        case PointsScored(seat=seat, points=points, score=score, bumped=bumped, reason=reason):
            source = "the red panda" if reason == "red_panda" else "the points chart"
            return f"{_seat(seat)} scored {_points(points)} from {source}, now at {score}{_bump(bumped)}"
        case SnowLeopardActivated(seat=seat, first=first, second=second):
            return f"{_seat(seat)} activated a snow leopard: swapped the hikers on {first} and {second}"
        case TahrActivated(seat=seat, hiker=hiker, animal=animal):
            return f"{_seat(seat)} activated a tahr: swapped the hiker on {hiker} and the animal on {animal}"
        case MuskDeerActivated(seat=seat, first=first, second=second):
            return f"{_seat(seat)} activated a musk deer: swapped the animals on {first} and {second}"
        case YakActivated(seat=seat, from_region=old, region=region):
            return f"{_seat(seat)} activated a yak: the guide went from region {old} to region {region}"
        case CampsBuilt(seat=seat, column=column, hikers=hikers, points=points):
            where = ", ".join(str(spot) for spot in hikers)
            return f"{_seat(seat)} built {len(hikers)} camps on {where} (column {column}, {_points(points)})"
        case AnimalsTraded(seat=seat, row=row, column=column, animals=animals, points=points):
            kind = "different types" if row.value == "different" else "one type"
            traded = ", ".join(animal.label for animal in animals)
            return f"{_seat(seat)} traded {traded} as {kind} (column {column}, {_points(points)})"
        case TurnEnded(seat=seat):
            return f"{_seat(seat)} ended their turn"
        case RegionScored(region=region, seat=seat, pieces=pieces, points=points, score=score, bumped=bumped):
            return (f"Area scoring: {_seat(seat)} has {pieces} hikers and camps in region {region}, "
                    f"{_points(points)}, now at {score}{_bump(bumped)}")
        case GameEnded(reason=reason, scores=scores):
            trigger = "all hikers" if reason == "hikers" else "all scoring cubes"
            final = ", ".join(f"{_seat(seat)} {score}" for seat, score in enumerate(scores))
            return f"The game ended: both players placed {trigger}; final scores {final}"
    return UNTOLD
