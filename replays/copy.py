"""Moving an installation: every game of one database copied into another, verified, read models rebuilt.

Any backend to any (a SQLite file to PostgreSQL, or back). Each game is read from the source
as a consistent snapshot (its record first, then its rows up to the record's version, so a
source still being written to gives the game as it stood), audited there with its seed
(the chain, the seed commitment and the re-derivation of every event, finished or not), and
written to the destination in one transaction by the port's `restore_game`: the same id,
record, times, events (data byte for byte, hashes, visibility, `recorded_at`), command
records, seed and seat-token hashes, so seat tokens keep working. Only global positions are
the destination's own, assigned in the order games are copied; they matter only to the
projections, whose read models are rebuilt at the end. The copy is read back and audited
again in the destination.

Resumable: a game the destination already holds with the same head is skipped, so a run
repeated copies nothing and a run that was interrupted goes on where it stopped (a game is
written whole or not at all). A game the destination holds under the same id with another
log is a conflict: reported, never overwritten.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

from application.projections import BATCH, PROJECTION, Projector, RunOutcome
from domain.core import GameSpec
from replays.audit import audit
from replays.log import GameLog, log_from_store, log_of
from storage import AlreadyStored, CommandRecord, GameRecord, Storage, StoredEvent

COPIED = "copied"
SKIPPED = "skipped"
CONFLICT = "conflict"  # the destination holds another log under the game's id: left as it is
REFUSED = "refused"  # the game does not verify in the source: not written
FAILED = "failed"  # written, but the destination's copy does not read back or verify as the source's
OUTCOMES = (COPIED, SKIPPED, CONFLICT, REFUSED, FAILED)


class CopyRefused(Exception):
    """The copy cannot start: the source is not a Trailhead database at this code's schema, say."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameCopy:
    """What became of one game: its outcome, its events (as copied or found), and why, if not copied or skipped."""

    game_id: str
    type: str
    outcome: str
    events: int
    reason: str | None = None


@dataclasses.dataclass(slots=True)
class CopyReport:
    """A run's tally as it goes: counts per outcome, the games that went wrong, the rebuild at the end."""

    total: int
    migrations: list[str]
    counts: dict[str, int] = dataclasses.field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    events: int = 0  # events written by this run
    problems: list[GameCopy] = dataclasses.field(default_factory=list)
    left: int = 0  # games not looked at, the limit being reached
    rebuilt: RunOutcome | None = None
    competitions: Any = None  # replays.copy_competitions.CompetitionsReport, once the games are all done
    started: float = dataclasses.field(default_factory=time.perf_counter)
    finished: float | None = None

    @property
    def done(self) -> int:
        return sum(self.counts.values())

    @property
    def elapsed(self) -> float:
        return max((self.finished or time.perf_counter()) - self.started, 1e-9)

    @property
    def ok(self) -> bool:
        """Nothing failed: no conflict, refusal or failed copy, and the read models rebuilt without halting."""
        bad = self.counts[CONFLICT] + self.counts[REFUSED] + self.counts[FAILED]
        return (bad == 0 and (self.rebuilt is None or self.rebuilt.halted_at is None)
                and (self.competitions is None or self.competitions.ok))

    def add(self, copy: GameCopy) -> None:
        self.counts[copy.outcome] += 1
        if copy.outcome == COPIED:
            self.events += copy.events
        elif copy.outcome != SKIPPED:
            self.problems.append(copy)


@dataclasses.dataclass(frozen=True, slots=True)
class Snapshot:
    """One game's rows as read from the source, consistent at the record's version."""

    record: GameRecord
    seed: str
    token_hashes: dict[int, str]
    events: tuple[StoredEvent, ...]
    commands: tuple[CommandRecord, ...]


def copy_installation(source: Storage, destination: Storage, registry: Callable[[str], GameSpec],
                      limit: int | None = None, on_game: Callable[[CopyReport, GameCopy], None] | None = None,
                      batch: int = BATCH) -> CopyReport:
    """Copy every game of `source` into `destination` (migrated first), then its tournaments and ladders
    (replays/copy_competitions.py), then rebuild its read models.

    `limit` copies at most that many games this run (skipped ones do not count; a later run
    goes on). `on_game` is told of each game as it is done. The read models are rebuilt when
    this run copied a game or they are behind the destination's log.

    Raises:
        CopyRefused: the source has no Trailhead schema, or an older one than this code reads.
    """
    version = source.schema_version()
    if version == 0:
        raise CopyRefused("the source holds no Trailhead database (no schema)")
    pending = source.pending_migrations()
    if pending:
        raise CopyRefused(f"the source's schema is at version {version} and needs {len(pending)} migration(s): "
                          "run `trailhead db migrate` on it first (TRAILHEAD_DB=SRC)")
    migrations = destination.migrate()
    game_ids = source.game_ids()
    report = CopyReport(total=len(game_ids), migrations=migrations)
    for index, game_id in enumerate(game_ids):
        if limit is not None and report.counts[COPIED] >= limit:
            report.left = len(game_ids) - index
            break
        copy = copy_game(source, destination, registry, game_id)
        report.add(copy)
        if on_game is not None:
            on_game(report, copy)
    if not report.left:  # the tournaments and ladders once every game is there (their audit reads the games)
        from replays.copy_competitions import copy_competitions  # it builds on this module's outcomes

        report.competitions = copy_competitions(source, destination, registry)
    if report.counts[COPIED] or read_models_behind(destination):
        report.rebuilt = Projector(registry, batch).rebuild(destination)
    report.finished = time.perf_counter()
    return report


def read_models_behind(store: Storage) -> bool:
    mark = store.checkpoint(PROJECTION)
    return mark.halted_at is not None or mark.position != store.head_position()


def copy_game(source: Storage, destination: Storage, registry: Callable[[str], GameSpec], game_id: str) -> GameCopy:
    """Copy one game, or say why not: skipped (already there), conflict, refused (does not verify) or failed."""
    snapshot = read_snapshot(source, game_id)
    record = snapshot.record
    held = destination.game(game_id)
    if held is not None:
        return already_held(source, destination, snapshot, held)
    report = audit(source_log(source, snapshot), registry, expected_head=record.head_hash)
    if report.failure is not None:
        failure = report.failure
        where = f"event {failure.seq}" if failure.seq is not None else "the game"
        return GameCopy(game_id, record.type, REFUSED, len(snapshot.events),
                        f"does not verify in the source: {where} fails the {failure.check} check: {failure.reason}")
    try:
        destination.restore_game(record, snapshot.seed, snapshot.token_hashes, snapshot.events, snapshot.commands)
    except AlreadyStored as clash:
        held = destination.game(game_id)
        if held is not None:  # another run wrote it meanwhile
            return already_held(source, destination, snapshot, held)
        return GameCopy(game_id, record.type, FAILED, len(snapshot.events), f"not written: {clash}")
    differs = read_back_difference(destination, snapshot)
    if differs is not None:
        return GameCopy(game_id, record.type, FAILED, len(snapshot.events), f"written, but {differs}")
    copied = audit(log_from_store(destination, game_id, reveal_seed=True), registry, expected_head=record.head_hash)
    if copied.failure is not None:
        failure = copied.failure
        return GameCopy(game_id, record.type, FAILED, len(snapshot.events),
                        f"written, but the copy fails the {failure.check} check at event {failure.seq}: "
                        f"{failure.reason}")
    return GameCopy(game_id, record.type, COPIED, len(snapshot.events))


def read_snapshot(source: Storage, game_id: str) -> Snapshot:
    """The game as its record stands: events and command records up to the record's version (a source
    still being written to may have more by the time they are read; they belong to a later state)."""
    record = source.game(game_id)
    assert record is not None
    events = tuple(source.events(game_id, limit=record.version))
    commands = tuple(c for c in source.commands(game_id) if c.last_seq <= record.version)
    return Snapshot(record, source.seed(game_id), source.token_hashes(game_id), events, commands)


def source_log(source: Storage, snapshot: Snapshot) -> GameLog:
    """The snapshot as the audit reads it, seed revealed: every event is re-derived, finished game or not."""
    forked = snapshot.record.forked_from
    inherited = None
    if forked and source.game(forked["game_id"]) is not None:
        inherited = log_from_store(source, forked["game_id"], reveal_seed=False).events
    return log_of(snapshot.record, snapshot.events, snapshot.commands, snapshot.seed, True, inherited)


def already_held(source: Storage, destination: Storage, snapshot: Snapshot, held: GameRecord) -> GameCopy:
    """Skipped if the destination holds the game at the same head; else a conflict, saying how the logs part."""
    record = snapshot.record
    if held.head_hash == record.head_hash and held.version == record.version:
        return GameCopy(record.id, record.type, SKIPPED, held.version)
    ours = [event.hash for event in snapshot.events]
    theirs = [row[3] for row in destination.event_texts(record.id)]  # (seq, type, data, hash, ...)
    if len(theirs) < len(ours) and ours[: len(theirs)] == theirs:
        reason = (f"the destination holds it at version {len(theirs)}, the source at {len(ours)}: the game went on "
                  "in the source after an earlier copy")
    elif len(theirs) > len(ours) and theirs[: len(ours)] == ours:
        reason = (f"the destination holds it at version {len(theirs)}, the source at {len(ours)}: the game went on "
                  "in the destination after an earlier copy")
    else:
        parted = next((seq for seq, (a, b) in enumerate(zip(ours, theirs), start=1) if a != b),
                      min(len(ours), len(theirs)) + 1)
        reason = f"the destination holds another log under this id (the logs differ from event {parted})"
    return GameCopy(record.id, record.type, CONFLICT, len(theirs), f"{reason}; left as it is in the destination")


def read_back_difference(destination: Storage, snapshot: Snapshot) -> str | None:
    """What of the game reads back from the destination otherwise than it was read from the source, if anything."""
    game_id = snapshot.record.id
    checks: list[tuple[str, Any, Any]] = [
        ("the game record", destination.game(game_id), snapshot.record),
        ("the events", [unpositioned(e) for e in destination.events(game_id)], [unpositioned(e) for e in snapshot.events]),
        ("the command records", destination.commands(game_id), list(snapshot.commands)),
        ("the seed", destination.seed(game_id), snapshot.seed),
        ("the seat-token hashes", destination.token_hashes(game_id), snapshot.token_hashes),
    ]
    for what, there, here in checks:
        if there != here:
            return f"{what} read back otherwise than the source's"
    return None


def unpositioned(event: StoredEvent) -> StoredEvent:
    return dataclasses.replace(event, position=None)


