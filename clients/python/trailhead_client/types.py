"""The shapes of the API's answers (openapi.yaml, components/schemas), as TypedDicts over the decoded JSON.

They are the JSON objects themselves, typed for editors and type checkers: nothing is converted
(one addition: a `PlayerMessage`'s `position`, which the SDK takes from the event stream's `id`).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

#: open: waiting for players to join its open seats; active: being played; finished.
Status = Literal["open", "active", "finished"]


class GameType(TypedDict):
    id: str
    title: str
    min_seats: int
    max_seats: int
    options_schema: dict[str, Any]
    bots: list[str]  # weakest first
    rules_version: int  # what new games are played under
    rules_versions: list[int]  # every version the server still plays, oldest first


class Rule(TypedDict):
    section: str
    summary: str


class GameTypeDetail(GameType):
    commands: dict[str, dict[str, Any]]  # command type -> JSON Schema of its args
    view_schema: dict[str, Any]
    rules: list[Rule]
    catalog: dict[str, dict[str, dict[str, Any]]]  # kind -> id -> printed values


class SeatRequest(TypedDict, total=False):
    """A seat of a new game: a person's or a bot's (`name`, and `bot` for a bot), an open one for a
    player to join (`open`, and its `name` until then), or a registered player's (`player`, its id)."""

    name: str  # required by the server, but for an open seat, a player's or a webhook seat
    bot: str | None
    open: bool
    player: str
    webhook: str  # an engine's URL the server calls for the seat's decisions (docs/webhooks.md)
    webhook_timeout_ms: int  # how long it waits for each answer (default 1000, at most 10000)


class Seat(TypedDict):
    index: int
    name: str  # a player's name once a player holds the seat
    bot: str | None  # the bot playing it now: a bot seat, a seat filled by a bot, a seat whose player left
    player: NotRequired[str | None]  # the id of the player holding it
    open: NotRequired[bool]  # waiting for a player to join it
    gone: NotRequired[bool]  # its player left (or missed too many turns): a bot plays it for good
    token: NotRequired[str]  # a human seat's secret, only in the creation's answer
    webhook: NotRequired[str]  # a webhook seat's URL, and its timeout
    webhook_timeout_ms: NotRequired[int | None]
    webhook_secret: NotRequired[str]  # a webhook seat's signing secret, only in the creation's answer


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
    rematch_of: NotRequired[str]  # a rematch's answer: the finished game it follows


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
    deadlines: NotRequired[list[Deadline]]
    clock: NotRequired[Clock | None]
    fill_deadline: NotRequired[str | None]
    rematch_of: NotRequired[str | None]  # the finished game this one is a rematch of
    rematch: NotRequired[str | None]  # a finished game's rematch, once a seat asked for one


class Deadline(TypedDict):
    """A seat's deadline (a game with a clock): when its decision times out."""

    seat: int
    deadline: str
    remaining_seconds: float


class Clock(TypedDict):
    """A game's time control, the seats' timeouts so far, and a Fischer clock's time left per seat."""

    turn_seconds: int | None
    initial_seconds: int | None
    increment_seconds: int | None
    missed_turns_limit: int
    takeover_bot: str
    missed: list[int]
    remaining_seconds: list[float] | None


class SummarySeat(TypedDict):
    index: int
    name: str
    bot: str | None
    player: NotRequired[str | None]
    open: NotRequired[bool]


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
    rated: NotRequired[Literal["rated", "bots", "imported", "ladder", "solo", "unrated"] | None]


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


class AnalysedAction(TypedDict):
    type: str
    args: dict[str, Any]
    label: str
    visits: int  # how many search iterations began with this command
    value: float  # the mean reward found after it, for the seat (0 to 1; 1: first place)


class Analysis(TypedDict):
    at: int
    seat: int
    level: str  # "search"
    budget_ms: int
    iterations: int
    actions: list[AnalysedAction]  # every legal command of the seat at `at`
    best: int  # the index in `actions` of the most visited


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


class CreatedPlayer(TypedDict):
    """A new player: `key` is its secret (a bearer credential acting for the player's seats), shown only here."""

    id: str
    name: str
    key: str
    created_at: str


class Rating(TypedDict):
    rating: float  # mu - 3 sigma
    mu: float
    sigma: float
    games: int


class PlayerGame(TypedDict):
    """One of a player's recent games, from the read model."""

    id: str
    type: str
    status: Status
    version: int
    seat: int
    to_act: list[int]
    winners: list[int] | None
    updated_at: str | None


class PlayerProfile(TypedDict):
    id: str
    name: str
    created_at: str
    ratings: dict[str, Rating]  # by game type (the rated pool)
    recent_games: list[PlayerGame]  # newest first, at most 20


class Joined(TypedDict):
    """An open seat taken: `token` is the seat's secret (the player's key acts for the seat too)."""

    game_id: str
    seat: int
    token: str
    status: Status
    version: int
    head_hash: str


class PlayerMessage(TypedDict):
    """One message of a player's stream: `type` gameStart, yourTurn, seatTakenOver or gameFinish.

    `seatTakenOver` comes once, when a bot takes the player's seat for the rest of the game (the
    player left, resigned, or missed too many turns on the clock); no `yourTurn` of that game follows.
    """

    type: Literal["gameStart", "yourTurn", "seatTakenOver", "gameFinish"]
    game_id: str
    game: NotRequired[str]  # seatTakenOver: the game's id (as game_id)
    game_type: str
    seat: int  # the player's seat in that game
    version: int  # the game's version after the commit the message is about (yourTurn: the expected_version)
    status: Status
    deadline: NotRequired[str | None]  # yourTurn: the seat's deadline (ISO 8601, UTC) when the game has a clock
    winners: NotRequired[list[int]]  # gameFinish
    reason: NotRequired[Literal["left", "resigned", "timeout"]]  # seatTakenOver: why a bot plays the seat now
    bot: NotRequired[str]  # seatTakenOver: the bot level playing the seat from now on
    position: int  # the stream's id: pass it as `after` to resume after this message


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


class LadderEntrant(TypedDict):
    """An entrant of a ladder: a player or a bot level (`entrant` `bot:<level>`), its rating in the ladder's pool
    (None before a rated game), its ladder games, and whether it waits or the game it plays."""

    entrant: str
    name: str
    player: str | None
    bot: str | None
    rating: float | None
    mu: float | None
    sigma: float | None
    games: int
    waiting: bool
    playing: str | None


class LadderEntry(LadderEntrant):
    type: str


class LadderGame(TypedDict):
    game_id: str
    entrants: list[str]
    created_at: str
    status: Status | None


class Ladder(TypedDict):
    type: str
    seconds: float
    turn_seconds: int
    entrants: list[LadderEntrant]
    waiting: list[str]
    games: list[LadderGame]


class Leaderboard(TypedDict):
    type: str
    pool: Literal["rated", "all", "ladder"]
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
    limits: Literal["shared", "per-process", "off"]
    redis: NotRequired[str]
    bot_games_queued: NotRequired[int]
