"""Clients trickling their request bodies take no Flask thread: the front of `trailhead serve` (in process,
uvicorn with its settings, one pool thread) keeps answering others at once."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from typing import Any

import pytest
import requests
import uvicorn
from flask import Flask

import service.asgi
from service.app import create_app
from service.asgi import UVICORN_SETTINGS, create_asgi_app
from support.served import free_port

SLOW_CLIENTS = 4
REQUEST_SECONDS = 4  # a trickling body is cut after this; a request stuck behind one would wait as long


@pytest.fixture
def front(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    made: list[Flask] = []

    def kept(config: Any) -> Flask:  # the Flask app behind the front, to close its container at the end
        made.append(create_app(config))
        return made[-1]

    monkeypatch.setattr(service.asgi, "create_app", kept)
    app = create_asgi_app({"DATABASE": str(tmp_path / "trailhead.sqlite"), "REDIS_URL": None, "RATE_LIMITS": "off",
                           "REQUEST_SECONDS": REQUEST_SECONDS, "RESUME_BOTS": False}, threads=1)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           **UVICORN_SETTINGS))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        made[0].extensions["trailhead"].close()


def trickle(port: int) -> socket.socket:
    """A connection that sent its headers and the first byte of a 1000-byte body."""
    slow = socket.create_connection(("127.0.0.1", port))
    slow.sendall(b"POST /api/v1/players HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\n\r\n{")
    return slow


def test_bodies_sent_a_byte_at_a_time_hold_no_thread(front: str) -> None:
    port = int(front.rsplit(":", 1)[1])
    slow = [trickle(port) for _ in range(SLOW_CLIENTS)]
    try:
        time.sleep(0.3)  # each has reached the app, as far as it gets
        started = time.monotonic()
        answered = [requests.get(f"{front}/healthz", timeout=REQUEST_SECONDS * 3).status_code for _ in range(3)]
        created = requests.post(f"{front}/api/v1/players", json={"name": "Ann"}, timeout=REQUEST_SECONDS * 3)
        waited = time.monotonic() - started
        assert answered == [200, 200, 200] and created.status_code == 201
        assert waited < 1.5, f"other requests waited {waited:.1f} s behind the trickling bodies"
    finally:
        for connection in slow:
            connection.close()
