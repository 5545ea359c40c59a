"""The storage port's SQL, shared by the SQLite and PostgreSQL backends: one module a part of the port.

Both backends run the same statements, written with `?` placeholders (the PostgreSQL
backend turns them into psycopg's `%s`). What differs lives in the backends: how a
connection is had (a thread's own SQLite connection; a psycopg pool), how writers are
serialised and global positions taken (SQLite's one writer at a time; a row lock on the
game and on the position counter in PostgreSQL), the schema's DDL and the
projection's lock. What they supply is the hooks of `SqlBackend` (connection.py).
"""

from __future__ import annotations

from storage.sql.analyses import SqlAnalyses
from storage.sql.event_log import SqlEventLog
from storage.sql.ladder import SqlLadder
from storage.sql.operations import SqlOperations
from storage.sql.players import SqlPlayers
from storage.sql.read_models import SqlReadModels
from storage.sql.tournaments import SqlTournaments


class SqlStorage(SqlEventLog, SqlPlayers, SqlReadModels, SqlOperations, SqlAnalyses, SqlLadder, SqlTournaments):
    """The storage port in SQL, every part of it; a backend supplies connections, transactions and positions."""
