"""Rate limits per client on game creation, commands and reads (Flask-Limiter); 429 problem+json beyond them.

Every routed request counts in one scope: `create` (POST /games, /games/{id}/fork,
/games/{id}/rematch and /replays), `command` (POST /games/{id}/commands; any other write would count here too),
`analysis` (GET /games/{id}/analysis: each may cost the bots' side a search) or `read` (every
other GET). The limits come from TRAILHEAD_RATE_LIMITS (application/settings.py).

A client is the seat token it sends, when that token matches a seat, else its address
(service/identity.py, `client_address`: the peer's, or behind one of TRAILHEAD_TRUSTED_PROXIES
the address it forwards; X-Forwarded-For from anyone else is ignored). Creations always count
by address: creating a game mints tokens, so counting creations by token would let a client
mint itself fresh allowances. A token that matches no seat counts by address too, so made-up
tokens buy nothing. Reads and commands also count per address under a ceiling of their own
(`address-read`, `address-command`), over every token and key the address sends: tokens minted
by the dozen do not multiply what one address may send.

Counts live in Redis when REDIS_URL is set, shared by every process of the service; in the
process's memory otherwise (then each gunicorn worker counts on its own). If Redis stops
answering, each process counts in memory until it answers again: a limit never becomes a 500.
A limited response carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds
until the window resets; draft-ietf-httpapi-ratelimit-headers), and a 429 also Retry-After.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Mapping

from flask import Flask, Response, request
from flask_limiter import ApplicationLimit, Limiter, RateLimitExceeded, RequestLimit
from limits import RateLimitItem

from application.auth import token_hash
from service.identity import bearer_player, bearer_token, client_address, token_owner
from service.problems import problem

log = logging.getLogger(__name__)

CREATE_ENDPOINTS = frozenset({"games_api.create_game", "replays_api.fork", "replays_api.import_replay",
                              "players_api.create_player", "rematch_api.post_rematch",
                              "tournaments_api.create_tournament"})
COMMAND_ENDPOINTS = frozenset({"games_api.post_command"})
ANALYSIS_ENDPOINTS = frozenset({"analysis_api.get_analysis"})
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
WHAT_IS_COUNTED = {"create": "game creations", "command": "commands", "read": "reads", "analysis": "analyses"}
ADDRESS_PREFIX = "address-"
CEILED_SCOPES = frozenset({"read", "command"})  # counted per address too, beside per token
REDIS_TIMEOUT_SECONDS = 0.5  # every request asks Redis: a Redis that hangs must not hang the API


def request_scope() -> str:
    """The scope the current request counts in."""
    endpoint = request.endpoint or ""
    if endpoint in CREATE_ENDPOINTS:
        return "create"
    if endpoint in COMMAND_ENDPOINTS or request.method not in READ_METHODS:
        return "command"
    if endpoint in ANALYSIS_ENDPOINTS:
        return "analysis"
    return "read"


def address_key() -> str:
    return f"address:{client_address()}"


def client_key() -> str:
    """The seat of a token that matches one, the player of a key that matches one, else the address."""
    token = bearer_token()
    if token is not None:
        try:
            if token_owner(token) is not None:
                return f"seat:{token_hash(token)}"
            if bearer_player() is not None:  # kept for the view's own lookup
                return f"player:{token_hash(token)}"
        except Exception:  # noqa: BLE001 - a failed lookup must not fail the limiter; the view will look again
            log.exception("rate limits: the token lookup failed; counting this request by address")
    return address_key()


def scoped_limit(limits: Mapping[str, str]) -> ApplicationLimit:
    """One limit for every route whose value, bucket and client key follow the request's scope.

    (One limit rather than one per scope with `exempt_when`: Flask-Limiter resolves, parses and
    checks every limit on every request, and that is most of what a limit costs.)
    """

    def limit() -> str:
        return limits.get(request_scope(), "")  # "": none, the scope is off

    def scope(_endpoint: str) -> str:
        return request_scope()

    def client() -> str:
        return address_key() if request_scope() == "create" else client_key()

    return ApplicationLimit(limit, scope=scope, key_function=client)


def address_ceiling(limits: Mapping[str, str]) -> ApplicationLimit:
    """Reads and commands per address, whatever tokens it sends (`address-read`, `address-command`)."""

    def limit() -> str:
        scope = request_scope()
        return limits.get(f"{ADDRESS_PREFIX}{scope}", "") if scope in CEILED_SCOPES else ""

    def scope(_endpoint: str) -> str:
        return f"{ADDRESS_PREFIX}{request_scope()}"

    return ApplicationLimit(limit, scope=scope, key_function=address_key)


def limit_requests(app: Flask, limits: Mapping[str, str]) -> Limiter | None:
    """Count every routed request against its scope's limit, if any scope has one (`limits` from
    application.settings.rate_limits); None when all are off."""
    if not limits:
        return None
    redis_url = app.config.get("REDIS_URL")
    limiter = Limiter(
        address_key,
        app=app,
        application_limits=[scoped_limit(dict(limits)), address_ceiling(dict(limits))],  # per client first: the
        # headers report the first while neither is reached
        storage_uri=storage_uri(redis_url),
        storage_options=(
            {"socket_connect_timeout": REDIS_TIMEOUT_SECONDS, "socket_timeout": REDIS_TIMEOUT_SECONDS}
            if redis_url else {}
        ),
        key_prefix=str(app.config.get("QUEUE_PREFIX") or "trailhead"),
        strategy="fixed-window",
        headers_enabled=False,  # ours instead: the draft's names, Reset in seconds, Retry-After on a 429 only
        swallow_errors=True,
        in_memory_fallback_enabled=bool(redis_url),
    )
    app.after_request(rate_limit_headers(limiter))
    app.register_error_handler(RateLimitExceeded, too_many_requests(limiter))
    return limiter


def counted_where(config: Mapping[str, object]) -> str:
    """Where the counts live, as /healthz says it: `off` (no limit on), `shared` (Redis: every process and
    host of the service counts together) or `per-process` (memory: each gunicorn worker counts on its own,
    so two workers let a client send up to twice a limit)."""
    if not config.get("RATE_LIMITS"):
        return "off"
    return "shared" if config.get("REDIS_URL") else "per-process"


def storage_uri(redis_url: str | None) -> str:
    """Where the counts live: REDIS_URL's Redis (its socket form named as the limits library names
    it), else the process's memory."""
    if not redis_url:
        return "memory://"
    if redis_url.startswith("unix://"):
        return "redis+" + redis_url
    return redis_url


def seconds_to_reset(current: RequestLimit) -> int:
    """Whole seconds until the client's window of this limit resets (at least 1)."""
    return max(1, math.ceil(current.window.reset_time - time.time()))


def rate_limit_headers(limiter: Limiter) -> Callable[[Response], Response]:
    def add_headers(response: Response) -> Response:
        current = limiter.current_limit
        if current is None:  # limits off for this request (no route, or a scope that is off)
            return response
        try:
            reset = seconds_to_reset(current)
            remaining = current.remaining
        except Exception:  # noqa: BLE001 - the storage failed after the check: answer without the headers
            log.warning("rate limits: no window to report (%s)", limiter.storage, exc_info=True)
            return response
        response.headers["RateLimit-Limit"] = str(current.limit.amount)
        response.headers["RateLimit-Remaining"] = str(remaining)
        response.headers["RateLimit-Reset"] = str(reset)
        if response.status_code == 429 and current.breached:
            response.headers["Retry-After"] = str(reset)
        return response

    return add_headers


def too_many_requests(limiter: Limiter) -> Callable[[RateLimitExceeded], Response]:
    def handle(error: RateLimitExceeded) -> Response:
        allowed = described(error.limit.limit, WHAT_IS_COUNTED[request_scope()])
        current = limiter.current_limit
        if current is not None and str(current.request_args[-1]).startswith(ADDRESS_PREFIX):
            detail = f"this address has reached its ceiling of {allowed}, over every token and key it sends"
        else:
            detail = f"this client has reached its limit of {allowed}"
        if current is not None:
            try:
                detail += f"; retry in {seconds_to_reset(current)} s (Retry-After)"
            except Exception:  # noqa: BLE001 - the storage failed meanwhile: the detail goes without the wait
                log.warning("rate limits: no window to report", exc_info=True)
        return problem(429, "rate-limited", "Too many requests", detail)

    return handle


def described(item: RateLimitItem, counted: str) -> str:
    """`30 game creations per minute`, `100 reads per 2 hours`."""
    unit = item.GRANULARITY.name
    span = unit if item.multiples == 1 else f"{item.multiples} {unit}s"
    return f"{item.amount} {counted} per {span}"
