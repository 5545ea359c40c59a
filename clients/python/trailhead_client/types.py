"""The shapes of the API's answers (openapi.yaml, components/schemas), as TypedDicts over the decoded JSON.

They are the JSON objects themselves, typed for editors and type checkers: nothing is converted.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

Status = Literal["active", "finished"]


class GameType(TypedDict):
    id: str
    title: str
    min_seats: int
    max_seats: int
    options_schema: dict[str, Any]
    bots: list[str]  # weakest first
    rules_version: int


class Rule(TypedDict):
    section: str
    summary: str


class GameTypeDetail(GameType):
    commands: dict[str, dict[str, Any]]  # command type -> JSON Schema of its args
    view_schema: dict[str, Any]
    rules: list[Rule]
    catalog: dict[str, dict[str, dict[str, Any]]]  # kind -> id -> printed values


class SeatRequest(TypedDict, total=False):
    name: str  # required by the server
    bot: str | None


class Seat(TypedDict):
    index: int
    name: str
    bot: str | None
    token: NotRequired[str]  # a human seat's secret, only in the creation's answer


class CreatedGame(TypedDict):
    id: str
    type: str
    status: Status
    version: int
    head_hash: str
    rules_version: int
    seed_commitment: str
    seed_source: NotRequired[str]
    seats: list[Seat]
    forked_from: NotRequired[dict[str, Any]]


class Standing(TypedDict):
    seat: int
    place: int
    score: NotRequired[int | None]


class Result(TypedDict):
    standings: list[Standing]
    winners: list[int]


class GameView(TypedDict):
    id: str
    type: str
    status: Status
    version: int
    head_hash: str
    rules_version: int
    seed_commitment: str
    seed_source: NotRequired[str]
    seed: NotRequired[str]
    seed_parts: NotRequired[dict[str, str]]
    seats: list[Seat]
    to_act: list[int]
    you: int | None
    state: dict[str, Any]
    result: Result | None
    projection_lag: int
    created_at: NotRequired[str]
    updated_at: NotRequired[str]


class SummarySeat(TypedDict):
    index: int
    name: str
    bot: str | None


class Summary(TypedDict):
    id: str
    type: str
    status: Status
    version: int
    to_act: list[int]
    seats: list[SummarySeat]
    winners: list[int] | None
    created_at: str | None
    updated_at: str | None


class SummaryPage(TypedDict):
    games: list[Summary]
    next_cursor: int | None


class Envelope(TypedDict):
    game_id: str
    seq: int
    position: int | None
    type: str
    data: Any  # None when redacted
    redacted: bool
    seat: int | None
    command_id: str | None
    visibility: str | list[int]
    prev_hash: str
    hash: str
    recorded_at: str | None


class StreamMessage(Envelope):
    version: int
    status: Status
    to_act: list[int]


class EventPage(TypedDict):
    events: list[Envelope]
    next: int
    has_more: bool


class CommandResponse(TypedDict):
    version: int
    head_hash: str
    events: list[Envelope]


class Replay(TypedDict):
    id: str
    version: int
    at: int
    # `as` is a keyword: read it as replay["as"]
    to_act: list[int]
    state: dict[str, Any]
    result: Result | None
    full_state: NotRequired[dict[str, Any]]


class TimelineEntry(TypedDict):
    seq: int
    type: str
    seat: int | None
    text: str
    label: str | None


class Timeline(TypedDict):
    id: str
    version: int
    entries: list[TimelineEntry]


class AuditReport(TypedDict):
    id: str
    status: Literal["ok", "failed"]
    ok: bool
    events: int
    head_hash: str | None
    checks: dict[str, str]
    failure: dict[str, Any] | None
    notes: list[str]


class ReplayDocument(TypedDict):
    format: str
    format_version: int
    game_type: str
    rules_version: int
    game_id: str
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    forked_from: dict[str, Any] | None
    seed: str
    seed_source: NotRequired[str]
    seed_commitment: str
    version: int
    head_hash: str
    events: list[dict[str, Any]]
    commands: list[dict[str, Any]]


class ImportedGame(TypedDict):
    id: str
    original_id: str
    type: str
    status: Status
    version: int
    head_hash: str


class LeaderboardRow(TypedDict):
    """Results by seat name."""

    name: str
    games_played: int
    games_won: int
    mean_placing: float
    best_score: int | None


class RatingRow(TypedDict):
    """A registered player's rating (mu - 3 sigma) in a game type."""

    player: str
    name: str
    rating: float
    mu: float
    sigma: float
    games: int


class Leaderboard(TypedDict):
    type: str
    pool: Literal["rated", "all"]
    score_order: Literal["low", "high"]
    players: list[RatingRow]
    seat_names: list[LeaderboardRow]


class Health(TypedDict):
    status: Literal["ok", "degraded", "failing"]
    reasons: list[dict[str, str]]
    database: str
    projection: dict[str, Any] | None
    jobs: str
    streams_open: int
    redis: NotRequired[str]
    bot_games_queued: NotRequired[int]
