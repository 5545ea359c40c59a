"""Errors the SDK raises: one exception per problem family of the API (RFC 9457 problem details).

Every answer of 400 or more is a problem (`application/problem+json`); `ProblemError.from_response`
picks the subclass by the problem's type where one has its own (`SeatTaken`, `CommandIdReused`), else
by status, so a caller catches what it can act on (`VersionConflict`: list the actions again;
`IllegalCommand`: choose another; `SeatTaken`: join another game; `RateLimited`: wait `retry_after`
seconds).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import requests
from requests.structures import CaseInsensitiveDict


class TrailheadError(Exception):
    """Anything the SDK raises."""


class ConnectionFailed(TrailheadError):
    """The server could not be reached, or the connection broke, and retrying did not help (or was not safe)."""


class ProtocolError(TrailheadError):
    """The server answered something the SDK cannot read (not JSON where JSON was due)."""


class ProblemError(TrailheadError):
    """An answer of 400 or more, with the fields of its problem details.

    `type` is the problem's URI (`urn:trailhead:problem:<slug>`), `title` its short name, `detail`
    what went wrong in words a person can act on, `body` the whole problem object.
    """

    def __init__(self, status: int, type: str, title: str, detail: str,
                 body: dict[str, Any] | None = None, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(f"{status} {title}: {detail}")
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.body = body or {}
        self.headers: CaseInsensitiveDict[str] = CaseInsensitiveDict(headers or {})

    @property
    def slug(self) -> str:
        """The last part of `type` (e.g. `version-conflict`)."""
        return self.type.rsplit(":", 1)[-1]

    @staticmethod
    def from_response(response: requests.Response) -> ProblemError:
        """The exception for an error response: the subclass of its problem type, else of its status,
        else ProblemError itself."""
        try:
            body = response.json()
        except ValueError:
            body = None
        if not isinstance(body, dict):
            body = {"detail": response.text[:500] or response.reason or ""}
        status = response.status_code
        slug = str(body.get("type", "")).rsplit(":", 1)[-1]
        kind = _BY_TYPE.get((status, slug)) or _BY_STATUS.get(status, ProblemError)
        return kind(status, str(body.get("type", "about:blank")), str(body.get("title", response.reason or "")),
                    str(body.get("detail", "")), body, response.headers)


class BadRequest(ProblemError):
    """400: the request or the command is malformed (unknown field, wrong type, unknown command)."""


class Unauthorized(ProblemError):
    """401: no seat token, or one that matches no seat."""


class Forbidden(ProblemError):
    """403: the token is another game's, or another seat's than the one named."""


class NotFound(ProblemError):
    """404: no such game, game type or route."""


class VersionConflict(ProblemError):
    """409: the game is no longer at `expected_version`; nothing was appended.

    `current_version` is the version the game is at (None for a rules-version mismatch).
    """

    @property
    def current_version(self) -> int | None:
        value = self.body.get("current_version")
        return value if isinstance(value, int) else None


class SeatTaken(ProblemError):
    """409 (`seat-taken`): joining failed: the seat was taken meanwhile, no seat is open any more, or the
    player already holds a seat of the game (its key acts for it). Nothing was changed."""


class NotToAct(ProblemError):
    """409 (`not-to-act`): an analysis asked for a seat that does not decide at that step; `to_act` lists the
    seats that do (none when nobody does, or when the step falls inside a command's events)."""

    @property
    def to_act(self) -> list[int]:
        value = self.body.get("to_act")
        return list(value) if isinstance(value, list) else []


class GameRunning(ProblemError):
    """409 (`game-running`): a rematch was asked for a game that has not finished."""


class NoSearchLevel(NotFound):
    """404 (`no-search-level`): the game type has no search level yet, so its games cannot be analysed."""


class IllegalCommand(ProblemError):
    """422: the rules forbid the command now (`detail` says why), or a command id was reused."""


class CommandIdReused(IllegalCommand):
    """422: this `command_id` was used for another command of the game."""


class _RetryAfter(ProblemError):
    @property
    def retry_after(self) -> float | None:
        """Seconds the server asks to wait (its Retry-After header), if it said."""
        return retry_after(self.headers)


class RateLimited(_RetryAfter):
    """429: over a rate limit (or the cap of open streams); nothing was done. Wait `retry_after` seconds."""


class Unavailable(_RetryAfter):
    """503: the database does not answer, the server holds its maximum of streams, or an analysis is still
    being searched (`analysis-pending`: ask again after `retry_after`); nothing was changed."""


def retry_after(headers: Any) -> float | None:
    """The Retry-After header in seconds (its delta-seconds form, the only one the service sends)."""
    value = headers.get("Retry-After") if headers is not None else None
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


#: Problems with a class of their own, by status and the last part of their type.
_BY_TYPE: dict[tuple[int, str], type[ProblemError]] = {
    (409, "seat-taken"): SeatTaken,
    (409, "not-to-act"): NotToAct,
    (409, "game-running"): GameRunning,
    (404, "no-search-level"): NoSearchLevel,
    (422, "command-id-reused"): CommandIdReused,
}

_BY_STATUS: dict[int, type[ProblemError]] = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: VersionConflict,
    422: IllegalCommand,
    429: RateLimited,
    503: Unavailable,
}
