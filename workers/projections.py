"""The read-model projection: folds the log from its checkpoint into summaries and statistics.

A run reads the events after the checkpoint (by global position), folds each
touched game forward, and writes the summaries, the statistics of games that
finished and the new checkpoint in one transaction, which commits only if the
checkpoint is still what the run started from. So a run that crashes leaves
nothing behind, a run repeated or run by two workers at once applies each event
once, and many commands coalesce into one run. An event that cannot be applied
halts the projection at its position, recorded with the error, never skipped.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

import sqlite_utils

from domain.core import GameSpec, canonical_json
from service.readmodels import PROJECTION, checkpoint
from service.store import EventStore, StoredEvent, immediate, now

log = logging.getLogger(__name__)

BATCH = 500


@dataclasses.dataclass(slots=True)
class Folded:
    """A game's state as far as the projection has folded it."""

    spec: GameSpec
    state: Any
    version: int
    summary: dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class RunOutcome:
    applied: int
    position: int
    halted_at: int | None = None
    error: str | None = None


class CheckpointMoved(Exception):
    """Another run committed first; this run's work is discarded and redone from the new checkpoint."""


class Projector:
    """Keeps folded game states between runs (per process) and applies batches of events."""

    def __init__(self, registry: Callable[[str], GameSpec], batch: int = BATCH) -> None:
        self.registry = registry
        self.batch = batch
        self._games: dict[str, Folded] = {}

    def run(self, db: sqlite_utils.Database, max_batches: int | None = None) -> RunOutcome:
        """Catch the read models up with the log; returns how far it got."""
        applied = 0
        batches = 0
        while max_batches is None or batches < max_batches:
            try:
                outcome = self._run_batch(db)
            except CheckpointMoved:
                self._games.clear()
                continue
            batches += 1
            applied += outcome.applied
            if outcome.halted_at is not None or outcome.applied == 0:
                return dataclasses.replace(outcome, applied=applied)
            if outcome.applied < self.batch:
                return dataclasses.replace(outcome, applied=applied)
        return RunOutcome(applied, checkpoint(db)["position"])

    def _run_batch(self, db: sqlite_utils.Database) -> RunOutcome:
        start = checkpoint(db)
        if start["halted_at"] is not None:
            return RunOutcome(0, start["position"], start["halted_at"], start["error"])
        events = EventStore(db).events_from(start["position"], self.batch)
        if not events:
            return RunOutcome(0, start["position"])
        touched: dict[str, Folded] = {}
        position, halted_at, error, applied = start["position"], None, None, 0
        for event in events:
            try:
                touched[event.game_id] = self._apply(db, event, touched.get(event.game_id))
            except Exception as failure:  # noqa: BLE001 - any failure halts the projection visibly
                halted_at, error = event.position, f"{type(failure).__name__}: {failure}"
                log.error("projection halted at position %s (%s seq %s): %s", halted_at, event.game_id, event.seq, error)
                break
            position = event.position  # type: ignore[assignment]
            applied += 1
        self._commit(db, start["position"], position, touched, halted_at, error)
        self._games.update(touched)
        return RunOutcome(applied, position, halted_at, error)

    def _apply(self, db: sqlite_utils.Database, event: StoredEvent, folded: Folded | None) -> Folded:
        if event.seq == 1:
            folded = self._created(event)
        if folded is None:
            folded = self._games.get(event.game_id)
            if folded is None or folded.version != event.seq - 1:
                folded = self._load(db, event.game_id, event.seq - 1)
        return self._evolve(folded, event)

    def _created(self, event: StoredEvent) -> Folded:
        """A game as its GameCreated event announces it, before that event is applied."""
        spec = self.registry(event.data["game_type"])
        summary = {
            "id": event.game_id,
            "seats": [{"index": i, **seat} for i, seat in enumerate(event.data["seats"])],
            "created_position": event.position,
            "created_at": event.recorded_at,
        }
        return Folded(spec, None, 0, summary)

    @staticmethod
    def _evolve(folded: Folded, event: StoredEvent) -> Folded:
        state = folded.spec.evolve(folded.state, folded.spec.events.decode(event.type, event.data))
        return Folded(folded.spec, state, event.seq, {**folded.summary, "updated_at": event.recorded_at})

    def _load(self, db: sqlite_utils.Database, game_id: str, up_to: int) -> Folded:
        """Fold a game from its first event up to seq `up_to` (a cold start in this process)."""
        events = EventStore(db).events(game_id, limit=up_to)
        folded = self._created(events[0])
        for event in events:
            folded = self._evolve(folded, event)
        return folded

    def _commit(
        self,
        db: sqlite_utils.Database,
        expected: int,
        position: int,
        touched: dict[str, Folded],
        halted_at: int | None,
        error: str | None,
    ) -> None:
        conn = db.conn
        with immediate(conn, getattr(db, "trailhead_path", ":memory:")):
            if checkpoint(db)["position"] != expected:
                raise CheckpointMoved()
            for folded in touched.values():
                self._write_summary(conn, folded)
            conn.execute(
                "INSERT INTO projection_checkpoints (name, position, halted_at, error, updated_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position,"
                " halted_at = excluded.halted_at, error = excluded.error, updated_at = excluded.updated_at",
                [PROJECTION, position, halted_at, error, now()],
            )

    def _write_summary(self, conn: Any, folded: Folded) -> None:
        spec, state, summary = folded.spec, folded.state, folded.summary
        result = spec.result(state)
        status = "finished" if result is not None else "active"
        to_act = [] if result is not None else sorted(spec.to_act(state))
        seats = summary["seats"]
        bot_to_act = int(any(seats[seat].get("bot") for seat in to_act))
        previous = conn.execute("SELECT status FROM game_summaries WHERE id = ?", [summary["id"]]).fetchone()
        conn.execute(
            "INSERT INTO game_summaries (id, type, status, version, to_act, bot_to_act, seats, winners, result,"
            " created_position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (id) DO UPDATE SET status = excluded.status, version = excluded.version,"
            " to_act = excluded.to_act, bot_to_act = excluded.bot_to_act, winners = excluded.winners,"
            " result = excluded.result, updated_at = excluded.updated_at",
            [
                summary["id"],
                spec.id,
                status,
                folded.version,
                canonical_json(to_act),
                bot_to_act,
                canonical_json(seats),
                canonical_json(result["winners"]) if result is not None else None,
                canonical_json(result) if result is not None else None,
                summary["created_position"],
                summary["created_at"],
                summary["updated_at"],
            ],
        )
        if previous is None:
            conn.executemany(
                "INSERT INTO summary_seats (game_id, seat, name, bot) VALUES (?, ?, ?, ?)",
                [(summary["id"], seat["index"], seat["name"], seat.get("bot")) for seat in seats],
            )
        if result is not None and (previous is None or previous[0] != "finished"):
            self._record_finish(conn, spec, seats, result)

    @staticmethod
    def _record_finish(conn: Any, spec: GameSpec, seats: list[dict[str, Any]], result: dict[str, Any]) -> None:
        better = "MIN" if spec.lower_score_wins else "MAX"
        winners = set(result["winners"])
        for row in result["standings"]:
            name = seats[row["seat"]]["name"]
            score = row.get("score")
            conn.execute(
                "INSERT INTO player_stats (type, name, games_played, games_won, placings_sum, best_score)"
                " VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT (type, name) DO UPDATE SET"
                " games_played = games_played + 1, games_won = games_won + excluded.games_won,"
                " placings_sum = placings_sum + excluded.placings_sum,"
                f" best_score = CASE WHEN best_score IS NULL THEN excluded.best_score"
                f" WHEN excluded.best_score IS NULL THEN best_score"
                f" ELSE {better}(best_score, excluded.best_score) END",
                [spec.id, name, int(row["seat"] in winners), row["place"], score],
            )


def rebuild(db: sqlite_utils.Database, projector: Projector) -> RunOutcome:
    """Drop the read models and the checkpoint, then fold the whole log again."""
    conn = db.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        for table in ("game_summaries", "summary_seats", "player_stats"):
            conn.execute(f"DELETE FROM {table}")
        conn.execute("DELETE FROM projection_checkpoints WHERE name = ?", [PROJECTION])
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    projector._games.clear()
    return projector.run(db)
