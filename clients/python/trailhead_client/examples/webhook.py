"""An example webhook engine (docs/webhooks.md): an HTTP server the Trailhead server calls for a seat's decisions.

    python -m trailhead_client.examples.webhook --port 8765 --secret SECRET [--secret ...] [--policy heuristic]

A game created with the seat `{"webhook": "http://HOST:8765/"}` (HOST listed in the server's
TRAILHEAD_WEBHOOK_HOSTS) is played by it: the server POSTs the bot protocol's messages
(docs/bot-protocol.md) as JSON, and the answer's body is the engine's message: `ready` for `hello`,
`choose` for `decide`, nothing (204) for `over`. Every request is checked first: its
`Trailhead-Signature` must be the HMAC-SHA256, keyed by one of the seats' secrets (the create response's
`webhook_secret`, given with `--secret`, or one per line in `--secrets-file`, read again when a signature
matches none), of the `Trailhead-Timestamp` header, a dot and the body, and the timestamp within
MAX_SKEW_SECONDS of now. Anything else is answered 401 (the server then lets its takeover bot play).

The policy is `first` (the first listed action) or `heuristic` (the example engine's, examples/engine.py).
Standard library only: `http.server`, one thread per request.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from trailhead_client.examples.engine import Heuristic

SIGNATURE, TIMESTAMP = "Trailhead-Signature", "Trailhead-Timestamp"
MAX_SKEW_SECONDS = 300  # an older signed request is a replay
MAX_BODY_BYTES = 16 * 1024 * 1024  # `hello` describes the game type whole (its catalog): a few hundred KiB


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """What `Trailhead-Signature` holds for this secret, timestamp and body."""
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


def verify(secrets: Iterable[str], headers: Mapping[str, str], body: bytes, now: float | None = None) -> bool:
    """Whether the request is signed with one of `secrets` and recent (a constant-time comparison)."""
    stamp, given = headers.get(TIMESTAMP, ""), headers.get(SIGNATURE, "")
    if not stamp.isdigit() or abs((time.time() if now is None else now) - int(stamp)) > MAX_SKEW_SECONDS:
        return False
    return any(hmac.compare_digest(signature(secret, stamp, body), given) for secret in secrets)


def first_action(decide: dict[str, Any]) -> dict[str, Any]:
    return {"type": "choose", "index": decide["actions"][0]["index"]}


class WebhookEngine:
    """The engine behind the server: the secrets it accepts and the policy it plays (thread-safe)."""

    def __init__(self, secrets: Iterable[str] = (), policy: Callable[[dict[str, Any]], dict[str, Any]] = first_action,
                 secrets_file: Path | None = None, name: str = "example webhook") -> None:
        self.secrets = set(secrets)
        self.secrets_file = secrets_file
        self.policy = policy
        self.name = name
        self.lock = threading.Lock()

    def accepts(self, headers: Mapping[str, str], body: bytes) -> bool:
        if verify(self.secrets, headers, body):
            return True
        if self.secrets_file is not None and self.secrets_file.exists():  # a seat created since: read them again
            self.secrets |= {line.strip() for line in self.secrets_file.read_text().splitlines() if line.strip()}
            return verify(self.secrets, headers, body)
        return False

    def answer(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to one protocol message (None: no answer, as for `over`)."""
        kind = message.get("type")
        if kind == "hello":
            return {"type": "ready", "name": self.name}
        if kind == "decide":
            with self.lock:
                return self.policy(message)
        return None


def handler_for(engine: WebhookEngine) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # the status line and headers, then the body, leave in two writes: with Nagle's algorithm the second
        # waits for the server's delayed ACK of the first (40 ms on Linux), a tenth of the default timeout
        disable_nagle_algorithm = True

        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            length = int(self.headers.get("Content-Length") or 0)
            if not 0 < length <= MAX_BODY_BYTES:
                return self._send(413 if length else 411, None)
            body = self.rfile.read(length)
            if not engine.accepts(self.headers, body):
                return self._send(401, {"error": "bad or missing signature"})
            try:
                message = json.loads(body)
            except ValueError:
                return self._send(400, {"error": "not JSON"})
            answer = engine.answer(message)
            self._send(200 if answer is not None else 204, answer)

        def _send(self, status: int, answer: dict[str, Any] | None) -> None:
            data = b"" if answer is None else json.dumps(answer).encode()
            self.send_response(status)
            if data:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            try:
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server stopped waiting (a late answer): it has played the decision without us

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - http.server's signature
            pass  # quiet: one line per decision would drown the output

    return Handler


def make_server(engine: WebhookEngine, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A server for `engine` (port 0: any free port; `server.server_address` says which)."""
    server = ThreadingHTTPServer((host, port), handler_for(engine))
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--secret", action="append", default=[], help="a seat's webhook_secret (repeatable)")
    parser.add_argument("--secrets-file", type=Path, help="a file of secrets, one a line, read again on a miss")
    parser.add_argument("--policy", choices=("first", "heuristic"), default="first")
    args = parser.parse_args(argv)
    policy = first_action if args.policy == "first" else Heuristic().choose
    engine = WebhookEngine(args.secret, policy, args.secrets_file)
    server = make_server(engine, args.host, args.port)
    print(f"webhook engine on http://{args.host}:{server.server_address[1]}/ ({args.policy})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
