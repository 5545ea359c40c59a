"""End of the game and winner: the day someone reaches the last field, the tie-breakers, a whole game."""

from __future__ import annotations

from hike_scenario import racing
from msgspec.structs import replace
from support.scenario import after, of_type, play, state_of, then, when

from domain.core import SeatConfig, Table
from domain.games.hike import SPEC
from domain.games.hike.cards import Snow
from domain.games.hike.commands import EndTurn, UseHusky
from domain.games.hike.events import HuskyRan, RaceEnded, TurnEnded
from domain.games.hike.sled import printed_points
from domain.games.hike.race import can_ever_move
from domain.games.hike.state import RACE_DAY_CAP, RACE_DAY_GUARD, Phase, with_musher, with_spot

S, ICE = Snow.SNOW, Snow.ICE
# Balto (place 5, snow snow ice) and Glacier (place 0, snow snow ice) both cross the finish: 46 S, 47 I, 48 S.
SLED = ("H34", "H01", "H45", "Y01", "H17", "H08", "H46", "Y02")  # 11 printed points
OTHER = ("H21", "H29", "H31", "H36", "H38", "H39", "H43", "H47")  # 19 printed points


def near_finish(hands: dict[int, tuple[str, ...]] | None = None, other: tuple[str, ...] = OTHER,
                second: int = 45) -> list:
    return racing({0: SLED, 1: other}, hands=hands, positions={0: 45, 1: second})


def test_reaching_the_last_field_ends_the_musher_s_day_but_not_the_others() -> None:
    """End of the game: the game ends at the end of a day in which a player reached the last field."""
    given = near_finish(second=3)
    then(when(SPEC, given, 0, UseHusky(slot=5)),
         HuskyRan(seat=0, slot=5, spent=(S, ICE, S), position=48), TurnEnded(seat=0))
    state = play(SPEC, given, 0, UseHusky(slot=5))
    assert state.phase is Phase.RACE and SPEC.to_act(state) == frozenset({1}) and SPEC.result(state) is None


def test_the_only_musher_to_finish_wins() -> None:
    """End of the game: if only one player has reached the finish, they are the winner."""
    given = after(SPEC, near_finish(second=3), (0, UseHusky(slot=5)))
    then(when(SPEC, given, 1, EndTurn()),
         TurnEnded(seat=1), RaceEnded(reason="the last field was reached", finishers=(0,)))
    over = play(SPEC, given, 1, EndTurn())
    result = SPEC.result(over)
    assert result is not None and result["winners"] == [0] and result["finishers"] == [0]
    assert result["standings"] == [{"seat": 0, "place": 1, "score": 48}, {"seat": 1, "place": 2, "score": 3}]
    assert SPEC.to_act(over) == frozenset()


def both_finish(hands: dict[int, tuple[str, ...]] | None = None, other: tuple[str, ...] = OTHER) -> dict:
    events = after(SPEC, near_finish(hands, other), (0, UseHusky(slot=5)), (1, UseHusky(slot=0)))
    result = SPEC.result(state_of(SPEC, events))
    assert result is not None and result["finishers"] == [0, 1]
    return result


def test_on_a_shared_finish_fewer_movement_points_break_a_tie_on_ready_huskies() -> None:
    """End of the game: tied on ready huskies (7 each), the lower total of movement points wins."""
    result = both_finish()
    assert result["tie_breakers"] == [{"seat": 0, "ready_huskies_and_care": 7, "movement_points": 11},
                                      {"seat": 1, "ready_huskies_and_care": 7, "movement_points": 19}]
    assert result["winners"] == [0] and [row["place"] for row in result["standings"]] == [1, 2]


def test_on_a_shared_finish_care_cards_count_as_ready_huskies() -> None:
    """End of the game: more ready huskies wins; each care card counts 1, a double care card 2."""
    assert both_finish(hands={1: ("C01",)})["winners"] == [1]
    result = both_finish(hands={0: ("C01",), 1: ("D01",)})
    assert result["winners"] == [1] and result["tie_breakers"][1]["ready_huskies_and_care"] == 9


def test_mushers_equal_on_every_tie_breaker_share_the_place() -> None:
    """End of the game: ties share a place after the book's tie-breakers."""
    result = both_finish(other=SLED[5:6] + SLED[1:5] + SLED[0:1] + SLED[6:])
    assert result["winners"] == [0, 1] and [row["place"] for row in result["standings"]] == [1, 1]


def test_equipment_points_do_not_count_in_the_tie_breaker() -> None:
    """End of the game: movement points gained through equipment do not count."""
    plain = state_of(SPEC, racing({0: SLED, 1: OTHER}))
    upgraded = state_of(SPEC, racing({0: SLED, 1: OTHER}, upgrades={0: {4: "E01"}}))
    assert printed_points(plain.mushers[0].sled) == printed_points(upgraded.mushers[0].sled) == 11


def test_under_rules_version_1_the_race_ended_at_the_day_cap_and_the_furthest_sled_won() -> None:
    """Ruling (cap), version 1: after race day 30 without a finisher, the furthest sled wins."""
    given = after(SPEC, racing({0: SLED, 1: OTHER}, positions={0: 10, 1: 3}), (0, EndTurn()))
    capped = replace(state_of(SPEC, given), day=RACE_DAY_CAP, rules_version=1)
    assert when(SPEC, capped, 1, EndTurn())[-1] == RaceEnded(
        reason=f"no sled reached the last field in {RACE_DAY_CAP} days", finishers=())
    result = SPEC.result(play(SPEC, capped, 1, EndTurn()))
    assert result is not None and result["winners"] == [0] and result["finishers"] == []
    assert not of_type(when(SPEC, replace(capped, rules_version=2), 1, EndTurn()), RaceEnded)  # version 2 goes on


def test_a_race_in_which_no_sled_can_move_again_ends_and_the_furthest_sled_wins() -> None:
    """End of the game (rules version 2): resting is for good and cubes come off overnight, so when no racer's awake
    huskies have a point for its next field, no sled can ever move; the race ends that day, the furthest winning."""
    state = state_of(SPEC, racing({0: SLED, 1: OTHER}, positions={0: 10, 1: 3}))
    for seat in (0, 1):
        sled = state.mushers[seat].sled
        for slot in range(len(sled)):
            sled = with_spot(sled, slot, resting=True)
        state = with_musher(state, seat, sled=sled)
    assert not any(can_ever_move(state, seat) for seat in (0, 1))
    events = when(SPEC, state, 0, EndTurn())
    assert events[-1] == RaceEnded(reason="no sled can move any more", finishers=())
    result = SPEC.result(SPEC.fold(events, state))
    assert result is not None and result["winners"] == [0] and result["finishers"] == []
    one_can = with_musher(state, 1, sled=with_spot(state.mushers[1].sled, 0, resting=False))
    assert can_ever_move(one_can, 1) and not of_type(when(SPEC, one_can, 0, EndTurn()), RaceEnded)


def test_a_race_still_going_on_day_100_ends_there() -> None:
    """Ruling (guard), rules version 2: mushers who all keep making camp end the race after day 100."""
    given = after(SPEC, racing({0: SLED, 1: OTHER}, positions={0: 10, 1: 3}), (0, EndTurn()))
    capped = replace(state_of(SPEC, given), day=RACE_DAY_GUARD)
    assert when(SPEC, capped, 1, EndTurn())[-1] == RaceEnded(
        reason=f"no sled reached the last field in {RACE_DAY_GUARD} days", finishers=())


def test_mushers_out_of_the_race_come_last() -> None:
    """Declaring you are ready: players not on the start are out of the race."""
    given = racing({1: OTHER}, positions={1: 45}, seats=3)
    result = SPEC.result(play(SPEC, given, 1, UseHusky(slot=0)))
    assert result is not None and result["out"] == [0, 2] and result["winners"] == [1]
    assert [(row["seat"], row["place"]) for row in result["standings"]] == [(1, 1), (0, 2), (2, 2)]


def test_a_whole_seeded_game_of_the_expert_against_random() -> None:
    """A full game: setup, Preparations, race and result, from a seed."""
    config = SPEC.normalize_config([SeatConfig(name="Ann", bot="expert"), SeatConfig(name="Bob", bot="random")], {})
    table = Table(SPEC, config, "full-game")
    table.play_bots(["expert", "random"])
    assert SPEC.result(table.state) == {
        "standings": [{"seat": 0, "place": 1, "score": 48}, {"seat": 1, "place": 2, "score": 16}],
        "winners": [0],
        "ending": "the last field was reached",
        "last_field": 48,
        "finishers": [0],
        "out": [],
        "tie_breakers": [{"seat": 0, "ready_huskies_and_care": 4, "movement_points": 16},
                         {"seat": 1, "ready_huskies_and_care": 7, "movement_points": 10}],
    }
    assert SPEC.fold(table.events) == table.state


def test_a_four_seat_game_of_bots_reaches_a_result() -> None:
    config = SPEC.normalize_config([SeatConfig(name=f"P{i}", bot="expert") for i in range(4)], {})
    table = Table(SPEC, config, "four-seats")
    table.play_bots(["expert", "random", "expert", "random"])
    result = SPEC.result(table.state)
    assert result is not None and sorted(row["seat"] for row in result["standings"]) == [0, 1, 2, 3]
