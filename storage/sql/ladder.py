"""The ladders in SQL (storage/ladder.py): entrants, the game each plays now, the ladder's games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from storage.ladder import LadderEntry
from storage.records import now
from storage.sql.connection import SqlBackend

ENTRY_COLUMNS = ("e.entrant, e.player, e.bot, e.name, e.entered_by, e.active, e.joined_at, e.games, e.last_opponents,"
                 " e.playing, g.status")


class ClaimLost(Exception):
    """An entrant was claimed by another matchmaker (or left) first: the claim's transaction is rolled back."""


LADDER_ENTRY_ROW = ("game_type, entrant, player, bot, name, entered_by, active, joined_at, games, last_opponents,"
                    " playing, claimed_at")
LADDER_GAME_ROW = "game_id, game_type, entrants, created_at"


class SqlLadder(SqlBackend):
    """The `Ladder` part of the port."""

    def ladder_rows(self) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        with self._reader() as conn:
            entries = conn.execute(f"SELECT {LADDER_ENTRY_ROW} FROM ladder_entries ORDER BY game_type, entrant")
            entry_rows = [tuple(row) for row in entries.fetchall()]
            games = conn.execute(f"SELECT {LADDER_GAME_ROW} FROM ladder_games ORDER BY game_id").fetchall()
        return entry_rows, [tuple(row) for row in games]

    def restore_ladder(self, entries: Sequence[Sequence[Any]], games: Sequence[Sequence[Any]]) -> int:
        written = 0
        with self._writer() as conn:
            for row in entries:
                written += conn.execute(f"INSERT INTO ladder_entries ({LADDER_ENTRY_ROW}) VALUES"
                                        " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                                        list(row)).rowcount
            for row in games:
                written += conn.execute(f"INSERT INTO ladder_games ({LADDER_GAME_ROW}) VALUES (?, ?, ?, ?)"
                                        " ON CONFLICT DO NOTHING", list(row)).rowcount
        return written

    def ladder_enter(self, game_type: str, entrant: str, player: str | None, bot: str | None, name: str,
                     entered_by: str) -> bool:
        with self._writer() as conn:
            row = conn.execute("SELECT active FROM ladder_entries WHERE game_type = ? AND entrant = ?",
                               [game_type, entrant]).fetchone()
            if row is None:
                conn.execute("INSERT INTO ladder_entries (game_type, entrant, player, bot, name, entered_by, active,"
                             " joined_at, games, last_opponents) VALUES (?, ?, ?, ?, ?, ?, 1, ?, 0, '[]')",
                             [game_type, entrant, player, bot, name, entered_by, now()])
                return True
            if row[0]:
                return False
            conn.execute("UPDATE ladder_entries SET active = 1, name = ?, entered_by = ? WHERE game_type = ?"
                         " AND entrant = ?", [name, entered_by, game_type, entrant])
            return True

    def ladder_leave(self, game_type: str, entrant: str) -> bool:
        with self._writer() as conn:
            left = conn.execute("UPDATE ladder_entries SET active = 0 WHERE game_type = ? AND entrant = ?"
                                " AND active = 1", [game_type, entrant])
            return left.rowcount == 1

    def ladder_entries(self, game_type: str) -> list[LadderEntry]:
        with self._reader() as conn:
            rows = conn.execute(f"SELECT {ENTRY_COLUMNS} FROM ladder_entries e LEFT JOIN games g ON g.id = e.playing"
                                " WHERE e.game_type = ? ORDER BY e.joined_at, e.entrant", [game_type]).fetchall()
        return [LadderEntry(row[0], row[1], row[2], row[3], row[4], bool(row[5]), row[6], row[7],
                            tuple(json.loads(row[8])), row[9], row[10]) for row in rows]

    def ladder_types(self) -> list[str]:
        with self._reader() as conn:
            rows = conn.execute("SELECT DISTINCT game_type FROM ladder_entries WHERE active = 1 ORDER BY game_type"
                                ).fetchall()
        return [row[0] for row in rows]

    def ladder_release(self, game_type: str, stale_before: str) -> int:
        with self._writer() as conn:
            released = conn.execute(
                "UPDATE ladder_entries SET playing = NULL, claimed_at = NULL WHERE game_type = ?"
                " AND playing IS NOT NULL AND (playing IN (SELECT id FROM games WHERE status = 'finished')"
                " OR (claimed_at < ? AND playing NOT IN (SELECT id FROM games)))", [game_type, stale_before])
            return int(released.rowcount)

    def ladder_claim(self, game_type: str, game_id: str, entrants: Sequence[str]) -> bool:
        stamp = now()
        try:
            with self._writer() as conn:
                for entrant in entrants:
                    others = json.dumps(sorted(e for e in entrants if e != entrant))
                    claimed = conn.execute(
                        "UPDATE ladder_entries SET playing = ?, claimed_at = ?, games = games + 1, last_opponents = ?"
                        " WHERE game_type = ? AND entrant = ? AND active = 1 AND playing IS NULL",
                        [game_id, stamp, others, game_type, entrant])
                    if claimed.rowcount != 1:
                        raise ClaimLost(entrant)
                conn.execute("INSERT INTO ladder_games (game_id, game_type, entrants, created_at) VALUES (?, ?, ?, ?)",
                             [game_id, game_type, json.dumps(list(entrants)), stamp])
        except ClaimLost:
            return False
        return True

    def ladder_games(self, game_type: str, limit: int) -> list[dict[str, Any]]:
        with self._reader() as conn:
            rows = conn.execute("SELECT l.game_id, l.entrants, l.created_at, g.status FROM ladder_games l"
                                " LEFT JOIN games g ON g.id = l.game_id WHERE l.game_type = ?"
                                " ORDER BY l.created_at DESC, l.game_id LIMIT ?", [game_type, limit]).fetchall()
        return [{"game_id": row[0], "entrants": json.loads(row[1]), "created_at": row[2], "status": row[3]}
                for row in rows]
