"""The event store on a real SQLite file: a command handler per connection, and checks of a stored log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from support.toy import SPEC as TOY

from application.chain import GENESIS_HASH, event_hash, salt_for
from application.handler import GameService, StateCache
from application.settings import registry_of
from storage import SqliteStorage
from storage.sqlite import connect


def open_service(db_path: Path | str) -> GameService:
    """A command handler on its own storage of the SQLite file (one per thread or process)."""
    store = SqliteStorage(db_path)
    store.migrate()
    return GameService(store, registry_of((TOY,)), StateCache(), client_seeds="exact")


def submitted(games: GameService, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """The body a command's 201 carries: what `games.submit` committed, as the API answers it."""
    return games.submit(*args, **kwargs).response()


def event_rows(db_path: Path | str, game_id: str | None = None) -> list[dict[str, Any]]:
    """The stored events, read straight from the SQLite file, in seq order per game."""
    db = connect(db_path)
    try:
        select = "SELECT events.*, game_seeds.seed AS _seed FROM events JOIN game_seeds USING (game_id)"
        if game_id is None:
            return list(db.query(f"{select} ORDER BY position"))
        return list(db.query(f"{select} WHERE game_id = ? ORDER BY seq", [game_id]))
    finally:
        db.conn.close()


def assert_sound_log(rows: list[dict[str, Any]]) -> None:
    """seq is 1..N without gaps, the hash chain verifies from GENESIS_HASH, positions strictly increase."""
    assert [row["seq"] for row in rows] == list(range(1, len(rows) + 1))
    prev = GENESIS_HASH
    for row in rows:
        assert row["prev_hash"] == prev, f"seq {row['seq']}: prev_hash does not link to the previous event"
        visibility = "public" if row["visibility"] == "public" else json.loads(row["visibility"])
        salt = salt_for(visibility, row["_seed"], row["seq"])  # hidden events are salted from the seed
        expected = event_hash(prev, row["seq"], row["type"], json.loads(row["data"]), row["seat"], row["command_id"],
                              salt)
        assert row["hash"] == expected, f"seq {row['seq']}: hash does not verify"
        prev = row["hash"]
    positions = [row["position"] for row in rows]
    assert all(a < b for a, b in zip(positions, positions[1:])), positions
