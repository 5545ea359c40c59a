"""A tournament's stream: its events chained and stored like a game's, and folded into its state.

The chain is a game's (application/chain.py): hash = sha256(prev_hash + canonical([seq, type, data, null,
null])), from the genesis hash; `TournamentCreated` carries the tournament's id, so the chain is bound to it.
Every event of a tournament is public (no seat, no command id). A command is decided on the state folded
from the stored events (`domain.tournaments.decide`, with the secret seed) and appended with optimistic
concurrency on the version it was decided on: a writer that lost a race decides again on the new state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from application.chain import GENESIS_HASH, text_hash
from domain.core import DomainError, Event
from domain.tournaments import EVENTS, TournamentState, decide, fold_tournament
from domain.tournaments.rules import TournamentCommand
from storage import Storage, TournamentEventRow, TournamentRecord, VersionConflict

ATTEMPTS = 5  # a command decided again after this many lost races is a conflict for its caller


class UnknownTournament(DomainError):
    """No tournament with that id is stored (HTTP 404)."""


@dataclasses.dataclass(frozen=True, slots=True)
class LoadedTournament:
    """A stored tournament as it stands: its record, its events as stored, and its state folded from them."""

    record: TournamentRecord
    rows: tuple[TournamentEventRow, ...]
    state: TournamentState

    @property
    def version(self) -> int:
        return self.rows[-1].seq if self.rows else 0

    @property
    def head_hash(self) -> str:
        return self.rows[-1].hash if self.rows else GENESIS_HASH

    def recorded_at(self, type_: str) -> str | None:
        """When the first event of that type was stored (the store's clock: outside the hash)."""
        return next((row.recorded_at for row in self.rows if row.type == type_), None)


def chained(tournament_id: str, events: Sequence[Event], first_seq: int, prev_hash: str) -> list[TournamentEventRow]:
    """The stored envelopes of `events`: seq numbered from `first_seq`, hashed onto `prev_hash`."""
    rows = []
    for offset, event in enumerate(events):
        type_, text = EVENTS.encode_json(event)
        seq = first_seq + offset
        digest = text_hash(prev_hash, seq, type_, text, None, None)
        rows.append(TournamentEventRow(tournament_id, seq, type_, text, prev_hash, digest))
        prev_hash = digest
    return rows


def decoded(rows: Sequence[TournamentEventRow]) -> list[Event]:
    return [EVENTS.decode_json(row.type, row.data_text) for row in rows]  # type: ignore[misc]


def load(store: Storage, tournament_id: str) -> LoadedTournament:
    """The tournament folded from its stored events.

    Raises:
        UnknownTournament: no such tournament.
    """
    record = store.tournament(tournament_id)
    if record is None:
        raise UnknownTournament(f"no tournament with id {tournament_id!r}")
    rows = tuple(store.tournament_events(tournament_id))
    state = fold_tournament(decoded(rows))  # type: ignore[arg-type]
    assert state is not None
    return LoadedTournament(record, rows, state)


def commit(store: Storage, loaded: LoadedTournament, events: Sequence[Event],
           links: Sequence[tuple[str, int]] = ()) -> LoadedTournament:
    """Append `events` decided on `loaded` (and the game links they make); the tournament as it then stands.

    Raises:
        VersionConflict: another writer moved the tournament on first.
    """
    if not events:
        return loaded
    rows = chained(loaded.record.id, events, loaded.version + 1, loaded.head_hash)
    state = fold_tournament(list(events), loaded.state)  # type: ignore[arg-type]
    assert state is not None
    counts = (len(state.entrants), len(state.rounds))
    stored = store.append_tournament(loaded.record.id, loaded.version, rows, state.status.value, links, counts)
    record = dataclasses.replace(loaded.record, status=state.status.value, version=stored[-1].seq,
                                 head_hash=stored[-1].hash, entrant_count=counts[0], rounds_played=counts[1])
    return LoadedTournament(record, (*loaded.rows, *stored), state)


def run(store: Storage, tournament_id: str, command: TournamentCommand,
        links: Sequence[tuple[str, int]] = ()) -> tuple[LoadedTournament, list[Event]]:
    """Decide `command` on the latest state and append its events, deciding again after a lost race.

    Raises:
        UnknownTournament, InvalidCommand, IllegalCommand, VersionConflict (after ATTEMPTS lost races).
    """
    seed = store.tournament_seed(tournament_id) if store.tournament(tournament_id) else ""
    for attempt in range(ATTEMPTS):
        loaded = load(store, tournament_id)
        events = decide(loaded.state, command, seed)
        try:
            return commit(store, loaded, events, links), events
        except VersionConflict:
            if attempt + 1 == ATTEMPTS:
                raise
    raise AssertionError("unreachable")
