"""Turn clocks (issue 15, application/clock.py, clock_view.py): the fold of a clock from commit times, and the
handler keeping it with the state on a real database (either backend) the same way a cold load folds it.
The deadlines firing over real HTTP are tests/e2e/test_clocks_http.py and tests/workers/test_deadlines_rq.py."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest

from application.clock import Clock, instant, iso, utc_now
from application.clock_view import next_due, seat_deadline
from application.conflicts import DecisionTimedOut
from application.handler import GameService, StateCache
from application.messages import DeadlineDue
from application.timers import DeadlineTimers
from domain.core import SeatConfig
from domain.core.seating import TableSet, TimeOut
from storage import VersionConflict

from .event_log import open_service

pytestmark = pytest.mark.both_backends  # commit times as each backend stores them; the tabled-games query

T0 = "2026-01-01T12:00:00.000000Z"


def at(seconds: float) -> str:
    return (instant(T0) + timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


def table(turn: int | None = None, initial: int | None = None, increment: int | None = None) -> TableSet:
    return TableSet(open_seats=(), players=(None, None), fill_with_bots_after=None, turn_seconds=turn,
                    initial_seconds=initial, increment_seconds=increment, takeover_bot="careful", missed_turns_limit=3)


def test_a_decision_begins_when_its_seat_becomes_to_act_and_again_when_it_acts_and_stays_to_act() -> None:
    rules = table(turn=30)
    clock = Clock.start(rules, 2).after(rules, [0, 1], None, at(0))  # both seats bid at once
    assert clock.since == (instant(at(0)), instant(at(0)))
    clock = clock.after(rules, [1], 0, at(5))  # seat 0 bid; seat 1 still deciding since 0
    assert clock.since == (None, instant(at(0)))
    clock = clock.after(rules, [1], 1, at(8))  # seat 1 acted and is to act again: a new decision
    assert clock.since == (None, instant(at(8))) and clock.to_act == (1,)
    clock = clock.after(rules, [0], 1, at(9))
    assert clock.since == (instant(at(9)), None) and clock.banks is None


def test_a_fischer_clock_loses_the_time_taken_gains_the_increment_after_its_own_decision_and_never_goes_below_0(
) -> None:
    rules = table(initial=60, increment=10)
    clock = Clock.start(rules, 2).after(rules, [0, 1], None, at(0))
    assert clock.banks == (60.0, 60.0)
    clock = clock.after(rules, [1], 0, at(20))  # seat 0 took 20 s: 60 - 20 + 10
    assert clock.banks == (50.0, 60.0)
    clock = clock.after(rules, [0], 1, at(25))  # seat 1 took 25 s
    assert clock.banks == (50.0, 45.0)
    clock = clock.after(rules, [1], None, at(30))  # the server's commit moved seat 0 off: time taken, no increment
    assert clock.banks == (45.0, 45.0)
    clock = clock.after(rules, [0], 1, at(130))  # seat 1 overran by 55 s: 0, then its increment
    assert clock.banks == (45.0, 10.0)


def toy_table(games: GameService, **rules: int) -> str:
    seats = [SeatConfig(name="Ann"), SeatConfig(name="Bob")]
    return games.create("toy", seats, {"pile": 9}, "clocks", table=rules).game.record.id


def test_the_handler_keeps_the_clock_a_cold_load_folds_from_the_log(database: str) -> None:
    games = open_service(database)
    try:
        game_id = toy_table(games, initial_seconds=60, increment_seconds=5)
        games.submit(game_id, 0, "Bid", {"amount": 3})
        games.submit(game_id, 1, "Bid", {"amount": 1})
        games.submit(game_id, 0, "Roll", {})
        kept = games.load(game_id)
        cold = GameService(games.store, games.registry, StateCache()).load(game_id)
        assert kept.clock == cold.clock and kept.clock is not None
        assert kept.clock.to_act == (1,) and kept.clock.since[1] == instant(kept.record.updated_at)
        bank = kept.clock.banks[1]  # type: ignore[index]
        assert 60.0 < bank <= 65.0  # seat 1 bid in well under 5 s: its increment outweighs its time
        assert seat_deadline(kept, 1) == (instant(kept.record.updated_at) + timedelta(seconds=bank)
                                          ).isoformat().replace("+00:00", "Z")
        assert seat_deadline(kept, 0) is None and next_due(kept).seat == 1  # type: ignore[union-attr]
    finally:
        games.store.close()


def test_a_command_decided_before_its_own_timeout_is_a_conflict_that_says_so(database: str) -> None:
    games = open_service(database)
    try:
        game_id = toy_table(games, turn_seconds=60, missed_turns_limit=2)
        version = games.load(game_id).version
        games.seat_command(game_id, TimeOut(seat=0), 0, f"timeout:{game_id}:{version}:0", version, bot="careful")
        try:
            games.submit(game_id, 0, "Bid", {"amount": 1}, expected_version=version)
        except DecisionTimedOut as conflict:
            assert "seat 0's time ran out: the careful bot played its decision" in str(conflict)
            assert conflict.expected == version and conflict.current == games.load(game_id).version
        else:
            raise AssertionError("a stale command was taken")
        fresh = games.load(game_id).version
        games.submit(game_id, 1, "Bid", {"amount": 1}, expected_version=fresh)
        try:  # another seat's stale command is a plain conflict
            games.submit(game_id, 0, "Roll", {}, expected_version=fresh)
        except DecisionTimedOut:
            raise AssertionError("seat 0's own command did not time out") from None
        except VersionConflict as conflict:
            assert "time ran out" not in str(conflict)
    finally:
        games.store.close()


def test_tabled_games_are_the_unfinished_games_created_with_table_rules(database: str) -> None:
    games = open_service(database)
    try:
        clocked = toy_table(games, turn_seconds=30)
        plain = games.create("toy", [SeatConfig(name="Ann"), SeatConfig(name="Bob")], {}, "plain").game.record.id
        finished = toy_table(games, turn_seconds=30)
        games.submit(finished, 0, "Bid", {"amount": 0})
        games.submit(finished, 1, "Bid", {"amount": 0})
        while not games.load(finished).finished:
            games.submit(finished, games.load(finished).to_act()[0], "Take", {"count": 1})
        assert games.store.tabled_games() == [clocked]
        assert plain not in games.store.tabled_games()
    finally:
        games.store.close()


def test_a_timer_of_an_earlier_version_never_replaces_a_later_ones() -> None:
    fired: list[DeadlineDue] = []
    timers = DeadlineTimers(fired.append)
    try:
        soon = utc_now() + timedelta(seconds=0.2)
        timers.set(DeadlineDue("g", 5, iso(soon)))
        timers.set(DeadlineDue("g", 4, iso(soon - timedelta(seconds=0.1))))  # a slower thread's older commit
        timers.set(DeadlineDue("h", 1, iso(utc_now() - timedelta(seconds=5))))  # passed: fires at once
        deadline = time.monotonic() + 5
        while len(fired) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.2)
        assert sorted((due.game_id, due.version) for due in fired) == [("g", 5), ("h", 1)]
        assert timers.pending() == 0
    finally:
        timers.close()
    timers.set(DeadlineDue("g", 6, iso(utc_now())))  # closed: set no more
    assert timers.pending() == 0
