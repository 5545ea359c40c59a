"""The Flask pool of `trailhead serve` (service/wsgi_pool.py) hands an answer's messages to the event loop
without waiting for the loop to take each one, in order."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

from service.wsgi_pool import WSGIPool

SCOPE = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
         "path": "/", "raw_path": b"/", "root_path": "", "query_string": b"", "headers": [],
         "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 40000)}


def test_the_app_thread_answers_while_the_loop_is_busy() -> None:
    answered = threading.Event()

    def app(environ: dict[str, Any], start_response: Any) -> Iterator[bytes]:
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
        yield b"a"
        yield b"b"
        answered.set()

    async def main() -> tuple[bool, list[dict[str, Any]]]:
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        task = asyncio.ensure_future(WSGIPool(app, workers=1)(SCOPE, receive, send))
        await asyncio.sleep(0)  # the request is in the pool
        # the loop is held here: a2wsgi's own sends waited for it, message after message
        without_the_loop = answered.wait(3)
        await task
        return without_the_loop, sent

    without_the_loop, sent = asyncio.run(main())
    assert without_the_loop
    assert [(m["type"], m.get("status"), m.get("body")) for m in sent] == [
        ("http.response.start", 200, None), ("http.response.body", None, b"a"), ("http.response.body", None, b"b"),
        ("http.response.body", None, b"")]
