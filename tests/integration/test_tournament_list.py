"""The list of tournaments (GET /tournaments) is read from their rows in one read, which hold what it shows
(issue 30): the same summaries as folding each stream, for tournaments open, withdrawn from, running and
finished, and a row written before migration 9 (its counts NULL) is folded instead."""

from __future__ import annotations

import time

import pytest

from application.container import Trailhead
from application.tournaments import entry
from application.tournaments.documents import listed, summary
from application.tournaments.stream import load


@pytest.fixture
def app(embedded: Trailhead) -> Trailhead:
    return embedded


def folded(app: Trailhead, status: str | None = None) -> list[dict[str, object]]:
    return [summary(load(app.store, tournament_id)) for tournament_id in app.store.tournament_ids(status)]


@pytest.mark.both_backends  # the columns, on both
def test_the_list_from_the_rows_is_the_list_from_the_streams(app: Trailhead) -> None:
    open_ = entry.create(app.bus, {"type": "hike", "format": "round_robin", "name": "Open", "seats_per_game": 2,
                                   "turn_seconds": 600, "entrants": [{"bot": "random"}] * 2}, None)
    done = entry.create(app.bus, {"type": "nanga-parbat", "format": "swiss", "name": "Done", "seats_per_game": 2,
                                  "rounds": 2, "entrants": [{"bot": "random"}] * 5}, None)
    entry.start(app.bus, done.loaded.record.id, done.creator_token, None)
    ends = time.monotonic() + 30
    while load(app.store, done.loaded.record.id).record.status != "finished":
        assert time.monotonic() < ends
        time.sleep(0.05)
    assert app.runner.wait_idle(30)  # type: ignore[attr-defined]
    rows = listed(app.store, None)
    assert rows == folded(app) and len(rows) == 2
    assert [(row["entrant_count"], row["rounds_played"], row["seats_per_game"]) for row in rows] == [(2, 0, 2),
                                                                                                       (5, 2, 2)]
    assert listed(app.store, "finished") == folded(app, "finished") and listed(app.store, "running") == []
    assert open_.loaded.record.entrant_count == 2


def test_a_row_written_before_migration_9_is_folded(app: Trailhead) -> None:
    created = entry.create(app.bus, {"type": "hike", "format": "round_robin", "name": "Old", "seats_per_game": 2,
                                     "entrants": [{"bot": "random"}] * 3}, None)
    with app.store._writer() as conn:  # type: ignore[attr-defined]  # as migration 9 leaves an older row
        conn.execute("UPDATE tournaments SET seats_per_game = NULL, entrant_count = NULL, rounds_played = NULL")
    assert app.store.tournament(created.loaded.record.id).entrant_count is None  # type: ignore[union-attr]
    assert listed(app.store, None) == folded(app) and listed(app.store, None)[0]["entrant_count"] == 3
