"""Arena: whoever waits is paired at once, near in score, never with the last opponent again."""

from __future__ import annotations

import pytest
from tournament_scenario import Run, create

from domain.core import IllegalCommand
from domain.tournaments.events import FinishTournament, PairArena, RoundPaired, StartTournament
from domain.tournaments.pairing import Waiting, arena_pairings


def test_waiting_entrants_meet_the_nearest_in_points() -> None:
    waiting = [Waiting(entrant="a", points=0), Waiting(entrant="b", points=5), Waiting(entrant="c", points=1),
               Waiting(entrant="d", points=4)]
    assert arena_pairings(waiting) == (("b", "d"), ("c", "a"))


def test_the_last_opponent_is_not_met_again_at_once() -> None:
    waiting = [Waiting(entrant="a", points=3, last_opponents=frozenset({"b"})),
               Waiting(entrant="b", points=3, last_opponents=frozenset({"a"})),
               Waiting(entrant="c", points=0), Waiting(entrant="d", points=0)]
    tables = arena_pairings(waiting)
    assert ("a", "b") not in tables and ("b", "a") not in tables
    assert len(tables) == 2


def test_one_who_can_meet_only_its_last_opponent_waits() -> None:
    waiting = [Waiting(entrant="a", points=1, last_opponents=frozenset({"b"})),
               Waiting(entrant="b", points=1, last_opponents=frozenset({"a"}))]
    assert arena_pairings(waiting) == ()


def test_larger_arena_tables_seat_the_nearest_in_points() -> None:
    waiting = [Waiting(entrant=e, points=p) for e, p in [("a", 9), ("b", 0), ("c", 8), ("d", 1), ("e", 7), ("f", 2)]]
    assert arena_pairings(waiting, 3) == (("a", "c", "e"), ("f", "d", "b"))


def test_an_arena_pairs_in_waves_and_finishes_when_its_games_are_done() -> None:
    run = Run(create("arena", entrants=5))
    assert [type(e).__name__ for e in run.do(StartTournament())] == ["TournamentStarted"]
    assert run.state.rounds_to_play is None
    wave = run.do(PairArena(waiting=run.state.order))
    assert isinstance(wave[0], RoundPaired) and len(wave[0].tables) == 2  # the fifth waits
    first = run.state.games[0]
    run.play(first, (1, 2))
    with pytest.raises(IllegalCommand, match="still playing"):
        run.do(PairArena(waiting=run.state.games[1].seats))
    with pytest.raises(IllegalCommand, match="games are still being played"):
        run.do(FinishTournament())
    lone = next(e for e in run.state.order if e not in run.state.playing and e not in first.seats)
    second_wave = run.do(PairArena(waiting=(*first.seats, lone)))
    seated = {frozenset(t.entrants) for t in second_wave[0].tables}
    assert frozenset(first.seats) not in seated and len(seated) == 1
    assert second_wave[0].round == 2
    for game in [g for g in run.state.games if not g.is_resulted]:
        run.play(game, (2, 1))
    assert run.do(FinishTournament())
    assert run.state.status.value == "finished"


def test_an_arena_with_nobody_to_seat_records_nothing() -> None:
    run = Run(create("arena", entrants=3))
    run.do(StartTournament())
    assert run.do(PairArena(waiting=("e00",))) == []
