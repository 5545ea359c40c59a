"""A player's stream (`GET /api/v1/players/me/stream`) read on a thread of its own, for the end-to-end tests."""

from __future__ import annotations

import json
import threading
from typing import Any

import requests

from support.sse import sse_messages

API = "/api/v1"


class Listener:
    """A player's stream read on a thread of its own: every message's data, with its SSE id and event name."""

    def __init__(self, base_url: str, key: str, last_id: int | None = None) -> None:
        self.messages: list[dict[str, Any]] = []
        self.opened = threading.Event()
        self.stopped = threading.Event()
        self.failure: BaseException | None = None
        headers = {"Authorization": f"Bearer {key}"}
        if last_id is not None:
            headers["Last-Event-ID"] = str(last_id)
        self.thread = threading.Thread(target=self._read, args=(base_url, headers), daemon=True)
        self.thread.start()
        assert self.opened.wait(15), "the stream did not open"

    def _read(self, base_url: str, headers: dict[str, str]) -> None:
        try:
            with requests.get(f"{base_url}{API}/players/me/stream", headers=headers, stream=True,
                              timeout=30) as response:
                assert response.status_code == 200, response.text
                self.opened.set()
                for message in sse_messages(response):
                    if self.stopped.is_set():
                        return
                    if "data" in message:
                        self.messages.append({**json.loads(message["data"]), "id": int(message["id"]),
                                              "event": message["event"]})
        except BaseException as error:  # noqa: BLE001 - reported by the test's thread
            self.failure = error
            self.opened.set()

    def of(self, game_id: str, kind: str | None = None) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["game_id"] == game_id and (kind is None or m["type"] == kind)]

    def stop(self) -> list[dict[str, Any]]:
        self.stopped.set()
        self.thread.join(timeout=10)
        assert self.failure is None, self.failure
        return list(self.messages)
