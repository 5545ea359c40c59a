"""HTTP under the client: one requests.Session, problem+json mapped to exceptions, bounded retries.

What is retried, and why it is safe:
- 429 (rate limited) and 503 (database away, stream cap): the server did nothing, so any request may
  be sent again, after its `Retry-After` (else an exponential backoff).
- A connection error, a timeout, a 502 or a 504: the request may or may not have been done, so it is
  sent again only when doing it twice is the same as doing it once: every GET, a command (it always
  carries a `command_id`: the server answers a repeated id with its first answer and appends
  nothing), an import (the same document twice gives the same game). A game creation or a fork is
  not retried after a connection error: it could make two games.
Retries are bounded (`retries`), and a wait longer than `max_wait` seconds is not waited: the
error is raised at once, with `retry_after` for the caller to decide. A `patient` transport (a
long-running program such as trailhead-bot) instead waits out every 429 and 503 for as long as
`Retry-After` says and as often as it comes, telling `on_wait` before each wait.

With `pace`, requests are spread below the server's rate limits: each answer's `RateLimit-Remaining`
and `RateLimit-Reset` headers say how many requests of that kind are left in how many seconds,
and once half of the limit (`RateLimit-Limit`) is spent, the next request of the kind waits until its
share of that time has passed. The first half goes at full speed: a game's few dozen reads would
otherwise wait 50 ms each under the default 1,200 reads a minute, and half a window's allowance spent at
once still leaves the other half to spread over the rest of the window.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

import requests

from trailhead_client.errors import ConnectionFailed, ProblemError, ProtocolError, retry_after

API_PREFIX = "/api/v1"
USER_AGENT = "trailhead-client/0.1"
_RETRY_ALWAYS = {429, 503}
_RETRY_IF_SAFE = {502, 504}
#: Requests counted in the server's `create` scope (the others: every GET a read, any other write a command).
_CREATIONS = frozenset({f"{API_PREFIX}/games", f"{API_PREFIX}/players", f"{API_PREFIX}/replays"})

#: Told before each wait for a 429 or a 503: the seconds to wait and the problem that asked for it.
OnWait = Callable[[float, ProblemError], None]


#: A wait after which pooled keep-alive connections are dropped (servers close idle ones after a few seconds).
STALE_AFTER_SECONDS = 2.0

class Pacer:
    """Spreads requests below the server's rate limits, by the RateLimit headers of its answers.

    The server counts each client's reads, commands and creations apart (service/rate_limits.py);
    after an answer saying `remaining` requests are left for `reset` seconds, the next request of
    that kind waits until `reset / (remaining + 1)` seconds have passed since the answer, unless at least
    half of the limit (`RateLimit-Limit`, when the answer says it) remains: then it goes at once.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.clock = clock
        self.sleep = sleep
        self.lock = threading.Lock()
        self.not_before: dict[tuple[str, str | None], float] = {}

    @staticmethod
    def bucket(method: str, path: str, token: str | None) -> tuple[str, str | None]:
        """Which of the server's counts a request falls in: its scope, and the credential counted by."""
        if method in ("GET", "HEAD", "OPTIONS"):
            return "read", token
        if path in _CREATIONS or path.endswith("/fork"):
            return "create", None  # creations count by address
        return "command", token

    def wait(self, bucket: tuple[str, str | None]) -> None:
        with self.lock:
            due = self.not_before.get(bucket, 0.0) - self.clock()
        if due > 0:
            self.sleep(due)

    def heard(self, bucket: tuple[str, str | None], headers: Mapping[str, str]) -> None:
        try:
            remaining, reset = int(headers["RateLimit-Remaining"]), float(headers["RateLimit-Reset"])
        except (KeyError, TypeError, ValueError):
            return  # no limit on this kind of request
        try:
            limit = int(headers["RateLimit-Limit"])
        except (KeyError, TypeError, ValueError):
            limit = None
        spread = 0.0 if limit is not None and 2 * remaining >= limit else max(reset, 0.0) / (max(remaining, 0) + 1)
        with self.lock:
            self.not_before[bucket] = self.clock() + spread


class Transport:
    """Sends requests to one Trailhead server (`base_url` without the /api/v1 prefix)."""

    def __init__(self, base_url: str, *, session: requests.Session | None = None, timeout: float = 30.0,
                 retries: int = 3, backoff: float = 0.25, max_wait: float = 30.0,
                 sleep: Callable[[float], None] = time.sleep, patient: bool = False,
                 on_wait: OnWait | None = None, pace: bool = False) -> None:
        self.base_url = base_url.rstrip("/").removesuffix(API_PREFIX)
        if session is None:
            session = requests.Session()
            session.headers["User-Agent"] = USER_AGENT
        self.session = session
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.max_wait = max_wait
        self.sleep = sleep
        self.patient = patient
        self.on_wait = on_wait
        self.pacer = Pacer(sleep=sleep) if pace else None

    def url(self, path: str) -> str:
        return self.base_url + path

    def request(self, method: str, path: str, *, token: str | None = None, params: Mapping[str, Any] | None = None,
                json: Any = None, headers: Mapping[str, str] | None = None, safe: bool | None = None,
                stream: bool = False, timeout: float | None = None) -> requests.Response:
        """Send a request and return its answer (2xx or 304), retrying as the module says.

        `safe`: whether sending it twice does no harm (default: a GET is safe, other methods not).

        Raises:
            ProblemError: (a subclass by status) an answer of 400 or more, once retrying is over.
            ConnectionFailed: no answer, once retrying is over (or at once, when not safe).
        """
        safe = method == "GET" if safe is None else safe
        sent_headers = dict(headers or {})
        if token is not None:
            sent_headers["Authorization"] = f"Bearer {token}"
        bucket = Pacer.bucket(method, path, token)
        attempt = 0
        while True:
            if self.pacer is not None:
                self.pacer.wait(bucket)
            try:
                response = self.session.request(method, self.url(path), params=params, json=json,
                                                headers=sent_headers, stream=stream,
                                                timeout=timeout if timeout is not None else self.timeout)
            except requests.RequestException as error:
                if not safe or attempt >= self.retries:
                    raise ConnectionFailed(f"{method} {path}: {error}") from error
                self.sleep(self._backoff(attempt))
                attempt += 1
                continue
            if self.pacer is not None:
                self.pacer.heard(bucket, response.headers)
            if response.status_code < 400:
                return response
            told = retry_after(response.headers)
            wait = self._backoff(attempt) if told is None else told
            if self.patient and response.status_code in _RETRY_ALWAYS:
                problem = ProblemError.from_response(response)
                response.close()
                if self.on_wait is not None:
                    self.on_wait(wait, problem)
                self.sleep(wait)
                if wait >= STALE_AFTER_SECONDS:
                    self._drop_idle_connections()
                attempt = min(attempt + 1, self.retries)  # the backoff grows to max_wait, the waits go on
                continue
            retryable = response.status_code in _RETRY_ALWAYS or (safe and response.status_code in _RETRY_IF_SAFE)
            if not retryable or attempt >= self.retries or wait > self.max_wait:
                problem = ProblemError.from_response(response)
                response.close()
                raise problem
            response.close()
            self.sleep(wait)
            attempt += 1

    def json(self, method: str, path: str, **kwargs: Any) -> Any:
        """`request`, then the answer's JSON body.

        Raises:
            ProtocolError: the answer is not JSON.
        """
        response = self.request(method, path, **kwargs)
        try:
            return response.json()
        except ValueError as error:
            raise ProtocolError(f"{method} {path}: the answer is not JSON: {response.text[:200]!r}") from error

    def _drop_idle_connections(self) -> None:
        """Forget the pooled connections after a long wait: a server closes an idle keep-alive connection after a
        few seconds (uvicorn: 5), and a POST sent on one it has just closed fails ('Remote end closed connection')
        and, not being safe to repeat, is not retried. The next request opens a fresh connection."""
        for adapter in getattr(self.session, "adapters", {}).values():
            adapter.close()

    def _backoff(self, attempt: int) -> float:
        return float(min(self.backoff * 2.0**attempt, self.max_wait))

    def close(self) -> None:
        self.session.close()
