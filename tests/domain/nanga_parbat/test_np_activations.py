"""Activating Animals: snow leopard, tahr, musk deer and yak, each once, at any point of the turn."""

from __future__ import annotations

from typing import Any

from np_scenario import (
    BHARAL,
    C0,
    H0,
    H1,
    MUSK_DEER,
    RED_PANDA,
    SNOW_LEOPARD,
    TAHR,
    YAK,
    arranged,
    opening,
    spot,
    trapped,
)
from support.scenario import illegal, legal, play, then, when

from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.commands import (
    ActivateMuskDeer,
    ActivateSnowLeopard,
    ActivateTahr,
    ActivateYak,
    EndTurn,
    TradeSameAnimals,
    TrapAnimal,
)
from domain.games.nanga_parbat.events import (
    MuskDeerActivated,
    SnowLeopardActivated,
    TahrActivated,
    YakActivated,
)
from domain.games.nanga_parbat.state import Phase, Piece, State


def at(state: State, text: str) -> Piece:
    """The piece on the section written `region.section`."""
    return state.board[spot(text).index]


def before_trap(**kwargs: Any) -> State:
    """Seat 0's turn, before the trap, with the guide on region 2, arranged with `kwargs`."""
    return arranged(opening(guide=2), **kwargs)


def test_the_snow_leopard_swaps_two_adjacent_hikers() -> None:
    """Snow Leopard: swap two adjacent hikers; the animal slides down (activated) and stays on the board."""
    state = before_trap(board={"1.2": H0, "1.4": H1}, ready={0: (SNOW_LEOPARD,)})
    command = ActivateSnowLeopard(first=spot("1.2"), second=spot("1.4"))
    assert command in legal(SPEC, state, 0)
    then(when(SPEC, state, 0, command), SnowLeopardActivated(seat=0, first=spot("1.2"), second=spot("1.4")))
    swapped = play(SPEC, state, 0, command)
    assert (at(swapped, "1.2"), at(swapped, "1.4")) == (H1, H0)
    assert (swapped.expeditions[0].ready, swapped.expeditions[0].spent) == ((), (SNOW_LEOPARD,))


def test_the_snow_leopard_swaps_along_a_dotted_path() -> None:
    """Snow Leopard: adjacency is a shared border or a dotted white path."""
    state = before_trap(board={"1.4": H0, "2.1": H1}, ready={0: (SNOW_LEOPARD,)})
    swapped = play(SPEC, state, 0, ActivateSnowLeopard(first=spot("2.1"), second=spot("1.4")))
    assert (at(swapped, "1.4"), at(swapped, "2.1")) == (H1, H0)


def test_the_snow_leopard_needs_adjacent_sections() -> None:
    """Snow Leopard: the two hikers must be adjacent."""
    state = before_trap(board={"1.1": H0, "1.4": H1}, ready={0: (SNOW_LEOPARD,)})
    illegal(SPEC, state, 0, ActivateSnowLeopard(first=spot("1.1"), second=spot("1.4")),
            match="the two hikers must be adjacent")


def test_the_snow_leopard_never_moves_camps_or_animals() -> None:
    """Snow Leopard: only hikers and not camps can move."""
    state = before_trap(board={"1.2": C0, "1.4": H1}, ready={0: (SNOW_LEOPARD,)})
    illegal(SPEC, state, 0, ActivateSnowLeopard(first=spot("1.2"), second=spot("1.4")), match="camps never move")
    illegal(SPEC, state, 0, ActivateSnowLeopard(first=spot("1.5"), second=spot("1.4")), match="camps never move")
    assert not any(isinstance(c, ActivateSnowLeopard) for c in legal(SPEC, state, 0))


def test_the_snow_leopard_does_not_swap_two_hikers_of_one_player() -> None:
    """Snow Leopard (ruling): swapping two hikers of the same colour changes nothing, so it is refused."""
    state = before_trap(board={"1.2": H1, "1.4": H1}, ready={0: (SNOW_LEOPARD,)})
    illegal(SPEC, state, 0, ActivateSnowLeopard(first=spot("1.2"), second=spot("1.4")),
            match="same player: swapping them changes nothing")


def test_an_animal_is_activated_only_once() -> None:
    """Activating Animals: an activated animal cannot be activated again (but can still be traded)."""
    state = before_trap(board={"1.2": H0, "1.4": H1}, ready={0: (SNOW_LEOPARD,)})
    used = play(SPEC, state, 0, ActivateSnowLeopard(first=spot("1.2"), second=spot("1.4")))
    illegal(SPEC, used, 0, ActivateSnowLeopard(first=spot("1.2"), second=spot("1.4")),
            match="you have no snow leopard that has not been activated yet")
    assert not any(isinstance(c, ActivateSnowLeopard) for c in legal(SPEC, used, 0))


def test_an_animal_not_trapped_cannot_be_activated() -> None:
    """Activating Animals: a player activates their own animals only."""
    state = before_trap(board={"1.2": H0, "1.4": H1}, ready={1: (SNOW_LEOPARD,)})
    illegal(SPEC, state, 0, ActivateSnowLeopard(first=spot("1.2"), second=spot("1.4")),
            match="you have no snow leopard")


def test_an_animal_can_be_activated_on_the_turn_it_was_trapped() -> None:
    """Activating Animals: an animal can be activated on the same turn it was trapped."""
    state = play(SPEC, before_trap(board={"2.5": H1}), 0, TrapAnimal(spot=spot("2.6")))
    assert state.expeditions[0].ready == (SNOW_LEOPARD,)
    command = ActivateSnowLeopard(first=spot("2.5"), second=spot("2.6"))
    assert command in legal(SPEC, state, 0)
    swapped = play(SPEC, state, 0, command)
    assert (at(swapped, "2.5"), at(swapped, "2.6")) == (H0, H1)


def test_activations_happen_before_the_trap_and_after_the_claim_but_not_on_the_opponents_turn() -> None:
    """Activating Animals: at any point during a turn, the player's own turn."""
    yak = {0: (YAK, YAK, BHARAL, BHARAL, YAK)}
    before = before_trap(ready=yak)
    assert ActivateYak(region=5) in legal(SPEC, before, 0)
    claimed = play(SPEC, trapped(before, 0, ready=yak), 0, TradeSameAnimals(column=4, animals=(YAK, BHARAL, BHARAL)))
    assert claimed.claimed and ActivateYak(region=5) in legal(SPEC, claimed, 0)
    theirs = play(SPEC, claimed, 0, EndTurn())
    illegal(SPEC, theirs, 0, ActivateYak(region=5), match="it is not seat 0's turn")


def test_the_tahr_swaps_a_hiker_and_an_adjacent_animal() -> None:
    """Tahr: swap a hiker (of either player) and an adjacent animal."""
    state = before_trap(board={"1.4": H1}, ready={0: (TAHR,)})
    command = ActivateTahr(hiker=spot("1.4"), animal=spot("2.1"))
    assert command in legal(SPEC, state, 0)
    then(when(SPEC, state, 0, command), TahrActivated(seat=0, hiker=spot("1.4"), animal=spot("2.1")))
    swapped = play(SPEC, state, 0, command)
    assert (at(swapped, "1.4"), at(swapped, "2.1")) == (TAHR, H1)


def test_the_tahr_needs_a_hiker_an_animal_and_adjacency() -> None:
    """Tahr: only hikers move, never camps, and only with an adjacent animal."""
    state = before_trap(board={"1.4": C0, "1.1": H0, "1.2": H1}, ready={0: (TAHR,)})
    illegal(SPEC, state, 0, ActivateTahr(hiker=spot("1.4"), animal=spot("1.5")), match="camps never move")
    illegal(SPEC, state, 0, ActivateTahr(hiker=spot("1.1"), animal=spot("1.2")), match="there is no animal there")
    illegal(SPEC, state, 0, ActivateTahr(hiker=spot("1.1"), animal=spot("1.6")), match="must be adjacent")


def test_the_musk_deer_swaps_two_animals_anywhere() -> None:
    """Musk Deer: swap two animals anywhere on the mountain; they need not be adjacent."""
    state = before_trap(ready={0: (MUSK_DEER,)})
    command = ActivateMuskDeer(first=spot("1.1"), second=spot("6.6"))
    assert command in legal(SPEC, state, 0)
    then(when(SPEC, state, 0, command), MuskDeerActivated(seat=0, first=spot("1.1"), second=spot("6.6")))
    swapped = play(SPEC, state, 0, command)
    assert (at(swapped, "1.1"), at(swapped, "6.6")) == (BHARAL, SNOW_LEOPARD)


def test_the_musk_deer_swaps_animals_only_and_of_different_types() -> None:
    """Musk Deer: two animals; a swap of one type changes nothing (ruling)."""
    state = before_trap(board={"1.2": H1}, ready={0: (MUSK_DEER,)})
    illegal(SPEC, state, 0, ActivateMuskDeer(first=spot("1.2"), second=spot("6.6")), match="swaps two animals")
    illegal(SPEC, state, 0, ActivateMuskDeer(first=spot("1.1"), second=spot("2.6")), match="same type")
    swaps = [c for c in legal(SPEC, state, 0) if isinstance(c, ActivateMuskDeer)]
    # 35 animals (a tahr gave way to the hiker): 595 pairs less 5 * 15 + 10 pairs of one type
    assert len(swaps) == 595 - 85


def test_the_yak_moves_the_guide_to_a_new_region() -> None:
    """Yak: move the guide to a new region, before the trap (to trap there) or after it."""
    state = before_trap(ready={0: (YAK,)})
    assert [c for c in legal(SPEC, state, 0) if isinstance(c, ActivateYak)] == [
        ActivateYak(region=r) for r in (1, 3, 4, 5, 6)]
    then(when(SPEC, state, 0, ActivateYak(region=5)), YakActivated(seat=0, from_region=2, region=5))
    moved = play(SPEC, state, 0, ActivateYak(region=5))
    assert (moved.guide, moved.phase) == (5, Phase.TRAP)
    illegal(SPEC, before_trap(ready={0: (YAK,)}), 0, ActivateYak(region=2), match="move it to a new region")


def test_the_yak_may_leave_the_guide_in_a_region_without_animals() -> None:
    """Yak (ruling): any new region; the next trapper then relocates the guide."""
    state = trapped(opening(guide=2), 0, ready={0: (YAK,)}, board={f"5.{s}": H0 for s in range(1, 7)})
    moved = play(SPEC, play(SPEC, state, 0, ActivateYak(region=5)), 0, EndTurn())
    assert moved.guide == 5 and not any(isinstance(c, TrapAnimal) for c in legal(SPEC, moved, 1))


def test_bharal_and_red_panda_are_never_activated() -> None:
    """Special Animals: the bharal and the red panda give bonuses but are not activated."""
    state = before_trap(ready={0: (BHARAL, RED_PANDA)})
    assert all(isinstance(c, TrapAnimal) for c in legal(SPEC, state, 0))
