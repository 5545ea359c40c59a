"""A game's log as the audit reads it: raw event rows, command records, and the seed if revealed.

The same shape comes from the event store (a stored game) and from a replay
document (an import), so one audit serves both. Event data is kept as the text
that was stored, so a changed byte is seen even where it still parses.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import sqlite_utils

FORMAT = "trailhead-replay"
FORMAT_VERSION = 1


@dataclasses.dataclass(frozen=True, slots=True)
class RawEvent:
    """One event as recorded: its data as stored text, not yet trusted."""

    seq: int
    type: str
    data_text: str
    seat: int | None
    command_id: str | None
    visibility: Any
    prev_hash: str
    hash: str

    def data(self) -> Any:
        """The parsed data; raises ValueError if the stored text is not JSON."""
        return json.loads(self.data_text)


@dataclasses.dataclass(frozen=True, slots=True)
class RecordedCommand:
    """A command record: which command produced which seq range, decided on which version."""

    command_id: str
    seat: int | None
    bot: str | None
    type: str
    args: dict[str, Any]
    expected_version: int
    first_seq: int
    last_seq: int


@dataclasses.dataclass(frozen=True, slots=True)
class GameLog:
    """Everything an audit needs about one game."""

    game_type: str
    events: tuple[RawEvent, ...]
    commands: tuple[RecordedCommand, ...]
    seed: str | None
    finished: bool
    source_events: tuple[RawEvent, ...] | None = None  # a fork's source game, when it is at hand
    salt_seed: str | None = None  # the server's own copy, to check hidden events' salted hashes; never shown


def log_from_store(db: sqlite_utils.Database, game_id: str, reveal_seed: bool) -> GameLog:
    """The stored log of `game_id`; the seed only when `reveal_seed` (the game has ended)."""
    game = db.conn.execute("SELECT type, status, forked_from FROM games WHERE id = ?", [game_id]).fetchone()
    rows = db.conn.execute(
        "SELECT seq, type, data, seat, command_id, visibility, prev_hash, hash FROM events WHERE game_id = ?"
        " ORDER BY seq",
        [game_id],
    ).fetchall()
    events = tuple(
        RawEvent(row[0], row[1], row[2], row[3], row[4], row[5] if row[5] == "public" else json.loads(row[5]), row[6],
                 row[7])
        for row in rows
    )
    commands = tuple(
        RecordedCommand(row[0], row[1], row[2], row[3], json.loads(row[4]), row[5], row[6], row[7])
        for row in db.conn.execute(
            "SELECT command_id, seat, bot, type, args, expected_version, first_seq, last_seq FROM commands"
            " WHERE game_id = ? ORDER BY first_seq",
            [game_id],
        )
    )
    secret = db.conn.execute("SELECT seed FROM game_seeds WHERE game_id = ?", [game_id]).fetchone()[0]
    seed = secret if reveal_seed else None
    source = None
    if game[2]:
        forked = json.loads(game[2])
        if db.conn.execute("SELECT 1 FROM games WHERE id = ?", [forked["game_id"]]).fetchone():
            source = log_from_store(db, forked["game_id"], reveal_seed=False).events
    return GameLog(game[0], events, commands, seed, game[1] == "finished", source, salt_seed=secret)


def event_json(event: RawEvent) -> dict[str, Any]:
    return {
        "seq": event.seq,
        "type": event.type,
        "data": event.data(),
        "seat": event.seat,
        "command_id": event.command_id,
        "visibility": event.visibility,
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }


def command_json(command: RecordedCommand) -> dict[str, Any]:
    return dataclasses.asdict(command)
