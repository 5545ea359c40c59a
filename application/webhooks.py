"""Webhook seats: the server calls an engine behind a URL for the seat's decisions (docs/webhooks.md).

A seat `{"webhook": URL}` is played on the bots' side (the inline runner's game thread, or an RQ worker),
never in a request: when it is to act, `play_webhook_turn` POSTs the bot protocol's `decide` message
(application/engine_protocol.py) and reads the engine's `choose` from the answer, within the seat's
`webhook_timeout_ms`. The choice is submitted as the seat's ordinary command, so the log holds it like any
other and nothing is ever re-derived from the network. A late, failed or unusable answer is the seat's
`TimeOut` with reason "webhook" (domain/core/seating.py): the takeover bot plays that decision, as when a
clock runs out, re-derivable from the seed, and it counts towards `missed_turns_limit`.

Server-side request forgery: only hosts listed in TRAILHEAD_WEBHOOK_HOSTS are called (checked when the seat
is created and again at every call), a redirect is never followed (a 3xx is a failed answer), and an answer
is read up to MAX_ANSWER_BYTES.

Signatures: each request carries `Trailhead-Signature: sha256=HMAC-SHA256(secret, timestamp "." body)`. The
seat's secret is not stored anywhere: it is derived as HMAC-SHA256(TRAILHEAD_WEBHOOK_SECRET, game id, seat),
so no table holds it, no event, view, export, backup or copy can carry it, and every process (the service and
each worker) that has the setting signs alike. It is shown once, in the create response. Changing the setting
changes the secrets of running games: their engines then refuse the calls and the takeover bot plays.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import logging
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import requests

from application.engine_protocol import (ChoiceRefused, chosen_command, decide_message, hello_message, is_ready,
                                         over_message)
from application.clock import instant, utc_now
from application.handler import CommandIdReused, Committed
from application.instruments import measured_submit
from application.messages import Message, WebhookOverDue
from domain.core import DomainError, InvalidCommand, NoLegalCommand, SeatConfig
from domain.core.protocol import strongest_bot
from domain.core.seating import WEBHOOK, TimeOut
from storage import VersionConflict

if TYPE_CHECKING:
    from application.bus import MessageBus
    from application.game import LoadedGame

log = logging.getLogger(__name__)

RUNNER = "trailhead-webhook/0.1.0"
DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS = 1_000, 10_000
MAX_ANSWER_BYTES = 64 * 1024  # a choose message is a few dozen bytes; a ready one too
SIGNATURE, TIMESTAMP, GAME, SEAT = "Trailhead-Signature", "Trailhead-Timestamp", "Trailhead-Game", "Trailhead-Seat"
COMMAND_PREFIX = "webhook:"  # the ids of a webhook seat's commands (clients may not send them)
# A new game's engine may not know the seat's secret yet: it was shown in the create response a moment ago, and
# the seat may be to act at once. So an engine that refuses the first `hello` is greeted again, every
# HELLO_RETRY_SECONDS, until the game is HELLO_GRACE_SECONDS old; only then is a refusal a missed decision.
HELLO_GRACE_SECONDS, HELLO_RETRY_SECONDS = 10.0, 0.1


class WebhookNotAllowed(DomainError):
    """A webhook seat this server will not call: webhooks are off, or its host is not listed (HTTP 403)."""


class WebhookFailed(Exception):
    """No usable answer from an engine: refused, failed, late, too long, or not JSON."""


@dataclasses.dataclass(frozen=True, slots=True)
class WebhookSettings:
    """TRAILHEAD_WEBHOOK_HOSTS (hosts, or host:port, that may be called) and TRAILHEAD_WEBHOOK_SECRET (the key
    the seats' secrets are derived from). Without both, no webhook seat is created."""

    hosts: frozenset[str] = frozenset()
    key: str | None = None

    def check(self, index: int, seat: SeatConfig) -> None:
        """A new webhook seat's URL and timeout.

        Raises:
            WebhookNotAllowed: webhooks are off here, or the URL's host is not listed.
            InvalidCommand: not an http(s) URL with a host, or a timeout out of range.
        """
        url = seat.hook
        if url is None:
            return
        try:
            parts = urlsplit(url)
            parts.port  # noqa: B018 - a port out of range raises
        except ValueError:
            raise InvalidCommand(f"seats[{index}].webhook: not a URL that can be called") from None
        if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
            raise InvalidCommand(f"seats[{index}].webhook: an http or https URL with a host and no credentials")
        timeout = seat.webhook_timeout_ms
        if isinstance(timeout, int) and not 1 <= timeout <= MAX_TIMEOUT_MS:
            raise InvalidCommand(f"seats[{index}].webhook_timeout_ms: must be between 1 and {MAX_TIMEOUT_MS}")
        if not self.hosts or not self.key:
            raise WebhookNotAllowed("webhook seats are off on this server (TRAILHEAD_WEBHOOK_HOSTS and "
                                    "TRAILHEAD_WEBHOOK_SECRET are not both set)")
        if not self.allows(url):
            raise WebhookNotAllowed(f"seats[{index}].webhook: the host {parts.hostname!r} is not one this server "
                                    "calls (TRAILHEAD_WEBHOOK_HOSTS)")

    def allows(self, url: str) -> bool:
        """Whether `url`'s host (or host:port) is listed."""
        try:
            parts = urlsplit(url)
            host, port = (parts.hostname or "").lower(), parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError:
            return False
        return bool(host) and (host in self.hosts or f"{host}:{port}" in self.hosts)

    def secret(self, game_id: str, seat: int) -> str:
        """The seat's secret, derived from the server's key (never stored)."""
        assert self.key, "webhook seats need TRAILHEAD_WEBHOOK_SECRET"
        return hmac.new(self.key.encode(), f"trailhead-webhook\x00{game_id}\x00{seat}".encode(),
                        hashlib.sha256).hexdigest()


def webhook_hosts(text: str | None) -> frozenset[str]:
    """The hosts of a TRAILHEAD_WEBHOOK_HOSTS value: names or addresses, each optionally with `:port`, separated by
    commas or spaces; unset or empty: none (no webhook seat)."""
    return frozenset(item.lower().strip("[]") if item.startswith("[") and item.endswith("]") else item.lower()
                     for item in (text or "").replace(",", " ").split())


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """The `Trailhead-Signature` of a request: `sha256=` and the hex HMAC-SHA256 of `timestamp.body`."""
    return "sha256=" + hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


def ask(settings: WebhookSettings, url: str, message: dict[str, Any], game_id: str, seat: int,
        timeout_ms: int) -> Any:
    """POST one protocol message, signed; the answer's JSON.

    Raises:
        WebhookFailed: as `post`, or the answer is not JSON.
    """
    try:
        return json.loads(post(settings, url, message, game_id, seat, timeout_ms))
    except ValueError:
        raise WebhookFailed("the answer is not JSON") from None


def post(settings: WebhookSettings, url: str, message: dict[str, Any], game_id: str, seat: int,
         timeout_ms: int) -> bytes:
    """POST one protocol message, signed; the answer's body.

    Raises:
        WebhookFailed: the host is no longer listed, the request failed, the status is not 2xx (a redirect is
            not followed), or the answer is late or longer than MAX_ANSWER_BYTES.
    """
    if not settings.key or not settings.allows(url):
        raise WebhookFailed("webhooks are off, or the host is not listed in TRAILHEAD_WEBHOOK_HOSTS")
    body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()
    stamp = str(int(time.time()))
    headers = {"Content-Type": "application/json", "User-Agent": RUNNER, "Accept-Encoding": "identity",
               TIMESTAMP: stamp, GAME: game_id,
               SEAT: str(seat), SIGNATURE: signature(settings.secret(game_id, seat), stamp, body)}
    deadline = time.monotonic() + timeout_ms / 1000
    chunks, size = [], 0
    session = requests.Session()
    session.trust_env = False  # no proxy from the environment, no .netrc credentials sent to an engine
    try:
        with session, session.post(url, data=body, headers=headers, timeout=timeout_ms / 1000,
                                   allow_redirects=False, stream=True) as answer:
            if not 200 <= answer.status_code < 300:
                raise WebhookFailed(f"answered {answer.status_code}")
            for chunk in answer.iter_content(8192):
                size += len(chunk)
                if size > MAX_ANSWER_BYTES:
                    raise WebhookFailed(f"answered more than {MAX_ANSWER_BYTES} bytes")
                if time.monotonic() > deadline:
                    break
                chunks.append(chunk)
    except requests.RequestException as error:
        raise WebhookFailed(f"{type(error).__name__}: {error}") from None
    if time.monotonic() > deadline:
        raise WebhookFailed(f"no answer within {timeout_ms} ms")
    return b"".join(chunks)


class Greeted:
    """The (game, seat)s whose engine this process has sent `hello` and got `ready` from (a bounded set: a
    restarted process, or another worker, greets again, which the protocol allows)."""

    LIMIT = 10_000

    def __init__(self) -> None:
        self._seen: dict[tuple[str, int], None] = {}
        self._lock = threading.Lock()

    def __contains__(self, key: tuple[str, int]) -> bool:
        with self._lock:
            return key in self._seen

    def add(self, key: tuple[str, int]) -> None:
        with self._lock:
            self._seen[key] = None
            while len(self._seen) > self.LIMIT:
                del self._seen[next(iter(self._seen))]


GREETED = Greeted()


def timeout_ms(game: LoadedGame, seat: int) -> int:
    """The seat's webhook_timeout_ms, as recorded with the game."""
    return int(game.record.seats[seat].get("webhook_timeout_ms") or DEFAULT_TIMEOUT_MS)


def play_webhook_turn(bus: MessageBus, game: LoadedGame, seat: int) -> Committed | None:
    """The webhook seat's decision at the game's version: its engine's choice as the seat's command, or its
    takeover bot's (TimeOut, reason "webhook") when the engine gave none it could play.

    Returns what it committed, or None when another command got there first.

    Raises:
        NoLegalCommand: the seat has no legal command (a bot could not move it either).
    """
    games, spec, game_id, version = bus.games, game.spec, game.record.id, game.version
    url = game.webhook(seat)
    assert url is not None
    legal = spec.legal_commands(game.state, seat)
    if not legal:
        raise NoLegalCommand(f"seat {seat} of {game_id} is to act at version {version} with no legal command")
    command_id, wait = f"{COMMAND_PREFIX}{game_id}:{version}:{seat}", timeout_ms(game, seat)
    try:
        if (game_id, seat) not in GREETED:
            greet(bus.webhooks, game, seat, url, wait)
        answer = ask(bus.webhooks, url, decide_message(spec, game.state, seat, version, game_id, legal), game_id,
                      seat, wait)
        type_, args = spec.commands.encode(chosen_command(spec, legal, answer))
        return measured_submit(games, game_id, lambda: games.submit(
            game_id, seat, type_, args, expected_version=version, command_id=command_id))
    except VersionConflict:
        return None
    except CommandIdReused:
        return None  # this decision was committed already (a job run twice)
    except (WebhookFailed, ChoiceRefused, DomainError) as failed:
        log.info("webhook seat %s of %s at version %s: %s; the takeover bot plays", seat, game_id, version, failed)
    rules = game.seating.rules if game.seating is not None else None
    level = rules.takeover_bot if rules is not None else strongest_bot(spec)  # as the TimeOut decides it
    try:
        return games.seat_command(game_id, TimeOut(seat=seat, reason=WEBHOOK), seat, command_id,
                                  expected_version=version, bot=level)
    except (VersionConflict, CommandIdReused):
        return None


def greet(settings: WebhookSettings, game: LoadedGame, seat: int, url: str, wait: int) -> None:
    """`hello` until the engine answers `ready`: while the game is younger than HELLO_GRACE_SECONDS, a refusal is
    waited out (the engine may be learning the seat's secret); then a refusal raises.

    Raises:
        WebhookFailed: no ready answer.
    """
    game_id = game.record.id
    born = instant(game.record.created_at) if game.record.created_at else None
    while True:
        try:
            if is_ready(ask(settings, url, hello_message(game.spec, RUNNER), game_id, seat, wait)):
                GREETED.add((game_id, seat))
                return
            failure = WebhookFailed("hello was not answered with a ready message")
        except WebhookFailed as failed:
            failure = failed
        if born is None or (utc_now() - born).total_seconds() > HELLO_GRACE_SECONDS:
            raise failure
        time.sleep(HELLO_RETRY_SECONDS)


def webhook_over(game: LoadedGame) -> list[Message]:
    """The follow-up of a commit that ended a game with webhook seats: telling their engines."""
    seating = game.seating
    return [WebhookOverDue(game.record.id, game.version)] if seating is not None and any(seating.webhooks) else []


def tell_over(bus: MessageBus, due: WebhookOverDue) -> list[Message]:
    """POST `over` to each webhook seat's engine of the finished game (no answer is read; a failure is logged)."""
    game = bus.games.load(due.game_id)
    result = game.spec.result(game.state)
    if result is None or game.seating is None:
        return []
    hooks: Sequence[str | None] = game.seating.webhooks
    for seat, url in enumerate(hooks):
        if url is None:
            continue
        message = over_message(game.spec, due.game_id, game.version, seat, result)
        try:
            post(bus.webhooks, url, message, due.game_id, seat, timeout_ms(game, seat))
        except WebhookFailed as failed:
            log.info("over to the webhook of seat %s of %s: %s", seat, due.game_id, failed)
    return []


def webhook_name(url: str) -> str:
    """A webhook seat's name when its creator gives none: its engine's host."""
    return f"Webhook ({urlsplit(url).hostname or 'engine'})"[:64]
