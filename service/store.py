"""The event store: append-only game logs in SQLite with optimistic concurrency.

Every accepted command is one `BEGIN IMMEDIATE` transaction holding its events
(seq numbered from the version the command was decided on), the command record
and the game's new version and head hash. A stale expected version is a
`VersionConflict`; a repeated command id returns the first outcome.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import sqlite_utils

from domain.core import PUBLIC, Visibility, canonical_json
from service.database import write_lock


class VersionConflict(Exception):
    """The game moved on: the command was decided on `expected` but the log is at `current`."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"expected version {expected}, but the game is at version {current}")
        self.expected = expected
        self.current = current


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


@dataclasses.dataclass(frozen=True, slots=True)
class GameRecord:
    """One row of `games`: a game's identity, status and head."""

    id: str
    type: str
    rules_version: int
    status: str
    version: int
    head_hash: str
    seed_commitment: str
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    original_id: str
    forked_from: dict[str, Any] | None
    created_at: str
    updated_at: str

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> GameRecord:
        return cls(
            id=row["id"],
            type=row["type"],
            rules_version=row["rules_version"],
            status=row["status"],
            version=row["version"],
            head_hash=row["head_hash"],
            seed_commitment=row["seed_commitment"],
            seats=json.loads(row["seats"]),
            options=json.loads(row["options"]),
            original_id=row["original_id"],
            forked_from=json.loads(row["forked_from"]) if row["forked_from"] else None,
            created_at=row["created_at"],
            updated_at=row["updated_at"],
        )


@dataclasses.dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event with its envelope."""

    game_id: str
    seq: int
    type: str
    data: Any
    seat: int | None
    command_id: str | None
    visibility: Visibility
    prev_hash: str
    hash: str
    position: int | None = None
    recorded_at: str | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.visibility == PUBLIC or (seat is not None and seat in self.visibility)

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> StoredEvent:
        visibility = row["visibility"]
        return cls(
            game_id=row["game_id"],
            seq=row["seq"],
            type=row["type"],
            data=json.loads(row["data"]),
            seat=row["seat"],
            command_id=row["command_id"],
            visibility=PUBLIC if visibility == PUBLIC else tuple(json.loads(visibility)),
            prev_hash=row["prev_hash"],
            hash=row["hash"],
            position=row["position"],
            recorded_at=row["recorded_at"],
        )


@dataclasses.dataclass(frozen=True, slots=True)
class CommandRecord:
    """An accepted command as recorded beside its events."""

    game_id: str
    command_id: str
    seat: int | None
    bot: str | None
    type: str
    args: dict[str, Any]
    expected_version: int
    first_seq: int
    last_seq: int
    fingerprint: str
    response: dict[str, Any]
    recorded_at: str | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> CommandRecord:
        return cls(
            game_id=row["game_id"],
            command_id=row["command_id"],
            seat=row["seat"],
            bot=row["bot"],
            type=row["type"],
            args=json.loads(row["args"]),
            expected_version=row["expected_version"],
            first_seq=row["first_seq"],
            last_seq=row["last_seq"],
            fingerprint=row["fingerprint"],
            response=json.loads(row["response"]),
            recorded_at=row["recorded_at"],
        )


_INSERT_EVENT = (
    "INSERT INTO events (position, game_id, seq, type, data, seat, command_id, visibility, prev_hash, hash,"
    " recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_COMMAND = (
    "INSERT INTO commands (game_id, command_id, seat, bot, type, args, expected_version, first_seq, last_seq,"
    " fingerprint, response, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


class EventStore:
    """Reads and appends game logs through one SQLite connection."""

    def __init__(self, db: sqlite_utils.Database) -> None:
        self.db = db
        self.conn: sqlite3.Connection = db.conn
        self.path: str = getattr(db, "trailhead_path", ":memory:")

    def _rows(self, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        cursor = self.conn.execute(sql, params)
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]

    # -- reads -------------------------------------------------------------------------

    def game(self, game_id: str) -> GameRecord | None:
        rows = self._rows("SELECT * FROM games WHERE id = ?", [game_id])
        return GameRecord.from_row(rows[0]) if rows else None

    def events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        sql = "SELECT * FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"
        params: list[Any] = [game_id, after]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [StoredEvent.from_row(row) for row in self._rows(sql, params)]

    def events_from(self, position: int, limit: int) -> list[StoredEvent]:
        """Events of every game after a global position, in position order (what projections read)."""
        rows = self._rows("SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?", [position, limit])
        return [StoredEvent.from_row(row) for row in rows]

    def event_data(self, game_id: str, after: int = 0) -> list[tuple[int, str, Any, str]]:
        """(seq, type, data, hash) of the events after `after`: the lean read a fold needs."""
        rows = self.conn.execute(
            "SELECT seq, type, data, hash FROM events WHERE game_id = ? AND seq > ? ORDER BY seq", [game_id, after]
        ).fetchall()
        # one JSON array parsed at once costs less than a parse per row
        datas = json.loads("[" + ",".join([row[2] for row in rows]) + "]")
        return [(seq, type_, data, digest) for (seq, type_, _, digest), data in zip(rows, datas, strict=True)]

    def command(self, game_id: str, command_id: str) -> CommandRecord | None:
        rows = self._rows("SELECT * FROM commands WHERE game_id = ? AND command_id = ?", [game_id, command_id])
        return CommandRecord.from_row(rows[0]) if rows else None

    def commands(self, game_id: str) -> list[CommandRecord]:
        rows = self._rows("SELECT * FROM commands WHERE game_id = ? ORDER BY first_seq", [game_id])
        return [CommandRecord.from_row(row) for row in rows]

    def seed(self, game_id: str) -> str:
        return self.conn.execute("SELECT seed FROM game_seeds WHERE game_id = ?", [game_id]).fetchone()[0]

    def token_owner(self, token_hash: str) -> tuple[str, int] | None:
        row = self.conn.execute("SELECT game_id, seat FROM seat_tokens WHERE token_hash = ?", [token_hash]).fetchone()
        return (row[0], row[1]) if row else None

    # -- writes ------------------------------------------------------------------------

    def create_game(
        self,
        game: GameRecord,
        seed: str,
        token_hashes: dict[int, str],
        events: Sequence[StoredEvent],
        command: CommandRecord,
    ) -> None:
        """Write a new game, its seed, its seat tokens and its opening events atomically."""
        stamp = now()
        with self._immediate():
            self._insert_game(game, stamp)
            self.conn.execute("INSERT INTO game_seeds (game_id, seed) VALUES (?, ?)", [game.id, seed])
            self.conn.executemany(
                "INSERT INTO seat_tokens (token_hash, game_id, seat) VALUES (?, ?, ?)",
                [(token_hash, game.id, seat) for seat, token_hash in sorted(token_hashes.items())],
            )
            self._insert(self._positioned(events, stamp), command, stamp)

    def import_game(
        self, game: GameRecord, seed: str, events: Sequence[StoredEvent], commands: Sequence[CommandRecord]
    ) -> None:
        """Write an imported (finished, verified) game with all its events and command records atomically."""
        stamp = now()
        with self._immediate():
            self._insert_game(game, stamp)
            self.conn.execute("INSERT INTO game_seeds (game_id, seed) VALUES (?, ?)", [game.id, seed])
            positioned = self._positioned(events, stamp)
            self._insert(positioned, commands[0], stamp)
            for command in commands[1:]:
                self._insert_command(command, stamp)

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[StoredEvent],
        command: Callable[[list[StoredEvent]], CommandRecord],
        status: str,
    ) -> tuple[CommandRecord, bool]:
        """Append one command's events if the game is still at `expected_version`.

        `command` builds the command record (with its response) from the events as
        stored, global positions and times included. Returns the command record that
        stands and whether it is new: False when a command with the same id committed
        meanwhile, whose first outcome stands.

        Raises:
            VersionConflict: the game is no longer at `expected_version`.
        """
        stamp = now()
        with self._immediate():
            command_id = events[0].command_id
            earlier = self.command(game_id, command_id) if command_id is not None else None
            if earlier is not None:
                return earlier, False
            (current,) = self.conn.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
            if current != expected_version:
                raise VersionConflict(expected_version, current)
            positioned = self._positioned(events, stamp)
            record = command(positioned)
            self._insert(positioned, record, stamp)
            self.conn.execute(
                "UPDATE games SET version = ?, head_hash = ?, status = ?, updated_at = ? WHERE id = ?",
                [events[-1].seq, events[-1].hash, status, stamp, game_id],
            )
        return record, True

    def _positioned(self, events: Sequence[StoredEvent], stamp: str) -> list[StoredEvent]:
        """The events with their global positions, taken under the write lock, and their time."""
        (last,) = self.conn.execute("SELECT COALESCE(MAX(position), 0) FROM events").fetchone()
        return [
            dataclasses.replace(event, position=last + offset, recorded_at=stamp)
            for offset, event in enumerate(events, start=1)
        ]

    def _insert_game(self, game: GameRecord, stamp: str) -> None:
        self.conn.execute(
            "INSERT INTO games (id, type, rules_version, status, version, head_hash, seed_commitment, seats,"
            " options, original_id, forked_from, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                game.id,
                game.type,
                game.rules_version,
                game.status,
                game.version,
                game.head_hash,
                game.seed_commitment,
                canonical_json(game.seats),
                canonical_json(game.options),
                game.original_id,
                canonical_json(game.forked_from) if game.forked_from else None,
                stamp,
                stamp,
            ],
        )

    def _insert(self, events: Sequence[StoredEvent], command: CommandRecord, stamp: str) -> None:
        self.conn.executemany(
            _INSERT_EVENT,
            [
                (
                    e.position,
                    e.game_id,
                    e.seq,
                    e.type,
                    canonical_json(e.data),
                    e.seat,
                    e.command_id,
                    PUBLIC if e.visibility == PUBLIC else canonical_json(list(e.visibility)),
                    e.prev_hash,
                    e.hash,
                    stamp,
                )
                for e in events
            ],
        )
        self._insert_command(command, stamp)

    def _insert_command(self, command: CommandRecord, stamp: str) -> None:
        self.conn.execute(
            _INSERT_COMMAND,
            [
                command.game_id,
                command.command_id,
                command.seat,
                command.bot,
                command.type,
                canonical_json(command.args),
                command.expected_version,
                command.first_seq,
                command.last_seq,
                command.fingerprint,
                canonical_json(command.response),
                stamp,
            ],
        )

    def _immediate(self) -> contextlib.AbstractContextManager[None]:
        return immediate(self.conn, self.path)


@contextlib.contextmanager
def immediate(conn: sqlite3.Connection, path: str) -> Iterator[None]:
    """BEGIN IMMEDIATE ... COMMIT (ROLLBACK on any exception), writers queued by the write lock."""
    with write_lock(path):
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
