"""Seating: who sits where, when a game starts, and who plays a seat its player left.

Around every game's own rules sits the table (DESIGN.md, Additions of the second wave):
seats may be open for players to join, held by registered players, filled with bots when
nobody came, played by a bot for one decision when its clock ran out or its webhook gave no usable
answer (application/webhooks.py), or for the rest of
the game when its player left. All of that is recorded in the game's log as the public
events below, decided here by `decide_seating` from recorded seating commands (so the
audit re-derives them like the rest), and folded into a `Seating` beside the game's state.

The game's own `evolve` never sees these events: `seated(spec)` (applied by `GameSpec`)
folds them past it, except `GameStarted`, which hands the final seat names to the game's
`renamed` hook. A game without open seats, players or a clock has none of these events,
so its log is byte for byte what it was before seating existed.

Time is not a rule: a deadline passing is recorded as the `TimeOut` command a scheduler
sends, and the audit re-derives from that record, never from the clock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import msgspec
from msgspec.structs import replace

from domain.core.codec import Codec
from domain.core.cycle import decision_rng, play_bot, play_command
from domain.core.errors import IllegalCommand, InvalidCommand
from domain.core.protocol import Command, Event, GameCreated, Value, hand_written_levels, strongest_bot

if TYPE_CHECKING:
    from domain.core.protocol import GameSpec

DEFAULT_MISSED_TURNS = 3  # BGA-style: after this many timeouts a bot plays the seat for good
LEFT, TIMEOUT, WEBHOOK = "left", "timeout", "webhook"  # WEBHOOK: a webhook seat gave no usable answer


class SeatTaken(IllegalCommand):
    """The seat a player asked for is not open (taken meanwhile, or never open): HTTP 409."""


class TableSet(Event, Value):
    """How the table is run, fixed at creation: open seats, players' seats, filling and the clock."""

    TYPE: ClassVar[str] = "TableSet"
    open_seats: tuple[int, ...]
    players: tuple[str | None, ...]  # the player id holding each seat, None for a seat without one
    fill_with_bots_after: int | None
    turn_seconds: int | None
    initial_seconds: int | None
    increment_seconds: int | None
    takeover_bot: str  # the bot level that fills empty seats and plays seats that ran out of time or left
    missed_turns_limit: int


class SeatJoined(Event, Value):
    TYPE: ClassVar[str] = "SeatJoined"
    seat: int
    player: str
    name: str


class SeatFilledByBot(Event, Value):
    TYPE: ClassVar[str] = "SeatFilledByBot"
    seat: int
    bot: str


class GameStarted(Event, Value):
    """Every seat is filled: commands are taken from now on. `names` are the seats' final names."""

    TYPE: ClassVar[str] = "GameStarted"
    names: tuple[str, ...]


class TurnTimedOut(Event, Value):
    """A seat's deadline passed: `bot` plays this one decision for it (the events that follow)."""

    TYPE: ClassVar[str] = "TurnTimedOut"
    seat: int
    bot: str
    missed: int  # the seat's timeouts so far, this one included
    reason: Literal["timeout", "webhook"] = TIMEOUT


class SeatLeft(Event, Value):
    """A bot plays the seat for the rest of the game: its player left, resigned or missed too many turns."""

    TYPE: ClassVar[str] = "SeatLeft"
    seat: int
    bot: str
    reason: Literal["left", "timeout", "webhook"]
    resigned: bool = False


SEATING_EVENTS: tuple[type[Event], ...] = (TableSet, SeatJoined, SeatFilledByBot, GameStarted, TurnTimedOut, SeatLeft)
SEATING_EVENT_TYPES = frozenset(cls.TYPE for cls in SEATING_EVENTS)


# -- the commands that produce them (recorded like a seat's command; sent by the service) ---------


class JoinSeat(Command, Value):
    TYPE: ClassVar[str] = "JoinSeat"
    seat: int
    player: str
    name: str


class FillSeats(Command, Value):
    """Nobody came in time: bots take every open seat and the game starts."""

    TYPE: ClassVar[str] = "FillSeats"


class TimeOut(Command, Value):
    """The seat's deadline passed, or (`reason` "webhook") its webhook gave no usable answer in time: the takeover
    bot plays its decision. `reason` is left out of a clock's timeout, as every TimeOut recorded before had it."""

    TYPE: ClassVar[str] = "TimeOut"
    seat: int
    reason: Literal["webhook"] | msgspec.UnsetType = msgspec.UNSET


class LeaveSeat(Command, Value):
    TYPE: ClassVar[str] = "LeaveSeat"
    seat: int
    resigned: bool = False


SEATING_COMMANDS: tuple[type[Command], ...] = (JoinSeat, FillSeats, TimeOut, LeaveSeat)
SEATING_COMMAND_TYPES = frozenset(cls.TYPE for cls in SEATING_COMMANDS)


class Seating(Value):
    """Who holds each seat and who plays it, folded from the seating events."""

    names: tuple[str, ...]
    bots: tuple[str | None, ...]  # the level playing each seat: a bot seat's, a fill's, or a takeover's for good
    players: tuple[str | None, ...]
    open: tuple[int, ...] = ()
    started: bool = True
    gone: tuple[int, ...] = ()  # seats whose player left (a bot plays them from then on)
    missed: tuple[int, ...] = ()
    rules: TableSet | None = None
    # A fork's events up to its fork point are its source's: who left a seat there was a player of the
    # source, so a fork's seats start as its own GameCreated has them (replays/fork.py).
    forked_at: int = 0
    budgets: tuple[int | None, ...] = ()  # a search seat's own iterations (None: the default, as a takeover's)
    rematch_of: str | None = None  # the finished game this one is a rematch of (GameCreated's)
    webhooks: tuple[str | None, ...] = ()  # a webhook seat's URL (docs/webhooks.md), None for any other seat

    @classmethod
    def of(cls, created: GameCreated) -> Seating:
        seats = created.seats
        forked_at = int(created.forked_from["at"]) if created.forked_from else 0
        return cls(names=tuple(s.name for s in seats), bots=tuple(s.bot for s in seats),
                   players=(None,) * len(seats), missed=(0,) * len(seats), forked_at=forked_at,
                   budgets=tuple(s.budget for s in seats), webhooks=tuple(s.hook for s in seats),
                   rematch_of=None if created.rematch_of is msgspec.UNSET else created.rematch_of)  # type: ignore

    @property
    def clocked(self) -> bool:
        return self.rules is not None and (self.rules.turn_seconds is not None
                                           or self.rules.initial_seconds is not None)

    def rows(self) -> list[dict[str, Any]]:
        """Each seat as it is now: its name, the bot playing it, its player, whether it is open or gone."""
        return [{"index": i, "name": self.names[i], "bot": self.bots[i], "player": self.players[i],
                 "open": i in self.open, "gone": i in self.gone,
                 **({"iterations": self.budgets[i]} if self.budgets[i] else {}),
                 **({"webhook": self.webhooks[i]} if self.webhooks and self.webhooks[i] else {})}
                for i in range(len(self.names))]

    def webhook_of(self, seat: int) -> str | None:
        """The URL the server calls for the seat's decisions: a webhook seat's, until a bot plays it for good."""
        return self.webhooks[seat] if self.webhooks and self.bots[seat] is None else None

    def seat_of(self, player: str) -> int | None:
        return self.players.index(player) if player in self.players else None

    def check_playable(self, seat: int) -> None:
        """The guard before a seat's own command: the game has started and its player has not left.

        Raises:
            IllegalCommand: the game waits for players, or a bot plays the seat for good.
        """
        if not self.started:
            raise IllegalCommand(f"the game has not started: seat(s) {', '.join(map(str, self.open))} are open")
        if seat in self.gone:
            raise IllegalCommand(f"seat {seat} left the game; a bot plays it from now on")


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1:]


def evolve_seating(seating: Seating, event: Event) -> Seating:
    """Apply one seating event (any other event leaves the seating as it is)."""
    match event:
        case TableSet():
            return replace(seating, rules=event, open=event.open_seats, started=not event.open_seats,
                           players=event.players)
        case SeatJoined():
            return replace(seating, open=tuple(s for s in seating.open if s != event.seat),
                           players=_set(seating.players, event.seat, event.player),
                           names=_set(seating.names, event.seat, event.name))
        case SeatFilledByBot():
            return replace(seating, open=tuple(s for s in seating.open if s != event.seat),
                           bots=_set(seating.bots, event.seat, event.bot), names=_set(seating.names, event.seat,
                           bot_name(event.bot)), budgets=_set(seating.budgets, event.seat, None))
        case GameStarted():
            return replace(seating, started=True, names=event.names)
        case TurnTimedOut():
            return replace(seating, missed=_set(seating.missed, event.seat, event.missed))
        case SeatLeft():
            return replace(seating, gone=tuple(sorted({*seating.gone, event.seat})), budgets=_set(seating.budgets,
                           event.seat, None), bots=_set(seating.bots, event.seat, event.bot))
    return seating


def next_seating(seating: Seating | None, event: Event, seq: int) -> Seating:
    """The seating after event `seq` of a game (its first, GameCreated, when `seating` is None).

    A fork's inherited SeatLeft (at or before its fork point) leaves the seating as it is: the
    source's player left, not the fork's.
    """
    if seating is None:
        assert isinstance(event, GameCreated)
        return Seating.of(event)
    if type(event) not in _SEATING_CLASSES or (seq <= seating.forked_at and type(event) is SeatLeft):
        return seating
    return evolve_seating(seating, event)


def seats_to_act(spec: GameSpec, state: Any, seating: Seating | None) -> list[int]:
    """The seats that may act: none once the game is over or while it waits for players."""
    if spec.result(state) is not None or (seating is not None and not seating.started):
        return []
    return sorted(spec.to_act(state))


def bot_name(level: str) -> str:
    return f"Bot ({level})"


def table_set(spec: GameSpec, seats: int, open_seats: Sequence[int], players: Sequence[str | None],
              fill_with_bots_after: int | None = None, turn_seconds: int | None = None,
              initial_seconds: int | None = None, increment_seconds: int | None = None,
              takeover_bot: str | None = None, missed_turns_limit: int = DEFAULT_MISSED_TURNS) -> TableSet:
    """The table's rules, checked.

    Raises:
        InvalidCommand: a clock given both ways or half of Fischer's, an unknown bot level,
            a filling delay without open seats, a bound out of range.
    """
    if turn_seconds is not None and (initial_seconds is not None or increment_seconds is not None):
        raise InvalidCommand("turn_seconds: give either turn_seconds or initial_seconds and increment_seconds, "
                             "not both")
    if (initial_seconds is None) != (increment_seconds is None):
        raise InvalidCommand("initial_seconds: a Fischer clock needs both initial_seconds and increment_seconds")
    if fill_with_bots_after is not None and not open_seats:
        raise InvalidCommand("fill_with_bots_after: the game has no open seat to fill")
    level = takeover_bot if takeover_bot is not None else strongest_bot(spec)
    if level not in spec.bots:
        raise InvalidCommand(f"takeover_bot: unknown bot level {level!r}; levels: {', '.join(spec.bots)}")
    if not 1 <= missed_turns_limit <= 100:
        raise InvalidCommand("missed_turns_limit: must be between 1 and 100")
    return TableSet(open_seats=tuple(open_seats), players=tuple(players), fill_with_bots_after=fill_with_bots_after,
                    turn_seconds=turn_seconds, initial_seconds=initial_seconds, increment_seconds=increment_seconds,
                    takeover_bot=level, missed_turns_limit=missed_turns_limit)


def decide_seating(spec: GameSpec, seating: Seating, state: Any, command: Command,
                   bot_move: Callable[[int, str], tuple[list[Event], Any]]) -> list[Event]:
    """The events of one seating command; `bot_move(seat, level)` plays the bot's decision for a timeout.

    Raises:
        IllegalCommand: the seat is not open or already held, the game has not started or is over,
            the seat is not to act, or its player already left.
    """
    rules = seating.rules
    finished = spec.result(state) is not None
    match command:
        case JoinSeat(seat=seat, player=player, name=name):
            if seat not in seating.open:
                raise SeatTaken(f"seat {seat} is not open" + (
                    f"; open seats: {', '.join(map(str, seating.open))}" if seating.open else ""))
            if player in seating.players:
                raise SeatTaken(f"you already hold seat {seating.players.index(player)} of this game")
            events: list[Event] = [SeatJoined(seat=seat, player=player, name=name)]
            if seating.open == (seat,):
                events.append(GameStarted(names=_set(seating.names, seat, name)))
            return events
        case FillSeats():
            if seating.started or rules is None:
                raise IllegalCommand("the game has started: no seat is open")
            names = seating.names
            events = []
            for seat in seating.open:
                events.append(SeatFilledByBot(seat=seat, bot=rules.takeover_bot))
                names = _set(names, seat, bot_name(rules.takeover_bot))
            return [*events, GameStarted(names=names)]
        case TimeOut(seat=seat, reason=reason):
            hooked = reason == WEBHOOK
            if hooked and seating.webhook_of(seat) is None:
                raise IllegalCommand(f"seat {seat} is not played by a webhook")
            if not hooked and (rules is None or not seating.clocked):
                raise IllegalCommand("the game has no clock")
            _check_running(seating, finished)
            if seat not in spec.to_act(state):
                raise IllegalCommand(f"seat {seat} is not to act")
            if seating.bots[seat] is not None:
                raise IllegalCommand(f"a bot plays seat {seat}: it has no deadline")
            level = rules.takeover_bot if rules is not None else strongest_bot(spec)
            why = WEBHOOK if hooked else TIMEOUT
            missed = seating.missed[seat] + 1
            events = [TurnTimedOut(seat=seat, bot=level, missed=missed, reason=why)]
            if missed >= (rules.missed_turns_limit if rules is not None else DEFAULT_MISSED_TURNS):
                events.append(SeatLeft(seat=seat, bot=level, reason=why))
            move, _after = bot_move(seat, level)
            return [*events, *move]
        case LeaveSeat(seat=seat, resigned=resigned):
            _check_running(seating, finished)
            if seat in seating.gone:
                raise IllegalCommand(f"seat {seat} has already left the game")
            if seating.bots[seat] is not None:
                raise IllegalCommand(f"seat {seat} is a bot's")
            level = rules.takeover_bot if rules is not None else strongest_bot(spec)
            return [SeatLeft(seat=seat, bot=level, reason=LEFT, resigned=resigned)]
    raise InvalidCommand(f"unknown seating command {type(command).__name__}")


def _check_running(seating: Seating, finished: bool) -> None:
    if finished:
        raise IllegalCommand("the game is over")
    if not seating.started:
        raise IllegalCommand(f"the game has not started: seat(s) {', '.join(map(str, seating.open))} are open")


def seated_evolve(evolve: Callable[[Any, Event], Any],
                  renamed: Callable[[Any, tuple[str, ...]], Any] | None) -> Callable[[Any, Event], Any]:
    """A game's `evolve` that folds the seating events past the game's rules."""

    def evolve_with_seating(state: Any, event: Event) -> Any:
        if type(event) in _SEATING_CLASSES:
            if type(event) is GameStarted and renamed is not None:
                return renamed(state, event.names)  # type: ignore[attr-defined]
            return state
        return evolve(state, event)

    evolve_with_seating.seated = True  # type: ignore[attr-defined]
    return evolve_with_seating


def seated_describe(describe: Callable[[Event, Sequence[str]], str]) -> Callable[[Event, Sequence[str]], str]:
    def describe_with_seating(event: Event, names: Sequence[str] = ()) -> str:
        if type(event) in _SEATING_CLASSES:
            from domain.core.seating_words import describe_seating  # it reads this module's events

            return describe_seating(event, names)
        return describe(event, names)

    describe_with_seating.seated = True  # type: ignore[attr-defined]
    return describe_with_seating


_SEATING_CLASSES = frozenset(SEATING_EVENTS)

SEATING_CODEC = Codec(SEATING_COMMANDS, "command")


def fold_seating(events: Sequence[Event], seating: Seating | None = None, first_seq: int = 1) -> Seating:
    """The seating after `events`, the first of them event `first_seq` of the game (its GameCreated when
    `seating` is None)."""
    for seq, event in enumerate(events, start=first_seq):
        seating = next_seating(seating, event, seq)
    assert seating is not None
    return seating


def seating_events(spec: GameSpec, seating: Seating, state: Any, command: Command, seed: str,
                   version: int) -> list[Event]:
    """The events of a seating command decided at `version`; a timeout's bot plays with that version's RNG."""

    def bot_move(seat: int, level: str) -> tuple[list[Event], Any]:
        move = play_bot(spec, state, seat, level, seed, version)
        return play_command(spec, state, seat, move, decision_rng(seed, version))

    return decide_seating(spec, seating, state, command, bot_move)
