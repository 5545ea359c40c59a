"""A short sentence for each of the hiker's commands, as a person picks it from a menu, and its ranges.

Labels name locations and path cards (from data/cards.json), never ids, and say what a choice costs:
where the die goes, what a rest does to the rest die, a forced rest's lost progress. Everything they
tell is on the table already (the game hides only the order of the undealt cards).
"""

from __future__ import annotations

from domain.core import Command, Ranges
from domain.games.hikes_of_the_west.cards import (
    BLACK_HILLS,
    GREAT_SAND_DUNES,
    MT_RAINIER,
    PIKES_PEAK,
    PIKES_PEAK_RIDE,
    TERRAINS_PER_CARD,
    card,
    location_name,
)
from domain.games.hikes_of_the_west.commands import ChoosePath, ChooseTurnedPath, Cover, PlanHikes, Rest, RideToTop, Roll, SaveStamina
from domain.games.hikes_of_the_west.dice import TRIPLE, stamina_value
from domain.games.hikes_of_the_west.events import Rested, TerrainCovered
from domain.games.hikes_of_the_west.evolve import evolve
from domain.games.hikes_of_the_west.hiking import chosen_rest, forced_rest
from domain.games.hikes_of_the_west.state import GameState, Hike, RestCause, Step
from domain.games.hikes_of_the_west.trail import is_canyon, option_trail, slot_name, trail, trail_length


def label(state: GameState, seat: int, command: Command) -> str:
    """The command in the rulebook's words, e.g. "Roll 3 dice" or "Cover terrain 4 (spot 2 of 12) with a 4"."""
    hike = state.hike
    match command:
        case PlanHikes(order=order):
            first, second, third = (location_name(location) for location in order)
            return f"Hike {first} first, then {second}, then {third}"
        case RideToTop():
            par = card(PIKES_PEAK).par
            return f"Ride to the top of Pikes Peak: a die showing {PIKES_PEAK_RIDE} goes on its card (par {par})"
    if hike is None:
        return _without_hike(command)
    match command:
        case ChoosePath(slot=slot):
            return _path_label(hike, slot)
        case ChooseTurnedPath(slot=slot):
            return _path_label(hike, slot, turned=True)
        case Roll():
            return _roll_label(state, hike)
        case SaveStamina(die=die):
            shows = stamina_value(hike.location, die)
            return f"Save a {die} as stamina" + (f" (it drops to {shows})" if shows != die else "")
        case Cover(die=die, stamina=stamina):
            return _cover_label(state, hike, die, stamina)
        case Rest():
            return _rest_label(state, hike)
    return _without_hike(command)


def ranges(state: GameState, seat: int, command: Command) -> Ranges:
    """No argument ranges over many values: each names a die the hiker holds or a slot on the table.

    Every legal value is listed as a command of its own (legal_commands), so there is no range.
    """
    return {}


def _without_hike(command: Command) -> str:
    """A label for a hiking command when no hike is under way (never a legal one)."""
    words = {"ChoosePath": "Choose a path card", "ChooseTurnedPath": "Choose a path card turned end for end", "Roll": "Roll the dice", "SaveStamina": "Save stamina",
             "Cover": "Cover the next terrain", "Rest": "Rest"}
    return words.get(command.TYPE, command.TYPE)


def _path_label(hike: Hike, slot: int, turned: bool = False) -> str:
    """Which card the trail takes, which way round, and the terrains it shows in hiking order (rulebook, Setting
    off; Completing a path card)."""
    ahead = option_trail(hike, slot, turned)
    where = slot_name(hike.location, slot)
    if is_canyon(hike.location):
        first = _terrains(ahead[:TERRAINS_PER_CARD])
        return f"Start from the {where} and hike rim to rim: {len(ahead)} terrains, beginning {first}"
    name = location_name(hike.layout[slot])
    path = card(hike.layout[slot]).path
    terrains = _terrains(tuple(reversed(path)) if turned else path)
    verb = "Set off on" if not hike.route else "Go on to"
    way = ", turned end for end" if turned else " as printed" if hike.turnable else ""
    return f"{verb} the {where} path{way} ({name} card: {terrains})"


def _roll_label(state: GameState, hike: Hike) -> str:
    """How many dice a roll throws, and what it commits to (rulebook, Rolling again; Pikes Peak; Black Hills)."""
    count = len(hike.free) + state.dice_in_hand
    dice = f"{count} {'die' if count == 1 else 'dice'}"
    if hike.location == PIKES_PEAK and not hike.set_off:
        return f"Roll {dice} and start hiking Pikes Peak (no riding to the top after that)"
    if hike.location == BLACK_HILLS and count >= TRIPLE:
        return f"Roll {dice} (three of a kind forces a rest in the Black Hills)"
    return f"Roll {dice}"


def _cover_label(state: GameState, hike: Hike, die: int, stamina: bool) -> str:
    """Which terrain the die covers, and a Mt. Rainier rest or a completed location that follows."""
    terrain = trail(hike)[hike.position]
    spot, length = hike.position + 1, trail_length(hike.location)
    which = f"your stamina die showing {die}" if stamina else f"a {die}"
    text = f"Cover terrain {terrain} (spot {spot} of {length}) with {which}"
    if stamina and hike.location == MT_RAINIER:
        covered = evolve(state, TerrainCovered(position=spot, terrain=terrain, die=die, stamina=stamina))
        assert covered.hike is not None
        rested = chosen_rest(covered.hike, RestCause.STAMINA)
        text += f": it becomes your rest stop, {_rest_die(rested)}"
        if spot < length:
            return text + _stranding(evolve(covered, rested))
    if spot == length:
        text += f", completing {location_name(hike.location)}"
    return text


def _rest_label(state: GameState, hike: Hike) -> str:
    """A chosen rest keeps the progress; a rest with nothing placed since the roll is forced (rulebook, Resting)."""
    if hike.step is Step.MOVING:
        rested = chosen_rest(hike, RestCause.CHOSEN)
        text = f"Rest at spot {rested.rest_stop}: {_rest_die(rested)}"
    else:
        rested = forced_rest(hike, RestCause.NO_COVER)
        where = "the trail head" if rested.rest_stop == 0 else f"spot {rested.rest_stop}"
        if rested.lost:
            terrains = "terrain" if rested.lost == 1 else "terrains"
            text = f"Take a forced rest: lose {rested.lost} covered {terrains}, back to {where}; {_rest_die(rested)}"
        else:
            text = f"Take a forced rest at {where}: {_rest_die(rested)}"
    return text + _stranding(evolve(state, rested))


def _stranding(rested: GameState) -> str:
    """A warning when a rest leaves no die to roll (RULINGS.md, Stranded); else nothing."""
    return "; no die is left to roll: stranded, the game ends" if rested.dice_in_hand == 0 else ""


def _rest_die(rested: Rested) -> str:
    """What the rest die shows after a rest, and the 6 it sends to the location card (rulebook, Resting)."""
    if rested.scored:
        return f"the rest die at 6 goes on the location card and a new one shows {rested.rest_die}"
    return f"the rest die shows {rested.rest_die}"


def _terrains(terrains: tuple[int, ...]) -> str:
    return "-".join(map(str, terrains))
