"""The ladder of a game type (issue 30, item 6): opted-in players and bot levels seated again and again.

An entrant is a player (entered with its key) or a bot level (entered by a player, for everyone to meet).
Every `TRAILHEAD_LADDER_SECONDS` the ladder's round (a `LadderDue` on the bus's TIMER lane, inline or on RQ)
seats the waiting entrants: those entered and in no ladder game that runs. The pure rule
(domain/tournaments/ladder.py) opens each table with the entrant of fewest ladder games and fills it with
the nearest ratings, the last opponent avoided while someone else waits; each table is claimed in the
storage first (two processes' rounds never seat an entrant twice), then created as a game marked `ladder`
in its GameCreated, with the ladder's turn clock when a player sits at it, so a missed turn is played by
the takeover rules. A round schedules the next one while the ladder has entrants; an entry wakes a round
at once besides. Ladder games are rated in their own pool, `ladder` (application/ratings.py).
"""

from __future__ import annotations

import dataclasses
import logging
import math
import uuid
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from application.admin import ensure_not_banned
from application.clock import iso, utc_now
from application.messages import LadderDue, Message
from application.ratings import LADDER
from domain.core import GameSpec, InvalidCommand, SeatConfig
from domain.tournaments.ladder import LadderWaiting, ladder_tables
from storage import LadderEntry, Storage

if TYPE_CHECKING:
    from application.bus import MessageBus

log = logging.getLogger(__name__)

STALE_CLAIM_SECONDS = 60  # a claim whose game was never created (its matchmaker stopped) is given up after this
RECENT_GAMES = 20


@dataclasses.dataclass(frozen=True, slots=True)
class LadderSettings:
    """How often each ladder seats its waiting entrants, and the turn clock of its games with a player."""

    seconds: float = 30.0
    turn_seconds: int = 60
    takeover_bot: str | None = None  # the level playing a missed turn; None: the game's default (seating.py)

    def __post_init__(self) -> None:
        if not self.seconds > 0 or not self.turn_seconds > 0:
            raise ValueError("TRAILHEAD_LADDER_SECONDS and TRAILHEAD_LADDER_TURN_SECONDS must be more than 0")


def entrant_id(player: dict[str, Any] | None, bot: str | None) -> str:
    """Who an entry is: the player's id, or `bot:<level>` (the ratings' name for a bot level)."""
    return f"bot:{bot}" if bot is not None else player["id"]  # type: ignore[index]


def table_size(spec: GameSpec) -> int:
    """The seats of a ladder game of `spec`: two, or the game's least.

    Raises:
        InvalidCommand: the game is played alone.
    """
    if spec.max_seats < 2:
        raise InvalidCommand(f"type: {spec.id} is played alone; a ladder needs a game of two seats or more")
    return max(2, spec.min_seats)


def enter(bus: MessageBus, spec: GameSpec, player: dict[str, Any], bot: str | None) -> tuple[LadderEntry, bool]:
    """The player enters `spec`'s ladder, or enters bot level `bot` in it; returns the entry and whether it is new
    (entering again changes nothing). Wakes the ladder's round at once, and starts its rounds if they had stopped.

    Raises:
        InvalidCommand: an unknown bot level, or a game played alone.
        PlayerBanned: the player is banned.
    """
    ensure_not_banned(player)
    table_size(spec)
    if bot is not None and bot not in spec.bots:
        raise InvalidCommand(f"bot: unknown bot level {bot!r}; levels: {', '.join(spec.bots)}")
    entrant = entrant_id(player, bot)
    name = f"{bot} bot" if bot is not None else player["name"]
    new = bus.store.ladder_enter(spec.id, entrant, None if bot else player["id"], bot, name, player["id"])
    now = utc_now()
    bus.drain([LadderDue(spec.id, int(now.timestamp() * 1000), iso(now), wake=True), next_round(spec.id, bus, now)])
    return entry_of(bus.store, spec.id, entrant), new


def entry_of(store: Storage, game_type: str, entrant: str) -> LadderEntry:
    return next(entry for entry in store.ladder_entries(game_type) if entry.entrant == entrant)


def next_round(game_type: str, bus: MessageBus, now: datetime) -> LadderDue:
    """The ladder's next periodic round after `now`: the same for every process that asks in that period."""
    seconds = bus.ladder.seconds
    slot = math.floor(now.timestamp() / seconds) + 1
    return LadderDue(game_type, slot, iso(datetime.fromtimestamp(slot * seconds, UTC)))


def ladder_rounds(bus: MessageBus) -> list[Message]:
    """The next round of every ladder with entrants (after a restart, and the workers' sweep)."""
    now = utc_now()
    return [next_round(game_type, bus, now) for game_type in bus.store.ladder_types()]


def match_ladder(bus: MessageBus, due: LadderDue) -> list[Message]:
    """The handler of a `LadderDue`: seat the waiting entrants, then (a periodic round, while the ladder has
    entrants) schedule the next round."""
    store, spec = bus.store, bus.games.registry(due.game_type)
    store.ladder_release(spec.id, iso(utc_now() - timedelta(seconds=STALE_CLAIM_SECONDS)))
    entries = store.ladder_entries(spec.id)
    waiting = [entry for entry in entries if entry.active and entry.playing is None]
    ratings = store.ratings(LADDER, spec.id, [entry.entrant for entry in waiting])
    candidates = [LadderWaiting(entrant=entry.entrant, games=entry.games,
                                last_opponents=frozenset(entry.last_opponents),
                                rating=ratings[entry.entrant].mu - 3 * ratings[entry.entrant].sigma
                                if entry.entrant in ratings else 0.0) for entry in waiting]
    by_id = {entry.entrant: entry for entry in waiting}
    for table in ladder_tables(candidates, table_size(spec)):
        turn = due.slot % len(table)  # who sits first changes from round to round
        seat_game(bus, spec, [by_id[entrant] for entrant in table[turn:] + table[:turn]])
    if due.wake or not any(entry.active for entry in entries):
        return []
    return [next_round(spec.id, bus, max(utc_now(), datetime.fromtimestamp(due.slot * bus.ladder.seconds, UTC)))]


def seat_game(bus: MessageBus, spec: GameSpec, seated: list[LadderEntry]) -> str | None:
    """Claim the entrants for a new game, then create it (their seats in order); the game's id, or None if
    another round claimed one of them first."""
    game_id = uuid.uuid4().hex
    if not bus.store.ladder_claim(spec.id, game_id, [entry.entrant for entry in seated]):
        return None
    seats = [SeatConfig(name=entry.name, bot=entry.bot) for entry in seated]
    players = {index: entry.player for index, entry in enumerate(seated) if entry.player is not None}
    table: dict[str, Any] = {"turn_seconds": bus.ladder.turn_seconds} if players else {}
    if players and bus.ladder.takeover_bot is not None:
        table["takeover_bot"] = bus.ladder.takeover_bot
    bus.create(spec.id, seats, None, None, (), players, table, game_id=game_id, ladder=True)
    return game_id


def ladder_document(store: Storage, game_type: str) -> dict[str, Any]:
    """The ladder as GET /ladder/{type} shows it: its entrants (rating, games, waiting or the game they play),
    who waits, and its latest games."""
    entries = [entry for entry in store.ladder_entries(game_type) if entry.active]
    ratings = store.ratings(LADDER, game_type, [entry.entrant for entry in entries])
    rows = []
    for entry in entries:
        rating = ratings.get(entry.entrant)
        rows.append({"entrant": entry.entrant, "name": entry.name, "player": entry.player, "bot": entry.bot,
                     "rating": None if rating is None else rating.mu - 3 * rating.sigma,
                     "mu": None if rating is None else rating.mu, "sigma": None if rating is None else rating.sigma,
                     "games": entry.games, "waiting": entry.waiting,
                     "playing": None if entry.waiting else entry.playing})
    rows.sort(key=lambda row: (-(row["rating"] if row["rating"] is not None else 0.0), row["entrant"]))
    return {"type": game_type, "entrants": rows, "waiting": [row["entrant"] for row in rows if row["waiting"]],
            "games": store.ladder_games(game_type, RECENT_GAMES)}
