"""A TCP proxy in front of a test server that can break connections the way networks do.

`lose_next_response()`: the next response is read from the server whole and then never delivered
(the connection is closed instead): the client cannot know whether its request was done.
`drop_connections()`: every connection open now is closed, as when a network path fails.
`cut_next_response(after)`: the next response is delivered up to its first `after` bytes (its head
included), then the connection is closed: a download broken in the middle.
`requests` records the head (request line and headers) of every request that went through.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable


class Proxy:
    """Listens on 127.0.0.1 (a free port) and forwards each connection to `upstream` (host, port)."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.requests: list[str] = []
        self._lock = threading.Lock()
        self._lose = 0
        self._cuts: list[int] = []
        self._open: list[socket.socket] = []
        self._closed = False
        threading.Thread(target=self._accept, name="proxy-accept", daemon=True).start()

    def lose_next_response(self) -> None:
        with self._lock:
            self._lose += 1

    def cut_next_response(self, after: int) -> None:
        with self._lock:
            self._cuts.append(after)

    def drop_connections(self) -> None:
        with self._lock:
            dropped, self._open = self._open, []
        for sock in dropped:
            _close(sock)

    def close(self) -> None:
        self._closed = True
        self.listener.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.upstream)
            with self._lock:
                self._open += [client, server]
            threading.Thread(target=self._requests, args=(client, server), daemon=True).start()
            threading.Thread(target=self._responses, args=(server, client), daemon=True).start()

    def _requests(self, client: socket.socket, server: socket.socket) -> None:
        def record(chunk: bytes) -> None:
            head = chunk.split(b"\r\n\r\n", 1)[0]
            if head[:4] in (b"GET ", b"POST"):
                with self._lock:
                    self.requests.append(head.decode("latin-1"))

        self._pump(client, server, record)

    def _responses(self, server: socket.socket, client: socket.socket) -> None:
        fate: str | None = None
        budget = 0  # what a cut response may still deliver
        while True:
            try:
                chunk = server.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            if fate is None:
                with self._lock:
                    if self._lose:
                        self._lose -= 1
                        fate = "lose"
                    elif self._cuts:
                        fate, budget = "cut", self._cuts.pop(0)
                    else:
                        fate = "pass"
            if fate == "lose":
                break  # the server answered; the client never hears it
            if fate == "cut":
                chunk, budget = chunk[:budget], budget - len(chunk)
            try:
                client.sendall(chunk)
            except OSError:
                break
            if fate == "cut" and budget <= 0:
                break  # the rest never arrives
        for sock in (client, server):
            _close(sock)

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket, seen: Callable[[bytes], None]) -> None:
        while True:
            try:
                chunk = source.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            seen(chunk)
            try:
                sink.sendall(chunk)
            except OSError:
                break
        for sock in (source, sink):
            _close(sock)


def _close(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
