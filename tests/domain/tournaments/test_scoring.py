"""Points, tie-breaks and standings from constructed results."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tournament_scenario import Run, create, first_seat_wins, lowest_id_wins

from domain.tournaments import standings
from domain.tournaments.events import PairArena, PairRound, StartTournament
from domain.tournaments.scoring import first_place_points, place_score, points, units


def started(format: str, entrants: int, seats: int = 2, **settings: object) -> Run:
    run = Run(create(format, entrants=entrants, seats=seats, **settings))  # type: ignore[arg-type]
    run.do(StartTournament())
    return run


def by_entrant(run: Run) -> dict[str, dict]:
    return {row["entrant"]: row for row in standings(run.state)}


def tiebreak(row: dict, name: str) -> float:
    return next(t["value"] for t in row["tiebreaks"] if t["name"] == name)


def test_first_place_takes_the_point_and_a_shared_first_splits_it() -> None:
    assert first_place_points((1, 2, 3)) == (1, 0, 0)
    assert first_place_points((1, 1, 3)) == (Fraction(1, 2), Fraction(1, 2), 0)
    assert first_place_points((1, 1, 1)) == (Fraction(1, 3),) * 3
    assert first_place_points((2, 1)) == (0, 1)


def test_the_place_score_runs_from_one_to_zero_and_ties_average() -> None:
    assert [place_score(p, 1, 4) for p in (1, 2, 3, 4)] == [1, Fraction(2, 3), Fraction(1, 3), 0]
    assert place_score(1, 2, 4) == Fraction(5, 6)  # sharing places 1 and 2
    assert place_score(2, 3, 4) == Fraction(1, 3)  # sharing places 2, 3 and 4
    assert place_score(1, 2, 2) == Fraction(1, 2)


@pytest.mark.parametrize(("format", "count", "seats", "extra"),
                         [("swiss", 9, 2, {"rounds": 4}), ("round_robin", 6, 3, {}), ("swiss", 10, 4, {"rounds": 3})])
def test_the_points_add_up_to_the_games_and_byes(format: str, count: int, seats: int, extra: dict) -> None:
    run = Run(create(format, entrants=count, seats=seats, **extra))

    def ties_on_odd_games(game):  # noqa: ANN001, ANN202 - the first two seats share first on odd numbers
        if game.number % 2:
            return (1, 1, *range(3, len(game.seats) + 1))
        return first_seat_wins(game)
    run.to_the_end(ties_on_odd_games)
    byes = sum(len(r.byes) for r in run.state.rounds)
    assert sum(points(run.state).values()) == len(run.state.games) + byes
    assert sum(row["points"] for row in standings(run.state)) == pytest.approx(len(run.state.games) + byes)


def test_a_shared_first_gives_each_half_a_point_in_the_standings() -> None:
    run = started("swiss", 2, rounds=1)
    run.play(run.state.games[0], (1, 1), (7, 7))
    rows = standings(run.state)
    assert [row["points"] for row in rows] == [0.5, 0.5]
    assert rows[0]["place"] == rows[1]["place"] == 1


def test_swiss_breaks_ties_by_buchholz() -> None:
    """After two rounds, the entrants on one point are ordered by the points of those they met."""
    run = Run(create("swiss", entrants=8, rounds=2))
    run.to_the_end(lowest_id_wins)
    rows = standings(run.state)
    one_pointers = [row for row in rows if row["points"] == 1.0]
    assert len(one_pointers) == 4
    buchholz = [tiebreak(row, "buchholz") for row in one_pointers]
    assert buchholz == sorted(buchholz, reverse=True)
    totals = points(run.state)
    for row in one_pointers:
        met = [o for g in run.state.games if row["entrant"] in g.seats for o in g.seats if o != row["entrant"]]
        assert tiebreak(row, "buchholz") == float(sum(totals[o] for o in met))
    assert [t["name"] for t in rows[0]["tiebreaks"]] == ["buchholz"]


def test_round_robin_breaks_ties_by_head_to_head_then_game_score() -> None:
    """Three entrants beat each other in a circle and each beats the fourth: all tied on 2 points, each 1 in
    head-to-head; the game score decides."""
    run = started("round_robin", 4)
    beats = {("e00", "e01"), ("e01", "e02"), ("e02", "e00"), ("e00", "e03"), ("e01", "e03"), ("e02", "e03")}
    margin = {"e00": 5, "e01": 9, "e02": 7, "e03": 0}
    while run.state.status.value != "finished":
        for game in [g for g in run.state.games if not g.is_resulted]:
            a, b = game.seats
            winner = a if (a, b) in beats else b
            run.play(game, (1, 2) if winner == a else (2, 1), (margin[a], margin[b]))
        if run.state.status.value != "finished":
            run.do(PairRound())
    rows = standings(run.state)
    assert [row["entrant"] for row in rows] == ["e01", "e02", "e00", "e03"]
    assert [tiebreak(row, "head_to_head") for row in rows[:3]] == [1.0, 1.0, 1.0]
    assert [row["place"] for row in rows] == [1, 2, 3, 4]


def test_head_to_head_orders_two_tied_entrants_by_their_own_game() -> None:
    run = started("round_robin", 4)
    # e00 and e01 each win two games; e00 beat e01; e01 scores more overall.
    wins = {frozenset(("e00", "e01")): "e00", frozenset(("e00", "e02")): "e02", frozenset(("e00", "e03")): "e00",
            frozenset(("e01", "e02")): "e01", frozenset(("e01", "e03")): "e01", frozenset(("e02", "e03")): "e03"}
    score = {"e00": 1, "e01": 50, "e02": 3, "e03": 2}
    while run.state.status.value != "finished":
        for game in [g for g in run.state.games if not g.is_resulted]:
            winner = wins[frozenset(game.seats)]
            run.play(game, tuple(1 if s == winner else 2 for s in game.seats), tuple(score[s] for s in game.seats))
        if run.state.status.value != "finished":
            run.do(PairRound())
    rows = by_entrant(run)
    assert rows["e00"]["points"] == rows["e01"]["points"] == 2.0
    assert rows["e00"]["place"] < rows["e01"]["place"]
    assert tiebreak(rows["e00"], "head_to_head") == 1.0 and tiebreak(rows["e01"], "head_to_head") == 0.0


def test_larger_tables_break_ties_first_by_the_mean_place_score() -> None:
    run = started("round_robin", 3, seats=3, rounds=2)
    first = run.state.games[0]
    run.play(first, (1, 2, 3))
    run.do(PairRound())
    second = run.state.games[-1]
    # the winner of game 1 is last now, the second of game 1 first, the third of game 1 second
    order = [first.seats[1], first.seats[2], first.seats[0]]
    run.play(second, tuple(1 + order.index(s) for s in second.seats))
    rows = standings(run.state)
    assert [row["points"] for row in rows] == [1.0, 1.0, 0.0]
    assert [row["entrant"] for row in rows[:2]] == [first.seats[1], first.seats[0]]  # 1.5/2 before 1/2
    assert tiebreak(rows[0], "mean_place") == pytest.approx(0.75)
    assert tiebreak(rows[1], "mean_place") == pytest.approx(0.5)
    assert [t["name"] for t in rows[0]["tiebreaks"]] == ["mean_place", "head_to_head", "game_score"]


def test_a_lower_score_wins_game_ranks_the_game_score_upside_down() -> None:
    def final(lower: bool) -> list[str]:
        run = started("arena", 4, lower_score_wins=lower)
        run.do(PairArena(waiting=run.state.order))
        a, b = run.state.games
        run.play(a, (1, 2), (10, 30))
        run.play(b, (1, 2), (20, 40))
        return [row["entrant"] for row in standings(run.state)[:2]]
    upside, rightside = final(True), final(False)
    assert upside == list(reversed(rightside))


def test_a_bye_is_a_win_with_the_best_place_score() -> None:
    run = started("round_robin", 3, seats=3)
    assert run.state.rounds[0].byes == ()
    run = started("swiss", 3, rounds=1)
    (bye,) = run.state.rounds[0].byes
    run.play(run.state.games[0], (1, 2))
    row = by_entrant(run)[bye]
    assert row["points"] == 1.0 and row["byes"] == 1 and row["games"] == 0


def test_only_resulted_games_count() -> None:
    run = started("swiss", 4, rounds=1)
    run.play(run.state.games[0], (2, 1))
    assert len(units(run.state)) == 1
    assert sum(row["points"] for row in standings(run.state)) == 1.0
    assert sum(row["games"] for row in standings(run.state)) == 2
