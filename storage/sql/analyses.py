"""Analyses in SQL: the search level's answers, kept by game, step, seat and budget (application/analysis.py)."""

from __future__ import annotations

from storage.records import StoredAnalysis, now
from storage.sql.connection import SqlBackend


class SqlAnalyses(SqlBackend):
    """The `Analyses` part of the port (storage/port.py)."""

    def analysis(self, game_id: str, step: int, seat: int, budget_ms: int) -> StoredAnalysis | None:
        with self._reader() as conn:
            row = conn.execute("SELECT iterations, answer, created_at FROM analyses"
                               " WHERE game_id = ? AND step = ? AND seat = ? AND budget_ms = ?",
                               [game_id, step, seat, budget_ms]).fetchone()
        return StoredAnalysis(iterations=row[0], answer=row[1], created_at=row[2]) if row else None

    def keep_analysis(self, game_id: str, step: int, seat: int, budget_ms: int, iterations: int,
                      answer: str) -> None:
        with self._writer() as conn:
            conn.execute(
                "INSERT INTO analyses (game_id, step, seat, budget_ms, iterations, answer, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, step, seat, budget_ms) DO UPDATE SET"
                " iterations = excluded.iterations, answer = excluded.answer, created_at = excluded.created_at",
                [game_id, step, seat, budget_ms, iterations, answer, now()])
