"""What the storage port reads and writes: plain records, no SQL, no backend types."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from typing import Any

from domain.core import PUBLIC, Visibility

ACTIVE = "active"
FINISHED = "finished"
OPEN = "open"  # waiting for players to join its open seats (domain/core/seating.py)


def iso_utc(moment: datetime) -> str:
    """An aware datetime as times are stored and shown: ISO 8601 in UTC, to the microsecond, `Z` suffixed."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def now() -> str:
    return iso_utc(datetime.now(UTC))


class VersionConflict(Exception):
    """The game moved on: the command was decided on `expected` but the log is at `current`."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"expected version {expected}, but the game is at version {current}")
        self.expected = expected
        self.current = current


class StorageClosed(Exception):
    """The storage was closed (its process is shutting down, or its test ended): nothing more is read or written."""


class StorageFull(Exception):
    """The disk holding the database is full: the write was rolled back, nothing was changed (503, storage-full)."""


class AlreadyStored(Exception):
    """A restored game's rows clash with stored ones: its id, or one of its seat-token hashes, is stored already."""


class SchemaOutOfDate(Exception):
    """The database's schema is older than this code; `trailhead db migrate` brings it up to date."""


@dataclasses.dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's identity, status and head."""

    id: str
    type: str
    rules_version: int
    status: str
    version: int
    head_hash: str
    seed_commitment: str
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    original_id: str
    forked_from: dict[str, Any] | None
    created_at: str
    updated_at: str
    seed_source: str = "unknown"  # server, client, mixed; unknown for games recorded by release 0.1


@dataclasses.dataclass(frozen=True, slots=True)
class StoredEvent:
    """One event with its envelope; `data_text` is its canonical JSON as stored and hashed."""

    game_id: str
    seq: int
    type: str
    data_text: str
    seat: int | None
    command_id: str | None
    visibility: Visibility
    prev_hash: str
    hash: str
    position: int | None = None
    recorded_at: str | None = None

    @property
    def data(self) -> Any:
        return json.loads(self.data_text)

    def visible_to(self, seat: int | None) -> bool:
        return self.visibility == PUBLIC or (seat is not None and seat in self.visibility)

    def visibility_json(self) -> str | list[int]:
        return PUBLIC if self.visibility == PUBLIC else list(self.visibility)


# An event as a fold reads it: (seq, type, data_text, hash, seat, command_id, recorded_at), its text and
# what the clock needs of its envelope (storage.event_texts). A plain tuple, as the driver gives it:
# a NamedTuple made per row cost a tenth of a cold rebuild (bench/replays_speed.py).
EventText = tuple[int, str, str, str, int | None, str | None, str]


@dataclasses.dataclass(frozen=True, slots=True)
class CommandRecord:
    """An accepted command as recorded beside its events: enough to re-decide it and to answer a retry."""

    game_id: str
    command_id: str
    seat: int | None
    bot: str | None
    type: str
    args: dict[str, Any]
    expected_version: int
    first_seq: int
    last_seq: int
    fingerprint: str
    recorded_at: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Appended:
    """The outcome of an append: the command record that stands, and its events as stored (when new)."""

    command: CommandRecord
    events: tuple[StoredEvent, ...]
    new: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Checkpoint:
    """A projection's checkpoint: the global position applied up to, and where and why it halted."""

    name: str
    position: int
    halted_at: int | None = None
    error: str | None = None
    updated_at: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class GameSummary:
    """A game as the lobby lists it, written by the projection."""

    id: str
    type: str
    status: str
    version: int
    to_act: list[int]
    bot_to_act: bool
    seats: list[dict[str, Any]]
    result: dict[str, Any] | None
    created_position: int
    created_at: str | None
    updated_at: str | None
    lower_score_wins: bool = False
    rated: str | None = None  # a finished game: how it counts for ratings (application/ratings.py)
    halted: bool = False  # a bot seat is to act and has no legal command: its bot turns stop (HALTED_BOT)


# game_summaries.bot_to_act: no bot seat to act (0), one to act (1), or one to act that has no legal
# command (2): the game is halted, reported by /healthz, and never handed to the bots again.
NO_BOT, BOT_TO_ACT, HALTED_BOT = 0, 1, 2


@dataclasses.dataclass(frozen=True, slots=True)
class Rating:
    """An entry's rating in one pool and game type: a player's id, or `bot:<level>` (application/ratings.py)."""

    pool: str
    type: str
    entry: str
    mu: float
    sigma: float
    games: int

    @property
    def rating(self) -> float:
        """The conservative rating the leaderboard ranks by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclasses.dataclass(frozen=True, slots=True)
class StoredAnalysis:
    """A kept analysis: the iterations it was searched with, its answer (JSON text) and when it was kept."""

    iterations: int
    answer: str
    created_at: str
