"""A request's body read whole on the event loop before the Flask app takes a thread for it.

a2wsgi hands a request to a pool thread at once and lets Flask read the body from there, each read
waiting on the event loop: a client trickling its body (8 connections sending `Content-Length: 1000`
at a byte a second) held every thread of the pool until TRAILHEAD_REQUEST_SECONDS cut it, and every
other request waited. The headers were already read whole on the loop (service/asgi.py,
RequestTimeoutHttpTools, which also cuts a body not whole in time: the wait here ends with it).
Here the body is gathered first, on the loop, where a waiting client costs a coroutine, and the app
gets it in one piece. Up to `limit` bytes (the largest body a route takes): a longer one is not
held in memory, Flask refuses it (413) as it would anyway.
"""

from __future__ import annotations

from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class WholeBody:
    """ASGI middleware: gather an HTTP request's body on the event loop, then call `app` with it whole."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not has_body(scope, self.limit):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more and size <= self.limit:
            message = await receive()
            if message["type"] != "http.request":  # the client left, or was cut for being too slow
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = bool(message.get("more_body", False))
        whole: Message | None = {"type": "http.request", "body": b"".join(chunks), "more_body": more}

        async def replay() -> Message:
            nonlocal whole
            if whole is not None:
                message, whole = whole, None
                return message
            return await receive()

        await self.app(scope, replay, send)


def has_body(scope: Scope, limit: int) -> bool:
    """Whether the request announces a body worth gathering: a Content-Length from 1 to `limit`, or chunks."""
    headers: Any = scope.get("headers") or ()
    for name, value in headers:
        if name == b"content-length":
            try:
                return 0 < int(value) <= limit
            except ValueError:
                return False  # Flask answers a malformed length
        if name == b"transfer-encoding":
            return True
    return False
