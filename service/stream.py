"""Server-Sent Events: each new event of a game, redacted for the caller, as it is appended.

The stream polls the log (the truth) rather than riding on pub/sub, sends `id:` =
seq so a client that reconnects with `Last-Event-ID` resumes without a gap, sends a
comment line as a heartbeat while idle, and ends with an `end` event once the game
is finished and every event has been sent.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, request
from marshmallow import ValidationError

from application.handler import envelope
from service.api import caller_seat
from service.runtime import game_service
from service.schemas import Int64
from storage import FINISHED, Storage

stream_api = Blueprint("stream_api", __name__, url_prefix="/api/v1")

_seq = Int64(minimum=0)


def resume_point() -> int:
    """Where to resume: Last-Event-ID (a reconnecting EventSource), else ?after=, else 0.

    Raises:
        ValidationError: not an event seq (ASCII digits, within the signed 64-bit range), naming
            the header or the parameter it came from.
    """
    header = request.headers.get("Last-Event-ID")
    source, raw = ("Last-Event-ID", header) if header else ("after", request.args.get("after") or "0")
    try:
        return _seq.deserialize(raw)
    except ValidationError as error:
        raise ValidationError({source: error.messages}) from None


@stream_api.get("/games/<game_id>/stream")
def stream(game_id: str) -> Response:
    games = game_service()
    games.record(game_id)
    seat = caller_seat(games, game_id)
    after = resume_point()
    config = current_app.config
    events = follow(
        games.store,
        game_id,
        seat,
        after,
        float(config.get("STREAM_POLL_SECONDS", 0.05)),
        float(config.get("STREAM_HEARTBEAT_SECONDS", 15.0)),
    )
    return Response(events, mimetype="text/event-stream", headers={"X-Accel-Buffering": "no"})


def follow(store: Storage, game_id: str, seat: int | None, after: int, poll: float,
           heartbeat: float) -> Iterator[str]:
    """The SSE lines of a game's events after `after`, until the game is finished."""
    try:
        yield "retry: 1000\n\n"
        last_sent = time.monotonic()
        while True:
            record = store.game(game_id)
            finished = record is not None and record.status == FINISHED
            page = store.events(game_id, after=after, limit=500)
            for event in page:
                yield message(event.seq, envelope(event, seat, finished))
                after = event.seq
                last_sent = time.monotonic()
            if page:
                continue
            if finished:
                yield "event: end\ndata: {}\n\n"
                return
            if time.monotonic() - last_sent >= heartbeat:
                yield ": keep-alive\n\n"
                last_sent = time.monotonic()
            time.sleep(poll)
    finally:
        store.close()  # the stream's own thread-local connection


def message(seq: int, body: dict[str, Any]) -> str:
    return f"id: {seq}\ndata: {json.dumps(body, separators=(',', ':'))}\n\n"
