"""Turn Overview and Step Details: trap an animal, a hiker replaces it, the guide moves, end the turn."""

from __future__ import annotations

import pytest
from np_scenario import (
    BHARAL,
    H0,
    H1,
    RED_PANDA,
    TAHR,
    YAK,
    after,
    arranged,
    opening,
    spot,
    state_of,
    trapped,
    when,
)

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
    given = opening(guide=2)
    events = when(given, 0, TrapAnimal(spot=spot("2.4")))
    assert events == [AnimalTrapped(seat=0, spot=spot("2.4"), animal=BHARAL), GuideMoved(from_region=2, region=4)]
    state = state_of(given + events)
    assert state.board[spot("2.4").index] == Hiker(seat=0)
    assert state.expeditions[0].ready == (BHARAL,)
    assert state.expeditions[0].hikers == 14
    assert (state.guide, state.phase, state.active) == (4, Phase.SCORE, 0)


def test_the_guide_stays_when_the_section_number_is_its_own_region() -> None:
    """Move the guide: trapping on section 2 of region 2 sends the guide to region 2."""
    assert when(opening(guide=2), 0, TrapAnimal(spot=spot("2.2")))[-1] == GuideMoved(from_region=2, region=2)


def test_only_animals_in_the_guides_region_can_be_trapped() -> None:
    """Trap an animal: any remaining animal in the region with the guide."""
    with pytest.raises(IllegalCommand, match=r"trap an animal from the guide's region \(2\)"):
        when(opening(guide=2), 0, TrapAnimal(spot=spot("3.1")))


def test_a_section_holding_a_hiker_cannot_be_trapped() -> None:
    """Trap an animal: only animals are trapped; hikers and camps stay."""
    state = arranged(state_of(opening(guide=2)), board={"2.1": H1})
    with pytest.raises(IllegalCommand, match=r"there is no animal on section 2\.1"):
        when(state, 0, TrapAnimal(spot=spot("2.1")))
    assert TrapAnimal(spot=spot("2.1")) not in SPEC.legal_commands(state, 0)


def test_only_one_animal_is_trapped_per_turn() -> None:
    """Turn Overview: step 1 happens once per turn."""
    given = after(opening(guide=2), (0, TrapAnimal(spot=spot("2.4"))))
    with pytest.raises(IllegalCommand, match="you have already trapped an animal this turn"):
        when(given, 0, TrapAnimal(spot=spot("4.1")))


def test_ending_the_turn_passes_it_to_the_other_player_who_traps_where_the_guide_went() -> None:
    """Turn Overview: the guide's next region is typically where the opponent traps next."""
    given = after(opening(guide=2), (0, TrapAnimal(spot=spot("2.4"))))
    assert when(given, 0, EndTurn()) == [TurnEnded(seat=0)]
    state = state_of(after(given, (0, EndTurn())))
    assert (state.active, state.phase, state.guide) == (1, Phase.TRAP, 4)
    assert SPEC.legal_commands(state, 1)[:6] == [TrapAnimal(spot=spot(f"4.{s}")) for s in range(1, 7)]


def test_the_turn_cannot_end_before_an_animal_is_trapped() -> None:
    """Turn Overview: trapping is not optional."""
    with pytest.raises(IllegalCommand, match="trap an animal before ending your turn"):
        when(opening(guide=2), 0, EndTurn())
    assert EndTurn() not in SPEC.legal_commands(state_of(opening(guide=2)), 0)


def test_a_region_without_animals_makes_the_player_relocate_the_guide_first() -> None:
    """Trap an animal: with no animal left in the guide's region, relocate it to one with an animal, then trap."""
    empty = {f"3.{s}": (H0 if s % 2 else H1) for s in range(1, 7)}
    state = arranged(state_of(opening(guide=3)), board={**empty, **{f"5.{s}": H1 for s in range(1, 7)}})
    legal = SPEC.legal_commands(state, 0)
    assert not any(isinstance(command, TrapAnimal) for command in legal)
    assert [c for c in legal if isinstance(c, RelocateGuide)] == [RelocateGuide(region=r) for r in (1, 2, 4, 6)]
    assert when(state, 0, RelocateGuide(region=6)) == [GuideRelocated(seat=0, from_region=3, region=6)]
    moved = SPEC.fold(when(state, 0, RelocateGuide(region=6)), state)
    assert when(moved, 0, TrapAnimal(spot=spot("6.3")))[0] == AnimalTrapped(seat=0, spot=spot("6.3"), animal=TAHR)


def test_the_guide_is_not_relocated_while_its_region_has_animals() -> None:
    """Trap an animal: relocation only when no animals remain in the guide's region."""
    with pytest.raises(IllegalCommand, match="animals remain in the guide's region 2"):
        when(opening(guide=2), 0, RelocateGuide(region=4))


def test_the_guide_is_relocated_only_to_a_region_with_an_animal() -> None:
    """Trap an animal: relocate the guide to a region with at least one animal."""
    empty = {f"{r}.{s}": H0 for r in (3, 5) for s in range(1, 7)}
    state = arranged(state_of(opening(guide=3)), board=empty)
    with pytest.raises(IllegalCommand, match="region 5 has no animal left"):
        when(state, 0, RelocateGuide(region=5))


def test_the_guide_is_relocated_only_before_the_trap() -> None:
    """Trap an animal: relocation is part of step 1."""
    state = trapped(opening(guide=3), board={f"3.{s}": H0 for s in range(1, 7)}, guide=3)
    with pytest.raises(IllegalCommand, match="relocated only before trapping"):
        when(state, 0, RelocateGuide(region=1))


def test_a_seat_cannot_act_for_the_other_seat() -> None:
    """Turn Overview: only the player whose turn it is acts; the other seat has no legal command."""
    state = state_of(opening(guide=2))
    assert SPEC.to_act(state) == frozenset({0})
    assert SPEC.legal_commands(state, 1) == []
    with pytest.raises(IllegalCommand, match="it is not your turn"):
        when(state, 1, TrapAnimal(spot=spot("2.4")))
    step4 = trapped(state, 0, ready={1: (YAK, YAK, YAK), 0: (YAK,)})
    for command in (EndTurn(), ActivateYak(region=5), TradeSameAnimals(column=4, animals=(YAK, YAK, YAK))):
        with pytest.raises(IllegalCommand, match="it is not your turn"):
            when(step4, 1, command)


def test_a_command_naming_a_section_off_the_mountain_is_malformed() -> None:
    """Commands: regions and sections are numbered 1 to 6; anything else is malformed, not illegal."""
    with pytest.raises(InvalidCommand, match="region and section are 1 to 6"):
        when(opening(guide=2), 0, TrapAnimal(spot=Spot(region=2, section=7)))  # type: ignore[arg-type]
    with pytest.raises(InvalidCommand, match="args.spot.section: must be one of"):
        SPEC.commands.decode("TrapAnimal", {"spot": {"region": 2, "section": 0}})


def test_the_red_panda_scores_one_when_its_trapper_has_no_more_points_than_the_opponent() -> None:
    """Special Animals: trapping a red panda scores 1 if the trapper has the same or fewer points."""
    tied = when(opening(guide=1), 0, TrapAnimal(spot=spot("1.6")))
    assert tied == [AnimalTrapped(seat=0, spot=spot("1.6"), animal=RED_PANDA),
                    PointsScored(seat=0, points=1, score=1, bumped=False, reason="red_panda"),
                    GuideMoved(from_region=1, region=6)]
    behind = arranged(state_of(opening(guide=1)), scores=(4, 9))
    assert PointsScored(seat=0, points=1, score=5, bumped=False, reason="red_panda") in when(
        behind, 0, TrapAnimal(spot=spot("1.6")))


def test_the_red_panda_scores_nothing_for_a_trapper_ahead() -> None:
    """Special Animals: a trapper with more points than the opponent gets no point for the red panda."""
    ahead = arranged(state_of(opening(guide=1)), scores=(5, 4))
    assert not any(isinstance(e, PointsScored) for e in when(ahead, 0, TrapAnimal(spot=spot("1.6"))))
    assert RED_PANDA in SPEC.fold(when(ahead, 0, TrapAnimal(spot=spot("1.6"))), ahead).expeditions[0].ready


def test_the_red_panda_point_landing_on_the_opponent_moves_one_spot_further() -> None:
    """Scoring Path: landing on the opponent's spot gains one more point."""
    behind = arranged(state_of(opening(guide=1)), scores=(3, 4))
    assert PointsScored(seat=0, points=1, score=5, bumped=True, reason="red_panda") in when(
        behind, 0, TrapAnimal(spot=spot("1.6")))

