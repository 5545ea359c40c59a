"""The storage port: what the application keeps, in the parts a caller needs.

- `EventLog`: games, their events with their global positions, the command records beside
  them and the secret seeds: everything a command, an audit or a copy reads and appends.
- `Players`: players and the seat tokens, by the hashes of their keys: who a bearer is.
- `ReadModels`: the projections' tables (game summaries, results, ratings) with their checkpoint.
- `Operations`: the schema's migrations, the queries of the jobs and of the health check.
- `Analyses`: the search level's answers, kept where every host's requests and workers meet.
- `Ladder` (storage/ladder.py): the ladders' entrants and games.
- `Tournaments`: tournaments' hash-chained streams, seeds, creators' secrets and the index of their games.

`Storage` combines them, for the composition root and for what copies a whole installation.
The SQLite backend (storage/sqlite.py) and the PostgreSQL backend (storage/postgres.py)
implement every part with the shared statements of storage/sql/ (one module a part). Every
SQL statement of the project lives in this package.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from storage.ladder import Ladder
from storage.records import (
    Appended,
    Checkpoint,
    CommandRecord,
    EventText,
    GameRecord,
    GameSummary,
    Rating,
    StoredAnalysis,
    StoredEvent,
)
from storage.tournaments import TournamentEventRow, TournamentRecord


class EventLog(Protocol):
    """Games and their logs: the append-only, hash-chained events, the command records, the seeds."""

    def game(self, game_id: str) -> GameRecord | None: ...

    def game_ids(self, type_: str | None = None, status: str | None = None) -> list[str]:
        """Ids of stored games in the order they were stored, optionally of one type and status."""

    def finished_games(self, after: int, limit: int, type_: str | None = None) -> list[tuple[int, str]]:
        """(finishing position, id) of at most `limit` finished games, optionally of one type, that finished
        after the global position `after`, in the order they finished (the bulk export's pages). A game's
        finishing position is the position of its last event, taken when it finished (or was imported or
        copied here): it never changes, and a game finishing later has a higher one."""

    def finished_count(self, after: int, type_: str | None = None) -> int:
        """How many games `finished_games` would list after `after`, with no limit (a progress bar's total)."""

    def imported_game(self, original_id: str, head_hash: str) -> str | None:
        """The local id of a stored game with this original id and head hash (an earlier import)."""

    def events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]: ...

    def event_texts(self, game_id: str, after: int = 0) -> list[EventText]:
        """A game's events after `after` as a fold reads them (their text, hash, seat, command id and
        time, not the rest of the envelope): the lean read of the handler's fold."""

    def game_since(self, game_id: str, after: int) -> tuple[GameRecord | None, list[EventText]]:
        """`event_texts(game_id, after)` and, if the game moved past `after`, its record, read after them (so as
        new as the last of them at least); one round trip on PostgreSQL (the handler's load)."""

    def events_from(self, position: int, limit: int) -> list[StoredEvent]:
        """Events of every game after a global position, in position order (what projections follow)."""

    def head_position(self) -> int: ...

    def command(self, game_id: str, command_id: str) -> CommandRecord | None: ...

    def commands(self, game_id: str) -> list[CommandRecord]: ...

    def seed(self, game_id: str) -> str: ...

    def create_game(self, game: GameRecord, seed: str, token_hashes: dict[int, str],
                    events: Sequence[StoredEvent], command: CommandRecord) -> tuple[StoredEvent, ...]:
        """Write a new game, its seed, tokens, opening events and command record atomically.

        Raises:
            AlreadyStored: a game with its id is stored already (nothing is written).
        """

    def import_game(self, game: GameRecord, seed: str, events: Sequence[StoredEvent],
                    commands: Sequence[CommandRecord], token_hashes: dict[int, str] | None = None) -> None:
        """Write an imported (finished, verified) game with all its events and command records atomically."""

    def restore_game(self, game: GameRecord, seed: str, token_hashes: dict[int, str], events: Sequence[StoredEvent],
                     commands: Sequence[CommandRecord]) -> tuple[StoredEvent, ...]:
        """Write a game copied from another database as it was stored there, atomically: the game record
        with its id and times, its seed and seat-token hashes, every event with its envelope and
        `recorded_at`, every command record with its `recorded_at`. Only the events' global positions
        are this database's own, taken after its last as for any write; returns the events as stored.

        Raises:
            AlreadyStored: the game's id, or one of its token hashes, is stored here already (nothing is written).
        """

    def append(self, game_id: str, expected_version: int, events: Sequence[StoredEvent], command: CommandRecord,
               status: str, token_hashes: dict[int, str] | None = None) -> Appended:
        """Append one command's events if the game is still at `expected_version`; a command id
        already recorded for the game returns that first record instead (`new` False).
        `token_hashes` are seat tokens given with the command (a player joining a seat).

        Raises:
            VersionConflict: the game is no longer at `expected_version`.
        """


class Players(Protocol):
    """Players and seat tokens: the bearer credentials, kept as the sha256 of their secrets."""

    def create_player(self, player_id: str, name: str, key_hash: str) -> dict[str, Any]:
        """Store a player with the hash of its key; returns {id, name, created_at}."""

    def player(self, player_id: str) -> dict[str, Any] | None: ...

    def player_rows(self) -> list[tuple[Any, ...]]:
        """Every player's row as stored (id, name, key hash, created_at, banned_at, ban_reason), for
        `trailhead db copy`."""

    def restore_players(self, rows: Sequence[Sequence[Any]]) -> int:
        """Write players' rows read by `player_rows` of another database, those whose id or key hash is not held
        already; returns how many."""

    def player_by_key(self, key_hash: str) -> dict[str, Any] | None:
        """The player whose key has this sha256, or None."""

    def players(self, name: str | None = None) -> list[dict[str, Any]]:
        """Every player (or those whose name holds `name`, any case), as `player` gives them, oldest first."""

    def set_player_key(self, player_id: str, key_hash: str, action: dict[str, Any] | None = None) -> bool:
        """Replace the player's key (by its sha256), and record the admin `action` ({at, actor, action, player,
        reason}) in the same transaction; False: no such player."""

    def set_player_ban(self, player_id: str, banned_at: str | None, reason: str | None,
                       action: dict[str, Any]) -> bool:
        """Ban the player (`banned_at` a time) or lift its ban (None), recording the admin `action`."""

    def admin_actions(self, limit: int = 100) -> list[dict[str, Any]]:
        """The admin actions recorded, newest first: {id, at, actor, action, player, reason}."""

    def restore_admin_actions(self, actions: Sequence[dict[str, Any]]) -> int:
        """Write another database's admin actions this one does not hold (`trailhead db copy`); returns how many."""

    def token_owner(self, token_hash: str) -> tuple[str, int] | None: ...

    def token_hashes(self, game_id: str) -> dict[int, str]:
        """Seat -> the hash of its token, for the game's seats that have one (copying an installation)."""


class ReadModels(Protocol):
    """What the projections make of the log (the lobby, results, ratings), and their checkpoint."""

    def checkpoint(self, name: str) -> Checkpoint: ...

    def write_projection(self, name: str, expected: int, position: int, summaries: Sequence[GameSummary],
                         halted_at: int | None, error: str | None, ratings: Sequence[Rating] = ()) -> bool:
        """Write summaries, the new ratings of games that just finished and the new checkpoint in
        one transaction, only if the checkpoint is still at `expected`; False if it moved."""

    def reset_read_models(self, name: str) -> None: ...

    def projection_lock(self) -> AbstractContextManager[bool]:
        """A non-blocking lock across processes: yields whether this process may project now."""

    def summaries(self, type_: str | None, status: str | None, seat_name: str | None, limit: int,
                  cursor: int | None) -> tuple[list[dict[str, Any]], int | None]: ...

    def ratings(self, pool: str, type_: str, entries: Sequence[str]) -> dict[str, Rating]:
        """The stored ratings of these entries (players' ids, `bot:<level>`), by entry; absent ones left out."""

    def seat_name_stats(self, type_: str) -> list[dict[str, Any]]:
        """Results by seat name (games played, won, mean placing, best score): every finished game counts."""

    def leaderboard(self, type_: str, pool: str) -> list[dict[str, Any]]:
        """Players' rows {player, name, rating, mu, sigma, games}, best rating (mu - 3 sigma) first."""

    def player_ratings(self, player_id: str, pool: str) -> dict[str, dict[str, Any]]:
        """A player's {rating, mu, sigma, games} by game type."""

    def player_games(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The player's games as the read model has them, newest first."""

    def projected_version(self, game_id: str) -> int: ...


class Operations(Protocol):
    """Keeping an installation running: its schema, the games the jobs and the health check look for."""

    def schema_version(self) -> int:
        """The version the database is at (0: empty)."""

    def pending_migrations(self) -> list[str]:
        """The names of the migrations not yet applied, in order."""

    def migrate(self) -> list[str]:
        """Apply every pending migration (each in one transaction); returns their names."""

    def bot_waiting_games(self) -> list[tuple[str, int]]: ...

    def tabled_games(self) -> list[str]:
        """Ids of the games not finished that were created with table rules (a clock, a filling delay,
        open seats or players' seats), in the order they were stored: where pending deadlines are."""

    def halted_bot_games(self, limit: int) -> list[tuple[str, str, int]]:
        """(game id, type, version) of active games whose bot seat to act has no legal command, oldest first."""

    def mark_bot_halted(self, game_id: str, version: int) -> None:
        """Say in the read model that the game, if its summary is at `version`, has a bot seat to act with no
        legal command (what the projection says of it too): it is reported, and no longer handed to the bots."""

    def longest_bot_waits(self, limit: int) -> list[tuple[str, str]]:
        """(game id, time of its last event) of active games whose bot seat is to act, longest waiting first."""
        ...

    def storage_problem(self) -> str | None:
        """Why writes fail just now for want of space (storage/fullness.py), or None."""
        ...

    def close(self) -> None: ...


class Analyses(Protocol):
    """The search level's answers (application/analysis.py), by game, step, seat and budget.

    Kept in the database rather than in one process's memory or in Redis: a worker on any host works an
    answer out and the request waiting on another host reads it here, with or without Redis, and the
    answer stays true (a seeded search of a logged step), so it is kept as long as the game is.
    """

    def analysis(self, game_id: str, step: int, seat: int, budget_ms: int) -> StoredAnalysis | None:
        """The answer kept for that question, or None."""

    def keep_analysis(self, game_id: str, step: int, seat: int, budget_ms: int, iterations: int,
                      answer: str) -> None:
        """Keep the answer to that question (replacing one kept before: an older calibration's)."""


class Tournaments(Protocol):
    """Tournaments' streams, seeds, creator secrets and the index of their games."""

    def create_tournament(self, record: TournamentRecord, seed: str, creator_hash: str | None,
                          events: Sequence[TournamentEventRow],
                          links: Sequence[tuple[str, int]] = ()) -> tuple[TournamentEventRow, ...]:
        """Write a new tournament, its seed, the hash of its creator's secret, its first events and the
        (game id, number) links they make (an imported tournament's) atomically."""

    def restore_tournament(self, record: TournamentRecord, seed: str, creator_hash: str | None,
                           events: Sequence[TournamentEventRow], links: Sequence[tuple[str, int]]) -> None:
        """Write a tournament read from another database whole, with its own times (`trailhead db copy`).

        Raises:
            AlreadyStored: a tournament of that id, or one of its links, is stored already (nothing written).
        """

    def tournament_links(self, tournament_id: str) -> list[tuple[str, int]]:
        """The (game id, number) index rows of the tournament, by number."""

    def append_tournament(self, tournament_id: str, expected_version: int, events: Sequence[TournamentEventRow],
                          status: str, links: Sequence[tuple[str, int]] = (),
                          counts: tuple[int, int] | None = None) -> tuple[TournamentEventRow, ...]:
        """Append events if the tournament is still at `expected_version`, with the (game id, number) links
        they make and the row's (entrant_count, rounds_played) as they then stand, in one transaction.

        Raises:
            VersionConflict: the tournament is no longer at `expected_version`.
        """

    def tournament(self, tournament_id: str) -> TournamentRecord | None: ...

    def tournament_ids(self, status: str | None = None) -> list[str]:
        """Ids of the stored tournaments, oldest first, optionally of one status."""

    def tournament_records(self, status: str | None = None) -> list[TournamentRecord]:
        """The stored tournaments' rows, oldest first, optionally of one status, in one read (their list)."""

    def tournament_events(self, tournament_id: str, after: int = 0) -> list[TournamentEventRow]: ...

    def tournament_seed(self, tournament_id: str) -> str: ...

    def tournament_creator(self, tournament_id: str) -> str | None:
        """The sha256 of the creator's secret (None: the tournament was created without one)."""

    def tournament_of_game(self, game_id: str) -> tuple[str, int] | None:
        """The tournament a game was linked to, and its number there; None for a game of no tournament."""

    def tournament_game_ids(self, tournament_id: str) -> dict[int, str]:
        """The local id of each linked game of the tournament, by number (an imported tournament's games have
        local ids of their own; its GameLinked events name the originals)."""


class Storage(EventLog, Players, ReadModels, Operations, Analyses, Ladder, Tournaments, Protocol):
    """One database, every part of the port: safe to share between threads (each gets its own connection)."""
