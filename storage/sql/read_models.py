"""The read models in SQL: game summaries, results by seat name, ratings, and the projections' checkpoint."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from domain.core import canonical_json
from storage.records import BOT_TO_ACT, FINISHED, HALTED_BOT, NO_BOT, Checkpoint, GameSummary, Rating, now
from storage.sql.connection import Connection, SqlBackend

READ_MODEL_TABLES = ("game_summaries", "summary_seats", "player_stats", "ratings")


class SqlReadModels(SqlBackend):
    """The `ReadModels` part of the port (storage/port.py)."""

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
                # the ladder's entrants include bot levels (entries `bot:<level>`, named so); other pools list players
                "SELECT r.entry, COALESCE(p.name, r.entry), r.mu, r.sigma, r.games FROM ratings r"
                " LEFT JOIN players p ON p.id = r.entry WHERE r.pool = ? AND r.type = ?"
                " AND (p.id IS NOT NULL OR r.pool = 'ladder') ORDER BY r.mu - 3 * r.sigma DESC, r.entry",
                [pool, type_]).fetchall()
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
