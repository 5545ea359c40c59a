"""`trailhead db copy` for the competitions (issue 30): the players, the tournaments and the ladders, after the
games.

The players' rows (id, name, the hash of the key, created_at) are copied as they are, so their keys work against
the destination (a row whose id or key hash the destination holds already is left alone).

A tournament is copied as a game is (replays/copy.py): its record with its own times and `starts_at`, its
events byte for byte (hashes, `recorded_at`), its seed, the hash of its creator's secret and the index of its
linked games, written whole in one transaction, then audited in the destination (the chain, the re-derivation
with its seed, each linked game's seed commitment, audit and result, the standings): a copy that does not
audit is reported as failed. One the destination holds at the same head is skipped; under the same id with
another head, a conflict left as it is. A tournament that does not audit in the source is refused.

The ladders' rows (entries with their games, last opponents and the game each plays now; the ladder games) are
copied as they are, those the destination holds already left alone. Ratings are read models: the rebuild at the
end of the copy rates the ladder's games again from their logs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from domain.core import GameSpec
from replays.copy import COPIED, CONFLICT, FAILED, OUTCOMES, REFUSED, SKIPPED
from replays.tournaments import tournament_audit
from storage import AlreadyStored, Storage


@dataclasses.dataclass(frozen=True, slots=True)
class TournamentCopy:
    tournament_id: str
    outcome: str
    reason: str | None = None


@dataclasses.dataclass(slots=True)
class CompetitionsReport:
    """The tournaments' outcomes and the ladder rows written."""

    counts: dict[str, int] = dataclasses.field(default_factory=lambda: dict.fromkeys(OUTCOMES, 0))
    problems: list[TournamentCopy] = dataclasses.field(default_factory=list)
    ladder_rows: int = 0
    players: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """What the copy did, in a line, and what went wrong, a line each."""
        lines = [f"tournaments: {self.counts[COPIED]} copied, {self.counts[SKIPPED]} skipped, "
                 f"{len(self.problems)} not copied; ladder rows written: {self.ladder_rows};"
                 f" players written: {self.players}"]
        lines += [f"{copy.outcome.upper()} tournament {copy.tournament_id}: {copy.reason}" for copy in self.problems]
        return "\n".join(lines)

    def add(self, copy: TournamentCopy) -> None:
        self.counts[copy.outcome] += 1
        if copy.outcome not in (COPIED, SKIPPED):
            self.problems.append(copy)


def audit_problems(store: Storage, registry: Callable[[str], GameSpec], tournament_id: str) -> str | None:
    report = tournament_audit(store, registry, tournament_id)
    return None if report["ok"] else "; ".join(report["problems"][:3])


def copy_tournament(source: Storage, destination: Storage, registry: Callable[[str], GameSpec],
                    tournament_id: str) -> TournamentCopy:
    """Copy one tournament, or say why not (module docstring)."""
    record = source.tournament(tournament_id)
    assert record is not None
    held = destination.tournament(tournament_id)
    if held is not None:
        if (held.head_hash, held.version) == (record.head_hash, record.version):
            return TournamentCopy(tournament_id, SKIPPED)
        return TournamentCopy(tournament_id, CONFLICT, f"the destination holds it at version {held.version} with"
                                                       " another head; left as it is")
    events = [row for row in source.tournament_events(tournament_id) if row.seq <= record.version]
    refused = audit_problems(source, registry, tournament_id)
    if refused is not None:
        return TournamentCopy(tournament_id, REFUSED, f"does not audit in the source: {refused}")
    try:
        destination.restore_tournament(record, source.tournament_seed(tournament_id),
                                       source.tournament_creator(tournament_id), events,
                                       source.tournament_links(tournament_id))
    except AlreadyStored as clash:
        return TournamentCopy(tournament_id, FAILED, f"not written: {clash}")
    if destination.tournament(tournament_id) != record or destination.tournament_events(tournament_id) != events:
        return TournamentCopy(tournament_id, FAILED, "written, but it reads back otherwise than the source's")
    failed = audit_problems(destination, registry, tournament_id)
    if failed is not None:
        return TournamentCopy(tournament_id, FAILED, f"written, but the copy does not audit: {failed}")
    return TournamentCopy(tournament_id, COPIED)


def copy_competitions(source: Storage, destination: Storage, registry: Callable[[str], GameSpec],
                      on_tournament: Callable[[TournamentCopy], None] | None = None) -> CompetitionsReport:
    """Copy the players, every tournament of `source` (its games copied already), then the ladders' rows."""
    report = CompetitionsReport()
    report.players = destination.restore_players(source.player_rows())
    destination.restore_admin_actions(source.admin_actions(2**31 - 1))
    for tournament_id in source.tournament_ids():
        copy = copy_tournament(source, destination, registry, tournament_id)
        report.add(copy)
        if on_tournament is not None:
            on_tournament(copy)
    entries, games = source.ladder_rows()
    report.ladder_rows = destination.restore_ladder(entries, games)
    return report
