"""A tournament's event stream: `GET /api/v1/tournaments/{id}/stream` (SSE), served by the ASGI front.

As a game's stream (service/stream.py, service/asgi.py): the Flask view below admits it (404 for an unknown
tournament, the `read` rate limit, the resume point from Last-Event-ID or `?after=`), then the front streams on
its event loop, holding no thread. Messages, each with `id:` the seq of the tournament's event it reports:

- `roundStarted` `{round, tables, byes}` (a round, or an arena's wave, was paired);
- `gameStarted` `{number, game_id, round, table, seats}` (the game was created and linked);
- `gameFinished` `{number, game_id, places, scores}`, followed by `standings` `{standings}` as they now stand;
- `tournamentFinished` `{standings, seed}`, and the stream ends (`event: end`).

A stream's `Cursor` folds the tournament's events once, each as it comes, and renders those past its resume
point; the events are read, and the stream woken, by the process's watcher (service/tournament_streams.py).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from flask import Blueprint, Response, request
from werkzeug.exceptions import NotImplemented as NotServedHere

from application.tournaments.stream import UnknownTournament, decoded
from domain.core import Event
from domain.tournaments import TournamentState, evolve, standings
from service.identity import client_address
from service.runtime import trailhead
from service.stream import resume_point
from storage import Storage, TournamentEventRow

tournament_stream_api = Blueprint("tournament_stream_api", __name__, url_prefix="/api/v1")

TOURNAMENT_ADMISSION = "trailhead.tournament_stream_admission"


@tournament_stream_api.get("/tournaments/<tournament_id>/stream")
def tournament_stream(tournament_id: str) -> Response:
    if trailhead().store.tournament(tournament_id) is None:
        raise UnknownTournament(f"no tournament with id {tournament_id!r}")  # a 404
    after = resume_point()
    admission = (request.environ.get("asgi.scope") or {}).get(TOURNAMENT_ADMISSION)
    if admission is None:
        raise NotServedHere("event streams are served by `trailhead serve` (the ASGI front, service/asgi.py)")
    admission.update(tournament_id=tournament_id, after=after, client=f"address:{client_address()}")
    return Response(status=204)


def sse(seq: int, kind: str, body: dict[str, Any]) -> str:
    return f"id: {seq}\nevent: {kind}\ndata: {json.dumps(body, separators=(',', ':'))}\n\n"


@dataclasses.dataclass(slots=True)
class Read:
    """What a process has read of a tournament's stream, shared by its streams there: the rows and their events,
    the local id of each linked game, the seed once it finished, and the messages rendered lately by seq."""

    rows: list[TournamentEventRow] = dataclasses.field(default_factory=list)
    events: list[Event] = dataclasses.field(default_factory=list)
    local: dict[int, str] = dataclasses.field(default_factory=dict)
    seed: str | None = None
    rendered: dict[int, str] = dataclasses.field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.rows[-1].seq if self.rows else 0

    def extend(self, store: Storage, tournament_id: str, rows: Sequence[TournamentEventRow]) -> None:
        """Add the rows read after `version` (and the links and the seed they call for)."""
        self.rows.extend(rows)
        self.events.extend(decoded(rows))
        if any(row.type == "GameLinked" for row in rows) or (not self.local and any(
                row.type == "GameResulted" for row in rows)):
            self.local = store.tournament_game_ids(tournament_id)
        if any(row.type == "TournamentFinished" for row in rows):
            self.seed = store.tournament_seed(tournament_id)


RENDERED_KEPT = 64  # messages kept rendered per tournament, for its other streams following it live


class Cursor:
    """One stream's place in its tournament: the state folded up to there, and the seq it resumes after."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.index = 0  # the events folded so far
        self.state: TournamentState | None = None

    @property
    def finished(self) -> bool:
        return self.state is not None and self.state.status.value == "finished"

    def advance(self, read: Read, limit: int | None = None) -> str:
        """Fold what `read` has beyond this cursor (`limit` events at most) and render those past `after`."""
        upto = len(read.rows) if limit is None else min(len(read.rows), self.index + limit)
        text = []
        for index in range(self.index, upto):
            row, event = read.rows[index], read.events[index]
            self.state = evolve(self.state, event)  # type: ignore[arg-type]
            if row.seq > self.after:
                kept = read.rendered.get(row.seq)
                if kept is None:
                    kept = read.rendered[row.seq] = render(row.seq, row.type, event, self.state, read)
                    while len(read.rendered) > RENDERED_KEPT:
                        del read.rendered[next(iter(read.rendered))]
                text.append(kept)
                self.after = row.seq
        self.index = upto
        return "".join(text)


def render(seq: int, type_: str, event: Any, state: TournamentState, read: Read) -> str:
    """The SSE text of the event `seq`, given the state just after it.

    A game's `game_id` is its id here: an imported tournament's games were stored under ids of their own, its
    GameLinked events name the originals (replays/tournaments.py)."""
    match type_:
        case "RoundPaired":
            return sse(seq, "roundStarted", {"round": event.round, "byes": list(event.byes),
                                             "tables": [{"table": t.table, "entrants": list(t.entrants)}
                                                        for t in event.tables]})
        case "GameLinked":
            game = state.game(event.number)
            assert game is not None
            return sse(seq, "gameStarted", {"number": game.number, "game_id": read.local.get(game.number, game.game_id),
                                            "round": game.round, "table": game.table, "seats": list(game.seats)})
        case "GameResulted":
            game = state.game(event.number)
            assert game is not None
            return (sse(seq, "gameFinished", {"number": game.number,
                                              "game_id": read.local.get(game.number, game.game_id),
                                              "places": list(game.places or ()), "scores": list(game.scores or ())})
                    + sse(seq, "standings", {"standings": standings(state)}))
        case "TournamentFinished":
            return sse(seq, "tournamentFinished", {"standings": standings(state), "seed": read.seed})
    return ""


def messages_after(store: Storage, tournament_id: str, after: int) -> tuple[str, int, bool]:
    """The SSE text of the tournament's events after seq `after`, the last seq read, and whether it finished:
    what a stream opened at `after` sends (its events read and folded once)."""
    read = Read()
    read.extend(store, tournament_id, store.tournament_events(tournament_id))
    cursor = Cursor(after)
    text = cursor.advance(read)
    return text, read.version, cursor.finished
