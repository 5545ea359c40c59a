"""The event log in SQL: games, their events with their global positions, command records and seeds."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from domain.core import PUBLIC, canonical_json
from storage.records import (
    FINISHED,
    AlreadyStored,
    Appended,
    CommandRecord,
    EventText,
    GameRecord,
    StoredEvent,
    VersionConflict,
    now,
)
from storage.sql.connection import Connection, SqlBackend

EVENT_COLUMNS = "game_id, seq, type, data, seat, command_id, visibility, prev_hash, hash, position, recorded_at"
COMMAND_COLUMNS = ("game_id, command_id, seat, bot, type, args, expected_version, first_seq, last_seq, fingerprint,"
                   " recorded_at")
GAME_COLUMNS = ("id, type, rules_version, status, version, head_hash, seed_commitment, seats, options, original_id,"
                " forked_from, created_at, updated_at, seed_source")


def event_of(row: Sequence[Any]) -> StoredEvent:
    visibility = row[6]
    return StoredEvent(row[0], row[1], row[2], row[3], row[4], row[5],
                       PUBLIC if visibility == PUBLIC else tuple(json.loads(visibility)), row[7], row[8], row[9],
                       row[10])


def command_of(row: Sequence[Any]) -> CommandRecord:
    return CommandRecord(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6], row[7], row[8], row[9],
                         row[10])


def game_of(row: Sequence[Any]) -> GameRecord:
    return GameRecord(row[0], row[1], row[2], row[3], row[4], row[5], row[6], json.loads(row[7]), json.loads(row[8]),
                      row[9], json.loads(row[10]) if row[10] else None, row[11], row[12], row[13])


def visibility_text(visibility: Any) -> str:
    """An event's visibility as stored: "public", or the JSON list of the seats that may read it."""
    return PUBLIC if visibility == PUBLIC else canonical_json(list(visibility))


def with_positions(events: Sequence[StoredEvent], last: int, stamp: str) -> tuple[StoredEvent, ...]:
    """The events numbered from the position after `last`, recorded at `stamp`."""
    return tuple(StoredEvent(e.game_id, e.seq, e.type, e.data_text, e.seat, e.command_id, e.visibility,
                             e.prev_hash, e.hash, last + offset, stamp)
                 for offset, e in enumerate(events, start=1))


class SqlEventLog(SqlBackend):
    """The `EventLog` part of the port (storage/port.py)."""

    def _insert_positioned(self, conn: Connection, events: Sequence[StoredEvent],
                           stamp: str) -> tuple[StoredEvent, ...]:
        """Take the events' positions and insert them: the last thing an append does before its commit."""
        positioned = self._positioned(conn, events, stamp)
        self._insert_events(conn, positioned)
        return positioned

    # -- reads ------------------------------------------------------------------------------

    def game(self, game_id: str) -> GameRecord | None:
        with self._reader() as conn:
            row = conn.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", [game_id]).fetchone()
        return game_of(row) if row else None

    def game_ids(self, type_: str | None = None, status: str | None = None) -> list[str]:
        sql, params = "SELECT id FROM games WHERE 1 = 1", []
        if type_ is not None:
            sql += " AND type = ?"
            params.append(type_)
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        with self._reader() as conn:
            return [row[0] for row in conn.execute(f"{sql} ORDER BY {self.STORED_ORDER}", params).fetchall()]

    def finished_games(self, after: int, limit: int, type_: str | None = None) -> list[tuple[int, str]]:
        sql, params = "SELECT finished_position, id FROM games WHERE finished_position > ?", [after]
        if type_ is not None:
            sql += " AND type = ?"
            params.append(type_)
        with self._reader() as conn:
            rows = conn.execute(f"{sql} ORDER BY finished_position LIMIT ?", [*params, limit]).fetchall()
        return [(int(row[0]), row[1]) for row in rows]

    def finished_count(self, after: int, type_: str | None = None) -> int:
        sql, params = "SELECT COUNT(*) FROM games WHERE finished_position > ?", [after]
        if type_ is not None:
            sql += " AND type = ?"
            params.append(type_)
        with self._reader() as conn:
            return int(conn.execute(sql, params).fetchone()[0])

    def imported_game(self, original_id: str, head_hash: str) -> str | None:
        with self._reader() as conn:
            row = conn.execute("SELECT id FROM games WHERE original_id = ? AND head_hash = ?",
                               [original_id, head_hash]).fetchone()
        return row[0] if row else None

    def events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"
        params: list[Any] = [game_id, after]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        with self._reader() as conn:
            return [event_of(row) for row in conn.execute(sql, params).fetchall()]

    def event_texts(self, game_id: str, after: int = 0) -> list[EventText]:
        with self._reader() as conn:
            rows = conn.execute(self.GAME_SINCE[1], [game_id, after]).fetchall()
        return rows  # type: ignore[no-any-return] - the driver's tuples, in EventText's order

    GAME_SINCE = (f"SELECT {GAME_COLUMNS} FROM games WHERE id = ? AND version > ?",
                  "SELECT seq, type, data, hash, seat, command_id, recorded_at FROM events"
                  " WHERE game_id = ? AND seq > ? ORDER BY seq")

    def game_since(self, game_id: str, after: int) -> tuple[GameRecord | None, list[EventText]]:
        with self._reader() as conn:
            texts = conn.execute(self.GAME_SINCE[1], [game_id, after]).fetchall()
            row = conn.execute(self.GAME_SINCE[0], [game_id, after]).fetchone()
        return (game_of(row) if row else None), texts

    def events_from(self, position: int, limit: int) -> list[StoredEvent]:
        with self._reader() as conn:
            rows = conn.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?",
                                [position, limit]).fetchall()
        return [event_of(row) for row in rows]

    def head_position(self) -> int:
        with self._reader() as conn:
            return int(conn.execute("SELECT COALESCE(MAX(position), 0) FROM events").fetchone()[0])

    def command(self, game_id: str, command_id: str) -> CommandRecord | None:
        with self._reader() as conn:
            return self._command(conn, game_id, command_id)

    @staticmethod
    def _command(conn: Connection, game_id: str, command_id: str) -> CommandRecord | None:
        row = conn.execute(f"SELECT {COMMAND_COLUMNS} FROM commands WHERE game_id = ? AND command_id = ?",
                           [game_id, command_id]).fetchone()
        return command_of(row) if row else None

    def commands(self, game_id: str) -> list[CommandRecord]:
        with self._reader() as conn:
            rows = conn.execute(f"SELECT {COMMAND_COLUMNS} FROM commands WHERE game_id = ? ORDER BY first_seq",
                                [game_id]).fetchall()
        return [command_of(row) for row in rows]

    def seed(self, game_id: str) -> str:
        with self._reader() as conn:
            return str(conn.execute("SELECT seed FROM game_seeds WHERE game_id = ?", [game_id]).fetchone()[0])

    # -- writes -----------------------------------------------------------------------------

    def create_game(self, game: GameRecord, seed: str, token_hashes: dict[int, str],
                    events: Sequence[StoredEvent], command: CommandRecord) -> tuple[StoredEvent, ...]:
        stamp = now()
        try:
            with self._writer() as conn:
                self._insert_game(conn, game, stamp)
                conn.execute("INSERT INTO game_seeds (game_id, seed) VALUES (?, ?)", [game.id, seed])
                self._insert_tokens(conn, game.id, token_hashes)
                self._insert_command(conn, command, stamp)
                # the positions last: on PostgreSQL the lock they take is held from here to the commit
                positioned = self._insert_positioned(conn, events, stamp)
                self._keep_finishing_position(conn, game.id, game.status, positioned)
        except self.INTEGRITY_ERRORS as clash:  # an id derived twice (a tournament's game), never a random one
            raise AlreadyStored(f"game {game.id} is stored already: {str(clash).strip()}") from clash
        return positioned

    def import_game(self, game: GameRecord, seed: str, events: Sequence[StoredEvent],
                    commands: Sequence[CommandRecord], token_hashes: dict[int, str] | None = None) -> None:
        stamp = now()
        with self._writer() as conn:
            self._insert_game(conn, game, stamp)
            conn.execute("INSERT INTO game_seeds (game_id, seed) VALUES (?, ?)", [game.id, seed])
            self._insert_tokens(conn, game.id, token_hashes or {})
            self._keep_finishing_position(conn, game.id, game.status, self._insert_positioned(conn, events, stamp))
            for command in commands:
                self._insert_command(conn, command, stamp)

    def restore_game(self, game: GameRecord, seed: str, token_hashes: dict[int, str], events: Sequence[StoredEvent],
                     commands: Sequence[CommandRecord]) -> tuple[StoredEvent, ...]:
        if any(e.game_id != game.id or e.recorded_at is None for e in events) or any(
                c.game_id != game.id for c in commands):
            raise ValueError("a restored game's events (each with its recorded_at) and commands are its own")
        try:
            with self._writer() as conn:
                if conn.execute("SELECT 1 FROM games WHERE id = ?", [game.id]).fetchone() is not None:
                    raise AlreadyStored(f"game {game.id} is stored already")
                self._insert_game(conn, game, game.created_at, game.updated_at)
                conn.execute("INSERT INTO game_seeds (game_id, seed) VALUES (?, ?)", [game.id, seed])
                self._insert_tokens(conn, game.id, token_hashes)
                # the positions are this database's (and, in PostgreSQL, taken under its position lock);
                # everything else of each event is the one it was stored with
                positioned = tuple(dataclasses.replace(taken, recorded_at=kept.recorded_at) for taken, kept in
                                   zip(self._positioned(conn, events, now()), events, strict=True))
                self._insert_events(conn, positioned)
                self._keep_finishing_position(conn, game.id, game.status, positioned)
                for command in commands:
                    self._insert_command(conn, command, command.recorded_at)
        except self.INTEGRITY_ERRORS as clash:
            raise AlreadyStored(f"game {game.id} clashes with stored rows: {str(clash).strip()}") from clash
        return positioned

    def append(self, game_id: str, expected_version: int, events: Sequence[StoredEvent], command: CommandRecord,
               status: str, token_hashes: dict[int, str] | None = None) -> Appended:
        try:
            return self._appended(game_id, expected_version, events, command, status, token_hashes or {}, now())
        except self.INTEGRITY_ERRORS:
            # A command id used before, at an earlier version, breaks the key of `commands`: the earlier outcome
            # stands, and the append's transaction was rolled back.
            with self._reader() as conn:
                earlier = self._command(conn, game_id, command.command_id)
            if earlier is None:
                raise
            return Appended(earlier, (), False)

    def _appended(self, game_id: str, expected_version: int, events: Sequence[StoredEvent], command: CommandRecord,
                  status: str, token_hashes: dict[int, str], stamp: str) -> Appended:
        """One append's transaction (the PostgreSQL backend sends it in a pipeline: storage/postgres.py)."""
        with self._writer() as conn:
            # The game row first: moving it on from the expected version locks it against every other
            # writer to this game until the commit (on PostgreSQL a racing UPDATE waits for this one, then
            # finds the version moved and updates nothing). One statement where a SELECT ... FOR UPDATE
            # and an UPDATE were two: the version check is the UPDATE's own WHERE.
            moved = conn.execute("UPDATE games SET version = ?, head_hash = ?, status = ?, updated_at = ?"
                                 " WHERE id = ? AND version = ?",
                                 [events[-1].seq, events[-1].hash, status, stamp, game_id, expected_version])
            if moved.rowcount != 1:
                return self._not_moved(conn, game_id, expected_version, command)
            self._insert_command(conn, command, stamp)
            self._insert_tokens(conn, game_id, token_hashes)
            # the positions last: on PostgreSQL the lock they take is held from here to the commit
            positioned = self._insert_positioned(conn, events, stamp)
            self._keep_finishing_position(conn, game_id, status, positioned)
        return Appended(command, positioned, True)

    def _not_moved(self, conn: Connection, game_id: str, expected_version: int, command: CommandRecord) -> Appended:
        """The game was not at the expected version: the retry of a command that moved it on gets that command's
        outcome; any other command, a conflict.

        Raises:
            VersionConflict: the command was not recorded before.
        """
        earlier = self._command(conn, game_id, command.command_id)
        if earlier is not None:
            return Appended(earlier, (), False)
        raise VersionConflict(expected_version, self._game_version(conn, game_id))

    @staticmethod
    def _keep_finishing_position(conn: Connection, game_id: str, status: str, positioned: Sequence[StoredEvent]) -> None:
        """A game that these events finish records the position of the last of them, where the bulk export
        finds it (in the writer's transaction, after its positions were taken: in order of commit). Taken once:
        the position a game finished at never moves."""
        if status == FINISHED and positioned:
            conn.execute("UPDATE games SET finished_position = ? WHERE id = ? AND finished_position IS NULL",
                         [positioned[-1].position, game_id])

    @staticmethod
    def _game_version(conn: Connection, game_id: str) -> int:
        return int(conn.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()[0])

    @staticmethod
    def _insert_game(conn: Connection, game: GameRecord, created_at: str, updated_at: str | None = None) -> None:
        conn.execute(
            f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [game.id, game.type, game.rules_version, game.status, game.version, game.head_hash, game.seed_commitment,
             canonical_json(game.seats), canonical_json(game.options), game.original_id,
             canonical_json(game.forked_from) if game.forked_from else None, created_at,
             created_at if updated_at is None else updated_at, game.seed_source],
        )

    @staticmethod
    def _insert_tokens(conn: Connection, game_id: str, token_hashes: dict[int, str]) -> None:
        if token_hashes:
            conn.executemany("INSERT INTO seat_tokens (token_hash, game_id, seat) VALUES (?, ?, ?)",
                             [(token_hash, game_id, seat) for seat, token_hash in sorted(token_hashes.items())])

    @staticmethod
    def _insert_events(conn: Connection, events: Sequence[StoredEvent]) -> None:
        conn.executemany(
            f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(e.game_id, e.seq, e.type, e.data_text, e.seat, e.command_id,
              visibility_text(e.visibility), e.prev_hash, e.hash,
              e.position, e.recorded_at) for e in events],
        )

    @staticmethod
    def _insert_command(conn: Connection, command: CommandRecord, stamp: str | None) -> None:
        conn.execute(
            f"INSERT INTO commands ({COMMAND_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [command.game_id, command.command_id, command.seat, command.bot, command.type,
             canonical_json(command.args), command.expected_version, command.first_seq, command.last_seq,
             command.fingerprint, stamp],
        )
