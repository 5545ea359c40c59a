"""The ASGI front `trailhead serve` runs: event streams on the event loop, everything else in Flask.

Why this design: an SSE stream is mostly waiting, and under gthread each one held a request
thread (2 workers x 8 threads: a dozen idle streams starved the API). Here a small Starlette
app serves `GET /api/v1/games/{id}/stream` natively (an async generator woken by the process's
stream watcher, service/streams.py), and mounts the unchanged Flask app for every other request
through a2wsgi's WSGIMiddleware, which runs Flask in a thread pool of `--threads` threads as
gthread did (its answers handed to the loop without a round trip per message: service/wsgi_pool.py).
An idle stream costs a coroutine and a socket; the pool serves the API.

A stream request first goes through the Flask view (service/stream.py) in that pool, so its
404/401/403/400 problems, its rate limit (`read` scope) and its access checks are Flask's own;
then the caps are applied (per client: 429, per process: 503) and the stream starts.

gunicorn runs the front with `TrailheadWorker` (uvicorn's worker with httptools, llhttp in C,
and uvloop: with h11 and asyncio the front cost about 0.3 ms more CPU per command, see
bench/wrk_floor.py). What the timeouts cover and what they do not:
- a request must arrive whole (headers and body) within TRAILHEAD_REQUEST_SECONDS (10 s) of its
  first byte, and a new connection must send one within as long: slow-header and slow-body clients
  (slowloris) are cut (RequestTimeoutHttpTools), and a body is gathered on the event loop before a
  pool thread takes the request (service/whole_body.py), so no thread waits on a trickling body;
- a request target over MAX_URL_BYTES (8 KiB) is answered 414, header fields over
  MAX_HEADER_BYTES (32 KiB) 431, both as problem+json like the app's own errors, and closed;
- an idle keep-alive connection is closed after KEEP_ALIVE_SECONDS (uvicorn's timeout_keep_alive);
- a stream whose client disconnects is released at once (uvicorn reports the disconnect and the
  stream is cancelled); a half-open connection (the peer vanished without a FIN) is noticed when a
  heartbeat cannot be delivered, i.e. by the kernel's TCP retransmission timeout, not within a
  second; a client that stays connected but never reads holds its coroutine and its socket
  buffers (no thread) until it disconnects: the per-client and total caps bound both;
- on shutdown, open streams are cancelled after GRACEFUL_SHUTDOWN_SECONDS.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Mapping
from typing import Any

from starlette.applications import Starlette
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route
from starlette.types import Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn_worker import UvicornWorker

from service.app import create_app
from service.metrics import stream_gauge, tournament_stream_reads
from service.problems import PROBLEM_TYPE
from service.request_log import HEADER, sane_id
from service.player_stream import PLAYER_ADMISSION
from service.stream import ADMISSION
from service.streams import Hub
from service.tournament_stream import TOURNAMENT_ADMISSION
from service.tournament_streams import TournamentStreams
from service.whole_body import WholeBody
from service.wsgi_pool import WSGIPool

log = logging.getLogger(__name__)

STREAM_PATH = "/api/v1/games/{game_id}/stream"
PLAYER_STREAM_PATH = "/api/v1/players/me/stream"
TOURNAMENT_STREAM_PATH = "/api/v1/tournaments/{tournament_id}/stream"
REQUEST_SECONDS = 10.0
KEEP_ALIVE_SECONDS = 5
GRACEFUL_SHUTDOWN_SECONDS = 3
MAX_HEADER_BYTES = 32 * 1024  # below llhttp's own limit, so that we answer (431) and not the parser (400)
MAX_URL_BYTES = 8 * 1024  # the request target (414)
RETRY_AFTER_SECONDS = 5  # a client over its stream cap: try again once one of its streams has closed


def create_asgi_app(config: Mapping[str, Any] | None = None, threads: int = 8) -> Starlette:
    """The Flask app (`create_app(config)`) behind a2wsgi with `threads` threads, and the native stream route."""
    flask_app = create_app(config)
    RequestTimeoutHttpTools.request_seconds = float(
        flask_app.config.get("REQUEST_SECONDS", REQUEST_SECONDS))
    wsgi = WholeBody(WSGIPool(terminated_input(flask_app), workers=threads),
                     max(int(flask_app.config.get("MAX_CONTENT_LENGTH") or 0),
                         int(flask_app.config.get("MAX_IMPORT_CONTENT_LENGTH") or 0)))
    if "trailhead" not in flask_app.extensions:  # another Flask app on this stack (bench/serve.py's baseline)
        return everything_else_to(Starlette(), wsgi)
    hub = Hub(flask_app.extensions["trailhead"], flask_app.config)
    flask_app.extensions["trailhead_streams"] = hub  # /healthz reports streams_open
    hub.report_open = stream_gauge(flask_app)  # trailhead_streams_open
    tournaments = TournamentStreams(flask_app.extensions["trailhead"].store, flask_app.config)
    tournaments.report_read = tournament_stream_reads(flask_app)  # trailhead_tournament_stream_reads_total
    flask_app.extensions["trailhead"].bus.on_tournament_commit(tournaments.on_commit)
    flask_app.extensions["trailhead_tournament_streams"] = tournaments
    return everything_else_to(Starlette(routes=[
        Route(TOURNAMENT_STREAM_PATH, StreamEndpoint(hub, wsgi, TOURNAMENT_ADMISSION, tournaments), methods=None),
        Route(STREAM_PATH, StreamEndpoint(hub, wsgi), methods=None),
        Route(PLAYER_STREAM_PATH, StreamEndpoint(hub, wsgi, PLAYER_ADMISSION), methods=None),
    ]), wsgi)


def everything_else_to(app: Starlette, wsgi: Any) -> Starlette:
    """Every request that no route of `app` takes goes to the Flask app as it came.

    The router's default rather than `Mount("/")`: a mount matches paths by a regular expression
    whose `.` stops at a line break, so a path holding an encoded one (`/a%0Ab`) found no route and
    got Starlette's text/plain 404 instead of Flask's problem+json. No slash redirects either: the
    Flask app answers every path its own way.
    """
    app.router.default = wsgi
    app.router.redirect_slashes = False
    return app


def terminated_input(app: Any) -> Any:
    """The WSGI app told that its input ends where the body does (a2wsgi's reads stop there), so
    that werkzeug reads a chunked body (no Content-Length) instead of taking it for empty."""

    def wrapped(environ: dict[str, Any], start_response: Any) -> Any:
        environ["wsgi.input_terminated"] = True
        return app(environ, start_response)

    return wrapped


def dev_app() -> Starlette:
    """The front of `trailhead serve --dev` (uvicorn's reloader imports it by name)."""
    import os

    return create_asgi_app(threads=int(os.environ.get("TRAILHEAD_THREADS", "8")))


class StreamEndpoint:
    """GET (and HEAD) of a game's stream, or of a player's (`key` PLAYER_ADMISSION); other methods
    go to Flask (its 405 problem)."""

    def __init__(self, hub: Hub, wsgi: WholeBody, key: str = ADMISSION,
                 tournaments: TournamentStreams | None = None) -> None:
        self.hub = hub
        self.wsgi = wsgi
        self.key = key
        self.tournaments = tournaments

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] not in ("GET", "HEAD"):
            await self.wsgi(scope, receive, send)
            return
        if self.hub.is_full():
            await problem(503, "too-many-streams", "Too many streams",
                          f"this server holds its maximum of {self.hub.total} open streams; try again later",
                          scope, {"Retry-After": str(RETRY_AFTER_SECONDS)})(scope, receive, send)
            return
        admission: dict[str, Any] = {}
        replies: list[Message] = []

        async def keep(message: Message) -> None:
            replies.append(message)

        await self.wsgi({**scope, self.key: admission}, receive, keep)
        if "client" not in admission:  # Flask refused it (a problem) or failed: its reply, as it is
            for reply in replies:
                await send(reply)
            return
        start = next(reply for reply in replies if reply["type"] == "http.response.start")
        headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in start["headers"]
                   if name.lower().startswith(b"ratelimit-") or name.lower() == b"x-request-id"}
        client = admission["client"]
        refused = self.hub.acquire(client)
        if refused == "total":
            await problem(503, "too-many-streams", "Too many streams",
                          f"this server holds its maximum of {self.hub.total} open streams; try again later",
                          scope, {"Retry-After": str(RETRY_AFTER_SECONDS), **headers})(scope, receive, send)
            return
        if refused == "client":
            await problem(429, "too-many-streams", "Too many streams",
                          f"this client has {self.hub.per_client} streams open, its maximum; close one first",
                          scope, {"Retry-After": str(RETRY_AFTER_SECONDS), **headers})(scope, receive, send)
            return
        if "tournament_id" in admission:
            assert self.tournaments is not None
            wake = None
            messages = self.tournaments.messages(admission["tournament_id"], admission["after"])
        elif "player" in admission:
            wake, watch = self.hub.subscribe_player(admission["player"], admission["games"], admission["since"])
            messages = self.hub.player_messages(watch, admission["after"], wake)
        else:
            wake = self.hub.subscribe(admission["game_id"])
            messages = self.hub.messages(admission["game_id"], admission["seat"], admission["after"], wake)
        try:
            headers.update({"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
            if scope["method"] == "HEAD":
                response: Response = Response(media_type="text/event-stream", headers=headers)
            else:
                response = StreamingResponse(messages, media_type="text/event-stream", headers=headers)
            await response(scope, receive, send)
        except OSError:  # the client went away mid-write
            pass
        finally:
            if "tournament_id" in admission:
                pass  # the stream's generator forgets its own wake-up
            elif "player" in admission:
                self.hub.unsubscribe_player(wake)
            else:
                self.hub.unsubscribe(admission["game_id"], wake)
            self.hub.release(client)


def problem(status: int, slug: str, title: str, detail: str, scope: Scope, headers: Mapping[str, str]) -> Response:
    """A problem+json response shaped as service/problems.py shapes them: its `instance` the request's id, the one
    the Flask app gave it (in `headers`, when the request went through the app first), else the client's sane one,
    else a fresh one."""
    given = next((value for name, value in headers.items() if name.lower() == "x-request-id"), None)  # Flask's
    sent = next((value.decode("latin-1") for name, value in scope.get("headers", ())
                 if name.lower() == b"x-request-id"), None)
    request_id = given or sane_id(sent) or uuid.uuid4().hex
    headers = {name: value for name, value in headers.items() if name.lower() != "x-request-id"}
    body = {"detail": detail, "instance": request_id, "status": status, "title": title,
            "type": PROBLEM_TYPE + slug}
    return Response(json.dumps(body, separators=(",", ":")), status_code=status,
                    media_type="application/problem+json", headers={**headers, HEADER: request_id})


class RequestTimeoutHttpTools(HttpToolsProtocol):
    """The same request deadline on uvicorn's httptools protocol (llhttp, in C: several times
    cheaper per request than h11, which is pure Python). Armed when a connection opens and when
    a request's first bytes arrive; disarmed when the request is whole (on_message_complete)."""

    request_seconds = REQUEST_SECONDS
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and not self._receiving:
            self._receiving = True
            self._arm()
        super().data_received(data)
        if self._too_large is not None and not self.transport.is_closing():
            self._refuse(*self._too_large)

    def send_400_response(self, msg: str) -> None:
        """The parser's own refusals; a request already found too large is answered as such."""
        if self._too_large is not None:
            self._refuse(*self._too_large)
        else:
            super().send_400_response(msg)

    def on_message_begin(self) -> None:
        self._url_bytes = self._header_bytes = 0
        self._too_large = None
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        self._url_bytes += len(url)
        if self._url_bytes > MAX_URL_BYTES:
            self._too_large = (414, "uri-too-long", "URI Too Long", f"the request target is over {MAX_URL_BYTES} bytes")
            return
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._header_bytes += len(name) + len(value)
        if self._header_bytes > MAX_HEADER_BYTES:
            self._too_large = (431, "request-header-fields-too-large", "Request Header Fields Too Large",
                               f"the request's header fields are over {MAX_HEADER_BYTES} bytes")
            return
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        if self._too_large is not None:
            return  # no request cycle: data_received answers and closes
        super().on_headers_complete()

    def _refuse(self, status: int, kind: str, title: str, detail: str) -> None:
        """Answer 414 or 431 as problem+json, as the app answers every other error, and close."""
        request_id = uuid.uuid4().hex  # the request's own X-Request-Id may be among what was not read
        body = json.dumps({"type": f"urn:trailhead:problem:{kind}", "title": title, "status": status,
                           "detail": detail, "instance": request_id}, sort_keys=True).encode()
        head = (f"HTTP/1.1 {status} {title}\r\ncontent-type: application/problem+json\r\n"
                f"content-length: {len(body)}\r\n{HEADER.lower()}: {request_id}\r\nconnection: close\r\n\r\n").encode()
        self._too_large = None
        self.transport.write(head + body)
        self.transport.close()

    def on_message_complete(self) -> None:
        self._receiving = False
        self._disarm()
        super().on_message_complete()

    _url_bytes = _header_bytes = 0
    _too_large: tuple[int, str, str, str] | None = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    _receiving = False

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.request_seconds, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            log.info("closing a connection from %s: no whole request within %.0f s", self.client, self.request_seconds)
            self.transport.close()


#: uvicorn's settings for the front, under gunicorn (TrailheadWorker) and with --dev alike.
UVICORN_SETTINGS: dict[str, Any] = {
    "loop": "uvloop",
    "http": RequestTimeoutHttpTools,
    "lifespan": "off",
    # The client's address is the peer's: the Flask app reads X-Forwarded-For itself, from the proxies of
    # TRAILHEAD_TRUSTED_PROXIES only (service/identity.py). uvicorn would believe it from 127.0.0.1 by default.
    "proxy_headers": False,
    "timeout_keep_alive": KEEP_ALIVE_SECONDS,
    "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN_SECONDS,
}


class TrailheadWorker(UvicornWorker):
    """gunicorn's worker for the front: uvicorn with the settings above."""

    CONFIG_KWARGS = UVICORN_SETTINGS
