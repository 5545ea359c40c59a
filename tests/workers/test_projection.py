"""The read-model projection on a real database (each backend): converges, applies once, halts visibly."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner

from application.chain import event_hash
from application.projections import PROJECTION, Projector
from service.cli import main
from storage import open_storage
from storage.postgres import is_postgresql_url
from support.databases import connected, rows

from .conftest import REGISTRY, open_games, play_bot_game, snapshot

pytestmark = pytest.mark.both_backends  # checkpoints written in each backend's transactions, projectors racing

Rebuilt = Callable[[str], dict[str, list[Any]]]


def build_log(database: str, games_count: int = 4, toy: bool = True) -> list[str]:
    games = open_games(database)
    ids = [play_bot_game(games, "hikes-of-the-west", f"seed-{i}") for i in range(games_count)]
    if toy:
        ids.append(play_bot_game(games, "toy", "toy-seed", seats=2))
    return ids


def games_played(database: str) -> int:
    return int(rows(database, "SELECT SUM(games_played) FROM player_stats")[0][0])


def test_a_catch_up_equals_a_rebuild_from_scratch(database: str, rebuilt_snapshot: Rebuilt) -> None:
    ids = build_log(database)
    store = open_storage(database)
    outcome = Projector(REGISTRY).run(store)
    assert outcome.halted_at is None
    assert outcome.applied == rows(database, "SELECT COUNT(*) FROM events")[0][0]
    assert snapshot(database) == rebuilt_snapshot(database)
    summaries, _ = store.summaries(None, None, None, 50, None)
    assert sorted(s["id"] for s in summaries) == sorted(ids)
    assert all(s["status"] == "finished" for s in summaries)
    assert games_played(database) == 4 + 2  # four solo games, one game of two seats


def test_a_second_run_applies_nothing_and_changes_nothing(database: str) -> None:
    build_log(database, 2)
    store = open_storage(database)
    Projector(REGISTRY).run(store)
    before = snapshot(database)
    again = Projector(REGISTRY).run(store)
    assert again.applied == 0
    assert snapshot(database) == before


def test_two_projectors_at_once_apply_each_event_once(database: str, rebuilt_snapshot: Rebuilt) -> None:
    build_log(database, 6)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def project() -> None:
        store = open_storage(database)  # a storage (and so a connection) of each thread's own
        try:
            barrier.wait()
            Projector(REGISTRY).run(store)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            store.close()

    threads = [threading.Thread(target=project) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert snapshot(database) == rebuilt_snapshot(database)


def test_projection_follows_a_game_incrementally(database: str, rebuilt_snapshot: Rebuilt) -> None:
    """Runs between commands (as the jobs do) give the same read models as one run at the end."""
    games = open_games(database)
    store = open_storage(database)
    projector = Projector(REGISTRY)
    from domain.core import SeatConfig

    game = games.create("toy", [SeatConfig(name="Ann"), SeatConfig(name="Bob")], {"pile": 3}, "inc").game
    projector.run(store)
    assert rows(database, "SELECT status, to_act, version FROM game_summaries") == [("active", "[0,1]", game.version)]
    for seat, (type_, args) in [(0, ("Bid", {"amount": 1})), (1, ("Bid", {"amount": 0})), (0, ("Take", {"count": 2})),
                                (1, ("Take", {"count": 1}))]:
        games.submit(game.record.id, seat, type_, args)
        projector.run(store)
    assert rows(database, "SELECT status FROM game_summaries") == [("finished",)]
    assert snapshot(database) == rebuilt_snapshot(database)


def test_two_processes_projecting_in_turn_fold_only_what_the_other_missed(database: str, rebuilt_snapshot: Rebuilt,
                                                                         monkeypatch) -> None:
    """As gunicorn's two workers do: each projector folds forward from where it last saw a game,
    never from the game's first event again."""
    from domain.core import SeatConfig

    games = open_games(database)
    store = open_storage(database)
    first, second = Projector(REGISTRY), Projector(REGISTRY)
    game = games.create("toy", [SeatConfig(name="Ann"), SeatConfig(name="Bob")], {"pile": 3}, "turns").game
    first.run(store)
    second.run(store)
    reads: list[tuple[int, int | None]] = []
    events = store.events

    def counted(game_id: str, after: int = 0, limit: int | None = None):  # type: ignore[no-untyped-def]
        reads.append((after, limit))
        return events(game_id, after, limit)

    monkeypatch.setattr(store, "events", counted)
    moves = [(0, ("Bid", {"amount": 1})), (1, ("Bid", {"amount": 0})), (0, ("Take", {"count": 2})),
             (1, ("Take", {"count": 1}))]
    for turn, (seat, (type_, args)) in enumerate(moves):
        games.submit(game.record.id, seat, type_, args)
        (first if turn % 2 else second).run(store)
    # `second` never saw the game (its first run found nothing new): one fold of the opening
    # events; after that, each run reads only the one event the other projector applied.
    assert reads == [(0, 3), (3, 1), (4, 1), (5, 1)]
    assert rows(database, "SELECT status FROM game_summaries") == [("finished",)]
    assert snapshot(database) == rebuilt_snapshot(database)


def append_bogus_event(database: str, game_id: str) -> int:
    """An event no game can apply, appended with a valid hash (as a bad migration might); its position."""
    with connected(database) as conn:
        seq, head = conn.execute("SELECT version, head_hash FROM games WHERE id = ?", [game_id]).fetchone()
        if is_postgresql_url(database):  # PostgreSQL's positions come from their counter row
            (position,) = conn.execute("UPDATE event_positions SET last = last + 1 RETURNING last").fetchone()
        else:
            (position,) = conn.execute("SELECT COALESCE(MAX(position), 0) + 1 FROM events").fetchone()
        digest = event_hash(head, seq + 1, "Bogus", {}, None, None)
        conn.execute(
            "INSERT INTO events (position, game_id, seq, type, data, seat, command_id, visibility, prev_hash, hash,"
            " recorded_at) VALUES (?, ?, ?, 'Bogus', '{}', NULL, NULL, 'public', ?, ?, '2026-01-01T00:00:00Z')",
            [position, game_id, seq + 1, head, digest],
        )
        conn.execute("UPDATE games SET version = ?, head_hash = ? WHERE id = ?", [seq + 1, digest, game_id])
    return int(position)


def test_an_event_that_cannot_be_applied_halts_the_projection_visibly(database: str, client_for) -> None:
    ids = build_log(database, 2)
    bad = append_bogus_event(database, ids[0])
    games = open_games(database)
    later = play_bot_game(games, "hikes-of-the-west", "after-the-bad-one")
    assert games.store.head_position() > bad  # the bad event is not the last: the projection must stop before
    store = open_storage(database)
    outcome = Projector(REGISTRY).run(store)
    assert outcome.halted_at == bad
    assert "Bogus" in (outcome.error or "")
    mark = store.checkpoint(PROJECTION)
    assert (mark.position, mark.halted_at) == (bad - 1, bad)
    assert not rows(database, "SELECT 1 FROM game_summaries WHERE id = ?", [later])
    again = Projector(REGISTRY).run(store)
    assert again.applied == 0 and again.halted_at == bad
    health = client_for(database).get("/healthz").get_json()
    assert health["status"] == "failing"
    assert health["reasons"] == [{"check": "projection", "status": "failing",
                                  "detail": f"halted at position {bad}: {mark.error}"}]
    assert health["projection"]["halted_at"] == bad and "Bogus" in health["projection"]["error"]
    shown = CliRunner().invoke(main, ["jobs"], env={"TRAILHEAD_DB": database, "REDIS_URL": ""})
    assert shown.exit_code == 0 and f"HALTED at position {bad}" in shown.output
    assert "health: failing" in shown.output and f"failing: projection: halted at position {bad}" in shown.output


def test_the_rebuild_command_refolds_the_log(database: str) -> None:
    build_log(database, 2, toy=False)
    store = open_storage(database)
    Projector(REGISTRY).run(store)
    before = snapshot(database)
    with connected(database) as conn:
        conn.execute("DELETE FROM player_stats")
    assert snapshot(database)["player_stats"] == []
    rebuilt = CliRunner().invoke(main, ["projections", "rebuild"], env={"TRAILHEAD_DB": database, "REDIS_URL": ""})
    assert rebuilt.exit_code == 0, rebuilt.output
    assert "events applied" in rebuilt.output
    after = snapshot(database)
    assert after["player_stats"] == before["player_stats"]
    assert after == before
