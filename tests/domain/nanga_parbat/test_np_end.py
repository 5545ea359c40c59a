"""Game End and the Area Scoring Variant: both players out of hikers or cubes; most points wins."""

from __future__ import annotations

from typing import Any

import pytest
from np_scenario import C0, C1, H0, H1, TAHR, YAK, arranged, opening, spot, trapped
from support.scenario import illegal, legal, of_type, play, then, when

from domain.core import InvalidCommand, SeatConfig
from domain.games.nanga_parbat import SPEC
from domain.games.nanga_parbat.chart import Row
from domain.games.nanga_parbat.commands import (
    ActivateYak,
    EndTurn,
    TradeSameAnimals,
    TrapAnimal,
)
from domain.games.nanga_parbat.events import (
    AnimalsTraded,
    AnimalTrapped,
    GameEnded,
    GuideMoved,
    PointsScored,
    RegionScored,
)
from domain.games.nanga_parbat.state import Phase, State


def last_turn(area_scoring: bool = False, options: dict[str, Any] | None = None, rules_version: int | None = None,
              **kwargs: Any) -> State:
    """Seat 1 about to trap with its 15th hiker; seat 0 has placed all of its hikers."""
    return arranged(opening(guide=2, area_scoring=area_scoring, options=options, rules_version=rules_version),
                    active=1, turn=30, **{"hikers": (0, 1), **kwargs})


WHOLE_LAST_TURN = {"whole_last_turn": True}


def test_the_game_ends_at_the_last_trap_by_default() -> None:
    """Game End: once both players have placed their 15 hikers "the end of game triggers immediately": the
    trap that places the last hiker ends the game, with no step 4 and no activation after it (rules version 3,
    the book's letter; version 1 read it so too)."""
    state = last_turn(scores=(7, 5), ready={1: (YAK, YAK)})
    assert state.rules_version == SPEC.rules_version >= 3 and not state.whole_last_turn
    then(when(SPEC, state, 1, TrapAnimal(spot=spot("2.3"))),  # a third yak, never traded
         AnimalTrapped(seat=1, spot=spot("2.3"), animal=YAK),
         GuideMoved(from_region=2, region=3),
         GameEnded(reason="hikers", scores=(7, 5)))
    over = play(SPEC, state, 1, TrapAnimal(spot=spot("2.3")))
    assert over.phase is Phase.OVER and SPEC.to_act(over) == frozenset()
    assert legal(SPEC, over, 0) == legal(SPEC, over, 1) == []
    assert SPEC.result(over)["winners"] == [0]  # type: ignore[index]
    illegal(SPEC, over, 1, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)), match="the game is over")
    assert SPEC.view(over, None)["whole_last_turn"] is False


def test_under_rules_version_1_the_game_ended_at_the_last_trap() -> None:
    """Game End, as version 1 read it: both players have placed all 15 hikers; no step 4 followed the last trap."""
    state = last_turn(scores=(7, 5), rules_version=1)
    assert not state.whole_last_turn
    then(when(SPEC, state, 1, TrapAnimal(spot=spot("2.1"))),
         AnimalTrapped(seat=1, spot=spot("2.1"), animal=TAHR),
         GuideMoved(from_region=2, region=1),
         GameEnded(reason="hikers", scores=(7, 5)))
    over = play(SPEC, state, 1, TrapAnimal(spot=spot("2.1")))
    assert over.phase is Phase.OVER
    assert SPEC.to_act(over) == frozenset()
    assert legal(SPEC, over, 0) == legal(SPEC, over, 1) == []
    assert SPEC.result(over) == {
        "standings": [{"seat": 0, "place": 1, "score": 7}, {"seat": 1, "place": 2, "score": 5}],
        "winners": [0],
        "reason": "hikers",
    }
    illegal(SPEC, over, 1, EndTurn(), match="the game is over")


def whole_last_turn_plays_on(state: State) -> State:
    """The 15th turn of the second player goes on after its trap to a claim, and the game ends with the turn."""
    then(when(SPEC, state, 1, TrapAnimal(spot=spot("2.3"))),  # a yak: the third of a kind
         AnimalTrapped(seat=1, spot=spot("2.3"), animal=YAK),
         GuideMoved(from_region=2, region=3))
    trapped_ = play(SPEC, state, 1, TrapAnimal(spot=spot("2.3")))
    assert trapped_.phase is Phase.SCORE and SPEC.to_act(trapped_) == frozenset({1})
    assert TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)) in legal(SPEC, trapped_, 1)
    assert ActivateYak(region=5) in legal(SPEC, trapped_, 1)  # activations too, as on any turn
    then(when(SPEC, trapped_, 1, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK))),
         AnimalsTraded(seat=1, row=Row.SAME, column=4, animals=(YAK, YAK, YAK), spent=(), points=4),
         PointsScored(seat=1, points=4, score=9, bumped=False, reason="chart"))
    claimed = play(SPEC, trapped_, 1, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)))
    then(when(SPEC, claimed, 1, EndTurn()), GameEnded(reason="hikers", scores=(7, 9)))
    over = play(SPEC, claimed, 1, EndTurn())
    assert over.phase is Phase.OVER and over.turn == 30
    assert SPEC.result(over)["winners"] == [1]  # type: ignore[index]
    return over


def test_with_whole_last_turn_the_second_players_last_turn_goes_on_to_its_claim() -> None:
    """Game End, the `whole_last_turn` option (off by default): the second player's 15th turn is whole, like the
    first player's (FACTS: every player has had 15 turns), and the game ends when that turn ends."""
    rule = SPEC.options_schema["properties"]["whole_last_turn"]
    assert rule["type"] == "boolean" and rule["default"] is False and rule["x-rulebook-section"] == "Game End"
    state = last_turn(scores=(7, 5), ready={1: (YAK, YAK)}, options=WHOLE_LAST_TURN)
    assert state.whole_last_turn
    over = whole_last_turn_plays_on(state)
    assert SPEC.view(over, None)["whole_last_turn"] is True


def test_under_rules_version_2_the_last_turn_was_always_whole() -> None:
    """Game End, as version 2 read it (games recorded under it play on so): the whole last turn, no option."""
    state = last_turn(scores=(7, 5), ready={1: (YAK, YAK)}, rules_version=2)
    assert state.whole_last_turn
    over = whole_last_turn_plays_on(state)
    assert SPEC.view(over, None)["rules_version"] == 2


def test_versions_1_and_2_neither_take_nor_record_the_whole_last_turn_option() -> None:
    """The option exists from rules version 3: an older game's GameCreated keeps the options it recorded."""
    seats = [SeatConfig(name="Ann"), SeatConfig(name="Bo")]
    for version in (1, 2):
        assert SPEC.normalize_config(seats, {}, version).options == {"area_scoring": False}
        with pytest.raises(InvalidCommand, match="options.whole_last_turn"):
            SPEC.normalize_config(seats, WHOLE_LAST_TURN, version)
    assert SPEC.normalize_config(seats, {}).options == {"area_scoring": False, "whole_last_turn": False}


def test_one_player_out_of_hikers_does_not_end_the_game() -> None:
    """Game End: it takes both players to have placed all their hikers."""
    state = arranged(opening(guide=2), hikers=(1, 1))
    assert not of_type(when(SPEC, state, 0, TrapAnimal(spot=spot("2.1"))), GameEnded)
    assert SPEC.result(play(SPEC, state, 0, TrapAnimal(spot=spot("2.1")))) is None


def test_the_game_ends_at_once_when_both_players_have_placed_all_5_cubes() -> None:
    """Game End: both players have placed all 5 of their scoring cubes; activations cannot follow."""
    state = trapped(opening(guide=2), 0, ready={0: (YAK, YAK, YAK, YAK)}, cubes=(1, 0), scores=(10, 12))
    events = when(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)))
    then(events[-2:], PointsScored(seat=0, points=4, score=14, bumped=False, reason="chart"),
         GameEnded(reason="cubes", scores=(14, 12)))
    over = play(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK, YAK, YAK)))
    assert SPEC.result(over)["winners"] == [0]  # type: ignore[index]
    illegal(SPEC, over, 0, ActivateYak(region=4), match="the game is over")


def test_one_player_out_of_cubes_does_not_end_the_game() -> None:
    """Game End: it takes both players to have placed all their cubes."""
    state = trapped(opening(guide=2), 0, ready={0: (YAK, YAK, YAK)}, cubes=(1, 1))
    assert not of_type(when(SPEC, state, 0, TradeSameAnimals(column=4, animals=(YAK,) * 3)), GameEnded)


def test_area_scoring_scores_regions_from_1_for_4_5_or_6_hikers_and_camps() -> None:
    """Area Scoring Variant: 1 point for 4, 2 for 5, 3 for 6 hikers/camps of a player, from region 1 on."""
    board = {"1.1": H0, "1.2": C0, "1.3": H0, "1.4": C0,                       # 4 for seat 0: 1 point
             "3.1": H1, "3.2": C1, "3.3": H1, "3.4": H1, "3.5": C1, "3.6": H1,  # 6 for seat 1: 3 points
             "4.1": H1, "4.2": H1, "4.3": H1, "4.4": H1, "4.5": H0,             # 4 for seat 1: 1 point
             "5.1": H0, "5.2": H0, "5.3": H0}                                   # 3: nothing
    state = last_turn(area_scoring=True, board=board, scores=(4, 2))
    then(when(SPEC, state, 1, TrapAnimal(spot=spot("2.1")))[2:],
         RegionScored(region=1, seat=0, pieces=4, points=1, score=5, bumped=False),
         RegionScored(region=3, seat=1, pieces=6, points=3, score=6, bumped=True),
         RegionScored(region=4, seat=1, pieces=4, points=1, score=7, bumped=False),
         GameEnded(reason="hikers", scores=(5, 7)))
    assert SPEC.result(play(SPEC, state, 1, TrapAnimal(spot=spot("2.1"))))["winners"] == [1]  # type: ignore[index]


def test_with_whole_last_turn_area_scoring_follows_the_end_of_the_last_turn() -> None:
    """Area Scoring Variant with `whole_last_turn`: the regions are scored when the end triggers, at EndTurn."""
    board = {f"1.{s}": H0 for s in range(1, 7)}
    state = play(SPEC, last_turn(area_scoring=True, board=board, options=WHOLE_LAST_TURN), 1,
                 TrapAnimal(spot=spot("2.1")))
    then(when(SPEC, state, 1, EndTurn()),
         RegionScored(region=1, seat=0, pieces=6, points=3, score=3, bumped=False),
         GameEnded(reason="hikers", scores=(3, 0)))


def test_without_the_variant_regions_score_nothing() -> None:
    """Area Scoring Variant: only when the option is chosen (off by default)."""
    board = {f"1.{s}": H0 for s in range(1, 7)}
    assert SPEC.options_schema["properties"]["area_scoring"]["default"] is False
    events = when(SPEC, last_turn(board=board), 1, TrapAnimal(spot=spot("2.1")))
    assert of_type(events, GameEnded) and not of_type(events, RegionScored)


def test_tied_players_share_the_place_and_both_win() -> None:
    """Game End: the player farthest along wins; players on the same spot (only 0) share the place."""
    over = play(SPEC, last_turn(), 1, TrapAnimal(spot=spot("2.1")))
    assert SPEC.result(over) == {
        "standings": [{"seat": 0, "place": 1, "score": 0}, {"seat": 1, "place": 1, "score": 0}],
        "winners": [0, 1],
        "reason": "hikers",
    }


def test_the_chart_fills_up_only_through_claims() -> None:
    """Points Chart: each claim puts the player's cube on its spot."""
    state = trapped(opening(guide=2), 0, ready={0: (YAK, YAK, YAK)})
    claimed = play(SPEC, state, 0, TradeSameAnimals(column=5, animals=(YAK, YAK, YAK)))
    assert [spot["claimed_by"] for spot in SPEC.view(claimed, None)["chart"] if spot["row"] == Row.SAME.value] == [
        None, None, None, None, 0]
