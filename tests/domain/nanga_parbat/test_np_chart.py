"""Build camps or trade animals: one free spot of the points chart per turn, after the trap."""

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
    spots,
    trapped,
)
from support.scenario import illegal, legal, of_type, play, then, when

from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.chart import Row, chart_index
from domain.games.nanga_parbat.commands import (
    ActivateYak,
    BuildCamps,
    EndTurn,
    TradeDifferentAnimals,
    TradeSameAnimals,
)
from domain.games.nanga_parbat.events import AnimalsTraded, CampsBuilt, PointsScored
from domain.games.nanga_parbat.state import Camp, Hiker, State

TRIANGLE = {"1.1": H0, "1.2": H0, "1.3": H0}


def step4(**kwargs: Any) -> State:
    """Seat 0 in step 4 (an animal trapped, the guide on region 2), arranged with `kwargs`."""
    return trapped(opening(guide=2), 0, **kwargs)


def test_building_camps_converts_that_many_adjacent_hikers_and_scores_the_spot() -> None:
    """Row 1: build the specified number of camps by converting adjacent hikers; hikers are discarded."""
    state = step4(board=TRIANGLE)
    command = BuildCamps(column=4, hikers=spots("1.1", "1.2", "1.3"))
    assert command in legal(SPEC, state, 0)
    then(when(SPEC, state, 0, command),
         CampsBuilt(seat=0, column=4, hikers=spots("1.1", "1.2", "1.3"), points=4),
         PointsScored(seat=0, points=4, score=4, bumped=False, reason="chart"))
    built = play(SPEC, state, 0, command)
    assert [built.board[spot(s).index] for s in ("1.1", "1.2", "1.3")] == [Camp(seat=0)] * 3
    expedition = built.expeditions[0]
    assert (expedition.camps, expedition.cubes, expedition.score, expedition.hikers) == (9, 4, 4, 15)
    assert built.chart[chart_index(Row.CAMPS, 4)] == 0


def test_camps_take_a_group_of_adjacent_hikers_linked_by_borders_or_paths() -> None:
    """Row 1: hikers are adjacent through shared borders or dotted paths; a chain is enough."""
    chain = step4(board={"1.5": H0, "1.4": H0, "2.1": H0, "1.1": H0, "1.6": H0})
    assert BuildCamps(column=5, hikers=spots("1.4", "1.5", "2.1")) in legal(SPEC, chain, 0)
    events = when(SPEC, chain, 0, BuildCamps(column=5, hikers=spots("2.1", "1.5", "1.4")))
    assert of_type(events, CampsBuilt) == [CampsBuilt(seat=0, column=5, hikers=spots("1.4", "1.5", "2.1"), points=3)]
    illegal(SPEC, chain, 0, BuildCamps(column=5, hikers=spots("1.1", "1.4", "1.6")),
            match="the hikers must be adjacent")


def test_camps_replace_only_the_players_own_hikers() -> None:
    """Row 1: the player converts their own hikers."""
    state = step4(board={**TRIANGLE, "1.3": H1})
    illegal(SPEC, state, 0, BuildCamps(column=4, hikers=spots("1.1", "1.2", "1.3")), match="your own hikers")
    assert not any(isinstance(c, BuildCamps) for c in legal(SPEC, state, 0))


def test_camps_need_exactly_the_columns_number_of_hikers() -> None:
    """Points Chart: the circled number of a column is how many camps it takes."""
    state = step4(board=TRIANGLE)
    illegal(SPEC, state, 0, BuildCamps(column=3, hikers=spots("1.1", "1.2", "1.3")), match="column 3 builds 4 camps")
    illegal(SPEC, state, 0, BuildCamps(column=4, hikers=spots("1.1", "1.2", "1.2")), match="choose different hikers")


def test_camps_need_enough_of_the_12_camps_left() -> None:
    """Row 1: the player must have enough of their 12 camps remaining."""
    state = step4(board=TRIANGLE, camps=(2, 12))
    illegal(SPEC, state, 0, BuildCamps(column=4, hikers=spots("1.1", "1.2", "1.3")),
            match="you have only 2 of your 12 camps left")
    assert not any(isinstance(c, BuildCamps) for c in legal(SPEC, state, 0))


def test_trading_different_types_counts_bharal_as_wild() -> None:
    """Row 2: trade the specified number of different animal types (may include wilds)."""
    state = step4(ready={0: (YAK, TAHR, BHARAL, YAK)})
    command = TradeDifferentAnimals(column=4, animals=(TAHR, YAK, BHARAL))
    assert command in legal(SPEC, state, 0)
    then(when(SPEC, state, 0, command),
         AnimalsTraded(seat=0, row=Row.DIFFERENT, column=4, animals=(TAHR, YAK, BHARAL), spent=(), points=3),
         PointsScored(seat=0, points=3, score=3, bumped=False, reason="chart"))
    assert play(SPEC, state, 0, command).expeditions[0].ready == (YAK,)


def test_trading_different_types_refuses_two_of_one_type() -> None:
    """Row 2: the animals must be of different types."""
    state = step4(ready={0: (YAK, TAHR, YAK)})
    illegal(SPEC, state, 0, TradeDifferentAnimals(column=4, animals=(YAK, YAK, TAHR)), match="different types")
    assert not any(isinstance(c, TradeDifferentAnimals) for c in legal(SPEC, state, 0))


def test_trading_one_type_counts_bharal_as_wild() -> None:
    """Row 3: trade the specified number of the same animal type (may include wilds)."""
    state = step4(ready={0: (YAK, YAK, BHARAL, TAHR)})
    command = TradeSameAnimals(column=4, animals=(YAK, YAK, BHARAL))
    assert [c for c in legal(SPEC, state, 0) if isinstance(c, TradeSameAnimals)] == [
        TradeSameAnimals(column=4, animals=(YAK, YAK, BHARAL)), TradeSameAnimals(column=5, animals=(YAK, YAK, BHARAL))]
    assert of_type(when(SPEC, state, 0, command), AnimalsTraded) == [
        AnimalsTraded(seat=0, row=Row.SAME, column=4, animals=(YAK, YAK, BHARAL), spent=(), points=4)]
    illegal(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, TAHR, BHARAL)), match="same type")


def test_only_animals_on_the_players_board_are_traded() -> None:
    """Row 2 and 3: animals come from the player's animal board."""
    state = step4(ready={0: (YAK, YAK), 1: (YAK, YAK, YAK)})
    illegal(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)), match="from your animal board")


def test_activated_animals_can_be_traded_and_go_before_ready_ones() -> None:
    """Build camps or trade animals: animals are traded whether or not activated (ruling: activated first)."""
    state = step4(ready={0: (YAK, BHARAL, BHARAL)}, spent={0: (YAK, SNOW_LEOPARD)})
    events = when(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, BHARAL, BHARAL)))
    assert events[0] == AnimalsTraded(seat=0, row=Row.SAME, column=4, animals=(YAK, BHARAL, BHARAL), spent=(YAK,),
                                      points=4)
    traded = play(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, BHARAL, BHARAL))).expeditions[0]
    assert (traded.ready, traded.spent) == ((YAK,), (SNOW_LEOPARD,))


def test_a_trade_must_match_the_columns_number() -> None:
    """Points Chart: the two rightmost columns each ask 3 animals."""
    state = step4(ready={0: (YAK, TAHR, MUSK_DEER, RED_PANDA)})
    illegal(SPEC, state, 0, TradeDifferentAnimals(column=5, animals=(YAK, TAHR, MUSK_DEER, RED_PANDA)),
            match="column 5 takes 3 animals")


def test_only_one_spot_is_claimed_per_turn_and_activations_may_follow() -> None:
    """Points Chart: only one cube per turn; activations remain possible at any point of the turn."""
    state = step4(board=TRIANGLE, ready={0: (YAK, YAK, YAK)})
    claimed = play(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)))
    illegal(SPEC, claimed, 0, BuildCamps(column=5, hikers=spots("1.1", "1.2", "1.3")),
            match="only one spot of the points chart can be claimed per turn")
    assert legal(SPEC, claimed, 0) == [EndTurn()]
    with_yak = arranged(claimed, ready={0: (YAK,)})
    assert ActivateYak(region=1) in legal(SPEC, with_yak, 0)


def test_claims_come_after_the_trap() -> None:
    """Turn Overview: building camps or trading animals is step 4, after trapping."""
    state = arranged(opening(guide=2), ready={0: (YAK, YAK, YAK)})
    illegal(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)), match="trap an animal first")


def test_a_claimed_spot_is_no_longer_available_to_either_player() -> None:
    """Points Chart: once claimed, a spot stays taken for the rest of the game."""
    state = step4(ready={0: (YAK, YAK, YAK)}, claimed_spots={(Row.SAME, 4): 1})
    illegal(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)),
            match="the same spot of column 4 is already claimed")
    assert [c for c in legal(SPEC, state, 0) if isinstance(c, TradeSameAnimals)] == [
        TradeSameAnimals(column=5, animals=(YAK, YAK, YAK))]


def test_with_all_5_cubes_placed_step_4_is_skipped() -> None:
    """Build camps or trade animals: a player with all 5 cubes on the chart skips step 4."""
    state = step4(board=TRIANGLE, ready={0: (BHARAL, BHARAL, BHARAL)}, cubes=(0, 5))
    illegal(SPEC, state, 0, TradeSameAnimals(column=4, animals=(BHARAL, BHARAL, BHARAL)),
            match="all 5 of your cubes are on the points chart")
    assert legal(SPEC, state, 0) == [EndTurn()]


def test_chart_points_landing_on_the_opponent_move_one_spot_further() -> None:
    """Scoring Path: no shared spot except 0; landing on the opponent gives one more point."""
    state = step4(ready={0: (YAK, YAK, YAK)}, scores=(2, 6))
    assert when(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)))[-1] == PointsScored(
        seat=0, points=4, score=7, bumped=True, reason="chart")
    passing = step4(ready={0: (YAK, YAK, YAK)}, scores=(2, 5))
    assert when(SPEC, passing, 0, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)))[-1] == PointsScored(
        seat=0, points=4, score=6, bumped=False, reason="chart")


def test_the_legal_list_offers_every_group_and_every_trade_set() -> None:
    """Legal commands: every concrete claim, each one submittable as listed."""
    state = step4(board={**TRIANGLE, "1.6": H0, "1.4": C0}, ready={0: (YAK, TAHR, BHARAL, BHARAL)})
    listed = legal(SPEC, state, 0)
    camps = [c for c in listed if isinstance(c, BuildCamps)]
    assert len(camps) == 2 * 3 + 1  # columns 4 and 5: three triangles each; column 3: the four hikers
    different = [c.animals for c in listed if isinstance(c, TradeDifferentAnimals) and c.column == 4]
    assert different == [(TAHR, BHARAL, BHARAL), (YAK, BHARAL, BHARAL), (TAHR, YAK, BHARAL)]
    for command in listed:
        assert when(SPEC, state, 0, command)
    assert all(isinstance(state.board[s.index], Hiker) for c in camps for s in c.hikers)
