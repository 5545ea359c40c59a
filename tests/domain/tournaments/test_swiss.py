"""Swiss: pair by score, top half against bottom half, no repeat pairing while avoidable, byes counted."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from tournament_scenario import Run, create, first_seat_wins, lowest_id_wins

from domain.core import Rng
from domain.tournaments.events import StartTournament
from domain.tournaments.pairing import swiss_round
from domain.tournaments.scoring import points
from domain.tournaments.state import GameRecord


def seeded_results(seed: str):  # noqa: ANN201 - a Result
    """Any seat may win, drawn from `seed` per game number: results no pairing could anticipate."""
    def result(game: GameRecord) -> tuple[int, ...]:
        order = Rng(seed, game.number, label="test").shuffled(range(len(game.seats)))
        return tuple(1 + order.index(seat) for seat in range(len(game.seats)))
    return result


def repeated_pairs(run: Run) -> list[frozenset[str]]:
    met = Counter(frozenset(p) for game in run.state.games for p in combinations(game.seats, 2))
    return [pair for pair, times in met.items() if times > 1]


@pytest.mark.parametrize("results", ["a", "b", "c", "d", "e", "f"])
def test_sixteen_entrants_never_meet_twice_in_five_rounds(results: str) -> None:
    run = Run(create("swiss", entrants=16, rounds=5), seed=f"seed-{results}")
    run.to_the_end(seeded_results(results))
    assert len(run.state.rounds) == 5 and len(run.state.games) == 40
    assert repeated_pairs(run) == []


def test_a_strength_order_never_repeats_either() -> None:
    run = Run(create("swiss", entrants=16, rounds=5))
    run.to_the_end(lowest_id_wins)
    assert repeated_pairs(run) == []
    assert run.state.status.value == "finished"


def test_the_first_round_sets_the_top_half_against_the_bottom_half() -> None:
    run = Run(create("swiss", entrants=8, rounds=3))
    run.do(StartTournament())
    order = run.state.order
    tables = {frozenset(game.seats) for game in run.state.games}
    assert tables == {frozenset((order[i], order[i + 4])) for i in range(4)}


def test_within_a_score_group_the_best_meets_the_top_of_the_bottom_half() -> None:
    ranked = ["a", "b", "c", "d", "e", "f"]
    score = {"a": 1, "b": 1, "c": 1, "d": 1, "e": 0, "f": 0}
    tables, byes = swiss_round(ranked, score, {}, {})
    assert tables == (("a", "c"), ("b", "d"), ("e", "f")) and byes == ()


def test_an_odd_group_floats_its_last_down_to_the_next() -> None:
    ranked = ["a", "b", "c", "d", "e", "f"]
    score = {"a": 2, "b": 2, "c": 2, "d": 1, "e": 1, "f": 0}
    tables, _ = swiss_round(ranked, score, {}, {})
    assert tables == (("a", "b"), ("c", "d"), ("e", "f"))


def test_a_repeat_is_avoided_by_taking_the_next_opponent() -> None:
    ranked = ["a", "b", "c", "d"]
    score = {"a": 1, "b": 1, "c": 0, "d": 0}
    tables, _ = swiss_round(ranked, score, {("a", "b"): 1}, {})
    assert ("a", "b") not in tables and len(tables) == 2
    assert tables[0][0] == "a"


def test_repeats_come_only_when_unavoidable() -> None:
    """Four entrants have three rounds of new opponents; the fourth and fifth rounds must repeat and still pair."""
    run = Run(create("swiss", entrants=4, rounds=5))
    run.to_the_end(lowest_id_wins)
    pairs_by_round = [{frozenset(g.seats) for g in run.state.round_games(r)} for r in range(1, 6)]
    first_three = set().union(*pairs_by_round[:3])
    assert len(first_three) == 6  # all six pairs in the first three rounds, none twice
    assert len(run.state.games) == 10


def test_byes_go_to_different_entrants_and_count_as_wins() -> None:
    run = Run(create("swiss", entrants=7, rounds=5))
    run.to_the_end(lowest_id_wins)
    byes = [entrant for round_ in run.state.rounds for entrant in round_.byes]
    assert len(byes) == 5 and len(set(byes)) == 5
    totals = points(run.state)
    games_won = Counter(g.seats[g.places.index(1)] for g in run.state.games if g.places)
    for entrant in totals:
        assert totals[entrant] == games_won[entrant] + byes.count(entrant)
    assert sum(totals.values()) == len(run.state.games) + len(byes)


def test_the_bye_goes_to_the_lowest_ranked_entrant_without_one() -> None:
    ranked = ["a", "b", "c", "d", "e"]
    tables, byes = swiss_round(ranked, {e: 0 for e in ranked}, {}, {"e": 1})
    assert byes == ("d",)
    assert sorted(x for t in tables for x in t) == ["a", "b", "c", "e"]


def test_larger_swiss_tables_seat_neighbours_in_score_who_have_not_met() -> None:
    run = Run(create("swiss", entrants=12, seats=3, rounds=4), seed="s3")
    run.to_the_end(seeded_results("x"))
    assert len(run.state.games) == 16
    met = Counter(frozenset(p) for game in run.state.games for p in combinations(game.seats, 2))
    assert max(met.values()) == 1


def test_the_swiss_search_is_quick_enough_for_a_field_of_sixty_four() -> None:
    run = Run(create("swiss", entrants=64, rounds=7), seed="big")
    run.to_the_end(seeded_results("big"))
    assert repeated_pairs(run) == []
