"""A tournament's events and commands: facts in the past tense, orders in the imperative (docs/tournaments.md).

A tournament is a stream of its own, hash-chained like a game's: `TournamentCreated` first, with the
commitment to the tournament's secret seed; `RoundPaired` records the tables of a round and, for every game,
the commitment to the game's seed (the seed itself would give away a running game's hidden draws: it is
re-derived from the tournament's seed by the application when it creates the game, and by the audit once
the tournament's seed is revealed; seeds.py). No event carries a timestamp: the store's `recorded_at` does.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from domain.core import Codec, Command, Event, Value

Format = Literal["round_robin", "swiss", "arena"]
FORMATS: tuple[str, ...] = ("round_robin", "swiss", "arena")


class TimeControl(Value):
    """The clock every game of the tournament is played with: a turn clock (`turn_seconds`) or a game clock
    (`initial_seconds` plus `increment_seconds` a turn); all None: no clock (bots only)."""

    turn_seconds: int | None = None
    initial_seconds: int | None = None
    increment_seconds: int | None = None

    @property
    def is_clocked(self) -> bool:
        return self.turn_seconds is not None or self.initial_seconds is not None


class Entrant(Value):
    """Who plays: a player (`player`: the player's id) or a bot level (`bot`), under a display name. `entrant`
    is the tournament's own id for it, the one pairings and standings name."""

    entrant: str
    name: str
    player: str | None = None
    bot: str | None = None


class TableGame(Value):
    """One game of a table: its number in the tournament (1, 2, ... in pairing order), the entrants by seat,
    and the commitment (sha256) to its seed."""

    number: int
    seats: tuple[str, ...]
    seed_commitment: str


class Table(Value):
    """The entrants who meet at one table of a round, and its games: one, or one per rotation of the seats
    when the tournament is played in duplicate (all with the same seed)."""

    table: int
    entrants: tuple[str, ...]
    games: tuple[TableGame, ...]


# -- events ----------------------------------------------------------------------------------------------


class TournamentCreated(Event, Value):
    """What was created: the game type and its options, the format, the clock, and the seed commitment."""

    TYPE: ClassVar[str] = "TournamentCreated"
    tournament_id: str
    rules_version: int
    game_type: str
    format: Format
    name: str
    seats_per_game: int
    rounds: int | None
    duration_minutes: int | None
    duplicate: bool
    options: dict[str, Any]
    time_control: TimeControl
    seed_commitment: str
    creator: str | None = None
    open: bool = True
    lower_score_wins: bool = False


class EntrantJoined(Event, Value):
    """An entrant joined (named at creation, or joining before the start)."""

    TYPE: ClassVar[str] = "EntrantJoined"
    entrant: Entrant


class EntrantWithdrew(Event, Value):
    """An entrant left: before the start it is gone; after, it is paired no more (its results stay)."""

    TYPE: ClassVar[str] = "EntrantWithdrew"
    entrant: str


class TournamentStarted(Event, Value):
    """The entry closed: the starting order (the entrants shuffled from the seed; pairing breaks ties by it)
    and the number of rounds to play (None for an arena, which lasts `duration_minutes`)."""

    TYPE: ClassVar[str] = "TournamentStarted"
    order: tuple[str, ...]
    rounds: int | None


class RoundPaired(Event, Value):
    """A round's tables and byes (an arena pairs in waves: each wave is a round)."""

    TYPE: ClassVar[str] = "RoundPaired"
    round: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()


class GameLinked(Event, Value):
    """The game `number` was created as the service's game `game_id`."""

    TYPE: ClassVar[str] = "GameLinked"
    number: int
    game_id: str


class GameResulted(Event, Value):
    """The game `number` ended: each seat's place (1 best; tied seats share a place) and final score."""

    TYPE: ClassVar[str] = "GameResulted"
    number: int
    places: tuple[int, ...]
    scores: tuple[int, ...]


class RoundEnded(Event, Value):
    """Every game of the round has its result."""

    TYPE: ClassVar[str] = "RoundEnded"
    round: int


class TournamentFinished(Event, Value):
    """The last round ended (or the arena's time ran out and its last game ended): the standings are final."""

    TYPE: ClassVar[str] = "TournamentFinished"


# -- commands --------------------------------------------------------------------------------------------


class CreateTournament(Command, Value):
    """Create a tournament; `entrants` named at creation join at once."""

    TYPE: ClassVar[str] = "CreateTournament"
    tournament_id: str
    game_type: str
    format: Format
    name: str
    seats_per_game: int
    rounds: int | None = None
    duration_minutes: int | None = None
    duplicate: bool = False
    options: dict[str, Any] = {}
    time_control: TimeControl = TimeControl()
    creator: str | None = None
    open: bool = True
    lower_score_wins: bool = False
    entrants: tuple[Entrant, ...] = ()


class JoinTournament(Command, Value):
    TYPE: ClassVar[str] = "JoinTournament"
    entrant: Entrant


class WithdrawFromTournament(Command, Value):
    TYPE: ClassVar[str] = "WithdrawFromTournament"
    entrant: str


class StartTournament(Command, Value):
    TYPE: ClassVar[str] = "StartTournament"


class PairRound(Command, Value):
    """Pair the next round (round robin, Swiss)."""

    TYPE: ClassVar[str] = "PairRound"


class PairArena(Command, Value):
    """Pair, at once, the arena's entrants waiting now (those who finished their game)."""

    TYPE: ClassVar[str] = "PairArena"
    waiting: tuple[str, ...]


class LinkGame(Command, Value):
    TYPE: ClassVar[str] = "LinkGame"
    number: int
    game_id: str


class RecordResult(Command, Value):
    TYPE: ClassVar[str] = "RecordResult"
    number: int
    places: tuple[int, ...]
    scores: tuple[int, ...]


class FinishTournament(Command, Value):
    """End an arena whose time ran out (once its last game has its result)."""

    TYPE: ClassVar[str] = "FinishTournament"


EVENTS = Codec([TournamentCreated, EntrantJoined, EntrantWithdrew, TournamentStarted, RoundPaired, GameLinked,
                GameResulted, RoundEnded, TournamentFinished], "event")
COMMANDS = Codec([CreateTournament, JoinTournament, WithdrawFromTournament, StartTournament, PairRound, PairArena,
                  LinkGame, RecordResult, FinishTournament], "command")

TournamentEvent = (TournamentCreated | EntrantJoined | EntrantWithdrew | TournamentStarted | RoundPaired | GameLinked
                   | GameResulted | RoundEnded | TournamentFinished)
