"""A tournament that starts by itself at its `starts_at` (issue 30; docs/tournaments.md, Starting at a time):
its timer on the embedded runner, too few entrants at that time, and a restart setting the timer again."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from application.container import Trailhead
from application.messages import TournamentStartsAt
from application.tournaments import entry
from application.tournaments.stream import load
from bootstrap import bootstrap
from domain.core import InvalidCommand


@pytest.fixture
def app(embedded: Trailhead) -> Trailhead:
    return embedded


def body(entrants: int, starts_at: Any) -> dict[str, Any]:
    return {"type": "nanga-parbat", "format": "round_robin", "name": "Timed", "seats_per_game": 2,
            "entrants": [{"bot": "random"} for _ in range(entrants)], "starts_at": starts_at}


def wait_status(app: Trailhead, tournament_id: str, status: str, seconds: float = 20) -> None:
    ends = time.monotonic() + seconds
    while load(app.store, tournament_id).record.status != status:
        assert time.monotonic() < ends, f"not {status}: {load(app.store, tournament_id).record}"
        time.sleep(0.05)


@pytest.mark.both_backends  # the column, on both
def test_an_open_tournament_starts_by_itself_at_its_time_and_plays_to_the_end(app: Trailhead) -> None:
    at = datetime.now(UTC) + timedelta(seconds=1.5)
    created = entry.create(app.bus, body(3, at), None)
    tid = created.loaded.record.id
    assert created.loaded.record.starts_at == at.isoformat(timespec="microseconds").replace("+00:00", "Z")
    assert load(app.store, tid).record.status == "open"
    wait_status(app, tid, "finished")
    loaded = load(app.store, tid)
    assert instant_of(loaded.recorded_at("TournamentStarted")) >= at  # not before its time
    assert len(loaded.state.games) == 3  # a round robin of three: every pair once
    assert app.bus.tournaments_due() == []  # no timer left to set


def instant_of(text: str | None) -> datetime:
    assert text is not None
    return datetime.fromisoformat(text)


def test_with_too_few_entrants_at_its_time_it_stays_open_and_starts_on_the_entry_that_makes_a_table(
        app: Trailhead) -> None:
    created = entry.create(app.bus, {**body(1, datetime.now(UTC) + timedelta(seconds=1)), "turn_seconds": 600}, None)
    tid = created.loaded.record.id
    timer = TournamentStartsAt(tid, str(created.loaded.record.starts_at))
    assert app.bus.tournaments_due() == [timer]  # before its time: a restart sets its timer again
    time.sleep(1.6)
    assert app.runner.wait_idle(10)  # type: ignore[attr-defined]
    loaded = load(app.store, tid)
    assert loaded.record.status == "open" and loaded.version == created.loaded.version  # nothing recorded
    assert app.bus.tournaments_due() == []  # its timer fired: a restart or a sweep would find nothing to do
    player = app.store.create_player("late-comer", "Late comer", "l" * 64)
    entry.join(app.bus, tid, player)
    wait_status(app, tid, "running")
    assert [entrant.entrant for entrant in load(app.store, tid).state.entrants] == ["bot-1", "late-comer"]


def test_a_restart_sets_the_start_timer_again(database: str) -> None:
    first = bootstrap({"DATABASE": database, "REDIS_URL": ""})
    created = entry.create(first.bus, body(2, datetime.now(UTC) + timedelta(seconds=1)), None)
    tid = created.loaded.record.id
    first.close()  # its timer goes with it
    time.sleep(1.3)
    second = bootstrap({"DATABASE": database, "REDIS_URL": ""})
    try:
        assert load(second.store, tid).record.status == "open"  # nobody started it
        second.runner.resume(second.bus)  # type: ignore[attr-defined]
        wait_status(second, tid, "finished")
    finally:
        second.runner.wait_idle(30)  # type: ignore[attr-defined]
        second.close()


@pytest.mark.parametrize("starts_at", [datetime(2020, 1, 1, tzinfo=UTC), datetime(2999, 1, 1)])
def test_a_start_time_passed_or_without_a_zone_is_refused(app: Trailhead, starts_at: datetime) -> None:
    with pytest.raises(InvalidCommand, match="starts_at"):
        entry.create(app.bus, body(2, starts_at), None)
    assert app.store.tournament_ids() == []
