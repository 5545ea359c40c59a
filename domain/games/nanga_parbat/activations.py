"""Activating animals: the snow leopard, tahr, musk deer and yak, each animal once.

Each activation has one `*_refusal` predicate (None when allowed, else the reason)
shared by `decide` and the listing (rules.py). Rulebook: Activating Animals.
"""

from __future__ import annotations

from collections.abc import Iterator

from domain.core import Command, Event
from domain.games.nanga_parbat.board import (
    LINKS,
    NEIGHBOURS,
    REGION_NUMBERS,
    SECTION_COUNT,
    are_adjacent,
    spot_of,
)
from domain.games.nanga_parbat.commands import (
    ActivateMuskDeer,
    ActivateSnowLeopard,
    ActivateTahr,
    ActivateYak,
)
from domain.games.nanga_parbat.events import (
    MuskDeerActivated,
    SnowLeopardActivated,
    TahrActivated,
    YakActivated,
)
from domain.games.nanga_parbat.state import Animal, Hiker, Phase, State


def activation_refusal(state: State, seat: int, animal: Animal) -> str | None:
    """Why `seat` cannot activate an `animal` now, or None.

    An animal is activated at any point of its owner's turn, once (Activating Animals).
    """
    if state.phase not in (Phase.TRAP, Phase.SCORE):
        return "animals are activated during your turn"
    if animal not in state.expeditions[seat].ready:
        return f"you have no {animal.label} that has not been activated yet"
    return None


def snow_leopard_refusal(state: State, seat: int, command: ActivateSnowLeopard) -> str | None:
    """Why the snow leopard cannot swap these two sections: two adjacent hikers of different players."""
    first, second = command.first.index, command.second.index
    reason = activation_refusal(state, seat, Animal.SNOW_LEOPARD)
    if reason is not None:
        return reason
    if first == second:
        return "choose two different sections"
    hikers = (state.board[first], state.board[second])
    if not all(isinstance(piece, Hiker) for piece in hikers):
        return "the snow leopard swaps two hikers; animals and camps never move with it"
    if not are_adjacent(first, second):
        return "the two hikers must be adjacent (a shared border or a dotted path)"
    if hikers[0] == hikers[1]:
        return "both hikers belong to the same player: swapping them changes nothing"
    return None


def tahr_refusal(state: State, seat: int, command: ActivateTahr) -> str | None:
    """Why the tahr cannot swap this hiker and this animal: they must be adjacent."""
    reason = activation_refusal(state, seat, Animal.TAHR)
    if reason is not None:
        return reason
    if not isinstance(state.board[command.hiker.index], Hiker):
        return "the tahr swaps a hiker (camps never move) and an adjacent animal: there is no hiker there"
    if not isinstance(state.board[command.animal.index], Animal):
        return "the tahr swaps a hiker and an adjacent animal: there is no animal there"
    if not are_adjacent(command.hiker.index, command.animal.index):
        return "the hiker and the animal must be adjacent (a shared border or a dotted path)"
    return None


def musk_deer_refusal(state: State, seat: int, command: ActivateMuskDeer) -> str | None:
    """Why the musk deer cannot swap these two animals: any two animals of different types."""
    reason = activation_refusal(state, seat, Animal.MUSK_DEER)
    if reason is not None:
        return reason
    board = state.board  # asked of every pair of animals on the board: no generator, a search lists it often
    first, second = board[command.first.index], board[command.second.index]
    if not (isinstance(first, Animal) and isinstance(second, Animal)):
        return "the musk deer swaps two animals"
    if first == second:
        return "both animals are of the same type: swapping them changes nothing"
    return None


def yak_refusal(state: State, seat: int, command: ActivateYak) -> str | None:
    """Why the yak cannot move the guide to this region: it must be a new region."""
    reason = activation_refusal(state, seat, Animal.YAK)
    if reason is not None:
        return reason
    if command.region == state.guide:
        return f"the guide is already in region {command.region}: move it to a new region"
    return None


def activated(state: State, seat: int, command: Command) -> Event:
    """The event of an allowed activation."""
    match command:
        case ActivateSnowLeopard(first=first, second=second):
            return SnowLeopardActivated(seat=seat, first=first, second=second)
        case ActivateTahr(hiker=hiker, animal=animal):
            return TahrActivated(seat=seat, hiker=hiker, animal=animal)
        case ActivateMuskDeer(first=first, second=second):
            return MuskDeerActivated(seat=seat, first=first, second=second)
        case ActivateYak(region=region):
            return YakActivated(seat=seat, from_region=state.guide or 0, region=region)
    raise AssertionError(f"not an activation: {command!r}")


def activation_candidates(state: State, seat: int) -> Iterator[Command]:
    """Every activation worth checking for `seat` now, in a fixed order."""
    ready = state.expeditions[seat].ready
    if Animal.SNOW_LEOPARD in ready:
        for first, second in LINKS:
            yield ActivateSnowLeopard(first=spot_of(first), second=spot_of(second))
    if Animal.TAHR in ready:
        for index in range(SECTION_COUNT):
            if isinstance(state.board[index], Hiker):
                for neighbour in NEIGHBOURS[index]:
                    yield ActivateTahr(hiker=spot_of(index), animal=spot_of(neighbour))
    if Animal.MUSK_DEER in ready:
        animals = [index for index in range(SECTION_COUNT) if isinstance(state.board[index], Animal)]
        for position, first in enumerate(animals):
            for second in animals[position + 1 :]:
                yield ActivateMuskDeer(first=spot_of(first), second=spot_of(second))
    if Animal.YAK in ready:
        for region in REGION_NUMBERS:
            yield ActivateYak(region=region)

