"""The client's tournament calls (issue 30): create, list, read, enter, leave, start, audit, export.

A tournament's creation answers its `creator_token` (shown only then): it starts the tournament, as does the key
of the player who created it. Entrants are `{"player": id}` or `{"bot": level}`; players join with their key
before the start, and play their games like any other (a player's stream announces them).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote

from trailhead_client.sse import resuming_events
from trailhead_client.transport import API_PREFIX, Transport

#: The kinds of message a tournament's stream sends (others, from a newer server, are skipped).
TOURNAMENT_MESSAGES = frozenset({"roundStarted", "gameStarted", "gameFinished", "standings", "tournamentFinished"})


def _seg(value: str) -> str:
    return quote(str(value), safe="")


class TournamentCalls:
    """Mixed into `Client`: one method per tournament operation of openapi.yaml (its operationId in brackets)."""

    transport: Transport

    def create_tournament(self, type_: str, format_: str, name: str, seats_per_game: int, *,
                          entrants: Sequence[Mapping[str, Any]] = (), key: str | None = None,
                          starts_at: datetime | str | None = None, **settings: Any) -> dict[str, Any]:
        """A new tournament [createTournament]; `settings` are the body's other fields (`rounds`,
        `duration_minutes`, `duplicate`, `options`, `turn_seconds`, `open`, `seed`...). With a player's `key`,
        that player is its creator. Keep the answer's `creator_token`: it starts the tournament. Not retried
        after a connection error (it could create two). `starts_at` (an aware datetime or ISO 8601 text): when
        the open tournament starts by itself."""
        body = {"type": type_, "format": format_, "name": name, "seats_per_game": seats_per_game,
                "entrants": [dict(entrant) for entrant in entrants], **settings}
        if starts_at is not None:
            body["starts_at"] = starts_at.isoformat() if isinstance(starts_at, datetime) else starts_at
        return dict(self.transport.json("POST", f"{API_PREFIX}/tournaments", json=body, token=key))

    def tournaments(self, status: str | None = None) -> list[dict[str, Any]]:
        """The tournaments, oldest first; `status` open, running or finished [listTournaments]."""
        params = {} if status is None else {"status": status}
        return list(self.transport.json("GET", f"{API_PREFIX}/tournaments", params=params)["tournaments"])

    def tournament(self, tournament_id: str) -> dict[str, Any]:
        """Entrants, rounds with their games (`game_id`), standings, head hash, seed commitment; the seed once
        finished [getTournament]."""
        return dict(self.transport.json("GET", f"{API_PREFIX}/tournaments/{_seg(tournament_id)}"))

    def join_tournament(self, tournament_id: str, key: str) -> dict[str, Any]:
        """Enter the tournament as the player of `key`, before its start [joinTournament]."""
        return dict(self.transport.json("POST", f"{API_PREFIX}/tournaments/{_seg(tournament_id)}/join", token=key))

    def withdraw_tournament(self, tournament_id: str, key: str) -> dict[str, Any]:
        """Leave the tournament: paired no more, results kept [withdrawFromTournament]."""
        return dict(self.transport.json("POST", f"{API_PREFIX}/tournaments/{_seg(tournament_id)}/withdraw",
                                        token=key))

    def start_tournament(self, tournament_id: str, token: str) -> dict[str, Any]:
        """Start it with the `creator_token` (or the creating player's key) [startTournament]."""
        return dict(self.transport.json("POST", f"{API_PREFIX}/tournaments/{_seg(tournament_id)}/start",
                                        token=token))

    def tournament_audit(self, tournament_id: str) -> dict[str, Any]:
        """The audit: `ok`, each check, and every problem found [auditTournament]."""
        return dict(self.transport.json("GET", f"{API_PREFIX}/tournaments/{_seg(tournament_id)}/audit"))

    def export_tournament(self, tournament_id: str) -> dict[str, Any]:
        """The tournament's document with its finished games' replays, importable by `import_replay`
        [exportTournament]."""
        return dict(self.transport.json("GET", f"{API_PREFIX}/tournaments/{_seg(tournament_id)}/export"))

    def tournament_stream(self, tournament_id: str, *, after: int | None = None,
                          read_timeout: float = 60.0) -> Iterator[dict[str, Any]]:
        """The tournament as it goes [streamTournament]: each message a dict with its `type` (`roundStarted`,
        `gameStarted`, `gameFinished`, `standings`, `tournamentFinished`) and `seq`, resumed after a dropped
        connection; it ends after `tournamentFinished`."""
        path = f"{API_PREFIX}/tournaments/{_seg(tournament_id)}/stream"
        for event in resuming_events(self.transport, path, after=after, read_timeout=read_timeout):
            if event.event in TOURNAMENT_MESSAGES:
                message = json.loads(event.data)
                message["type"] = event.event
                message["seq"] = int(event.id) if event.id is not None else None
                yield message
