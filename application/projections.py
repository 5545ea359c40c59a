"""The read-model projection: folds the log from its checkpoint into game summaries and statistics.

A run reads the events after the checkpoint (by global position), folds each touched game
forward (application/game.py), and hands the storage port the summaries (and so the statistics
of games that finished) with the new checkpoint, written in one transaction that commits only if
the checkpoint is still what the run started from. So a run that crashes leaves nothing behind,
a run repeated or run by two workers at once applies each event once, and many commands coalesce
into one run. An event that cannot be applied halts the projection at its position, recorded
with the error, never skipped.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from application.game import FoldedGame, fold, rows_of
from application.ratings import entry, marker, pools_of, rate_game
from domain.core import GameSpec
from storage import GameSummary, Rating, Storage, StoredEvent

log = logging.getLogger(__name__)

PROJECTION = "read_models"
BATCH = 500


@dataclasses.dataclass(slots=True)
class Folded:
    """A game as far as the projection has folded it (application/game.py), and what its summary adds."""

    game: FoldedGame
    summary: dict[str, Any]


@dataclasses.dataclass(frozen=True, slots=True)
class RunOutcome:
    applied: int
    position: int
    halted_at: int | None = None
    error: str | None = None


class Projector:
    """Keeps folded game states between runs (per process) and applies batches of events."""

    def __init__(self, registry: Callable[[str], GameSpec], batch: int = BATCH) -> None:
        self.registry = registry
        self.batch = batch
        self._games: dict[str, Folded] = {}

    def run(self, store: Storage, max_batches: int | None = None) -> RunOutcome:
        """Catch the read models up with the log; returns how far it got."""
        applied = 0
        batches = 0
        while max_batches is None or batches < max_batches:
            outcome = self._run_batch(store)
            if outcome is None:  # another run committed first: redo from the new checkpoint
                self._games.clear()
                continue
            batches += 1
            applied += outcome.applied
            if outcome.halted_at is not None or outcome.applied < self.batch:
                return dataclasses.replace(outcome, applied=applied)
        return RunOutcome(applied, store.checkpoint(PROJECTION).position)

    def rebuild(self, store: Storage) -> RunOutcome:
        """Drop the read models and the checkpoint, then fold the whole log again."""
        store.reset_read_models(PROJECTION)
        self._games.clear()
        return self.run(store)

    def _run_batch(self, store: Storage) -> RunOutcome | None:
        start = store.checkpoint(PROJECTION)
        if start.halted_at is not None:
            return RunOutcome(0, start.position, start.halted_at, start.error)
        events = store.events_from(start.position, self.batch)
        if not events:
            return RunOutcome(0, start.position)
        touched: dict[str, Folded] = {}
        last_positions: dict[str, int] = {}
        position, halted_at, error, applied = start.position, None, None, 0
        for event in events:
            try:
                touched[event.game_id] = self._apply(store, event, touched.get(event.game_id))
                last_positions[event.game_id] = event.position  # type: ignore[assignment]
            except Exception as failure:  # noqa: BLE001 - any failure halts the projection visibly
                halted_at, error = event.position, f"{type(failure).__name__}: {failure}"
                log.error("projection halted at position %s (%s seq %s): %s", halted_at, event.game_id, event.seq, error)
                break
            position = event.position  # type: ignore[assignment]
            applied += 1
        summaries = [self._summary(folded) for folded in touched.values()]
        # A game gets no event after its last: one finished now finished in this batch. Rated in the
        # order they finished, so a rebuild rates them alike.
        finished = sorted((s for s in summaries if s.result is not None), key=lambda s: last_positions[s.id])
        ratings = self._rate(store, finished)
        if not store.write_projection(PROJECTION, start.position, position, summaries, halted_at, error, ratings):
            return None
        self._games.update(touched)
        return RunOutcome(applied, position, halted_at, error)

    @staticmethod
    def _rate(store: Storage, finished: list[GameSummary]) -> list[Rating]:
        """The new ratings of the entries of games that finished (application/ratings.py), in order."""
        known: dict[tuple[str, str, str], Rating] = {}
        for summary in finished:
            assert summary.result is not None and summary.rated is not None
            for pool in pools_of(summary.rated):
                entries = sorted({entry(seat) for seat in summary.seats})
                missing = [e for e in entries if (pool, summary.type, e) not in known]
                for found in store.ratings(pool, summary.type, missing).values():
                    known[(pool, summary.type, found.entry)] = found
                current = {e: known[(pool, summary.type, e)] for e in entries if (pool, summary.type, e) in known}
                for rating in rate_game(summary.type, pool, summary.seats, summary.result, current):
                    known[(pool, summary.type, rating.entry)] = rating
        return list(known.values())

    def _apply(self, store: Storage, event: StoredEvent, folded: Folded | None) -> Folded:
        if event.seq == 1:
            folded = self._created(event)
        if folded is None:
            folded = self._games.get(event.game_id)
            if folded is None or folded.game.version > event.seq - 1:
                folded = self._load(store, event.game_id, event.seq - 1)
            elif folded.game.version < event.seq - 1:  # another process projected the events between
                folded = self._catch_up(store, folded, event.seq - 1)
        return self._evolve(folded, event)

    def _created(self, event: StoredEvent) -> Folded:
        """A game as its GameCreated event announces it, before that event is applied."""
        data = event.data
        spec = self.registry(data["game_type"])
        summary = {
            "id": event.game_id,
            "seats": [{"index": i, **seat} for i, seat in enumerate(data["seats"])],
            "created_position": event.position,
            "created_at": event.recorded_at,
            "imported": data["game_id"] != event.game_id,  # an import keeps the original's GameCreated
            "ladder": data.get("ladder") is True,
        }
        return Folded(FoldedGame(spec), summary)

    @staticmethod
    def _evolve(folded: Folded, event: StoredEvent) -> Folded:
        game = fold(folded.game, rows_of([event]), timed=False)  # a batch may end inside a commit: no clock
        return Folded(game, {**folded.summary, "updated_at": event.recorded_at})

    def _catch_up(self, store: Storage, folded: Folded, up_to: int) -> Folded:
        """Fold a game this process last saw at an earlier version forward to seq `up_to`."""
        version = folded.game.version
        for event in store.events(folded.summary["id"], after=version, limit=up_to - version):
            folded = self._evolve(folded, event)
        return folded

    def _load(self, store: Storage, game_id: str, up_to: int) -> Folded:
        """Fold a game from its first event up to seq `up_to` (a cold start in this process)."""
        events = store.events(game_id, limit=up_to)
        folded = self._created(events[0])
        for event in events:
            folded = self._evolve(folded, event)
        return folded

    @staticmethod
    def _summary(folded: Folded) -> GameSummary:
        game, summary = folded.game, folded.summary
        spec, state = game.spec, game.state
        result = spec.result(state)
        to_act = game.to_act()
        seats = summary["seats"] if game.seating is None else game.seating.rows()
        bots = [seat for seat in to_act if seats[seat].get("bot") or seats[seat].get("webhook")]  # the bots' side's
        halted = any(not spec.legal_commands(state, seat) for seat in bots)  # no bot can move it (a bad fork's)
        return GameSummary(
            id=summary["id"], type=spec.id, status=game.status, halted=halted,
            version=game.version, to_act=to_act, bot_to_act=bool(bots),
            seats=seats, result=result, created_position=summary["created_position"],
            created_at=summary["created_at"], updated_at=summary.get("updated_at"),
            lower_score_wins=spec.lower_score_wins,
            rated=marker(seats, summary["imported"], summary.get("ladder", False)) if result is not None else None,
        )
