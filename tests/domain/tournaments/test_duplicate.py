"""Duplicate seating: each pairing is played once per rotation of the seats with the same seed; sets score."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tournament_scenario import Run, create, first_seat_wins

from domain.tournaments import standings
from domain.tournaments.events import StartTournament
from domain.tournaments.scoring import points, units


def started(entrants: int, seats: int = 2, format: str = "round_robin", **settings: object) -> Run:
    run = Run(create(format, entrants=entrants, seats=seats, duplicate=True, **settings))  # type: ignore[arg-type]
    run.do(StartTournament())
    return run


@pytest.mark.parametrize(("entrants", "seats"), [(4, 2), (6, 3), (8, 4)])
def test_every_table_plays_each_rotation_of_its_seats_once_with_one_seed(entrants: int, seats: int) -> None:
    run = started(entrants, seats)
    tables = {(g.round, g.table) for g in run.state.games}
    for key in tables:
        games = [g for g in run.state.games if (g.round, g.table) == key]
        assert len(games) == seats
        first = games[0].seats
        assert [g.seats for g in games] == [(*first[r:], *first[:r]) for r in range(seats)]
        assert len({g.seed_commitment for g in games}) == 1
        for seat in range(seats):  # every entrant sits in every seat once
            assert {g.seats[seat] for g in games} == set(first)
    assert len({g.seed_commitment for g in run.state.games}) == len(tables)


def test_winning_both_games_of_a_set_takes_the_set() -> None:
    run = started(2, rounds=None)
    a, b = run.state.games
    run.play(a, (1, 2))  # seat 0 wins: a.seats[0]
    run.play(b, (2, 1))  # seat 1 wins: the same entrant, moved to seat 1
    winner = a.seats[0]
    assert points(run.state) == {winner: 1, a.seats[1]: 0}
    rows = standings(run.state)
    assert rows[0]["entrant"] == winner and rows[0]["games"] == 1  # one set
    assert run.state.status.value == "finished"


def test_a_split_set_is_shared() -> None:
    run = started(2)
    a, b = run.state.games
    run.play(a, (1, 2))
    run.play(b, (1, 2))  # the seat wins each time: the luck of the deal cancels out
    assert set(points(run.state).values()) == {Fraction(1, 2)}


def test_a_set_counts_only_when_all_its_games_have_results() -> None:
    run = started(2)
    run.play(run.state.games[0], (1, 2))
    assert units(run.state) == ()
    assert sum(points(run.state).values()) == 0


def test_a_three_seat_set_goes_to_the_most_points_and_its_mean_place_breaks_ties() -> None:
    run = started(3, seats=3, rounds=1)
    games = run.state.games
    x, y, z = games[0].seats

    def places(game, ranking):  # noqa: ANN001, ANN202
        return tuple(1 + ranking.index(seat) for seat in game.seats)
    run.play(games[0], places(games[0], [x, y, z]))
    run.play(games[1], places(games[1], [x, z, y]))
    run.play(games[2], places(games[2], [y, x, z]))
    (unit,) = units(run.state)
    by = dict(zip(unit.entrants, zip(unit.places, unit.points, unit.place_scores, strict=True), strict=True))
    assert by[x] == (1, 1, Fraction(5, 6))  # 2 wins, places 1, 1, 2 -> (1 + 1 + 1/2) / 3
    assert by[y][:2] == (2, 0) and by[z][:2] == (3, 0)
    rows = standings(run.state)
    assert [r["entrant"] for r in rows] == [x, y, z]
    assert rows[0]["points"] == 1.0 and rows[0]["games"] == 1


def test_duplicate_points_add_up_to_the_sets() -> None:
    run = Run(create("round_robin", entrants=5, duplicate=True))
    run.to_the_end(first_seat_wins)
    sets = {(g.round, g.table) for g in run.state.games}
    byes = sum(len(r.byes) for r in run.state.rounds)
    assert len(run.state.games) == 2 * len(sets) == 20
    assert sum(points(run.state).values()) == len(sets) + byes


def test_a_duplicate_swiss_pairs_by_set_points() -> None:
    run = Run(create("swiss", entrants=8, rounds=3, duplicate=True))
    run.to_the_end(first_seat_wins)  # every set split: everyone on the same points
    assert len(run.state.games) == 3 * 4 * 2
    assert {row["points"] for row in standings(run.state)} == {1.5}
    assert run.state.status.value == "finished"
