"""The game protocol: what every game provides and the core events around it.

A game is a *decider* over plain data (DESIGN.md, The game protocol):

- ``setup(config, rng) -> list[Event]``: the opening events (shuffles, deals);
- ``evolve(state, event) -> state``: applies one event, the first being ``GameCreated``
  on ``state=None``; never draws randomness, never fails on a recorded event;
- ``decide(state, seat, command, rng) -> list[Event]``: checks a command and returns
  its events, raising ``InvalidCommand``/``IllegalCommand``;
- ``to_act(state) -> frozenset[int]``: every seat that may act now (several at once
  for out-of-turn answers, votes and betting rounds);
- ``legal_commands(state, seat) -> list[Command]``: every concrete command ``decide``
  accepts for that seat now;
- ``view(state, seat | None) -> dict``: what that seat, or a spectator, may see;
- ``result(state) -> dict | None``: the final standings once the game is over.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import msgspec

from domain.core.about import Catalog, Ranges, Rule, no_catalog, no_ranges, plain_label
from domain.core.codec import Codec, Message
from domain.core.errors import InvalidCommand
from domain.core.rng import Rng

if TYPE_CHECKING:
    from domain.core.search import SearchSettings

PUBLIC: Literal["public"] = "public"
SEARCH_LEVEL = "search"  # the level every game with a determinize.py offers (domain/core/search.py)
Visibility = Literal["public"] | tuple[int, ...]


class Value(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The base of a game's values: states and their parts, commands and events.

    A frozen msgspec Struct: compared and hashed by value, copied with
    `msgspec.structs.replace`, encoded and decoded by msgspec (codec.py). Unknown
    fields are refused, so a command with a misspelt argument is a 400 naming it.
    """


class Event(Message):
    """A fact that happened in a game: `class X(Event, Value)` with a `TYPE` name."""

    __slots__ = ()

    def visibility(self) -> Visibility:
        """Who may read this event's data before the game ends: PUBLIC or a tuple of seats."""
        return PUBLIC


class Command(Message):
    """An order a seat gives: `class X(Command, Value)` with a `TYPE` name."""

    __slots__ = ()


class SeatConfig(Value):
    """A place at the table: the player's display name and, for a bot seat, its level, and for a `search` seat
    its own budget of iterations (left out of the encoding when not given, so every GameCreated recorded
    before seats had budgets encodes, hashes and audits as it was written). A webhook seat (docs/webhooks.md)
    has the URL of the engine the server calls for its decisions and how long it waits for an answer, left out
    of the encoding alike for every other seat."""

    name: str
    bot: str | None = None
    iterations: int | msgspec.UnsetType = msgspec.UNSET
    webhook: str | msgspec.UnsetType = msgspec.UNSET
    webhook_timeout_ms: int | msgspec.UnsetType = msgspec.UNSET

    @classmethod
    def of(cls, name: str, bot: str | None = None, iterations: int | None = None, webhook: str | None = None,
           webhook_timeout_ms: int | None = None) -> SeatConfig:
        """A seat; `iterations` None leaves the budget out (the game's default), `webhook` None makes no webhook
        seat."""
        unset = msgspec.UNSET
        return cls(name=name, bot=bot, iterations=unset if iterations is None else iterations,
                   webhook=unset if webhook is None else webhook,
                   webhook_timeout_ms=unset if webhook is None or webhook_timeout_ms is None else webhook_timeout_ms)

    @property
    def hook(self) -> str | None:
        """A webhook seat's URL; None for any other seat."""
        return None if self.webhook is msgspec.UNSET else self.webhook  # type: ignore[return-value]

    @property
    def budget(self) -> int | None:
        """The seat's own search budget, or None for the game's default."""
        return None if self.iterations is msgspec.UNSET else self.iterations  # type: ignore[return-value]


class GameCreated(Event, Value):
    """The first event of every game: what was created, under which rules, bound to which seed."""

    TYPE: ClassVar[str] = "GameCreated"
    game_id: str
    game_type: str
    rules_version: int
    seed_commitment: str
    seats: tuple[SeatConfig, ...]
    options: dict[str, Any]
    forked_from: dict[str, Any] | None = None
    # The finished game this one is a rematch of (application/rematch.py); left out of the encoding when not
    # given, so every GameCreated recorded before rematches encodes, hashes and audits as it was written.
    rematch_of: str | msgspec.UnsetType = msgspec.UNSET
    # True for a game the ladder's matchmaking seated (application/ladder.py), rated in the ladder's pool;
    # left out otherwise, as `rematch_of` is.
    ladder: bool | msgspec.UnsetType = msgspec.UNSET


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GameConfig:
    """The seats and normalised options a game is set up with, and the rules version it is played under
    (None: the game type's current one)."""

    seats: tuple[SeatConfig, ...]
    options: Mapping[str, Any]
    rules_version: int | None = None

    @classmethod
    def of(cls, created: GameCreated) -> GameConfig:
        return cls(seats=created.seats, options=dict(created.options), rules_version=created.rules_version)


Bot = Callable[[dict[str, Any], Sequence[Command], Rng], Command]


@dataclasses.dataclass(frozen=True, slots=True)
class BotLevel:
    """A bot level in words: what it does, and how strong it measured (a sentence naming the bench)."""

    description: str
    strength: str


RANDOM_LEVEL = BotLevel(
    description="Plays any legal command, uniformly at random.",
    strength="The baseline: every other level is measured against it.",
)


def random_bot(view: dict[str, Any], legal: Sequence[Command], rng: Rng) -> Command:
    """The `random` level: any legal command, uniformly."""
    return rng.choice(legal)


def no_seated_defaults(seats: Sequence[SeatConfig], rules_version: int) -> Mapping[str, Any]:
    """No option's default depends on who is seated: the options schema's defaults apply."""
    return {}


def hand_written_levels(spec: GameSpec) -> list[str]:
    """The game's bot levels but `search` (domain/core/search.py), weakest first."""
    return [level for level in spec.bots if level != SEARCH_LEVEL]


def strongest_bot(spec: GameSpec) -> str:
    """The game's strongest hand-written bot level: the last one it lists (`random` comes first) but `search`,
    whose decisions cost about half a second of CPU each; a table names `search` explicitly to get it. The
    default takeover bot (seating.py)."""
    return hand_written_levels(spec)[-1]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """Everything the service, workers and replays know about one game."""

    id: str
    title: str
    min_seats: int
    max_seats: int
    rules_version: int  # what new games are played under
    # The oldest rules version this code still plays, replays and audits: a game keeps the version it
    # was created under, and the game's rules switch on it (the state holds GameCreated.rules_version).
    oldest_rules_version: int = 1
    options_schema: Mapping[str, Any]
    bots: Mapping[str, Bot]
    events: Codec
    commands: Codec
    setup: Callable[[GameConfig, Rng], list[Event]]
    evolve: Callable[[Any, Event], Any]
    decide: Callable[[Any, int, Command, Rng], list[Event]]
    to_act: Callable[[Any], frozenset[int]]
    legal_commands: Callable[[Any, int], list[Command]]
    view: Callable[[Any, int | None], dict[str, Any]]
    result: Callable[[Any], dict[str, Any] | None]
    # (event, the seats' names) -> one line for the timeline; seats by name, places in words (core/wording.py)
    describe: Callable[[Event, Sequence[str]], str]
    lower_score_wins: bool = False
    # What anyone may be told of a hidden event before the end, by event type: a sentence where `{holder}` is the
    # seat that sees it (core/wording.py hidden_line); never the event's data.
    hidden_lines: Mapping[str, str] = dataclasses.field(default_factory=dict)
    # What the game type says about itself (about.py; GET /api/v1/game-types/{type}):
    rules: tuple[Rule, ...] = ()  # the rules in our own words, each with its rulebook section
    catalog: Callable[[], Catalog] = no_catalog  # every public component by id, printed values
    view_schema: Mapping[str, Any] = dataclasses.field(default_factory=lambda: {"type": "object"})
    label: Callable[[Any, int, Command], str] = plain_label  # (state, seat, legal command) -> a sentence
    ranges: Callable[[Any, int, Command], Ranges] = no_ranges  # an argument's whole range, by its path
    # The state with the seats' final names, when a game with open seats starts (seating.py); None:
    # the game keeps no names in its state.
    renamed: Callable[[Any, tuple[str, ...]], Any] | None = None
    # (seats, rules version) -> the defaults of options that depend on who is seated (a person or a bot),
    # over the options schema's; normalize_config fills them in, so GameCreated records the value chosen.
    seated_defaults: Callable[[Sequence[SeatConfig], int], Mapping[str, Any]] = no_seated_defaults
    # The `search` level's settings (domain/core/search.py), for a game with a determinize.py; None: no search.
    search: SearchSettings | None = None
    # What each level is and how strong it measured (GET /game-types `bot_levels`), by level.
    bot_levels: Mapping[str, BotLevel] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        """The seating events (seating.py) are every game's: decoded by its codec, folded past its rules. A game
        with search settings has the `search` level, last, bound to this spec (a copy made with
        `dataclasses.replace` searches its own rules)."""
        from domain.core import search, seating

        bots = {level: bot for level, bot in self.bots.items() if level != SEARCH_LEVEL}
        if self.search is not None:
            bots[SEARCH_LEVEL] = search.SearchBot(self)
        object.__setattr__(self, "bots", bots)
        if not getattr(self.evolve, "seated", False):
            object.__setattr__(self, "evolve", seating.seated_evolve(self.evolve, self.renamed))
            object.__setattr__(self, "describe", seating.seated_describe(self.describe))
            object.__setattr__(self, "events", self.events.including(seating.SEATING_EVENTS))

    @property
    def rules_versions(self) -> tuple[int, ...]:
        """Every rules version this code plays, oldest first."""
        return tuple(range(self.oldest_rules_version, self.rules_version + 1))

    def normalize_config(self, seats: Sequence[SeatConfig], options: Mapping[str, Any] | None,
                         rules_version: int | None = None) -> GameConfig:
        """Check the seat count, bot levels and options; fill option defaults (`seated_defaults` first, then
        the schema's). A game is played under the current rules version unless `rules_version` names an
        older one still played (a fork keeps its source's).

        Raises:
            InvalidCommand: a seat count out of range, an unknown bot level, a bad option, a rules
                version this code does not play.
        """
        version = self.rules_version if rules_version is None else rules_version
        if version not in self.rules_versions:
            raise InvalidCommand(f"{self.title} is played under rules_version "
                                 f"{', '.join(map(str, self.rules_versions))}, not {version}")
        if not self.min_seats <= len(seats) <= self.max_seats:
            span = str(self.min_seats) if self.min_seats == self.max_seats else f"{self.min_seats} to {self.max_seats}"
            raise InvalidCommand(f"{self.title} is played by {span} seats, not {len(seats)}")
        for index, seat in enumerate(seats):
            if seat.hook is not None and seat.bot is not None:
                raise InvalidCommand(f"seats[{index}].webhook: a webhook seat has no bot level")
            if seat.bot is not None and seat.bot not in self.bots:
                levels = ", ".join(self.bots)
                raise InvalidCommand(f"seats[{index}].bot: unknown bot level {seat.bot!r}; levels: {levels}")
            self.check_budget(index, seat)
        if options is None or isinstance(options, Mapping):
            options = {**self.seated_defaults(seats, version), **(options or {})}
        return GameConfig(seats=tuple(seats), options=normalize_options(self.options_schema, options, version),
                          rules_version=version)

    def check_budget(self, index: int, seat: SeatConfig) -> None:
        """A seat's own search budget: only a `search` seat's, from 1 to the game's `max_iterations`.

        Raises:
            InvalidCommand: a budget for another level, or out of range.
        """
        budget = seat.budget
        if budget is None:
            return
        if seat.bot != SEARCH_LEVEL or self.search is None:
            raise InvalidCommand(f"seats[{index}].iterations: only a search seat takes a budget of iterations")
        if not 1 <= budget <= self.search.max_iterations:
            raise InvalidCommand(f"seats[{index}].iterations: must be between 1 and {self.search.max_iterations}")

    def fold(self, events: Sequence[Event], state: Any = None) -> Any:
        """The state after applying `events` in order to `state` (None before GameCreated)."""
        for event in events:
            state = self.evolve(state, event)
        return state


#: An option's schema key naming the first rules version it belongs to: a game played under an older version
#: neither takes nor records it, so its GameCreated stays as that version wrote it (golden logs, forks).
SINCE_RULES_VERSION = "x-since-rules-version"


def normalize_options(schema: Mapping[str, Any], options: Mapping[str, Any],
                      rules_version: int | None = None) -> dict[str, Any]:
    """Options checked against a flat JSON-schema object of booleans, integers and strings.

    An option whose rule says `"x-since-rules-version": N` belongs to the rules from version N on: a game
    under an older `rules_version` neither gets its default nor accepts it, so its GameCreated records the
    options of its own version (a fork or a replayed golden log stays byte for byte).

    Raises:
        InvalidCommand: an unknown option, an option of a later rules version, or a value of the wrong
            type or range.
    """
    if not isinstance(options, Mapping):
        raise InvalidCommand("options: expected an object")
    properties = schema.get("properties", {})
    unknown = sorted(set(options) - set(properties))
    if unknown:
        raise InvalidCommand(f"options: unknown option {unknown[0]!r}")
    normalized = {}
    for name, rule in sorted(properties.items()):
        since = rule.get(SINCE_RULES_VERSION)
        if rules_version is not None and since is not None and rules_version < since:
            if name in options:
                raise InvalidCommand(f"options.{name}: a table option from rules version {since} on; this game "
                                     f"is played under version {rules_version}")
            continue
        value = options.get(name, rule.get("default"))
        kind = rule.get("type")
        ok = (
            (kind == "boolean" and isinstance(value, bool))
            or (kind == "integer" and isinstance(value, int) and not isinstance(value, bool))
            or (kind == "string" and isinstance(value, str))
        )
        if not ok:
            raise InvalidCommand(f"options.{name}: expected {kind}")
        if "enum" in rule and value not in rule["enum"]:
            raise InvalidCommand(f"options.{name}: must be one of {', '.join(map(repr, rule['enum']))}")
        if kind == "integer" and not rule.get("minimum", value) <= value <= rule.get("maximum", value):
            raise InvalidCommand(f"options.{name}: must be between {rule.get('minimum')} and {rule.get('maximum')}")
        normalized[name] = value
    return normalized
