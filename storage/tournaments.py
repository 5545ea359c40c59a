"""What the tournaments' part of the storage port (storage/port.py, `Tournaments`) reads and writes (issue 30).

A tournament is stored as a game is: a row with its status, version and head hash; its events, each with its
seq, canonical JSON data, previous hash and hash (application/tournaments/stream.py chains them as
application/chain.py does a game's); its secret seed in a table of its own, read by the application and shown
only once the tournament has finished; and an index from each of its linked games to the tournament and the
game's number in it, written with the `GameLinked` event that makes the link, so a finishing game finds its
tournament in one read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence


@dataclasses.dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A tournament's identity, status and head, as the lists show it."""

    id: str
    game_type: str
    format: str
    name: str
    status: str
    version: int
    head_hash: str
    seed_commitment: str
    created_at: str = ""
    updated_at: str = ""
    starts_at: str | None = None  # ISO 8601, UTC: when an open tournament starts by itself (None: by its creator)
    # what the list shows besides, kept with each append (None in a row written before migration 9)
    seats_per_game: int | None = None
    entrant_count: int | None = None
    rounds_played: int | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class TournamentEventRow:
    """One stored event of a tournament: `data_text` is its canonical JSON as stored and hashed."""

    tournament_id: str
    seq: int
    type: str
    data_text: str
    prev_hash: str
    hash: str
    recorded_at: str | None = None
