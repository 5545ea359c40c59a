"""Round robin: every entrant meets every other, seats rotated; larger tables spread the meetings evenly."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from tournament_scenario import Run, create, first_seat_wins, lowest_id_wins

from domain.tournaments import Status, standings
from domain.tournaments.events import PairRound, RoundPaired, StartTournament, WithdrawFromTournament
from domain.tournaments.pairing import circle_schedule, meetings_of, round_robin_rounds


def pairs_met(run: Run) -> Counter[frozenset[str]]:
    return Counter(frozenset(pair) for game in run.state.games for pair in combinations(game.seats, 2))


@pytest.mark.parametrize("count", [4, 5, 8])
def test_every_pair_of_entrants_meets_exactly_once(count: int) -> None:
    run = Run(create("round_robin", entrants=count))
    run.to_the_end(first_seat_wins)
    met = pairs_met(run)
    everyone = {e.entrant for e in run.state.entrants}
    assert set(met) == {frozenset(p) for p in combinations(sorted(everyone), 2)}
    assert set(met.values()) == {1}
    assert len(run.state.rounds) == (count - 1 if count % 2 == 0 else count)
    assert run.state.status is Status.FINISHED


def test_with_an_odd_count_each_entrant_sits_out_once_with_a_bye() -> None:
    run = Run(create("round_robin", entrants=5))
    run.to_the_end(first_seat_wins)
    byes = [entrant for round_ in run.state.rounds for entrant in round_.byes]
    assert sorted(byes) == sorted(e.entrant for e in run.state.entrants)
    assert all(len(round_.byes) == 1 for round_ in run.state.rounds)


@pytest.mark.parametrize("count", [4, 5, 8])
def test_seats_are_rotated_so_first_seats_differ_by_one_at_most(count: int) -> None:
    run = Run(create("round_robin", entrants=count))
    run.to_the_end(first_seat_wins)
    first = Counter(game.seats[0] for game in run.state.games)
    second = Counter(game.seats[1] for game in run.state.games)
    for entrant in (e.entrant for e in run.state.entrants):
        assert abs(first[entrant] - second[entrant]) <= 1


def test_the_circle_method_gives_every_pair_once_for_many_counts() -> None:
    for count in range(2, 21):
        order = [f"p{i}" for i in range(count)]
        rounds = circle_schedule(order)
        met = meetings_of([table for tables, _ in rounds for table in tables])
        assert len(met) == count * (count - 1) // 2 and set(met.values()) == {1}


@pytest.mark.parametrize(("count", "seats", "most_rounds", "most_meetings"),
                         [(8, 4, 3, 3), (9, 3, 4, 1), (6, 3, 4, 4), (7, 3, 6, 3), (10, 5, 4, 4), (16, 4, 6, 2)])
def test_larger_tables_bring_every_pair_together_in_few_rounds(count: int, seats: int, most_rounds: int,
                                                               most_meetings: int) -> None:
    """The greedy's figures (docs/tournaments.md): 9 entrants at 3 seats meet exactly once in 4 rounds (a
    perfect schedule); 8 at 4 seats all meet in 3 rounds, the fewest possible."""
    run = Run(create("round_robin", entrants=count, seats=seats))
    run.to_the_end(first_seat_wins)
    met = pairs_met(run)
    assert len(met) == count * (count - 1) // 2  # every pair met
    assert len(run.state.rounds) == run.state.rounds_to_play <= most_rounds
    assert max(met.values()) <= most_meetings
    assert all(len(game.seats) == seats for game in run.state.games)


def test_larger_tables_rotate_the_seats() -> None:
    """Each table is seated so its members take the seats they played least: over 6 rounds of 3-seat tables,
    nobody plays a seat more than twice as often as another, and most play each exactly twice."""
    run = Run(create("round_robin", entrants=9, seats=3, rounds=6))
    run.to_the_end(first_seat_wins)
    spreads = []
    for entrant in (e.entrant for e in run.state.entrants):
        by_seat = Counter(game.seats.index(entrant) for game in run.state.games if entrant in game.seats)
        spreads.append(max(by_seat.values()) - min(by_seat[s] for s in range(3)))
    assert max(spreads) <= 2 and spreads.count(0) >= 7


def test_larger_tables_take_their_rounds_from_the_setting_when_given() -> None:
    run = Run(create("round_robin", entrants=8, seats=4, rounds=5))
    run.to_the_end(first_seat_wins)
    assert len(run.state.rounds) == 5
    assert max(pairs_met(run).values()) - min(pairs_met(run).values()) <= 2


def test_round_robin_rounds_counts_the_circle_for_two_seats() -> None:
    assert round_robin_rounds(["a", "b", "c", "d"], 2) == 3
    assert round_robin_rounds(["a", "b", "c", "d", "e"], 2) == 5


def test_a_withdrawn_entrant_is_paired_no_more_and_its_opponent_has_a_bye() -> None:
    run = Run(create("round_robin", entrants=4))
    run.do(StartTournament())
    run.play_round(lowest_id_wins)
    run.do(WithdrawFromTournament(entrant="e00"))
    paired = run.do(PairRound())
    round_two = next(e for e in paired if isinstance(e, RoundPaired))
    seated = {entrant for table in round_two.tables for entrant in table.entrants}
    assert "e00" not in seated
    assert len(round_two.byes) == 1 and round_two.byes[0] != "e00"
    assert len(round_two.tables) == 1


def test_a_round_of_byes_only_ends_as_it_is_paired_and_the_last_finishes_the_tournament() -> None:
    """Four entrants; the two of round 1's first table withdraw after it: the two left met at the other table,
    so rounds 2 and 3 are byes only, each over as it is paired, and the last finishes the tournament."""
    run = Run(create("round_robin", entrants=4))
    run.do(StartTournament())
    run.play_round(lowest_id_wins)
    first_table = run.state.games[0].seats
    for entrant in first_table:
        run.do(WithdrawFromTournament(entrant=entrant))
    kinds = []
    while run.state.status is not Status.FINISHED:
        events = run.do(PairRound())
        kinds.append([type(e).__name__ for e in events])
        run.play_round(lowest_id_wins)
    assert kinds == [["RoundPaired", "RoundEnded"], ["RoundPaired", "RoundEnded", "TournamentFinished"]]
    rows = {row["entrant"]: row for row in standings(run.state)}
    assert all(rows[e]["withdrawn"] for e in first_table)
    left = [e for e in rows if e not in first_table]
    assert all(rows[e]["byes"] == 2 and rows[e]["games"] == 1 for e in left)
