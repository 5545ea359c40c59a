"""A tournament's event stream: `GET /api/v1/tournaments/{id}/stream` (SSE), served by the ASGI front.

As a game's stream (service/stream.py, service/asgi.py): the Flask view below admits it (404 for an unknown
tournament, the `read` rate limit, the resume point from Last-Event-ID or `?after=`), then the front streams on
its event loop, holding no thread. Messages, each with `id:` the seq of the tournament's event it reports:

- `roundStarted` `{round, tables, byes}` (a round, or an arena's wave, was paired);
- `gameStarted` `{number, game_id, round, table, seats}` (the game was created and linked);
- `gameFinished` `{number, game_id, places, scores}`, followed by `standings` `{standings}` as they now stand;
- `tournamentFinished` `{standings, seed}`, and the stream ends (`event: end`).

Woken by every commit of this process (a game's end is what moves a tournament on), with a read of the
tournament's stream every TRAILHEAD_STREAM_POLL_SECONDS as the safety net for commits of other processes.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

from flask import Blueprint, Response, request
from werkzeug.exceptions import NotImplemented as NotServedHere

from application.handler import Committed
from application.tournaments.stream import decoded, load
from domain.tournaments import fold_tournament, standings
from service.identity import client_address
from service.runtime import trailhead
from service.stream import resume_point
from storage import Storage

tournament_stream_api = Blueprint("tournament_stream_api", __name__, url_prefix="/api/v1")

TOURNAMENT_ADMISSION = "trailhead.tournament_stream_admission"


@tournament_stream_api.get("/tournaments/<tournament_id>/stream")
def tournament_stream(tournament_id: str) -> Response:
    load(trailhead().store, tournament_id)  # an unknown tournament is a 404
    after = resume_point()
    admission = (request.environ.get("asgi.scope") or {}).get(TOURNAMENT_ADMISSION)
    if admission is None:
        raise NotServedHere("event streams are served by `trailhead serve` (the ASGI front, service/asgi.py)")
    admission.update(tournament_id=tournament_id, after=after, client=f"address:{client_address()}")
    return Response(status=204)


def sse(seq: int, kind: str, body: dict[str, Any]) -> str:
    return f"id: {seq}\nevent: {kind}\ndata: {json.dumps(body, separators=(',', ':'))}\n\n"


def messages_after(store: Storage, tournament_id: str, after: int) -> tuple[str, int, bool]:
    """The SSE text of the tournament's events after seq `after`, the last seq read, and whether it finished.

    A game's `game_id` is its id here: an imported tournament's games were stored under ids of their own, its
    GameLinked events name the originals (replays/tournaments.py)."""
    loaded = load(store, tournament_id)
    events = decoded(loaded.rows)
    local = store.tournament_game_ids(tournament_id) if any(
        row.seq > after and row.type in ("GameLinked", "GameResulted") for row in loaded.rows) else {}
    text = []
    for index, row in enumerate(loaded.rows):
        if row.seq <= after:
            continue
        event = events[index]
        state = fold_tournament(events[:index + 1])  # type: ignore[arg-type]
        assert state is not None
        match row.type:
            case "RoundPaired":
                text.append(sse(row.seq, "roundStarted", {"round": event.round, "byes": list(event.byes),  # type: ignore[attr-defined]
                                                          "tables": [{"table": t.table, "entrants": list(t.entrants)}
                                                                     for t in event.tables]}))  # type: ignore[attr-defined]
            case "GameLinked":
                game = state.game(event.number)  # type: ignore[attr-defined]
                assert game is not None
                text.append(sse(row.seq, "gameStarted", {"number": game.number,
                                                         "game_id": local.get(game.number, game.game_id),
                                                         "round": game.round, "table": game.table,
                                                         "seats": list(game.seats)}))
            case "GameResulted":
                game = state.game(event.number)  # type: ignore[attr-defined]
                assert game is not None
                text.append(sse(row.seq, "gameFinished", {"number": game.number,
                                                          "game_id": local.get(game.number, game.game_id),
                                                          "places": list(game.places or ()),
                                                          "scores": list(game.scores or ())}))
                text.append(sse(row.seq, "standings", {"standings": standings(state)}))
            case "TournamentFinished":
                text.append(sse(row.seq, "tournamentFinished", {"standings": standings(state),
                                                                "seed": store.tournament_seed(tournament_id)}))
    finished = loaded.state.status.value == "finished"
    return "".join(text), loaded.version, finished


class TournamentStreams:
    """The open tournament streams of one process: woken by its commits, each reading its tournament's stream."""

    def __init__(self, store: Storage, poll_seconds: float, heartbeat_seconds: float) -> None:
        self.store = store
        self.poll_seconds = poll_seconds
        self.heartbeat_seconds = heartbeat_seconds
        self._waiting: dict[asyncio.Event, asyncio.AbstractEventLoop] = {}
        self._lock = threading.Lock()

    def on_commit(self, _committed: Committed) -> None:
        """A commit of this process (any thread): wake every open tournament stream."""
        with self._lock:
            waiting = list(self._waiting.items())
        for wake, loop in waiting:
            loop.call_soon_threadsafe(wake.set)

    async def messages(self, tournament_id: str, after: int) -> AsyncIterator[str]:
        wake = asyncio.Event()
        with self._lock:
            self._waiting[wake] = asyncio.get_running_loop()
        try:
            yield "retry: 1000\n\n"
            last_sent = time.monotonic()
            loop = asyncio.get_running_loop()
            while True:
                wake.clear()
                text, version, finished = await loop.run_in_executor(None, messages_after, self.store, tournament_id,
                                                                     after)
                after = max(after, version)
                if text:
                    yield text
                    last_sent = time.monotonic()
                if finished:
                    yield "event: end\ndata: {}\n\n"
                    return
                try:
                    await asyncio.wait_for(wake.wait(), self.poll_seconds)
                except TimeoutError:
                    pass
                if time.monotonic() - last_sent > self.heartbeat_seconds:
                    yield ": keep-alive\n\n"
                    last_sent = time.monotonic()
        finally:
            with self._lock:
                self._waiting.pop(wake, None)
