"""The event store on a real database (either backend): a command handler per storage, and checks of a stored log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from support.toy import SPEC as TOY

from application.chain import GENESIS_HASH, event_hash, salt_for
from application.handler import GameService, StateCache
from application.settings import registry_of
from domain.core import canonical_json
from storage import open_storage


def open_service(database: Path | str) -> GameService:
    """A command handler on its own storage of the database (one per thread or process)."""
    store = open_storage(str(database))
    store.migrate()
    return GameService(store, registry_of((TOY,)), StateCache(), client_seeds="exact")


def submitted(games: GameService, *args: Any, **kwargs: Any) -> dict[str, Any]:
    """The body a command's 201 carries: what `games.submit` committed, as the API answers it."""
    return games.submit(*args, **kwargs).response()


def event_rows(database: Path | str, game_id: str | None = None) -> list[dict[str, Any]]:
    """The stored events with their game's seed, on a storage of their own: one game's in seq order, or all in
    position order."""
    store = open_storage(str(database))
    try:
        events = store.events(game_id) if game_id is not None else store.events_from(0, 1 << 62)
        seeds = {game: store.seed(game) for game in {event.game_id for event in events}}
        return [{"position": e.position, "game_id": e.game_id, "seq": e.seq, "type": e.type, "data": e.data_text,
                 "seat": e.seat, "command_id": e.command_id,
                 "visibility": e.visibility if e.visibility == "public" else canonical_json(list(e.visibility)),
                 "prev_hash": e.prev_hash, "hash": e.hash, "recorded_at": e.recorded_at, "_seed": seeds[e.game_id]}
                for e in events]
    finally:
        store.close()


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
