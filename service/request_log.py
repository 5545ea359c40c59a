"""Request ids on every answer, and one JSON line per request for machines (TRAILHEAD_LOG_FORMAT=json).

Every answer carries `X-Request-Id`: the client's own, when it sent one of at most 128 characters
drawn from letters, digits and `._:-` (nothing a log line or a header could be forged with), else a
fresh one. A problem document names it as its `instance` (service/problems.py), so a client that
reports a failure gives the operator the line to look for.

With TRAILHEAD_LOG_FORMAT=json each request writes one line on standard error through the
`trailhead.requests` logger (Python's logging): time, request_id, method, route (the URL rule, not
the path), game_id, seat, status, duration_ms, bytes, client. The raw path and the query string are never
written, nor any header, so a seat token or a player key sent in either never reaches a log line.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Response, g, has_request_context, request

from service.identity import bearer_token

log = logging.getLogger("trailhead.requests")

HEADER = "X-Request-Id"
SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")


def request_id() -> str:
    """The current request's id (the client's sane one, or a fresh one); a fresh one outside a request."""
    if not has_request_context():
        return fresh_id()
    given: str | None = g.get("request_id")
    if given is None:
        given = g.request_id = sane_id(request.headers.get(HEADER)) or fresh_id()
    return given


def fresh_id() -> str:
    """`uuid.uuid4().hex`, the same 32 hex digits (version and variant bits set alike) for a fifth of its cost:
    uuid.UUID's constructor checks what random bytes never need (every request takes one)."""
    data = bytearray(os.urandom(16))
    data[6] = (data[6] & 0x0F) | 0x40
    data[8] = (data[8] & 0x3F) | 0x80
    return data.hex()


def sane_id(value: str | None) -> str | None:
    """`value` if it may be echoed and logged as it is, else None."""
    if value is not None and SANE_ID.fullmatch(value):
        return value
    return None


class JsonLines(logging.Formatter):
    """A request's record as one JSON object (its `request` fields), any other record as time, level, logger, message."""

    def format(self, record: logging.LogRecord) -> str:
        fields = getattr(record, "request", None)
        stamp = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        if fields is None:
            fields = {"level": record.levelname, "logger": record.name, "message": record.getMessage()}
        return json.dumps({"time": stamp, **fields}, separators=(",", ":"), default=str)


def json_handler() -> logging.Handler:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    handler.set_name("trailhead-json-requests")
    return handler


def install(app: Flask) -> None:
    """Give every answer its X-Request-Id; with LOG_FORMAT json, log each request as a JSON line.

    Installed before the rate limiter, so that a refused request (429) has its start time and its id too.
    """
    json_lines = str(app.config.get("LOG_FORMAT", "text")).lower() == "json"
    if json_lines and not any(h.get_name() == "trailhead-json-requests" for h in log.handlers):
        log.addHandler(json_handler())
        log.setLevel(logging.INFO)
        log.propagate = False

    @app.before_request
    def start() -> None:
        g.request_started = time.perf_counter()
        request_id()

    @app.after_request
    def finish(response: Response) -> Response:
        response.headers[HEADER] = request_id()
        if json_lines:
            log.info("request", extra={"request": request_fields(response)})
        return response


def request_fields(response: Response) -> dict[str, Any]:
    """What a request's log line says: never its path, query or headers (a token or key could be in any)."""
    started = g.get("request_started")
    rule = request.url_rule
    view_args = request.view_args or {}
    return {
        "request_id": request_id(),
        "method": request.method,
        "route": rule.rule if rule is not None else None,
        "game_id": view_args.get("game_id"),
        "seat": seat_of_request(),
        "status": response.status_code,
        "duration_ms": round((time.perf_counter() - started) * 1000, 3) if started is not None else None,
        "bytes": response.calculate_content_length(),
        "client": request.remote_addr,
    }


def seat_of_request() -> int | None:
    """The seat whose token the request carried, if the request looked it up (service/identity.py keeps it)."""
    token = bearer_token()
    owner = g.get("token_owners", {}).get(token) if token is not None else None
    return owner[1] if owner is not None else None
