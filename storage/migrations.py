"""Schema versions and their migrations, in order; each applied in one transaction.

Version 1 is the schema of release 0.1 (which kept no version table: a database with its
tables and no `schema_version` is at version 1). Each later migration says what it changes
and why; `trailhead db migrate` applies what is pending and `trailhead serve` does the same
at start.
"""

from __future__ import annotations

import dataclasses

SCHEMA_TABLE = "schema_version"
SCHEMA_TABLE_DDL = (f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                    " applied_at TEXT NOT NULL)")


@dataclasses.dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sqlite: tuple[str, ...]
    postgresql: tuple[str, ...]


_V1_SQLITE = (
    """CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, type TEXT NOT NULL, rules_version INTEGER NOT NULL,
        status TEXT NOT NULL, version INTEGER NOT NULL, head_hash TEXT NOT NULL, seed_commitment TEXT NOT NULL,
        seats TEXT NOT NULL, options TEXT NOT NULL, original_id TEXT NOT NULL, forked_from TEXT, created_at TEXT,
        updated_at TEXT)""",
    # The seed lives apart from the events; it is revealed only when the game ends.
    "CREATE TABLE IF NOT EXISTS game_seeds (game_id TEXT PRIMARY KEY, seed TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seat_tokens (token_hash TEXT PRIMARY KEY, game_id TEXT, seat INTEGER)",
    """CREATE TABLE IF NOT EXISTS events (position INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL,
        seq INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, seat INTEGER, command_id TEXT,
        visibility TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL, recorded_at TEXT NOT NULL,
        UNIQUE (game_id, seq))""",
    """CREATE TABLE IF NOT EXISTS commands (game_id TEXT, command_id TEXT, seat INTEGER, bot TEXT, type TEXT,
        args TEXT, expected_version INTEGER, first_seq INTEGER, last_seq INTEGER, fingerprint TEXT, response TEXT,
        recorded_at TEXT, PRIMARY KEY (game_id, command_id))""",
    "CREATE UNIQUE INDEX IF NOT EXISTS idx_commands_game_id_first_seq ON commands (game_id, first_seq)",
    """CREATE TABLE IF NOT EXISTS projection_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL,
        halted_at INTEGER, error TEXT, updated_at TEXT)""",
    """CREATE TABLE IF NOT EXISTS game_summaries (id TEXT PRIMARY KEY, type TEXT, status TEXT, version INTEGER,
        to_act TEXT, bot_to_act INTEGER, seats TEXT, winners TEXT, result TEXT, created_position INTEGER,
        created_at TEXT, updated_at TEXT)""",
    "CREATE UNIQUE INDEX IF NOT EXISTS idx_game_summaries_created_position ON game_summaries (created_position)",
    "CREATE INDEX IF NOT EXISTS idx_game_summaries_status_bot_to_act ON game_summaries (status, bot_to_act)",
    "CREATE TABLE IF NOT EXISTS summary_seats (game_id TEXT, seat INTEGER, name TEXT, bot TEXT,"
    " PRIMARY KEY (game_id, seat))",
    "CREATE INDEX IF NOT EXISTS idx_summary_seats_name ON summary_seats (name)",
    """CREATE TABLE IF NOT EXISTS player_stats (type TEXT, name TEXT, games_played INTEGER, games_won INTEGER,
        placings_sum INTEGER, best_score INTEGER, PRIMARY KEY (type, name))""",
)

# The same schema in PostgreSQL. Text stays text: an event's data is stored and hashed as its
# canonical JSON, byte for byte (JSONB would reorder it). Global positions are not a sequence
# but the one row of `event_positions`, which every writer updates last in its transaction: the
# row lock makes positions gapless and visible in the order they are taken (storage/postgres.py).
_V1_POSTGRESQL = (
    """CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, type TEXT NOT NULL, rules_version INTEGER NOT NULL,
        status TEXT NOT NULL, version INTEGER NOT NULL, head_hash TEXT NOT NULL, seed_commitment TEXT NOT NULL,
        seats TEXT NOT NULL, options TEXT NOT NULL, original_id TEXT NOT NULL, forked_from TEXT, created_at TEXT,
        updated_at TEXT, stored_order BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE)""",
    "CREATE TABLE IF NOT EXISTS game_seeds (game_id TEXT PRIMARY KEY, seed TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seat_tokens (token_hash TEXT PRIMARY KEY, game_id TEXT, seat INTEGER)",
    "CREATE INDEX IF NOT EXISTS idx_seat_tokens_game_id ON seat_tokens (game_id)",
    """CREATE TABLE IF NOT EXISTS events (position BIGINT PRIMARY KEY, game_id TEXT NOT NULL,
        seq INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, seat INTEGER, command_id TEXT,
        visibility TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL, recorded_at TEXT NOT NULL,
        UNIQUE (game_id, seq))""",
    """CREATE TABLE IF NOT EXISTS event_positions (only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
        last BIGINT NOT NULL)""",
    "INSERT INTO event_positions (only_row, last) VALUES (TRUE, 0) ON CONFLICT (only_row) DO NOTHING",
    """CREATE TABLE IF NOT EXISTS commands (game_id TEXT, command_id TEXT, seat INTEGER, bot TEXT, type TEXT,
        args TEXT, expected_version INTEGER, first_seq INTEGER, last_seq INTEGER, fingerprint TEXT, response TEXT,
        recorded_at TEXT, PRIMARY KEY (game_id, command_id))""",
    "CREATE UNIQUE INDEX IF NOT EXISTS idx_commands_game_id_first_seq ON commands (game_id, first_seq)",
    """CREATE TABLE IF NOT EXISTS projection_checkpoints (name TEXT PRIMARY KEY, position BIGINT NOT NULL,
        halted_at BIGINT, error TEXT, updated_at TEXT)""",
    """CREATE TABLE IF NOT EXISTS game_summaries (id TEXT PRIMARY KEY, type TEXT, status TEXT, version INTEGER,
        to_act TEXT, bot_to_act INTEGER, seats TEXT, winners TEXT, result TEXT, created_position BIGINT,
        created_at TEXT, updated_at TEXT)""",
    "CREATE UNIQUE INDEX IF NOT EXISTS idx_game_summaries_created_position ON game_summaries (created_position)",
    "CREATE INDEX IF NOT EXISTS idx_game_summaries_status_bot_to_act ON game_summaries (status, bot_to_act)",
    "CREATE TABLE IF NOT EXISTS summary_seats (game_id TEXT, seat INTEGER, name TEXT, bot TEXT,"
    " PRIMARY KEY (game_id, seat))",
    "CREATE INDEX IF NOT EXISTS idx_summary_seats_name ON summary_seats (name)",
    """CREATE TABLE IF NOT EXISTS player_stats (type TEXT, name TEXT, games_played INTEGER, games_won INTEGER,
        placings_sum INTEGER, best_score INTEGER, PRIMARY KEY (type, name))""",
)

_V4 = (
    "CREATE TABLE IF NOT EXISTS players (id TEXT PRIMARY KEY, name TEXT NOT NULL, key_hash TEXT NOT NULL UNIQUE,"
    " created_at TEXT NOT NULL)",
    "ALTER TABLE summary_seats ADD COLUMN player TEXT",
    "CREATE INDEX IF NOT EXISTS idx_summary_seats_player ON summary_seats (player)",
)

_V5 = ("ALTER TABLE game_summaries ADD COLUMN rated TEXT",)
_V5_SQLITE = ("CREATE TABLE IF NOT EXISTS ratings (pool TEXT, type TEXT, entry TEXT, mu REAL NOT NULL,"
              " sigma REAL NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (pool, type, entry))", *_V5)
_V5_POSTGRESQL = ("CREATE TABLE IF NOT EXISTS ratings (pool TEXT, type TEXT, entry TEXT, mu DOUBLE PRECISION NOT NULL,"
                  " sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, PRIMARY KEY (pool, type, entry))", *_V5)

# The column is `step`, not `at` (a keyword in PostgreSQL's grammar). An answer is JSON text; `iterations` says
# what it was searched with, so an answer of an older calibration is not taken for today's (application/analysis.py).
_V6 = ("CREATE TABLE IF NOT EXISTS analyses (game_id TEXT NOT NULL, step INTEGER NOT NULL, seat INTEGER NOT NULL,"
       " budget_ms INTEGER NOT NULL, iterations INTEGER NOT NULL, answer TEXT NOT NULL, created_at TEXT NOT NULL,"
       " PRIMARY KEY (game_id, step, seat, budget_ms))",)

# Tournaments (issue 30): each a hash-chained stream of its own like a game's, its seed kept apart (shown once it
# has finished), the hash of its creator's secret, and the index from each linked game to its tournament.
_V7 = ("CREATE TABLE IF NOT EXISTS tournaments (id TEXT PRIMARY KEY, game_type TEXT NOT NULL, format TEXT NOT NULL,"
       " name TEXT NOT NULL, status TEXT NOT NULL, version INTEGER NOT NULL, head_hash TEXT NOT NULL,"
       " seed_commitment TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, creator_hash TEXT)",
       "CREATE INDEX IF NOT EXISTS idx_tournaments_status ON tournaments (status)",
       "CREATE TABLE IF NOT EXISTS tournament_seeds (tournament_id TEXT PRIMARY KEY, seed TEXT NOT NULL)",
       "CREATE TABLE IF NOT EXISTS tournament_events (tournament_id TEXT NOT NULL, seq INTEGER NOT NULL,"
       " type TEXT NOT NULL, data TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL, recorded_at TEXT NOT NULL,"
       " PRIMARY KEY (tournament_id, seq))",
       "CREATE TABLE IF NOT EXISTS tournament_games (game_id TEXT PRIMARY KEY, tournament_id TEXT NOT NULL,"
       " number INTEGER NOT NULL)")
# The ladder (issue 30): who entered each game type's ladder (a player, or a bot level someone entered), the game
# each entrant plays now (claimed before its game is created, so two matchmakers never seat one entrant twice), its
# ladder games so far and its last opponents; and the ladder's games, newest first.
_V8 = ("CREATE TABLE IF NOT EXISTS ladder_entries (game_type TEXT NOT NULL, entrant TEXT NOT NULL, player TEXT,"
       " bot TEXT, name TEXT NOT NULL, entered_by TEXT NOT NULL, active INTEGER NOT NULL, joined_at TEXT NOT NULL,"
       " games INTEGER NOT NULL, last_opponents TEXT NOT NULL, playing TEXT, claimed_at TEXT,"
       " PRIMARY KEY (game_type, entrant))",
       "CREATE TABLE IF NOT EXISTS ladder_games (game_id TEXT PRIMARY KEY, game_type TEXT NOT NULL,"
       " entrants TEXT NOT NULL, created_at TEXT NOT NULL)",
       "CREATE INDEX IF NOT EXISTS idx_ladder_games_type ON ladder_games (game_type, created_at)")

# A tournament's timed start (issue 30, `starts_at`): a setting of the service's clock, so it lives on the row and
# not in the stream (whose events hold no times); NULL for a tournament its creator starts. And what the list of
# tournaments shows besides (seats per game, entrants, rounds paired), kept with each append so that the list
# folds no stream; NULL in a row written before (the list folds that one).
_V9 = ("ALTER TABLE tournaments ADD COLUMN starts_at TEXT",
       "ALTER TABLE tournaments ADD COLUMN seats_per_game INTEGER",
       "ALTER TABLE tournaments ADD COLUMN entrant_count INTEGER",
       "ALTER TABLE tournaments ADD COLUMN rounds_played INTEGER")

# The bulk export (issue 31): each finished game's finishing position, the global position of its last event (taken
# when it finished, or when it was imported or copied here), so that finished games are read in the order they
# finished from an index and a download resumes after the last position it got. Filled in for the games that had
# finished before; NULL while a game runs. Unique: a position is one event's.
_V10_FILL = ("UPDATE games SET finished_position = (SELECT MAX(position) FROM events WHERE events.game_id = games.id)"
             " WHERE status = 'finished'",
             "CREATE UNIQUE INDEX IF NOT EXISTS idx_games_finished_position ON games (finished_position)",
             "CREATE INDEX IF NOT EXISTS idx_games_type_finished_position ON games (type, finished_position)")
_V10_SQLITE = ("ALTER TABLE games ADD COLUMN finished_position INTEGER", *_V10_FILL)
_V10_POSTGRESQL = ("ALTER TABLE games ADD COLUMN finished_position BIGINT", *_V10_FILL)

# Admin (issue 32): a player may be banned (when, why; NULL while not), and each admin action is kept in order:
# who took it (the operator's OS user or --by), when, on which player, why.
_V11_PLAYERS = ("ALTER TABLE players ADD COLUMN banned_at TEXT", "ALTER TABLE players ADD COLUMN ban_reason TEXT")
_V11_SQLITE = ("CREATE TABLE IF NOT EXISTS admin_actions (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL,"
               " actor TEXT NOT NULL, action TEXT NOT NULL, player TEXT NOT NULL, reason TEXT)", *_V11_PLAYERS)
_V11_POSTGRESQL = ("CREATE TABLE IF NOT EXISTS admin_actions (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
                   " at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, player TEXT NOT NULL, reason TEXT)",
                   *_V11_PLAYERS)

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "release 0.1 schema: games, seeds, seat tokens, events, commands, read models", _V1_SQLITE,
              _V1_POSTGRESQL),
    # A command record keeps its seq range, not its response: an idempotent retry rebuilds the
    # response from the events (byte for byte the first one). The responses were 2.5x the events.
    Migration(2, "command records keep their seq range, not their full response",
              ("ALTER TABLE commands DROP COLUMN response",), ("ALTER TABLE commands DROP COLUMN response",)),
    # Where each game's seed came from (application/seeds.py); release 0.1 did not record it.
    Migration(3, "games record where their seed came from",
              ("ALTER TABLE games ADD COLUMN seed_source TEXT NOT NULL DEFAULT 'unknown'",),
              ("ALTER TABLE games ADD COLUMN seed_source TEXT NOT NULL DEFAULT 'unknown'",)),
    # Players (issue 15): an identity with a secret key, kept as its sha256 like a seat token's; the
    # read model's seats say which player holds each seat (NULL for the games before players).
    Migration(4, "players, and the players holding the seats of the read model's games", _V4, _V4),
    # Ratings (issue 15): players' OpenSkill ratings per pool and game type, a read model rebuilt
    # from the log; the summaries say how a finished game counts.
    Migration(5, "players' ratings, and how each finished game counts for them", _V5_SQLITE, _V5_POSTGRESQL),
    # Analyses (issue 29): the search level's answers by game, step, seat and budget, worked out on the bots'
    # side and read by the request that waits for them (on any host); the same question gives the same answer.
    Migration(6, "the search level's analyses, kept by game, step, seat and budget", _V6, _V6),
    Migration(7, "tournaments: their hash-chained streams, seeds, and the index of their games", _V7, _V7),
    Migration(8, "the ladders: their entrants, the games they play now, and their games", _V8, _V8),
    Migration(9, "tournaments may start by themselves at a time, and their rows hold what their list shows", _V9, _V9),
    Migration(10, "finished games record the position they finished at, for the bulk export", _V10_SQLITE,
              _V10_POSTGRESQL),
    Migration(11, "banned players, and the log of admin actions", _V11_SQLITE, _V11_POSTGRESQL),
)

LATEST = MIGRATIONS[-1].version
