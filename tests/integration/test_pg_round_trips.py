"""Round trips to PostgreSQL per command through the message bus (issue 32): at most 4 for an accepted one, and
the commands refused on the way (a conflict, a reused id, a statement failing with the COMMIT) roll back whole.

Counted on the thread that handles the command (tests/support/round_trips.py), the projector's thread apart.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from application.container import Trailhead
from application.handler import CommandIdReused
from bootstrap import bootstrap
from domain.core import SeatConfig
from storage import PostgresStorage, VersionConflict
from support.databases import TestDatabases, rows
from support.round_trips import CountingConnection, counted
from support.toy import SPEC as TOY

MOST_ROUND_TRIPS = 4


@pytest.fixture
def served(postgres: TestDatabases, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Trailhead, str]]:
    """A host's container (inline jobs) on a fresh schema, its connections counting their round trips."""
    monkeypatch.setattr(PostgresStorage, "connection_class", CountingConnection)
    with postgres.schema() as url:
        trailhead = bootstrap({"DATABASE": url, "REDIS_URL": "", "CLIENT_SEEDS": "exact"}, games=(TOY,))
        try:
            yield trailhead, url
        finally:
            trailhead.close()


def next_command(trailhead: Trailhead, game_id: str) -> tuple[int, str, dict[str, Any]]:
    """The seat to act and its first legal command, as a client sends it."""
    game = trailhead.bus.games.load(game_id)
    seat = game.to_act()[0]
    return seat, *TOY.commands.encode(TOY.legal_commands(game.state, seat)[0])


def stored(url: str, game_id: str) -> tuple[Any, ...]:
    """What a command changes: the game's version, its events and commands, the last global position."""
    return (rows(url, "SELECT version FROM games WHERE id = ?", [game_id])[0][0],
            rows(url, "SELECT COUNT(*) FROM events WHERE game_id = ?", [game_id])[0][0],
            rows(url, "SELECT COUNT(*) FROM commands WHERE game_id = ?", [game_id])[0][0],
            rows(url, "SELECT last FROM event_positions")[0][0])


def test_an_accepted_command_takes_at_most_four_round_trips_and_a_refused_one_rolls_back_whole(
        served: tuple[Trailhead, str]) -> None:
    trailhead, url = served
    bus = trailhead.bus
    game_id = bus.create("toy", [SeatConfig(name="ann"), SeatConfig(name="bob")], {"pile": 50}, "trips").game.record.id

    trips = []
    for step in range(4):
        seat, type_, args = next_command(trailhead, game_id)
        expected = bus.games.load(game_id).version
        with counted() as sent:
            committed = bus.submit(game_id, seat, type_, args, expected_version=expected, command_id=f"c{step}")
        assert committed.new and committed.events[0].seq == expected + 1
        trips.append(sent["round_trips"])
    # 2 today: the append in two (the game this process cached at the expected version is not read again)
    assert max(trips) <= MOST_ROUND_TRIPS, trips
    before = stored(url, game_id)

    seat, type_, args = next_command(trailhead, game_id)
    stale = dataclasses.replace(trailhead.store.command(game_id, "c3"), command_id="stale")  # type: ignore[arg-type]
    with pytest.raises(VersionConflict):  # a stale expected version, refused by the append itself
        trailhead.store.append(game_id, stale.expected_version, committed.events, stale, "active")
    retried = bus.submit(game_id, 0, "Bid", {"amount": 0}, command_id="c0")  # a retry: its first outcome, again
    assert not retried.new and retried.events[0].seq == 4
    with pytest.raises(CommandIdReused):  # legal now, so refused by the key of `commands` in the append
        bus.submit(game_id, seat, type_, args, command_id="c0")
    assert stored(url, game_id) == before

    # A statement sent with the COMMIT fails (the next seq taken by hand): the game row, the command record and
    # the positions taken in the same transaction are rolled back, and the connection serves the next command.
    with psycopg.connect(url, autocommit=True) as raw:
        raw.execute("INSERT INTO events (position, game_id, seq, type, data, visibility, prev_hash, hash,"
                    " recorded_at) VALUES (-1, %s, %s, 'Squatter', '{}', 'public', '', '', '')",
                    [game_id, before[0] + 1])
    with pytest.raises(psycopg.IntegrityError):
        bus.submit(game_id, seat, type_, args, expected_version=before[0], command_id="blocked")
    assert stored(url, game_id) == (before[0], before[1] + 1, before[2], before[3])
    with psycopg.connect(url, autocommit=True) as raw:
        raw.execute("DELETE FROM events WHERE position = -1")
    with counted() as sent:
        committed = bus.submit(game_id, seat, type_, args, expected_version=before[0], command_id="unblocked")
    assert committed.new and sent["round_trips"] <= MOST_ROUND_TRIPS
    positions = [row[0] for row in rows(url, "SELECT position FROM events ORDER BY position")]
    assert positions == list(range(1, len(positions) + 1))  # none lost to the rolled-back appends, none twice
