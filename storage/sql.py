"""The storage port's SQL, shared by the SQLite and PostgreSQL backends.

Both backends run the same statements, written with `?` placeholders (the PostgreSQL
backend turns them into psycopg's `%s`). What differs lives in the backends: how a
connection is had (a thread's own SQLite connection; a psycopg pool), how writers are
serialised and global positions taken (SQLite's one writer at a time; a row lock on the
game and on the position counter in PostgreSQL), the schema's DDL and the
projection's lock.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Sequence
from typing import Any, Protocol

from domain.core import PUBLIC, canonical_json
from storage.migrations import MIGRATIONS
from storage.records import (
    BOT_TO_ACT,
    FINISHED,
    HALTED_BOT,
    NO_BOT,
    AlreadyStored,
    Appended,
    Checkpoint,
    CommandRecord,
    EventText,
    GameRecord,
    GameSummary,
    Rating,
    StoredEvent,
    VersionConflict,
    now,
)

EVENT_COLUMNS = "game_id, seq, type, data, seat, command_id, visibility, prev_hash, hash, position, recorded_at"
COMMAND_COLUMNS = ("game_id, command_id, seat, bot, type, args, expected_version, first_seq, last_seq, fingerprint,"
                   " recorded_at")
GAME_COLUMNS = ("id, type, rules_version, status, version, head_hash, seed_commitment, seats, options, original_id,"
                " forked_from, created_at, updated_at, seed_source")
READ_MODEL_TABLES = ("game_summaries", "summary_seats", "player_stats", "ratings")
TOKEN_OWNERS_KEPT = 4096  # token owners found, kept per storage (SqlStorage.token_owner)


class Cursor(Protocol):
    rowcount: int

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Connection(Protocol):
    """What the shared SQL needs of a connection: sqlite3's, or the PostgreSQL backend's adapter."""

    def execute(self, sql: str, params: Sequence[Any] = ...) -> Cursor: ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> Any: ...


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


class SqlStorage:
    """The storage port in SQL; a backend supplies connections, transactions and positions."""

    #: the column that orders games as they were stored
    STORED_ORDER = "rowid"
    #: what a SELECT adds to lock the rows it reads until the transaction ends
    FOR_UPDATE = ""
    #: the driver's exceptions for a violated key or constraint
    INTEGRITY_ERRORS: tuple[type[Exception], ...] = ()

    _token_owners: dict[str, tuple[str, int]]

    def __init__(self) -> None:
        self._token_owners = {}

    # -- what a backend supplies --------------------------------------------------------

    def _reader(self) -> contextlib.AbstractContextManager[Connection]:
        """A connection to read with (no transaction of its own beyond each statement)."""
        raise NotImplementedError

    def _writer(self) -> contextlib.AbstractContextManager[Connection]:
        """One write transaction (committed on exit, rolled back on any exception)."""
        raise NotImplementedError

    def _positioned(self, conn: Connection, events: Sequence[StoredEvent], stamp: str) -> tuple[StoredEvent, ...]:
        """The events with their global positions: gapless, and visible in the order they are taken."""
        raise NotImplementedError

    def _insert_positioned(self, conn: Connection, events: Sequence[StoredEvent],
                           stamp: str) -> tuple[StoredEvent, ...]:
        """Take the events' positions and insert them: the last thing an append does before its commit."""
        positioned = self._positioned(conn, events, stamp)
        self._insert_events(conn, positioned)
        return positioned

    def schema_version(self) -> int:
        raise NotImplementedError

    def pending_migrations(self) -> list[str]:
        current = self.schema_version()
        return [migration.name for migration in MIGRATIONS if migration.version > current]

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
            rows = conn.execute("SELECT seq, type, data, hash, seat, command_id, recorded_at FROM events"
                                " WHERE game_id = ? AND seq > ? ORDER BY seq", [game_id, after]).fetchall()
        return rows  # type: ignore[no-any-return] - the driver's tuples, in EventText's order

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

    def token_owner(self, token_hash: str) -> tuple[str, int] | None:
        """The game and seat of a token's hash. A token's row is written with its game and never
        changed or deleted, so an owner found is kept (in this process, for every thread; a few
        thousand at most); a hash not found is asked again next time."""
        owners = self._token_owners
        owner = owners.get(token_hash)
        if owner is not None:
            return owner
        with self._reader() as conn:
            row = conn.execute("SELECT game_id, seat FROM seat_tokens WHERE token_hash = ?", [token_hash]).fetchone()
        if row is None:
            return None
        if len(owners) >= TOKEN_OWNERS_KEPT:
            owners.clear()
        owner = owners[token_hash] = (row[0], row[1])
        return owner

    def token_hashes(self, game_id: str) -> dict[int, str]:
        with self._reader() as conn:
            rows = conn.execute("SELECT seat, token_hash FROM seat_tokens WHERE game_id = ? ORDER BY seat",
                                [game_id]).fetchall()
        return {row[0]: row[1] for row in rows}

    # -- writes -----------------------------------------------------------------------------

    def create_game(self, game: GameRecord, seed: str, token_hashes: dict[int, str],
                    events: Sequence[StoredEvent], command: CommandRecord) -> tuple[StoredEvent, ...]:
        stamp = now()
        with self._writer() as conn:
            self._insert_game(conn, game, stamp)
            conn.execute("INSERT INTO game_seeds (game_id, seed) VALUES (?, ?)", [game.id, seed])
            self._insert_tokens(conn, game.id, token_hashes)
            self._insert_command(conn, command, stamp)
            # the positions last: on PostgreSQL the lock they take is held from here to the commit
            positioned = self._insert_positioned(conn, events, stamp)
        return positioned

    def import_game(self, game: GameRecord, seed: str, events: Sequence[StoredEvent],
                    commands: Sequence[CommandRecord], token_hashes: dict[int, str] | None = None) -> None:
        stamp = now()
        with self._writer() as conn:
            self._insert_game(conn, game, stamp)
            conn.execute("INSERT INTO game_seeds (game_id, seed) VALUES (?, ?)", [game.id, seed])
            self._insert_tokens(conn, game.id, token_hashes or {})
            self._insert_positioned(conn, events, stamp)
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
                for command in commands:
                    self._insert_command(conn, command, command.recorded_at)
        except self.INTEGRITY_ERRORS as clash:
            raise AlreadyStored(f"game {game.id} clashes with stored rows: {str(clash).strip()}") from clash
        return positioned

    def append(self, game_id: str, expected_version: int, events: Sequence[StoredEvent], command: CommandRecord,
               status: str, token_hashes: dict[int, str] | None = None) -> Appended:
        stamp = now()
        try:
            with self._writer() as conn:
                # The game row first: moving it on from the expected version locks it against every other
                # writer to this game until the commit (on PostgreSQL a racing UPDATE waits for this one, then
                # finds the version moved and updates nothing). One statement where a SELECT ... FOR UPDATE
                # and an UPDATE were two: the version check is the UPDATE's own WHERE.
                moved = conn.execute("UPDATE games SET version = ?, head_hash = ?, status = ?, updated_at = ?"
                                     " WHERE id = ? AND version = ?",
                                     [events[-1].seq, events[-1].hash, status, stamp, game_id, expected_version])
                if moved.rowcount != 1:
                    earlier = self._command(conn, game_id, command.command_id)
                    if earlier is not None:  # a retry of a command that moved the game on itself
                        return Appended(earlier, (), False)
                    raise VersionConflict(expected_version, self._game_version(conn, game_id))
                # A command id used before, at an earlier version, breaks the key of `commands`: the earlier
                # outcome stands (below), and this transaction is rolled back.
                self._insert_command(conn, command, stamp)
                if token_hashes:
                    self._insert_tokens(conn, game_id, token_hashes)
                # the positions last: on PostgreSQL the lock they take is held from here to the commit
                positioned = self._insert_positioned(conn, events, stamp)
        except self.INTEGRITY_ERRORS:
            with self._reader() as conn:
                earlier = self._command(conn, game_id, command.command_id)
            if earlier is None:
                raise
            return Appended(earlier, (), False)
        return Appended(command, positioned, True)

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

    # -- players ----------------------------------------------------------------------------

    def create_player(self, player_id: str, name: str, key_hash: str) -> dict[str, Any]:
        stamp = now()
        with self._writer() as conn:
            conn.execute("INSERT INTO players (id, name, key_hash, created_at) VALUES (?, ?, ?, ?)",
                         [player_id, name, key_hash, stamp])
        return {"id": player_id, "name": name, "created_at": stamp}

    def player(self, player_id: str) -> dict[str, Any] | None:
        with self._reader() as conn:
            row = conn.execute("SELECT id, name, created_at FROM players WHERE id = ?", [player_id]).fetchone()
        return {"id": row[0], "name": row[1], "created_at": row[2]} if row else None

    def player_by_key(self, key_hash: str) -> dict[str, Any] | None:
        with self._reader() as conn:
            row = conn.execute("SELECT id, name, created_at FROM players WHERE key_hash = ?", [key_hash]).fetchone()
        return {"id": row[0], "name": row[1], "created_at": row[2]} if row else None

    def player_games(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The player's games in the read model, newest first: id, type, status, version, seat, to_act."""
        with self._reader() as conn:
            rows = conn.execute(
                "SELECT g.id, g.type, g.status, g.version, s.seat, g.to_act, g.winners, g.updated_at"
                " FROM summary_seats s JOIN game_summaries g ON g.id = s.game_id WHERE s.player = ?"
                " ORDER BY g.created_position DESC LIMIT ?", [player_id, limit]).fetchall()
        return [{"id": row[0], "type": row[1], "status": row[2], "version": row[3], "seat": row[4],
                 "to_act": json.loads(row[5]), "winners": json.loads(row[6]) if row[6] else None,
                 "updated_at": row[7]} for row in rows]

    # -- read models ------------------------------------------------------------------------

    def checkpoint(self, name: str) -> Checkpoint:
        with self._reader() as conn:
            row = conn.execute(
                "SELECT position, halted_at, error, updated_at FROM projection_checkpoints WHERE name = ?", [name]
            ).fetchone()
        return Checkpoint(name, 0) if row is None else Checkpoint(name, row[0], row[1], row[2], row[3])

    def write_projection(self, name: str, expected: int, position: int, summaries: Sequence[GameSummary],
                         halted_at: int | None, error: str | None, ratings: Sequence[Rating] = ()) -> bool:
        with self._writer() as conn:
            if self._checkpoint_for_update(conn, name) != expected:
                return False
            for summary in summaries:
                self._write_summary(conn, summary)
            if ratings:
                conn.executemany(
                    "INSERT INTO ratings (pool, type, entry, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (pool, type, entry) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                    " games = excluded.games",
                    [(r.pool, r.type, r.entry, r.mu, r.sigma, r.games) for r in ratings])
            conn.execute("UPDATE projection_checkpoints SET position = ?, halted_at = ?, error = ?, updated_at = ?"
                         " WHERE name = ?", [position, halted_at, error, now(), name])
        return True

    def _checkpoint_for_update(self, conn: Connection, name: str) -> int:
        """A projection's checkpoint position, locked against other projectors until the transaction ends."""
        conn.execute("INSERT INTO projection_checkpoints (name, position) VALUES (?, 0) ON CONFLICT (name) DO NOTHING",
                     [name])
        return int(conn.execute(f"SELECT position FROM projection_checkpoints WHERE name = ?{self.FOR_UPDATE}",
                                [name]).fetchone()[0])

    def _write_summary(self, conn: Connection, summary: GameSummary) -> None:
        result = summary.result
        previous = conn.execute("SELECT status, seats FROM game_summaries WHERE id = ?", [summary.id]).fetchone()
        seats = canonical_json(summary.seats)
        conn.execute(
            "INSERT INTO game_summaries (id, type, status, version, to_act, bot_to_act, seats, winners, result,"
            " created_position, created_at, updated_at, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (id) DO UPDATE SET status = excluded.status, version = excluded.version,"
            " to_act = excluded.to_act, bot_to_act = excluded.bot_to_act, winners = excluded.winners,"
            " result = excluded.result, updated_at = excluded.updated_at, seats = excluded.seats,"
            " rated = excluded.rated",
            [summary.id, summary.type, summary.status, summary.version, canonical_json(summary.to_act),
             HALTED_BOT if summary.halted else BOT_TO_ACT if summary.bot_to_act else NO_BOT, seats,
             canonical_json(result["winners"]) if result is not None else None,
             canonical_json(result) if result is not None else None, summary.created_position, summary.created_at,
             summary.updated_at, summary.rated],
        )
        # Seats change as players join and bots take over; a batch may also end between a game's
        # GameCreated and its TableSet (which names the players): write them whenever they changed.
        if previous is None or previous[1] != seats:
            conn.executemany("INSERT INTO summary_seats (game_id, seat, name, bot, player) VALUES (?, ?, ?, ?, ?)"
                             " ON CONFLICT (game_id, seat) DO UPDATE SET name = excluded.name, bot = excluded.bot,"
                             " player = excluded.player",
                             [(summary.id, seat["index"], seat["name"], seat.get("bot"), seat.get("player"))
                              for seat in summary.seats])
        if result is not None and (previous is None or previous[0] != FINISHED):
            self._record_finish(conn, summary, result)

    @staticmethod
    def _record_finish(conn: Connection, summary: GameSummary, result: dict[str, Any]) -> None:
        better = ">" if summary.lower_score_wins else "<"  # the stored best is replaced when it is worse
        winners = set(result["winners"])
        for row in result["standings"]:
            conn.execute(
                "INSERT INTO player_stats (type, name, games_played, games_won, placings_sum, best_score)"
                " VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT (type, name) DO UPDATE SET"
                " games_played = player_stats.games_played + 1,"
                " games_won = player_stats.games_won + excluded.games_won,"
                " placings_sum = player_stats.placings_sum + excluded.placings_sum,"
                " best_score = CASE WHEN player_stats.best_score IS NULL THEN excluded.best_score"
                " WHEN excluded.best_score IS NULL THEN player_stats.best_score"
                f" WHEN player_stats.best_score {better} excluded.best_score THEN excluded.best_score"
                " ELSE player_stats.best_score END",
                [summary.type, summary.seats[row["seat"]]["name"], int(row["seat"] in winners), row["place"],
                 row.get("score")],
            )

    def reset_read_models(self, name: str) -> None:
        with self._writer() as conn:
            for table in READ_MODEL_TABLES:
                conn.execute(f"DELETE FROM {table}")
            conn.execute("DELETE FROM projection_checkpoints WHERE name = ?", [name])

    def summaries(self, type_: str | None, status: str | None, seat_name: str | None, limit: int,
                  cursor: int | None) -> tuple[list[dict[str, Any]], int | None]:
        where, params = [], []
        if type_ is not None:
            where.append("type = ?")
            params.append(type_)
        if status is not None:
            where.append("status = ?")
            params.append(status)
        if seat_name is not None:
            where.append("id IN (SELECT game_id FROM summary_seats WHERE name = ?)")
            params.append(seat_name)
        if cursor is not None:
            where.append("created_position < ?")
            params.append(cursor)
        sql = ("SELECT id, type, status, version, to_act, seats, winners, created_at, updated_at, created_position,"
               " rated FROM game_summaries")
        if where:
            sql += " WHERE " + " AND ".join(where)
        with self._reader() as conn:
            rows = conn.execute(sql + " ORDER BY created_position DESC LIMIT ?", [*params, limit + 1]).fetchall()
        page = rows[:limit]
        next_cursor = page[-1][9] if len(rows) > limit else None
        return [
            {"id": row[0], "type": row[1], "status": row[2], "version": row[3], "to_act": json.loads(row[4]),
             "seats": json.loads(row[5]), "winners": json.loads(row[6]) if row[6] else None, "created_at": row[7],
             "updated_at": row[8], "rated": row[10]}
            for row in page
        ], next_cursor

    def ratings(self, pool: str, type_: str, entries: Sequence[str]) -> dict[str, Rating]:
        if not entries:
            return {}
        marks = ", ".join("?" * len(entries))
        with self._reader() as conn:
            rows = conn.execute(f"SELECT entry, mu, sigma, games FROM ratings WHERE pool = ? AND type = ?"
                                f" AND entry IN ({marks})", [pool, type_, *entries]).fetchall()
        return {row[0]: Rating(pool, type_, row[0], row[1], row[2], row[3]) for row in rows}

    def seat_name_stats(self, type_: str) -> list[dict[str, Any]]:
        with self._reader() as conn:
            rows = conn.execute(
                "SELECT name, games_played, games_won, placings_sum, best_score FROM player_stats WHERE type = ?"
                " ORDER BY games_won DESC, CAST(placings_sum AS REAL) / games_played ASC, name ASC", [type_]
            ).fetchall()
        return [{"name": row[0], "games_played": row[1], "games_won": row[2],
                 "mean_placing": round(row[3] / row[1], 4), "best_score": row[4]} for row in rows]

    def leaderboard(self, type_: str, pool: str) -> list[dict[str, Any]]:
        with self._reader() as conn:
            rows = conn.execute(
                "SELECT r.entry, p.name, r.mu, r.sigma, r.games FROM ratings r JOIN players p ON p.id = r.entry"
                " WHERE r.pool = ? AND r.type = ? ORDER BY r.mu - 3 * r.sigma DESC, r.entry", [pool, type_]).fetchall()
        return [{"player": row[0], "name": row[1], "rating": row[2] - 3 * row[3], "mu": row[2], "sigma": row[3],
                 "games": row[4]} for row in rows]

    def player_ratings(self, player_id: str, pool: str) -> dict[str, dict[str, Any]]:
        with self._reader() as conn:
            rows = conn.execute("SELECT type, mu, sigma, games FROM ratings WHERE pool = ? AND entry = ? ORDER BY type",
                                [pool, player_id]).fetchall()
        return {row[0]: {"rating": row[1] - 3 * row[2], "mu": row[1], "sigma": row[2], "games": row[3]}
                for row in rows}

    def projected_version(self, game_id: str) -> int:
        with self._reader() as conn:
            row = conn.execute("SELECT version FROM game_summaries WHERE id = ?", [game_id]).fetchone()
        return int(row[0]) if row else 0

    def longest_bot_waits(self, limit: int) -> list[tuple[str, str]]:
        with self._reader() as conn:
            rows = conn.execute(
                "SELECT id, updated_at FROM game_summaries WHERE status = 'active' AND bot_to_act = 1"
                " ORDER BY updated_at LIMIT ?", [limit]).fetchall()
        return [(row[0], row[1]) for row in rows]

    def tabled_games(self) -> list[str]:
        # A game's table rules are recorded in its CreateGame command's args (application/handler.py,
        # GameService.create): one lookup by key per game not finished, no scan of the events.
        with self._reader() as conn:
            rows = conn.execute(
                "SELECT g.id FROM games g JOIN commands c ON c.game_id = g.id AND c.command_id = 'creategame'"
                f" WHERE g.status <> 'finished' AND c.args LIKE ? ORDER BY g.{self.STORED_ORDER}",
                ['%"table":{%']).fetchall()
        return [row[0] for row in rows]

    def halted_bot_games(self, limit: int) -> list[tuple[str, str, int]]:
        with self._reader() as conn:
            rows = conn.execute(f"SELECT id, type, version FROM game_summaries WHERE status = 'active'"
                                f" AND bot_to_act = {HALTED_BOT} ORDER BY created_position LIMIT ?", [limit]).fetchall()
        return [(row[0], row[1], row[2]) for row in rows]

    def mark_bot_halted(self, game_id: str, version: int) -> None:
        with self._writer() as conn:
            conn.execute(f"UPDATE game_summaries SET bot_to_act = {HALTED_BOT} WHERE id = ? AND version = ?",
                         [game_id, version])

    def bot_waiting_games(self) -> list[tuple[str, int]]:
        with self._reader() as conn:
            rows = conn.execute(
                "SELECT id, version FROM game_summaries WHERE status = 'active' AND bot_to_act = 1"
                " ORDER BY created_position").fetchall()
        return [(row[0], row[1]) for row in rows]

