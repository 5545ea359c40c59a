"""Tournaments in SQL: their streams, seeds, creator secrets and the index of their games (storage/tournaments.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.records import AlreadyStored, VersionConflict, now
from storage.sql.connection import Connection, SqlBackend
from storage.tournaments import TournamentEventRow, TournamentRecord

TOURNAMENT_COLUMNS = ("id, game_type, format, name, status, version, head_hash, seed_commitment, created_at, updated_at,"
                      " starts_at, seats_per_game, entrant_count, rounds_played")
T_EVENT_COLUMNS = "tournament_id, seq, type, data, prev_hash, hash, recorded_at"


def _record(row: Sequence[Any]) -> TournamentRecord:
    return TournamentRecord(*row)


def _event(row: Sequence[Any]) -> TournamentEventRow:
    return TournamentEventRow(*row)


class SqlTournaments(SqlBackend):
    """The `Tournaments` part of the port."""

    def create_tournament(self, record: TournamentRecord, seed: str, creator_hash: str | None,
                          events: Sequence[TournamentEventRow],
                          links: Sequence[tuple[str, int]] = ()) -> tuple[TournamentEventRow, ...]:
        stamp = now()
        with self._writer() as conn:
            conn.execute(f"INSERT INTO tournaments ({TOURNAMENT_COLUMNS}, creator_hash)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         [record.id, record.game_type, record.format, record.name, record.status, events[-1].seq,
                          events[-1].hash, record.seed_commitment, stamp, stamp, record.starts_at,
                          record.seats_per_game, record.entrant_count, record.rounds_played, creator_hash])
            conn.execute("INSERT INTO tournament_seeds (tournament_id, seed) VALUES (?, ?)", [record.id, seed])
            self._insert_links(conn, record.id, links)
            return self._insert_tournament_events(conn, events, stamp)

    def restore_tournament(self, record: TournamentRecord, seed: str, creator_hash: str | None,
                           events: Sequence[TournamentEventRow], links: Sequence[tuple[str, int]]) -> None:
        if any(e.tournament_id != record.id or e.recorded_at is None for e in events):
            raise ValueError("a restored tournament's events (each with its recorded_at) are its own")
        try:
            with self._writer() as conn:
                if conn.execute("SELECT 1 FROM tournaments WHERE id = ?", [record.id]).fetchone() is not None:
                    raise AlreadyStored(f"tournament {record.id} is stored already")
                conn.execute(f"INSERT INTO tournaments ({TOURNAMENT_COLUMNS}, creator_hash)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             [record.id, record.game_type, record.format, record.name, record.status, record.version,
                              record.head_hash, record.seed_commitment, record.created_at, record.updated_at,
                              record.starts_at, record.seats_per_game, record.entrant_count, record.rounds_played,
                              creator_hash])
                conn.execute("INSERT INTO tournament_seeds (tournament_id, seed) VALUES (?, ?)", [record.id, seed])
                self._insert_links(conn, record.id, links)
                conn.executemany(f"INSERT INTO tournament_events ({T_EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                 [(e.tournament_id, e.seq, e.type, e.data_text, e.prev_hash, e.hash, e.recorded_at)
                                  for e in events])
        except self.INTEGRITY_ERRORS as clash:
            raise AlreadyStored(f"tournament {record.id} clashes with stored rows: {str(clash).strip()}") from clash

    def tournament_links(self, tournament_id: str) -> list[tuple[str, int]]:
        with self._reader() as conn:
            rows = conn.execute("SELECT game_id, number FROM tournament_games WHERE tournament_id = ? ORDER BY number",
                                [tournament_id]).fetchall()
        return [(row[0], int(row[1])) for row in rows]

    def append_tournament(self, tournament_id: str, expected_version: int, events: Sequence[TournamentEventRow],
                          status: str, links: Sequence[tuple[str, int]] = (),
                          counts: tuple[int, int] | None = None) -> tuple[TournamentEventRow, ...]:
        stamp = now()
        entrants, rounds = counts if counts is not None else (None, None)
        with self._writer() as conn:
            # the row first: moving it on from the expected version locks it against other writers (as a game's)
            moved = conn.execute("UPDATE tournaments SET version = ?, head_hash = ?, status = ?, updated_at = ?,"
                                 " entrant_count = COALESCE(?, entrant_count), rounds_played = COALESCE(?, rounds_played)"
                                 " WHERE id = ? AND version = ?",
                                 [events[-1].seq, events[-1].hash, status, stamp, entrants, rounds, tournament_id,
                                  expected_version])
            if moved.rowcount != 1:
                row = conn.execute("SELECT version FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
                raise VersionConflict(expected_version, int(row[0]) if row else 0)
            self._insert_links(conn, tournament_id, links)
            return self._insert_tournament_events(conn, events, stamp)

    @staticmethod
    def _insert_links(conn: Connection, tournament_id: str, links: Sequence[tuple[str, int]]) -> None:
        if links:
            conn.executemany("INSERT INTO tournament_games (game_id, tournament_id, number) VALUES (?, ?, ?)",
                             [(game_id, tournament_id, number) for game_id, number in links])

    @staticmethod
    def _insert_tournament_events(conn: Connection, events: Sequence[TournamentEventRow],
                                  stamp: str) -> tuple[TournamentEventRow, ...]:
        rows = tuple(TournamentEventRow(e.tournament_id, e.seq, e.type, e.data_text, e.prev_hash, e.hash, stamp)
                     for e in events)
        conn.executemany(f"INSERT INTO tournament_events ({T_EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                         [(e.tournament_id, e.seq, e.type, e.data_text, e.prev_hash, e.hash, e.recorded_at)
                          for e in rows])
        return rows

    def tournament(self, tournament_id: str) -> TournamentRecord | None:
        with self._reader() as conn:
            row = conn.execute(f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
        return _record(row) if row else None

    def tournament_records(self, status: str | None = None) -> list[TournamentRecord]:
        sql, params = f"SELECT {TOURNAMENT_COLUMNS} FROM tournaments", []
        if status is not None:
            sql += " WHERE status = ?"
            params.append(status)
        with self._reader() as conn:
            return [_record(row) for row in conn.execute(f"{sql} ORDER BY created_at, id", params).fetchall()]

    def tournament_ids(self, status: str | None = None) -> list[str]:
        sql, params = "SELECT id FROM tournaments", []
        if status is not None:
            sql += " WHERE status = ?"
            params.append(status)
        with self._reader() as conn:
            return [row[0] for row in conn.execute(f"{sql} ORDER BY created_at, id", params).fetchall()]

    def tournament_events(self, tournament_id: str, after: int = 0) -> list[TournamentEventRow]:
        with self._reader() as conn:
            rows = conn.execute(f"SELECT {T_EVENT_COLUMNS} FROM tournament_events WHERE tournament_id = ? AND seq > ?"
                                " ORDER BY seq", [tournament_id, after]).fetchall()
        return [_event(row) for row in rows]

    def tournament_seed(self, tournament_id: str) -> str:
        with self._reader() as conn:
            row = conn.execute("SELECT seed FROM tournament_seeds WHERE tournament_id = ?", [tournament_id]).fetchone()
        return str(row[0])

    def tournament_creator(self, tournament_id: str) -> str | None:
        with self._reader() as conn:
            row = conn.execute("SELECT creator_hash FROM tournaments WHERE id = ?", [tournament_id]).fetchone()
        return row[0] if row else None

    def tournament_of_game(self, game_id: str) -> tuple[str, int] | None:
        with self._reader() as conn:
            row = conn.execute("SELECT tournament_id, number FROM tournament_games WHERE game_id = ?",
                               [game_id]).fetchone()
        return (row[0], int(row[1])) if row else None

    def tournament_game_ids(self, tournament_id: str) -> dict[int, str]:
        with self._reader() as conn:
            rows = conn.execute("SELECT number, game_id FROM tournament_games WHERE tournament_id = ?",
                                [tournament_id]).fetchall()
        return {int(row[0]): row[1] for row in rows}
