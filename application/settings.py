"""Settings shared by the service and the workers, and the registry lookup."""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Callable
from typing import Any

from limits import parse_many

from domain.core import GameSpec, UnknownGame

DEFAULT_DB = os.path.join("trailhead-data", "trailhead.sqlite")

#: The kinds of request a client's rate limits count apart, and their limits unless
#: TRAILHEAD_RATE_LIMITS says otherwise (Flask-Limiter's notation; README, Rate limits).
#: `address-read` and `address-command` are ceilings per address over every token and key it sends:
#: a client minting tokens (games, players) must not multiply its reads and commands.
RATE_LIMIT_SCOPES = ("create", "command", "read", "analysis", "address-command", "address-read")
DEFAULT_RATE_LIMITS = {"create": "30/minute", "command": "600/minute", "read": "1200/minute",
                       "analysis": "20/minute", "address-command": "3000/minute", "address-read": "6000/minute"}
RATE_LIMITS_SYNTAX = "'off', or 'scope=LIMIT;...' such as 'create=10/minute;command=600/minute;read=off'"


class SettingsError(ValueError):
    """A setting the service refuses to start with; the message names the variable and what it accepts."""


def settings_from_env() -> dict[str, Any]:
    """The settings shared by the service and the workers, from the environment."""
    return {
        "DATABASE": os.environ.get("TRAILHEAD_DB", DEFAULT_DB),
        "SYNCHRONOUS": os.environ.get("TRAILHEAD_SYNCHRONOUS", "FULL").upper(),
        # PostgreSQL only: each process's connection pool holds at most this many connections
        "DB_POOL_SIZE": int(os.environ.get("TRAILHEAD_DB_POOL_SIZE", "8")),
        # ... and a request waits at most this long for one of them, then is answered 503
        "DB_POOL_WAIT_SECONDS": float(os.environ.get("TRAILHEAD_DB_POOL_WAIT_SECONDS", "5")),
        "REDIS_URL": os.environ.get("REDIS_URL") or None,
        "QUEUE_PREFIX": os.environ.get("TRAILHEAD_QUEUE_PREFIX", "trailhead"),
        "SWEEP_SECONDS": int(os.environ.get("TRAILHEAD_SWEEP_SECONDS", "30")),
        "BOT_BUDGET_SECONDS": float(os.environ.get("TRAILHEAD_BOT_BUDGET_SECONDS", "2")),
        # how long an arena tournament's minute lasts (tests shorten it)
        "ARENA_MINUTE_SECONDS": float(os.environ.get("TRAILHEAD_ARENA_MINUTE_SECONDS", "60")),
        "PROJECTION_BATCH": int(os.environ.get("TRAILHEAD_PROJECTION_BATCH", "500")),
        # streams: each process's watcher polls the log's head this often besides its wake-ups
        "STREAM_POLL_SECONDS": float(os.environ.get("TRAILHEAD_STREAM_POLL_SECONDS", "0.25")),
        # the tournament streams' watcher checks its tournaments this often besides its wake-ups (unset: 5 s with
        # Redis, whose notices wake it; without, STREAM_POLL_SECONDS: other server processes cannot tell it)
        "TOURNAMENT_STREAM_POLL_SECONDS": os.environ.get("TRAILHEAD_TOURNAMENT_STREAM_POLL_SECONDS") or None,
        "STREAM_HEARTBEAT_SECONDS": float(os.environ.get("TRAILHEAD_STREAM_HEARTBEAT_SECONDS", "15")),
        "STREAMS_PER_CLIENT": int(os.environ.get("TRAILHEAD_STREAMS_PER_CLIENT", "20")),
        "STREAMS_TOTAL": int(os.environ.get("TRAILHEAD_STREAMS_TOTAL", "1000")),
        "REQUEST_SECONDS": float(os.environ.get("TRAILHEAD_REQUEST_SECONDS", "10")),
        "HEALTH_MAX_LAG": int(os.environ.get("TRAILHEAD_HEALTH_MAX_LAG", "1000")),
        "HEALTH_BOT_WAIT_SECONDS": float(os.environ.get("TRAILHEAD_HEALTH_BOT_WAIT_SECONDS", "60")),
        "CLIENT_SEEDS": os.environ.get("TRAILHEAD_CLIENT_SEEDS", "mixed").strip().lower(),
        "RATE_LIMITS": rate_limits(os.environ.get("TRAILHEAD_RATE_LIMITS")),
        "METRICS": os.environ.get("TRAILHEAD_METRICS", "on").strip().lower() not in ("off", "0", "false", "no"),
        "METRICS_TOKEN": os.environ.get("TRAILHEAD_METRICS_TOKEN") or None,
        "LOG_FORMAT": log_format(os.environ.get("TRAILHEAD_LOG_FORMAT")),
        # the reverse proxies whose X-Forwarded-For names the client (addresses or networks); none by default
        "TRUSTED_PROXIES": trusted_proxies(os.environ.get("TRAILHEAD_TRUSTED_PROXIES")),
        # analyses (application/analysis.py): how long a request waits for the bots' side's answer (then 503),
        # and how many requests of a process may wait at once (then 503 at once: they hold request threads)
        "ANALYSIS_WAIT_SECONDS": float(os.environ.get("TRAILHEAD_ANALYSIS_WAIT_SECONDS", "10")),
        "ANALYSIS_WAITING": int(os.environ.get("TRAILHEAD_ANALYSIS_WAITING", "4")),
        # the ladders (application/ladder.py): how often each seats its waiting entrants, and its games' turn clock
        "LADDER_SECONDS": float(os.environ.get("TRAILHEAD_LADDER_SECONDS", "30")),
        "LADDER_TURN_SECONDS": int(os.environ.get("TRAILHEAD_LADDER_TURN_SECONDS", "60")),
        "LADDER_TAKEOVER_BOT": os.environ.get("TRAILHEAD_LADDER_TAKEOVER_BOT") or None,
        # webhook seats (application/webhooks.py): the hosts they may call (none: no webhook seat), and the key
        # their secrets are derived from
        "WEBHOOK_HOSTS": os.environ.get("TRAILHEAD_WEBHOOK_HOSTS", ""),
        "WEBHOOK_SECRET": os.environ.get("TRAILHEAD_WEBHOOK_SECRET") or None,
    }


def rate_limits(text: str | None) -> dict[str, str]:
    """The rate limits a TRAILHEAD_RATE_LIMITS value asks for: scope -> limit, for the scopes that are on.

    Unset, empty or `on`: the defaults. `off`: none at all. Otherwise `;`-separated
    `scope=LIMIT` items, a scope being one of RATE_LIMIT_SCOPES and LIMIT a Flask-Limiter
    limit (`10/minute`, `100 per hour`, several joined by `,`) or `off` for none in that
    scope; a scope left out keeps its default. `read=off` (`command=off`) also turns off the
    address ceiling of that scope unless `address-read` (`address-command`) is given too.

    Raises:
        SettingsError: an unknown or repeated scope, an item without `=`, or a malformed or zero limit.
    """
    value = (text or "").strip()
    if value.lower() in ("", "on"):
        return dict(DEFAULT_RATE_LIMITS)
    if value.lower() == "off":
        return {}
    chosen = dict(DEFAULT_RATE_LIMITS)
    seen: set[str] = set()
    for item in filter(None, (part.strip() for part in value.split(";"))):
        scope, equals, limit = (part.strip() for part in item.partition("="))
        if not equals:
            raise _refused(f"{item!r} is not scope=LIMIT")
        if scope not in RATE_LIMIT_SCOPES:
            raise _refused(f"unknown scope {scope!r} (the scopes: {', '.join(RATE_LIMIT_SCOPES)})")
        if scope in seen:
            raise _refused(f"the scope {scope!r} is given twice")
        seen.add(scope)
        if limit.lower() == "off":
            del chosen[scope]
            continue
        try:
            parsed = parse_many(limit)
        except ValueError:
            raise _refused(f"{scope}: {limit!r} is not a limit like 10/minute, 100 per hour or 5/second,300/hour"
                           ) from None
        if any(each.amount < 1 for each in parsed):
            raise _refused(f"{scope}: {limit!r} would refuse every request; a limit allows at least 1")
        chosen[scope] = limit
    for scope in ("read", "command"):  # a scope turned off takes its address ceiling with it, unless that is set
        if scope not in chosen and f"address-{scope}" not in seen:
            chosen.pop(f"address-{scope}", None)
    return chosen


def log_format(text: str | None) -> str:
    """TRAILHEAD_LOG_FORMAT: `text` (unset: the access log) or `json` (one JSON line per request).

    Raises:
        SettingsError: any other value.
    """
    value = (text or "text").strip().lower()
    if value not in ("text", "json"):
        raise SettingsError(f"TRAILHEAD_LOG_FORMAT: {text!r} is neither 'text' nor 'json'")
    return value


def trusted_proxies(text: str | None) -> tuple[str, ...]:
    """The networks of a TRAILHEAD_TRUSTED_PROXIES value: addresses or CIDR networks separated by commas
    or spaces (`10.0.0.5, 10.1.0.0/16, ::1`); unset or empty: none.

    Raises:
        SettingsError: an item that is neither an IPv4 nor an IPv6 address or network.
    """
    networks = []
    for item in (text or "").replace(",", " ").split():
        try:
            networks.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError:
            raise SettingsError(f"TRAILHEAD_TRUSTED_PROXIES: {item!r} is not an address or a network such as"
                                " 10.0.0.5 or 10.0.0.0/8") from None
    return tuple(networks)


def _refused(reason: str) -> SettingsError:
    return SettingsError(f"TRAILHEAD_RATE_LIMITS: {reason}; expected {RATE_LIMITS_SYNTAX}")


def registry_of(specs: tuple[GameSpec, ...]) -> Callable[[str], GameSpec]:
    """A lookup of game specs by id that raises UnknownGame for any other id."""
    by_id = {spec.id: spec for spec in specs}

    def lookup(game_id: str) -> GameSpec:
        try:
            return by_id[game_id]
        except KeyError:
            raise UnknownGame(f"no game type {game_id!r}; offered: {', '.join(by_id)}") from None

    return lookup
