"""The event stream's door on the Flask side: who may open it, and from where it resumes.

`GET /api/v1/games/{id}/stream` is served by the ASGI front (service/asgi.py), which first runs
the request through this Flask view in its WSGI thread pool: the same 404/401/403/400 problems,
rate limits (a stream counts in the `read` scope) and access checks as every other route. The
view answers with what it admitted (game, seat, resume point, client) in the ASGI scope; the
front then streams the events on its event loop (service/streams.py), holding no thread.
Without the front (a bare WSGI server, Flask's test client) the view answers 501.
"""

from __future__ import annotations

from flask import Blueprint, Response, request
from marshmallow import ValidationError
from werkzeug.exceptions import NotImplemented as NotServedHere

from application.auth import token_hash
from service.identity import bearer_token, client_address, reader_seat
from service.runtime import game_service
from service.schemas.values import Int64

stream_api = Blueprint("stream_api", __name__, url_prefix="/api/v1")

#: The key of the ASGI scope under which the front asks this view to admit a stream.
ADMISSION = "trailhead.stream_admission"
_seq = Int64(minimum=0)


def resume_point() -> int:
    """Where to resume: Last-Event-ID (a reconnecting EventSource), else ?after=, else 0.

    Raises:
        ValidationError: not an event seq (ASCII digits, within the signed 64-bit range), naming
            the header or the parameter it came from.
    """
    header = last_event_id()
    return header if header is not None else _parsed("after", request.args.get("after") or "0")


def last_event_id() -> int | None:
    """The Last-Event-ID a reconnecting EventSource sends, or None.

    Raises:
        ValidationError: not ASCII digits within the signed 64-bit range, naming the header.
    """
    header = request.headers.get("Last-Event-ID")
    return _parsed("Last-Event-ID", header) if header else None


def _parsed(source: str, raw: str) -> int:
    try:
        return _seq.deserialize(raw)
    except ValidationError as error:
        raise ValidationError({source: error.messages}) from None


@stream_api.get("/games/<game_id>/stream")
def stream(game_id: str) -> Response:
    games = game_service()
    games.record(game_id)
    seat = reader_seat(games, game_id)  # a seat whose player left reads as a spectator (service/streams.py too)
    after = resume_point()
    admission = (request.environ.get("asgi.scope") or {}).get(ADMISSION)
    if admission is None:
        raise NotServedHere("event streams are served by `trailhead serve` (the ASGI front, service/asgi.py)")
    token = bearer_token()
    client = f"seat:{token_hash(token)}" if seat is not None and token else f"address:{client_address()}"
    admission.update(game_id=game_id, seat=seat, after=after, client=client)
    return Response(status=204)
