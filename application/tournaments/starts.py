"""A tournament that starts by itself at its `starts_at` (issue 30; docs/tournaments.md, Starting at a time).

`starts_at` is a setting of the service's clock, kept on the tournament's row (not in its stream, whose events
hold no times). At creation a `TournamentStartsAt` timer is set on the bus's TIMER lane (a timer of this
process inline; a job RQ's scheduler enqueues at that time); when it fires, the tournament starts as its
creator would start it, and its jobs take over. If it has fewer entrants than a table has seats then, nothing
is recorded: it stays open, and starts by itself on the entry that makes a table's worth (application/
tournaments/entry.py `join` sends the timer again, due at once); its creator may start it too. A restart, and
the workers' sweep, set the timer of every open tournament with a `starts_at` again (one whose time has passed
fires at once and tries again), so a start missed while the service was down is made good; one whose time has
passed with too few entrants is not set again (nothing to try: its next entry sends it).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from application.clock import instant, iso, utc_now
from application.messages import Message, TournamentDue, TournamentStartsAt
from application.tournaments.stream import load, run
from domain.core import IllegalCommand, InvalidCommand
from domain.tournaments.events import StartTournament
from domain.tournaments.refusals import start_refusal
from domain.tournaments.state import Status
from storage import VersionConflict

if TYPE_CHECKING:
    from application.bus import MessageBus


def starts_at(asked: datetime | None) -> str | None:
    """The creation's `starts_at` as stored (ISO 8601, UTC), or None.

    Raises:
        InvalidCommand: a time without a zone, or one that has passed.
    """
    if asked is None:
        return None
    if asked.tzinfo is None:
        raise InvalidCommand("starts_at: a time with its zone, in UTC (2026-05-01T18:00:00Z)")
    if asked <= utc_now():
        raise InvalidCommand("starts_at: that time has passed")
    return iso(asked.astimezone(UTC))


def tournament_starts(bus: MessageBus, due: TournamentStartsAt) -> list[Message]:
    """The handler of `TournamentStartsAt`: start the tournament if it is open and has a table's worth of
    entrants (else record nothing: it stays open for its creator to start); a timer that woke early is set
    again."""
    if utc_now() < instant(due.at):
        return [due]
    if start_refusal(load(bus.store, due.tournament_id).state) is not None:
        return []
    try:
        loaded, _events = run(bus.store, due.tournament_id, StartTournament())
    except (IllegalCommand, VersionConflict):  # its creator started it meanwhile
        return []
    bus.tournament_committed(due.tournament_id, loaded.version)
    return [TournamentDue(due.tournament_id, loaded.version)]


def timed_starts(bus: MessageBus) -> list[Message]:
    """The start timer of every open tournament that has a `starts_at` (after a restart; the workers' sweep),
    from their rows in one read. One whose time has passed with fewer entrants than a table has seats is left
    out: its timer would find nothing to do, and the entry that makes a table's worth sends it (`join`); a row
    written before the counts were kept (migration 9) is sent as before."""
    due: list[Message] = []
    now = utc_now()
    for record in bus.store.tournament_records(Status.OPEN.value):
        if record.starts_at is None:
            continue
        if (instant(record.starts_at) <= now and record.entrant_count is not None
                and record.seats_per_game is not None and record.entrant_count < record.seats_per_game):
            continue
        due.append(TournamentStartsAt(record.id, record.starts_at))
    return due
