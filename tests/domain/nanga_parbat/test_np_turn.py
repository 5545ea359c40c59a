"""Turn Overview and Step Details: trap an animal, a hiker replaces it, the guide moves, end the turn."""

from __future__ import annotations

import pytest
from np_scenario import BHARAL, H0, H1, RED_PANDA, TAHR, YAK, arranged, invalid, opening, spot, trapped
from support.scenario import ScriptedRng, after, given, illegal, legal, of_type, play, then, when

from domain.core import IllegalCommand, InvalidCommand
from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.board import Spot
from domain.games.nanga_parbat.commands import (
    ActivateYak,
    EndTurn,
    RelocateGuide,
    TradeSameAnimals,
    TrapAnimal,
)
from domain.games.nanga_parbat.events import (
    AnimalTrapped,
    GuideMoved,
    GuideRelocated,
    PointsScored,
    TurnEnded,
)
from domain.games.nanga_parbat.state import Hiker, Phase


def test_trapping_an_animal_puts_it_on_the_animal_board_a_hiker_in_its_place_and_moves_the_guide() -> None:
    """Steps 1-3: trap in the guide's region; a hiker replaces it; the guide goes to the section's region."""
    start = opening(guide=2)
    events = when(SPEC, start, 0, TrapAnimal(spot=spot("2.4")))
    then(events, AnimalTrapped(seat=0, spot=spot("2.4"), animal=BHARAL), GuideMoved(from_region=2, region=4))
    state = given(SPEC, start, events)
    assert state.board[spot("2.4").index] == Hiker(seat=0)
    assert state.expeditions[0].ready == (BHARAL,)
    assert state.expeditions[0].hikers == 14
    assert (state.guide, state.phase, state.active) == (4, Phase.SCORE, 0)


def test_the_guide_stays_when_the_section_number_is_its_own_region() -> None:
    """Move the guide: trapping on section 2 of region 2 sends the guide to region 2."""
    assert when(SPEC, opening(guide=2), 0, TrapAnimal(spot=spot("2.2")))[-1] == GuideMoved(from_region=2, region=2)


def test_only_animals_in_the_guides_region_can_be_trapped() -> None:
    """Trap an animal: any remaining animal in the region with the guide."""
    illegal(SPEC, opening(guide=2), 0, TrapAnimal(spot=spot("3.1")),
            match=r"trap an animal from the guide's region \(2\)")


def test_a_section_holding_a_hiker_cannot_be_trapped() -> None:
    """Trap an animal: only animals are trapped; hikers and camps stay."""
    state = arranged(opening(guide=2), board={"2.1": H1})
    illegal(SPEC, state, 0, TrapAnimal(spot=spot("2.1")), match=r"there is no animal on section 2\.1")
    assert TrapAnimal(spot=spot("2.1")) not in legal(SPEC, state, 0)


def test_only_one_animal_is_trapped_per_turn() -> None:
    """Turn Overview: step 1 happens once per turn."""
    trapped_once = after(SPEC, opening(guide=2), (0, TrapAnimal(spot=spot("2.4"))))
    illegal(SPEC, trapped_once, 0, TrapAnimal(spot=spot("4.1")), match="you have already trapped an animal this turn")


def test_ending_the_turn_passes_it_to_the_other_player_who_traps_where_the_guide_went() -> None:
    """Turn Overview: the guide's next region is typically where the opponent traps next."""
    trapped_once = after(SPEC, opening(guide=2), (0, TrapAnimal(spot=spot("2.4"))))
    then(when(SPEC, trapped_once, 0, EndTurn()), TurnEnded(seat=0))
    state = play(SPEC, trapped_once, 0, EndTurn())
    assert (state.active, state.phase, state.guide) == (1, Phase.TRAP, 4)
    assert legal(SPEC, state, 1)[:6] == [TrapAnimal(spot=spot(f"4.{s}")) for s in range(1, 7)]


def test_the_turn_cannot_end_before_an_animal_is_trapped() -> None:
    """Turn Overview: trapping is not optional."""
    illegal(SPEC, opening(guide=2), 0, EndTurn(), match="trap an animal before ending your turn")
    assert EndTurn() not in legal(SPEC, opening(guide=2), 0)


def test_a_region_without_animals_makes_the_player_relocate_the_guide_first() -> None:
    """Trap an animal: with no animal left in the guide's region, relocate it to one with an animal, then trap."""
    empty = {f"3.{s}": (H0 if s % 2 else H1) for s in range(1, 7)}
    state = arranged(opening(guide=3), board={**empty, **{f"5.{s}": H1 for s in range(1, 7)}})
    listed = legal(SPEC, state, 0)
    assert not any(isinstance(command, TrapAnimal) for command in listed)
    assert [c for c in listed if isinstance(c, RelocateGuide)] == [RelocateGuide(region=r) for r in (1, 2, 4, 6)]
    then(when(SPEC, state, 0, RelocateGuide(region=6)), GuideRelocated(seat=0, from_region=3, region=6))
    moved = play(SPEC, state, 0, RelocateGuide(region=6))
    assert when(SPEC, moved, 0, TrapAnimal(spot=spot("6.3")))[0] == AnimalTrapped(seat=0, spot=spot("6.3"),
                                                                                 animal=TAHR)


def test_the_guide_is_not_relocated_while_its_region_has_animals() -> None:
    """Trap an animal: relocation only when no animals remain in the guide's region."""
    illegal(SPEC, opening(guide=2), 0, RelocateGuide(region=4), match="animals remain in the guide's region 2")


def test_the_guide_is_relocated_only_to_a_region_with_an_animal() -> None:
    """Trap an animal: relocate the guide to a region with at least one animal."""
    state = arranged(opening(guide=3), board={f"{r}.{s}": H0 for r in (3, 5) for s in range(1, 7)})
    illegal(SPEC, state, 0, RelocateGuide(region=5), match="region 5 has no animal left")


def test_the_guide_is_relocated_only_before_the_trap() -> None:
    """Trap an animal: relocation is part of step 1."""
    state = trapped(opening(guide=3), board={f"3.{s}": H0 for s in range(1, 7)}, guide=3)
    illegal(SPEC, state, 0, RelocateGuide(region=1), match="relocated only before trapping")


def test_a_seat_cannot_act_for_the_other_seat() -> None:
    """Turn Overview: only the player whose turn it is acts; the other seat has no legal command."""
    state = given(SPEC, opening(guide=2))
    assert SPEC.to_act(state) == frozenset({0})
    assert legal(SPEC, state, 1) == []
    illegal(SPEC, state, 1, TrapAnimal(spot=spot("2.4")), match="it is not seat 1's turn")
    step4 = trapped(state, 0, ready={1: (YAK, YAK, YAK), 0: (YAK,)})
    for command in (EndTurn(), ActivateYak(region=5), TradeSameAnimals(column=4, animals=(YAK, YAK, YAK))):
        illegal(SPEC, step4, 1, command, match="it is not seat 1's turn")
        with pytest.raises(IllegalCommand, match="it is not your turn"):  # decide guards on its own too
            SPEC.decide(step4, 1, command, ScriptedRng())


def test_a_command_naming_a_section_off_the_mountain_is_malformed() -> None:
    """Commands: regions and sections are numbered 1 to 6; anything else is malformed, not illegal."""
    invalid(SPEC, opening(guide=2), 0, TrapAnimal(spot=Spot(region=2, section=7)),  # type: ignore[arg-type]
            match="region and section are 1 to 6")
    with pytest.raises(InvalidCommand, match="args.spot.section: must be one of"):
        SPEC.commands.decode("TrapAnimal", {"spot": {"region": 2, "section": 0}})


def test_the_red_panda_scores_one_when_its_trapper_has_no_more_points_than_the_opponent() -> None:
    """Special Animals: trapping a red panda scores 1 if the trapper has the same or fewer points."""
    then(when(SPEC, opening(guide=1), 0, TrapAnimal(spot=spot("1.6"))),
         AnimalTrapped(seat=0, spot=spot("1.6"), animal=RED_PANDA),
         PointsScored(seat=0, points=1, score=1, bumped=False, reason="red_panda"),
         GuideMoved(from_region=1, region=6))
    behind = arranged(opening(guide=1), scores=(4, 9))
    assert of_type(when(SPEC, behind, 0, TrapAnimal(spot=spot("1.6"))), PointsScored) == [
        PointsScored(seat=0, points=1, score=5, bumped=False, reason="red_panda")]


def test_the_red_panda_scores_nothing_for_a_trapper_ahead() -> None:
    """Special Animals: a trapper with more points than the opponent gets no point for the red panda."""
    ahead = arranged(opening(guide=1), scores=(5, 4))
    assert not of_type(when(SPEC, ahead, 0, TrapAnimal(spot=spot("1.6"))), PointsScored)
    assert RED_PANDA in play(SPEC, ahead, 0, TrapAnimal(spot=spot("1.6"))).expeditions[0].ready


def test_the_red_panda_point_landing_on_the_opponent_moves_one_spot_further() -> None:
    """Scoring Path: landing on the opponent's spot gains one more point."""
    behind = arranged(opening(guide=1), scores=(3, 4))
    assert of_type(when(SPEC, behind, 0, TrapAnimal(spot=spot("1.6"))), PointsScored) == [
        PointsScored(seat=0, points=1, score=5, bumped=True, reason="red_panda")]
