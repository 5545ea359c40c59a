"""What the rules forbid (IllegalCommand, 422) and what is malformed (InvalidCommand, 400)."""

from __future__ import annotations

import pytest
from tournament_scenario import CLOCK, SEED, Run, create

from domain.core import IllegalCommand, InvalidCommand, replace
from domain.tournaments import TimeControl, decide, refusals
from domain.tournaments.events import (
    Entrant,
    FinishTournament,
    JoinTournament,
    LinkGame,
    PairArena,
    PairRound,
    RecordResult,
    StartTournament,
    WithdrawFromTournament,
)

PLAYER = Entrant(entrant="p1", name="Ada", player="player-1")


def open_run(entrants: int = 3, **settings: object) -> Run:
    return Run(create("swiss", entrants=entrants, **settings))  # type: ignore[arg-type]


@pytest.mark.parametrize(("settings", "reason"), [
    ({"format": "swiss", "rounds": None}, "a Swiss tournament plays 1 to 50 rounds"),
    ({"format": "swiss", "rounds": 0}, "a Swiss tournament plays 1 to 50 rounds"),
    ({"format": "round_robin", "rounds": 3}, "plays every pair once"),
    ({"format": "arena", "rounds": 3}, "an arena lasts duration_minutes"),
    ({"format": "arena", "rounds": None, "duration_minutes": 0}, "an arena lasts 1 to 1440 minutes"),
    ({"format": "arena", "rounds": None}, "an arena lasts 1 to 1440 minutes"),
    ({"format": "swiss", "rounds": 3, "duration_minutes": 10}, "only an arena has a duration"),
    ({"seats_per_game": 1}, "seats_per_game: must be between 2 and 8"),
    ({"name": " "}, "name: must not be empty"),
    ({"time_control": TimeControl(turn_seconds=30, initial_seconds=60)}, "not both"),
    ({"time_control": TimeControl(increment_seconds=2)}, "increment_seconds needs initial_seconds"),
    ({"time_control": TimeControl(turn_seconds=0)}, "turn_seconds must be between"),
])
def test_settings_that_do_not_fit_are_malformed(settings: dict, reason: str) -> None:
    command = replace(create("swiss", entrants=0), **settings)
    with pytest.raises(InvalidCommand, match=reason):
        decide(None, command, SEED)


def test_a_tournament_is_created_once() -> None:
    run = open_run()
    with pytest.raises(IllegalCommand, match="exists already"):
        run.do(create("swiss"))


def test_a_player_needs_a_clock() -> None:
    with pytest.raises(IllegalCommand, match="needs a clock"):
        open_run().do(JoinTournament(entrant=PLAYER))
    run = open_run(time_control=CLOCK)
    run.do(JoinTournament(entrant=PLAYER))
    assert run.state.entrants[-1] == PLAYER


def test_an_entrant_enters_once() -> None:
    run = open_run(time_control=CLOCK)
    run.do(JoinTournament(entrant=PLAYER))
    with pytest.raises(IllegalCommand, match="has entered already"):
        run.do(JoinTournament(entrant=replace(PLAYER, name="Again")))
    with pytest.raises(IllegalCommand, match="that player has entered already"):
        run.do(JoinTournament(entrant=replace(PLAYER, entrant="p2")))


def test_an_entrant_is_a_player_or_a_bot() -> None:
    with pytest.raises(InvalidCommand, match="one of the two"):
        open_run().do(JoinTournament(entrant=Entrant(entrant="x", name="X")))
    with pytest.raises(InvalidCommand, match="one of the two"):
        open_run().do(JoinTournament(entrant=Entrant(entrant="x", name="X", bot="random", player="p")))


def test_entry_closes_at_the_start_and_a_closed_tournament_takes_only_its_named_entrants() -> None:
    run = open_run(time_control=CLOCK)
    run.do(StartTournament())
    with pytest.raises(IllegalCommand, match="entry is closed"):
        run.do(JoinTournament(entrant=PLAYER))
    with pytest.raises(IllegalCommand, match="only the entrants named"):
        open_run(open=False, time_control=CLOCK).do(JoinTournament(entrant=PLAYER))


def test_a_round_robin_is_full_at_thirty_two() -> None:
    run = Run(create("round_robin", entrants=32))
    with pytest.raises(IllegalCommand, match="takes 32 entrants at most"):
        run.do(JoinTournament(entrant=Entrant(entrant="late", name="Late", bot="random")))


def test_withdrawing_before_the_start_removes_the_entrant_and_twice_is_refused() -> None:
    run = open_run()
    run.do(WithdrawFromTournament(entrant="e01"))
    assert "e01" not in run.state.entrant_ids
    with pytest.raises(IllegalCommand, match="e01 is not an entrant"):
        run.do(WithdrawFromTournament(entrant="e01"))
    run.do(StartTournament())
    run.do(WithdrawFromTournament(entrant="e00"))
    with pytest.raises(IllegalCommand, match="has withdrawn already"):
        run.do(WithdrawFromTournament(entrant="e00"))


def test_a_start_needs_a_table_full_of_entrants_and_happens_once() -> None:
    with pytest.raises(IllegalCommand, match="needs 3 entrants at least"):
        Run(create("round_robin", entrants=2, seats=3)).do(StartTournament())
    run = open_run()
    run.do(StartTournament())
    with pytest.raises(IllegalCommand, match="has started already"):
        run.do(StartTournament())


def test_the_next_round_waits_for_the_last_and_stops_after_the_last() -> None:
    run = open_run(entrants=4, rounds=1)
    with pytest.raises(IllegalCommand, match="not running"):
        run.do(PairRound())
    run.do(StartTournament())
    with pytest.raises(IllegalCommand, match="round 1 has games still to play"):
        run.do(PairRound())
    for game in run.state.games:
        run.play(game, (1, 2))
    assert run.state.status.value == "finished"
    with pytest.raises(IllegalCommand, match="not running"):
        run.do(PairRound())
    with pytest.raises(IllegalCommand, match="the tournament is over"):
        run.do(WithdrawFromTournament(entrant="e00"))


def test_rounds_and_waves_are_for_their_formats() -> None:
    arena = Run(create("arena", entrants=4))
    arena.do(StartTournament())
    with pytest.raises(IllegalCommand, match="an arena pairs its waiting entrants"):
        arena.do(PairRound())
    swiss = open_run(entrants=4)
    swiss.do(StartTournament())
    with pytest.raises(IllegalCommand, match="only an arena"):
        swiss.do(PairArena(waiting=("e00",)))
    with pytest.raises(InvalidCommand, match="listed twice"):
        arena.do(PairArena(waiting=("e00", "e00")))
    with pytest.raises(IllegalCommand, match="not an active entrant"):
        arena.do(PairArena(waiting=("nobody",)))
    with pytest.raises(IllegalCommand, match="games are still being played"):
        swiss.do(FinishTournament())
    swiss.play_round(lambda game: (1, 2))
    with pytest.raises(IllegalCommand, match="rounds are left to pair"):
        swiss.do(FinishTournament())


def test_a_result_is_recorded_once_for_a_linked_game_with_a_ranking() -> None:
    run = open_run(entrants=4)
    run.do(StartTournament())
    game = run.state.games[0]
    with pytest.raises(IllegalCommand, match="no service game linked yet"):
        run.do(RecordResult(number=game.number, places=(1, 2), scores=(1, 0)))
    with pytest.raises(IllegalCommand, match="has no game 99"):
        run.do(LinkGame(number=99, game_id="g"))
    with pytest.raises(InvalidCommand, match="game_id"):
        run.do(LinkGame(number=game.number, game_id=""))
    run.do(LinkGame(number=game.number, game_id="g1"))
    with pytest.raises(IllegalCommand, match="linked already"):
        run.do(LinkGame(number=game.number, game_id="g2"))
    for places in [(1,), (1, 1, 1), (2, 2), (1, 3), (0, 1)]:
        with pytest.raises(InvalidCommand):
            run.do(RecordResult(number=game.number, places=places, scores=(0,) * len(places)))
    run.do(RecordResult(number=game.number, places=(2, 1), scores=(0, 1)))
    with pytest.raises(IllegalCommand, match="has its result already"):
        run.do(RecordResult(number=game.number, places=(1, 2), scores=(1, 0)))


def test_the_seed_must_be_the_committed_one() -> None:
    run = open_run()
    with pytest.raises(ValueError, match="committed"):
        decide(run.state, StartTournament(), "another seed")
    with pytest.raises(IllegalCommand, match="no such tournament"):
        decide(None, StartTournament(), SEED)


def test_a_tournament_with_too_few_entrants_left_may_finish() -> None:
    run = open_run(entrants=2, rounds=3)
    run.do(StartTournament())
    run.play(run.state.games[0], (1, 2))
    run.do(WithdrawFromTournament(entrant="e00"))
    with pytest.raises(IllegalCommand, match="too few entrants"):
        run.do(PairRound())
    run.do(FinishTournament())
    assert run.state.status.value == "finished"


def test_the_refusal_predicates_answer_as_decide_does() -> None:
    """What a page would offer (a predicate saying None) is exactly what decide accepts, through a tournament."""
    run = open_run(entrants=4, rounds=2, time_control=CLOCK)
    late = Entrant(entrant="late", name="Late", bot="random")

    def agree(predicate_says: str | None, command: object) -> None:
        try:
            decide(run.state, command, SEED)  # type: ignore[arg-type]
            refused = None
        except IllegalCommand as error:
            refused = error.reason
        assert refused == predicate_says

    for _ in range(4):
        agree(refusals.join_refusal(run.state, late), JoinTournament(entrant=late))
        agree(refusals.start_refusal(run.state), StartTournament())
        agree(refusals.pair_round_refusal(run.state), PairRound())
        agree(refusals.finish_refusal(run.state), FinishTournament())
        agree(refusals.withdraw_refusal(run.state, "nobody"), WithdrawFromTournament(entrant="nobody"))
        if run.state.games:
            agree(refusals.result_refusal(run.state, 1), RecordResult(number=1, places=(1, 2), scores=(1, 0)))
            agree(refusals.link_refusal(run.state, 1), LinkGame(number=1, game_id="g1"))
        if run.state.status.value == "open":
            run.do(StartTournament())
        elif all(g.is_resulted for g in run.state.games) and run.state.status.value == "running":
            run.do(PairRound())
        else:
            run.play_round(lambda game: (1, 2))
