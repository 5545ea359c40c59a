"""Read models: game summaries for the lobby, player statistics for the leaderboard.

They live in their own tables beside the event log and are written only by the
projections (workers/projections.py), each change in the same transaction as the
projection's checkpoint (the global event position it has applied up to).
"""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

PROJECTION = "read_models"


def ensure_read_model_schema(db: sqlite_utils.Database) -> None:
    """Create the read-model tables and the checkpoint table if they are missing."""
    tables = set(db.table_names())
    if "projection_checkpoints" not in tables:
        db["projection_checkpoints"].create(
            {"name": str, "position": int, "halted_at": int, "error": str, "updated_at": str},
            pk="name",
            not_null={"position"},
        )
    if "game_summaries" not in tables:
        db["game_summaries"].create(
            {
                "id": str,
                "type": str,
                "status": str,
                "version": int,
                "to_act": str,
                "bot_to_act": int,
                "seats": str,
                "winners": str,
                "result": str,
                "created_position": int,
                "created_at": str,
                "updated_at": str,
            },
            pk="id",
        )
        db["game_summaries"].create_index(["created_position"], unique=True)
        db["game_summaries"].create_index(["status", "bot_to_act"])
    if "summary_seats" not in tables:
        db["summary_seats"].create({"game_id": str, "seat": int, "name": str, "bot": str}, pk=("game_id", "seat"))
        db["summary_seats"].create_index(["name"])
    if "player_stats" not in tables:
        db["player_stats"].create(
            {
                "type": str,
                "name": str,
                "games_played": int,
                "games_won": int,
                "placings_sum": int,
                "best_score": int,
            },
            pk=("type", "name"),
        )


def checkpoint(db: sqlite_utils.Database, name: str = PROJECTION) -> dict[str, Any]:
    """The projection's checkpoint: position applied up to, and where and why it halted, if it did."""
    row = db.conn.execute(
        "SELECT position, halted_at, error, updated_at FROM projection_checkpoints WHERE name = ?", [name]
    ).fetchone()
    if row is None:
        return {"name": name, "position": 0, "halted_at": None, "error": None, "updated_at": None}
    return {"name": name, "position": row[0], "halted_at": row[1], "error": row[2], "updated_at": row[3]}


def head_position(db: sqlite_utils.Database) -> int:
    return db.conn.execute("SELECT COALESCE(MAX(position), 0) FROM events").fetchone()[0]


def projected_version(db: sqlite_utils.Database, game_id: str) -> int:
    row = db.conn.execute("SELECT version FROM game_summaries WHERE id = ?", [game_id]).fetchone()
    return row[0] if row else 0


def summary_row(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "type": row["type"],
        "status": row["status"],
        "version": row["version"],
        "to_act": json.loads(row["to_act"]),
        "seats": json.loads(row["seats"]),
        "winners": json.loads(row["winners"]) if row["winners"] else None,
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
    }


def list_games(
    db: sqlite_utils.Database,
    type_: str | None = None,
    status: str | None = None,
    seat_name: str | None = None,
    limit: int = 20,
    cursor: int | None = None,
) -> tuple[list[dict[str, Any]], int | None]:
    """Game summaries, newest first, and the cursor of the next page (None on the last page)."""
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
    sql = "SELECT * FROM game_summaries"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY created_position DESC LIMIT ?"
    rows = list(db.query(sql, [*params, limit + 1]))
    page = rows[:limit]
    next_cursor = page[-1]["created_position"] if len(rows) > limit else None
    return [summary_row(row) for row in page], next_cursor


def leaderboard(db: sqlite_utils.Database, type_: str) -> list[dict[str, Any]]:
    """Players of a game type: most wins first, then best mean placing, then name."""
    rows = db.query(
        "SELECT * FROM player_stats WHERE type = ? ORDER BY games_won DESC,"
        " CAST(placings_sum AS REAL) / games_played ASC, name ASC",
        [type_],
    )
    return [
        {
            "name": row["name"],
            "games_played": row["games_played"],
            "games_won": row["games_won"],
            "mean_placing": round(row["placings_sum"] / row["games_played"], 4),
            "best_score": row["best_score"],
        }
        for row in rows
    ]


def bot_waiting_games(db: sqlite_utils.Database) -> list[tuple[str, int]]:
    """Active games whose summary says a bot seat is to act, with the version it says that at."""
    rows = db.conn.execute(
        "SELECT id, version FROM game_summaries WHERE status = 'active' AND bot_to_act = 1 ORDER BY created_position"
    ).fetchall()
    return [(row[0], row[1]) for row in rows]
