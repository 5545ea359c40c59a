"""Players and seat tokens in SQL: the bearer credentials, kept as the sha256 of their secrets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.records import now
from storage.sql.connection import SqlBackend

PLAYER_COLUMNS = "id, name, created_at, banned_at, ban_reason"
ADMIN_COLUMNS = ("id", "at", "actor", "action", "player", "reason")
TOKEN_OWNERS_KEPT = 4096  # token owners found, kept per storage (SqlPlayers.token_owner)


def player_of(row: Any) -> dict[str, Any] | None:
    """A player's row as the port gives it: {id, name, created_at, banned_at, ban_reason} (the last two None
    unless banned)."""
    if row is None:
        return None
    return {"id": row[0], "name": row[1], "created_at": row[2], "banned_at": row[3], "ban_reason": row[4]}


class SqlPlayers(SqlBackend):
    """The `Players` part of the port (storage/port.py)."""

    _token_owners: dict[str, tuple[str, int]]

    def __init__(self) -> None:
        super().__init__()
        self._token_owners = {}

    def create_player(self, player_id: str, name: str, key_hash: str) -> dict[str, Any]:
        stamp = now()
        with self._writer() as conn:
            conn.execute("INSERT INTO players (id, name, key_hash, created_at) VALUES (?, ?, ?, ?)",
                         [player_id, name, key_hash, stamp])
        return {"id": player_id, "name": name, "created_at": stamp}

    def player_rows(self) -> list[tuple[Any, ...]]:
        with self._reader() as conn:
            rows = conn.execute("SELECT id, name, key_hash, created_at, banned_at, ban_reason FROM players"
                                " ORDER BY created_at, id").fetchall()
        return [tuple(row) for row in rows]

    def restore_players(self, rows: Sequence[Sequence[Any]]) -> int:
        written = 0
        with self._writer() as conn:
            for row in rows:
                written += conn.execute("INSERT INTO players (id, name, key_hash, created_at, banned_at, ban_reason)"
                                        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                                        list(row)).rowcount
        return written

    def player(self, player_id: str) -> dict[str, Any] | None:
        with self._reader() as conn:
            row = conn.execute(f"SELECT {PLAYER_COLUMNS} FROM players WHERE id = ?", [player_id]).fetchone()
        return player_of(row)

    def player_by_key(self, key_hash: str) -> dict[str, Any] | None:
        with self._reader() as conn:
            row = conn.execute(f"SELECT {PLAYER_COLUMNS} FROM players WHERE key_hash = ?", [key_hash]).fetchone()
        return player_of(row)

    def players(self, name: str | None = None) -> list[dict[str, Any]]:
        where, args = ("", []) if name is None else (" WHERE LOWER(name) LIKE ?", [f"%{name.lower()}%"])
        with self._reader() as conn:
            rows = conn.execute(f"SELECT {PLAYER_COLUMNS} FROM players{where} ORDER BY created_at, id", args).fetchall()
        return [player_of(row) for row in rows]  # type: ignore[misc]

    def set_player_key(self, player_id: str, key_hash: str, action: dict[str, Any] | None = None) -> bool:
        with self._writer() as conn:
            changed = conn.execute("UPDATE players SET key_hash = ? WHERE id = ?", [key_hash, player_id]).rowcount
            if changed and action is not None:
                self._record_action(conn, action)
        return bool(changed)

    def set_player_ban(self, player_id: str, banned_at: str | None, reason: str | None,
                       action: dict[str, Any]) -> bool:
        with self._writer() as conn:
            changed = conn.execute("UPDATE players SET banned_at = ?, ban_reason = ? WHERE id = ?",
                                   [banned_at, reason, player_id]).rowcount
            if changed:
                self._record_action(conn, action)
        return bool(changed)

    def _record_action(self, conn: Any, action: dict[str, Any]) -> None:
        conn.execute("INSERT INTO admin_actions (at, actor, action, player, reason) VALUES (?, ?, ?, ?, ?)",
                     [action["at"], action["actor"], action["action"], action["player"], action.get("reason")])

    def admin_actions(self, limit: int = 100) -> list[dict[str, Any]]:
        with self._reader() as conn:
            rows = conn.execute("SELECT id, at, actor, action, player, reason FROM admin_actions ORDER BY id DESC"
                                " LIMIT ?", [limit]).fetchall()
        return [dict(zip(ADMIN_COLUMNS, row)) for row in rows]

    def restore_admin_actions(self, actions: Sequence[dict[str, Any]]) -> int:
        """Write the admin actions of another database (`admin_actions`, any order) that this one does not hold
        (same time, actor, action and player), oldest first; returns how many."""
        held = {tuple(a[k] for k in ADMIN_COLUMNS[1:5]) for a in self.admin_actions(2**31 - 1)}
        fresh = sorted((a for a in actions if tuple(a[k] for k in ADMIN_COLUMNS[1:5]) not in held),
                       key=lambda a: a["id"])
        with self._writer() as conn:
            for row in fresh:
                self._record_action(conn, row)
        return len(fresh)

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
