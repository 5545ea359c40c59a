"""Operations in SQL: the schema's migrations pending, the games the jobs and the health check look for."""

from __future__ import annotations

from storage.migrations import MIGRATIONS
from storage.records import HALTED_BOT
from storage.sql.connection import SqlBackend


class SqlOperations(SqlBackend):
    """The `Operations` part of the port (storage/port.py); a backend adds `migrate`, `close` and its schema's version."""

    def schema_version(self) -> int:
        raise NotImplementedError

    def pending_migrations(self) -> list[str]:
        current = self.schema_version()
        return [migration.name for migration in MIGRATIONS if migration.version > current]

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
