"""RFC 9457 problem details for every error, one handler per error family."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, json, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from domain.core.seating import SeatTaken
from domain.core import IllegalCommand, InvalidCommand, UnknownGame
from application.admin import PlayerBanned
from application.analysis import NoSearchLevel, NotADecision
from application.rematch import GameStillRunning
from application.handler import CommandIdReused, RulesVersionMismatch, UnknownGameId
from application.tournaments.entry import NotTheCreator
from application.tournaments.stream import UnknownTournament
from application.webhooks import WebhookNotAllowed
from replays.fork import ForkPointInsideCommand
from storage import UNAVAILABLE, StorageFull, VersionConflict

log = logging.getLogger(__name__)

PROBLEM_TYPE = "urn:trailhead:problem:"
STORAGE_FULL_RETRY_SECONDS = 30  # freeing space takes an operator: a client need not ask again sooner


class Unauthorized(Exception):
    """No token, a malformed Authorization header, or a token that matches no seat (401)."""


class Forbidden(Exception):
    """A token of another game, or of another seat than the one named (403)."""


class BadRequest(Exception):
    """A request that cannot be read: not JSON, or not an object (400)."""


def problem(status: int, slug: str, title: str, detail: str, **extensions: Any) -> Response:
    """A problem document; its `instance` is the request's id (the X-Request-Id it is answered with)."""
    from service.request_log import request_id

    body = {"type": PROBLEM_TYPE + slug, "title": title, "status": status, "detail": detail, "instance": request_id()}
    body.update(extensions)
    response = Response(json.dumps(body), status=status, mimetype="application/problem+json")
    if status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="trailhead"'
    return response


def register(app: Flask) -> None:
    """Install the handlers that turn every failure into problem+json."""

    @app.errorhandler(ValidationError)
    def _validation(error: ValidationError) -> Response:
        return problem(400, "invalid-request", "Invalid request", _first_message(error.messages), errors=error.messages)

    @app.errorhandler(BadRequest)
    def _bad_request(error: BadRequest) -> Response:
        return problem(400, "invalid-request", "Invalid request", str(error))

    @app.errorhandler(InvalidCommand)
    def _invalid(error: InvalidCommand) -> Response:
        return problem(400, "invalid-command", "Invalid command", error.reason)

    @app.errorhandler(Unauthorized)
    def _unauthorized(error: Unauthorized) -> Response:
        return problem(401, "unauthorized", "Unauthorized", str(error))

    @app.errorhandler(Forbidden)
    @app.errorhandler(NotTheCreator)
    def _forbidden(error: Forbidden | NotTheCreator) -> Response:
        return problem(403, "forbidden", "Forbidden", str(error))

    @app.errorhandler(WebhookNotAllowed)
    def _webhook(error: WebhookNotAllowed) -> Response:
        return problem(403, "webhook-not-allowed", "Webhook not allowed", error.reason)

    @app.errorhandler(PlayerBanned)
    def _banned(error: PlayerBanned) -> Response:
        return problem(403, "player-banned", "Player banned", error.reason)

    @app.errorhandler(UnknownGame)
    @app.errorhandler(UnknownGameId)
    @app.errorhandler(UnknownTournament)
    def _unknown(error: UnknownGame | UnknownGameId | UnknownTournament) -> Response:
        return problem(404, "not-found", "Not found", error.reason)

    @app.errorhandler(NoSearchLevel)
    def _no_search(error: NoSearchLevel) -> Response:
        return problem(404, "no-search-level", "No search level", error.reason)

    @app.errorhandler(NotADecision)
    def _not_to_act(error: NotADecision) -> Response:
        return problem(409, "not-to-act", "Not to act", error.reason, to_act=error.to_act)

    @app.errorhandler(VersionConflict)
    def _conflict(error: VersionConflict) -> Response:
        return problem(409, "version-conflict", "Version conflict", str(error), current_version=error.current)

    @app.errorhandler(RulesVersionMismatch)
    def _rules(error: RulesVersionMismatch) -> Response:
        return problem(409, "rules-version-mismatch", "Rules version mismatch", error.reason)

    @app.errorhandler(SeatTaken)
    def _seat_taken(error: SeatTaken) -> Response:
        return problem(409, "seat-taken", "Seat taken", error.reason)

    @app.errorhandler(GameStillRunning)
    def _running(error: GameStillRunning) -> Response:
        return problem(409, "game-running", "Game still running", error.reason)

    @app.errorhandler(IllegalCommand)
    def _illegal(error: IllegalCommand) -> Response:
        return problem(422, "illegal-command", "Illegal command", error.reason)

    @app.errorhandler(ForkPointInsideCommand)
    def _fork_point(error: ForkPointInsideCommand) -> Response:
        return problem(422, "fork-point-inside-command", "Fork point inside a command", error.reason,
                       at=error.at, nearest=error.nearest)

    @app.errorhandler(CommandIdReused)
    def _reused(error: CommandIdReused) -> Response:
        return problem(422, "command-id-reused", "Command id reused", error.reason)

    @app.errorhandler(RequestEntityTooLarge)
    def _too_large(error: RequestEntityTooLarge) -> Response:
        limit = request.max_content_length
        detail = "the request body exceeds the limit of this route"
        if limit is not None:
            detail += f" ({limit} bytes, {limit / 2**20:g} MiB)"
        return problem(413, "request-entity-too-large", "Request Entity Too Large", detail)

    # The other HTTP errors werkzeug raises inside the app (404, 405, ...), as problems too. The
    # 414 (request target too long) and 431 (header fields too large) never get here: the front
    # of `trailhead serve` reads the request line and the headers before the app runs and answers
    # them itself, as problem+json of the same shape (service/asgi.py, RequestTimeoutHttpTools).
    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        code = error.code or 500
        slug = (error.name or "error").lower().replace(" ", "-")
        response = problem(code, slug, error.name or "Error", error.description or error.name or "")
        for name, value in error.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value  # e.g. Allow on a 405
        return response

    def _unavailable(error: Exception) -> Response:
        log.warning("database unavailable on %s %s: %s", request.method, request.path, error)
        response = problem(503, "database-unavailable", "Database unavailable",
                           "the database does not answer just now; nothing was changed, try again shortly")
        response.headers["Retry-After"] = "1"
        return response

    for kind in UNAVAILABLE:
        app.register_error_handler(kind, _unavailable)

    @app.errorhandler(StorageFull)
    def _full(error: StorageFull) -> Response:
        log.error("storage full on %s %s: %s", request.method, request.path, error)
        response = problem(503, "storage-full", "Storage full",
                           "the disk holding the database is full; nothing was changed, send the same request again later")
        response.headers["Retry-After"] = str(STORAGE_FULL_RETRY_SECONDS)
        return response

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        log.exception("unhandled error on %s %s", request.method, request.path)
        return problem(500, "internal-error", "Internal server error", "the server failed; the error was logged")


def _first_message(messages: Any, path: str = "") -> str:
    """The first validation message, prefixed with the path of the field it concerns."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            field = "" if key == "_schema" else str(key)  # a list index too: seats.0.name
            return _first_message(value, f"{path}.{field}".strip(".") if field else path)
    if isinstance(messages, list) and messages:
        return _first_message(messages[0], path)
    return f"{path}: {messages}" if path else str(messages)
