"""One line of text per event, for a game's timeline (nothing hidden is told)."""

from __future__ import annotations

from domain.core import Event, GameCreated
from domain.core.wording import UNTOLD, Names
from domain.games.hikes_of_the_west.cards import LOCATIONS_PER_GAME as HIKES, location_name
from domain.games.hikes_of_the_west.events import (
    DeckShuffled,
    DiceRolled,
    GameFinished,
    HikeCompleted,
    HikerStranded,
    HikesPlanned,
    LocationsRevealed,
    PathChosen,
    TurnedPathChosen,
    PathsDealt,
    Rested,
    RodeToTop,
    StaminaSaved,
    TerrainCovered,
)
from domain.games.hikes_of_the_west.state import RestCause

FORCED_BECAUSE = {
    RestCause.NO_DIE: "no die could be placed after the roll",
    RestCause.NO_COVER: "no die was placed after the roll",
    RestCause.TRIPLE: "three of a kind were rolled in the Black Hills",
}


#: What anyone may be told of a hidden event before the game ends (domain.core.wording.hidden_line).
HIDDEN_LINES = {"DeckShuffled": "The deck was shuffled"}

def describe(event: Event, names: Names = ()) -> str:
    """A one-line, human-readable account of `event` (solo: the hiker's name only opens the game)."""
    match event:
        case GameCreated():
            return f"{event.seats[0].name if event.seats else 'The hiker'} set out to hike the West"
        case DeckShuffled():
            return f"The {len(event.order)} cards were shuffled path side up"
        case LocationsRevealed(locations=locations):
            return f"Locations turned up: {_names(locations)}"
        case HikesPlanned(order=order):
            return f"Hikes planned: {_names(order, ', then ')}"
        case PathsDealt(location=location):
            return f"Five path cards were dealt under {location_name(location)}"
        case PathChosen(slot=slot, card=card_id):
            return f"Chose the path on the {location_name(card_id)} card (slot {slot})"
        case TurnedPathChosen(slot=slot, card=card_id):
            return f"Chose the path on the {location_name(card_id)} card (slot {slot}), turned end for end"
        case DiceRolled(dice=dice):
            return f"Rolled {', '.join(map(str, dice))}" if dice else "Rolled no dice"
        case StaminaSaved(die=die, stamina=stamina):
            return f"Saved a {die} as stamina" + (f", now showing {stamina}" if stamina != die else "")
        case TerrainCovered(position=position, terrain=terrain, die=die, stamina=stamina):
            kind = "stamina die" if stamina else "die"
            return f"Covered terrain {terrain} (spot {position}) with a {kind} showing {die}"
        case Rested():
            return _rest_line(event)
        case HikeCompleted(location=location, die=die):
            return f"Completed {location_name(location)}: the rest die showing {die} moved onto the location card"
        case RodeToTop(location=location, die=die):
            return f"Rode to the top of {location_name(location)}: a die showing {die} went onto the location card"
        case HikerStranded(location=location, dice=dice):
            return f"Stranded at {location_name(location)} with no die to roll: {len(dice)} dice went on the card as 6s"
        case GameFinished():
            return _end_line(event)
    return UNTOLD


def _end_line(event: GameFinished) -> str:
    """Why the game ended and how it went: 'Stranded: out of dice after 1 of 3 hikes; score 36, 26 over par'."""
    if event.score <= event.par:
        verdict = f"made par ({event.par})" if event.score == event.par else f"{event.par - event.score} under par"
    else:
        verdict = f"{event.score - event.par} over par"
    if event.completed < HIKES:
        why = f"Stranded: out of dice after {event.completed} of {HIKES} hikes"
    else:
        why = f"All {HIKES} hikes completed"
    return f"{why}; final score {event.score} against par {event.par}, {verdict}"


def _rest_line(event: Rested) -> str:
    shows = f"the rest die shows {event.rest_die}"
    sixes = ", and a 6 went onto the location card" if event.scored else ""
    if event.cause is RestCause.CHOSEN:
        return f"Rested at spot {event.rest_stop}: {shows}{sixes}"
    if event.cause is RestCause.STAMINA:
        return f"Stamina used at Mt. Rainier: spot {event.rest_stop} is the new rest stop, {shows}{sixes}"
    lost = f"lost {event.lost} spots" if event.lost else "lost no progress"
    return f"Forced to rest ({FORCED_BECAUSE[event.cause]}): {lost}, {shows}{sixes}"


def _names(locations: tuple[str, ...], joiner: str = ", ") -> str:
    return joiner.join(location_name(location) for location in locations)
