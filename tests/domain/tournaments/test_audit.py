"""The audit re-derives a tournament from its events and its seed, and finds what was changed."""

from __future__ import annotations

import pytest
from tournament_scenario import SEED, Run, create, lowest_id_wins

from domain.core import replace
from domain.tournaments.audit import problems
from domain.tournaments.events import (
    GameResulted,
    PairArena,
    RoundPaired,
    StartTournament,
    TournamentStarted,
    WithdrawFromTournament,
)


@pytest.mark.parametrize(("format", "settings"), [
    ("swiss", {"entrants": 9, "rounds": 4}),
    ("round_robin", {"entrants": 6, "seats": 3, "duplicate": True}),
    ("round_robin", {"entrants": 5, "open": False}),
])
def test_a_played_tournament_re_derives(format: str, settings: dict) -> None:
    run = Run(create(format, **settings))
    run.to_the_end(lowest_id_wins)
    assert problems(run.events, SEED) == []


def played() -> Run:
    run = Run(create("swiss", entrants=8, rounds=3))
    run.do(StartTournament())
    run.play_round(lowest_id_wins)
    run.do(WithdrawFromTournament(entrant="e03"))
    run.to_the_end(lowest_id_wins)
    return run


def test_a_withdrawal_re_derives() -> None:
    assert problems(played().events, SEED) == []


def test_another_seed_is_found_out() -> None:
    assert problems(played().events, "not the seed")[0] == \
        "event 1: the seed is not the one TournamentCreated committed to"


def tampered(run: Run, kind: type, change) -> list:  # noqa: ANN001
    events = list(run.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, kind))
    events[at] = change(events[at])
    return events


def test_a_changed_starting_order_is_found() -> None:
    events = tampered(played(), TournamentStarted, lambda e: replace(e, order=tuple(reversed(e.order))))
    assert any("TournamentStarted" in p for p in problems(events, SEED))


def test_a_changed_pairing_or_game_seed_is_found() -> None:
    run = played()
    later = [i for i, e in enumerate(run.events) if isinstance(e, RoundPaired)][1]

    def swap_seats(event: RoundPaired) -> RoundPaired:
        first = event.tables[0]
        game = replace(first.games[0], seats=tuple(reversed(first.games[0].seats)))
        return replace(event, tables=(replace(first, games=(game,)), *event.tables[1:]))
    events = list(run.events)
    events[later] = swap_seats(events[later])
    assert any(p.startswith(f"event {later + 1} (RoundPaired)") for p in problems(events, SEED))
    events = list(run.events)
    table = events[later].tables[0]
    game = replace(table.games[0], seed_commitment="0" * 64)
    events[later] = replace(events[later], tables=(replace(table, games=(game,)), *events[later].tables[1:]))
    assert problems(events, SEED)


def test_a_tampered_result_is_found_when_it_is_no_ranking_or_changes_a_later_pairing() -> None:
    """A result turned round is a legal GameResulted on its own: the tournament's audit finds it where the
    pairings re-derived from it differ from those recorded (here, round 2's), and the application's audit
    against the game's own audited result finds it in any case (docs/tournaments.md)."""
    events = tampered(played(), GameResulted, lambda e: replace(e, places=(1, 3)))
    assert any(p.endswith("the rules refuse it: places: each place is 1 + the number of seats placed before it "
                          "(1, 1, 3)") for p in problems(events, SEED))
    events = tampered(played(), GameResulted, lambda e: replace(e, places=tuple(reversed(e.places))))
    second_round = [i for i, e in enumerate(events) if isinstance(e, RoundPaired)][1]
    assert problems(events, SEED)[0] == f"event {second_round + 1} (RoundPaired): not what the seed and the rules give"


def test_an_arena_wave_is_checked_for_its_seeds_and_its_seating() -> None:
    run = Run(create("arena", entrants=4))
    run.do(StartTournament())
    run.do(PairArena(waiting=run.state.order))
    for game in list(run.state.games):
        run.play(game, (1, 2))
    run.do(PairArena(waiting=run.state.order))
    assert problems(run.events, SEED) == []
    waves = [i for i, e in enumerate(run.events) if isinstance(e, RoundPaired)]
    events = list(run.events)
    table = events[waves[0]].tables[0]
    events[waves[0]] = replace(events[waves[0]], tables=(
        replace(table, games=(replace(table.games[0], seed_commitment="f" * 64),)), *events[waves[0]].tables[1:]))
    assert problems(events, SEED) == [f"event {waves[0] + 1}: game 1's seed commitment is not the seed's"]
