"""The message bus: follow-up work after a commit, run from a queue, never by re-entering the handler.

The handler returns what it committed; `follow_ups` names the work that commit calls for as
messages (application/messages.py: the projection is due; a bot seat is to act at version N;
a deadline of version N falls at time T), and the bus runs a small loop over them (cosmicpython's
message bus). One table, `HANDLERS`, maps each message type to its `Route`: the handler that does
the work and the lane the message waits in. Where and when a lane's messages run is the runner's
choice: the inline runner (application/inline.py, the embedded default) keeps a thread per lane
and timers; the RQ runner (workers/rq.py) enqueues a job for `trailhead worker`, and the job looks
its handler up in the same table. A bot turn or a deadline is one command through the same handler,
and its commit's follow-ups join the same queue, so nothing recurses. A new kind of follow-up is a
message type, its handler and one line in the table. Not every message follows a commit: a
question someone waits for (a seat's analysis, application/analysis.py) is sent by the asker.
"""

from __future__ import annotations

import collections
import dataclasses
import enum
import logging
import time
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from application import deadlines
from application.game import LoadedGame
from application.handler import CommandIdReused, Committed, GameService
from application.halts import halt
from application.instruments import measured_submit
from application.analysis import analyse_position
from application.messages import AnalysisDue, BotTurnDue, DeadlineDue, Message, ProjectionDue
from application.messages import LadderDue, WebhookOverDue
from application.ladder import LadderSettings, ladder_rounds, match_ladder
from application.messages import (AnalysisDue, ArenaTimeUp, BotTurnDue, DeadlineDue, Message, ProjectionDue,
                                  TournamentDue, TournamentGameEnded, TournamentStartsAt)
from application.seeds import TOURNAMENT
from application.tournaments.jobs import arena_time_up, running_tournaments, tournament_due, tournament_game_ended
from application.tournaments.starts import timed_starts, tournament_starts
from application.projections import Projector
from application.webhooks import WebhookSettings, play_webhook_turn, tell_over, webhook_over
from domain.core import Command, NoLegalCommand, SeatConfig, play_bot
from storage import Storage, VersionConflict

log = logging.getLogger(__name__)


class Lane(enum.Enum):
    """Where a message waits until it runs; each runner keeps all four (application/inline.py, workers/rq.py).

    CATCH_UP: its handler catches something up with the log, so one run serves every message of
    its type waiting: they coalesce (inline, on one thread; on RQ at most one job waits).
    GAME: the message names a `game_id` and a `version` (messages.OfAGame): inline, a game's
    messages of a type run one at a time and games take turns; on RQ, one job per game version.
    TIMER: the message also falls `at` (messages.Timed): it runs then, or at once if that has passed.
    QUESTION: someone waits for its answer, which its handler keeps in the storage: each distinct message
    runs once however often it is sent while it waits (inline, on a thread of its own, in arrival order;
    on RQ, one job per distinct message on the bots queue), and a failure is not retried (the asker asks again).
    Workers may run two jobs at once and a timer of a version the game has left may still fire,
    so a handler bears being run twice or late: it reads the log from a checkpoint or checks the
    version (a bot's command and a deadline's are sent with the version they were worked out at).
    """

    CATCH_UP = "catch-up"
    GAME = "game"
    TIMER = "timer"
    QUESTION = "question"


Handler = Callable[["MessageBus", Any], list[Message]]


@dataclasses.dataclass(frozen=True, slots=True)
class Route:
    """One line of the message table: the handler that does a message type's work and the lane it waits in.

    `job` names its RQ job, and `tag` stands in the Redis keys and job ids the RQ runner keeps of
    it. Queued and scheduled jobs outlive a release, so neither name ever changes.
    """

    handle: Handler
    lane: Lane
    job: str
    tag: str


def follow_ups(committed: Committed) -> list[Message]:
    """The work a commit calls for: the projection, a bot turn when a bot seat is now to act, and a
    timer for the game's next deadline when it has one (a clock, or open seats filled after a delay)."""
    if not committed.new:
        return []
    game = committed.game
    messages: list[Message] = [ProjectionDue()]
    if game.bot_seats_to_act():
        messages.append(BotTurnDue(game.record.id, game.version))
    deadline = deadlines.deadline_due(game)
    if deadline is not None:
        messages.append(deadline)
    if game.record.seed_source == TOURNAMENT and committed.finished_at_commit():
        messages.append(TournamentGameEnded(game.record.id, game.version))
    if committed.finished_at_commit():
        messages.extend(webhook_over(game))
    return messages


def bot_command_id(game_id: str, version: int, seat: int) -> str:
    """Deterministic, so a duplicated or retried bot job appends nothing twice; clients may not
    send ids starting with "bot:" (a 400), so no client can take a bot's id."""
    return f"bot:{game_id}:{version}:{seat}"


def play_bot_turn(games: GameService, game_id: str, known: LoadedGame | None = None) -> Committed | None:
    """One bot seat's command, chosen from its own view and legal commands, through the handler.

    Returns what it committed, or None when no bot seat is to act (or it lost a race).
    """
    game = known if known is not None else games.load(game_id)
    bots = [seat for seat in game.bot_seats_to_act() if game.bot_level(seat)]  # a webhook seat's is play_bots'
    if not bots:
        return None
    seat = bots[0]
    level = game.bot_level(seat)
    assert level is not None
    started = time.perf_counter()
    command = play_bot(game.spec, game.state, seat, level, games.seed(game_id), game.version, game.bot_budget(seat))
    games.instruments.bot_decision(game.record.type, level, time.perf_counter() - started)
    type_, args = game.spec.commands.encode(command)
    command_id = bot_command_id(game_id, game.version, seat)
    try:
        try:
            return measured_submit(games, game_id, lambda: games.submit(
                game_id, seat, type_, args, expected_version=game.version, command_id=command_id, bot=level))
        except CommandIdReused:
            # Clients cannot send ids in the bots' namespace (400), but a log from release 0.1 may
            # hold one: the version check, not the id, keeps a bot from playing twice.
            log.warning("bot command id %s of %s was taken; playing under a fresh one", command_id, game_id)
            return measured_submit(games, game_id, lambda: games.submit(
                game_id, seat, type_, args, expected_version=game.version,
                command_id=f"{command_id}:{uuid.uuid4().hex}", bot=level))
    except VersionConflict:
        log.info("bot seat %s of %s lost a race at version %s", seat, game_id, game.version)
        return None


# -- the handlers: what each message does -------------------------------------------------------


def project_read_models(bus: MessageBus, _due: ProjectionDue) -> list[Message]:
    """Catch the read models up with the log from their checkpoint."""
    bus.projector.run(bus.store)
    return []


def play_bots(bus: MessageBus, due: BotTurnDue) -> list[Message]:
    """Play the game's bot seats until a human is to act, it ends, or the bus's bot budget is spent.

    Each commit's other follow-ups (the projection, a deadline) go to the runner as they come;
    if a bot is still to act when the budget is spent, the game's bot turn is handed back, so
    the runner lets other games' bots take their turn first.
    """
    budget_ends = time.monotonic() + bus.bot_budget_seconds
    while True:
        game = bus.games.load(due.game_id)
        if not game.bot_seats_to_act():
            return []
        if time.monotonic() > budget_ends:
            return [BotTurnDue(due.game_id, game.version)]
        seat = game.bot_seats_to_act()[0]
        try:
            if game.webhook(seat):
                committed = play_webhook_turn(bus, game, seat)  # its engine is called (application/webhooks.py)
            else:
                committed = play_bot_turn(bus.games, due.game_id, game)
        except NoLegalCommand as error:
            halt(bus.games, game, error)  # reported, not retried (application/halts.py)
            return []
        if committed is not None:
            bus.notify(committed)
            bus.drain(message for message in follow_ups(committed) if not isinstance(message, BotTurnDue))


def fire_deadline(bus: MessageBus, due: DeadlineDue) -> list[Message]:
    """A timer's firing (application/deadlines.py): the follow-ups of what it committed, or the
    deadline again if the timer woke before it."""
    outcome = deadlines.fire_deadline(bus.games, due.game_id, due.version)
    if outcome is None:
        return []
    if isinstance(outcome, DeadlineDue):
        return [outcome]
    bus.notify(outcome)
    return follow_ups(outcome)


HANDLERS: Mapping[type[Message], Route] = {
    ProjectionDue: Route(project_read_models, Lane.CATCH_UP, job="project_read_models", tag="projection"),
    BotTurnDue: Route(play_bots, Lane.GAME, job="play_bots", tag="bot"),
    DeadlineDue: Route(fire_deadline, Lane.TIMER, job="fire_deadline", tag="deadline"),
    AnalysisDue: Route(analyse_position, Lane.QUESTION, job="analyse_position", tag="analysis"),
    LadderDue: Route(match_ladder, Lane.TIMER, job="match_ladder", tag="ladder"),
    TournamentDue: Route(tournament_due, Lane.GAME, job="tournament_due", tag="tournament"),
    TournamentGameEnded: Route(tournament_game_ended, Lane.GAME, job="tournament_game_ended", tag="tournament-game"),
    ArenaTimeUp: Route(arena_time_up, Lane.TIMER, job="arena_time_up", tag="arena-end"),
    TournamentStartsAt: Route(tournament_starts, Lane.TIMER, job="tournament_starts", tag="tournament-start"),
    WebhookOverDue: Route(tell_over, Lane.GAME, job="tell_webhooks_over", tag="webhook-over"),
}
"""The message table: each message type's handler and lane (the bootstrap may hand the bus another)."""


class Runner(Protocol):
    """Where and when follow-up messages run: here, on threads of this process, or on a queue for the workers."""

    kind: str

    def dispatch(self, bus: MessageBus, message: Message) -> list[Message]:
        """Run `message` (returning the follow-ups of what it committed) or enqueue it (returning none)."""

    def catch_up(self) -> None:
        """Read your writes: bring the read models up to date now where this runner projects in-process."""

    def resume(self, bus: MessageBus) -> int:
        """Hand every game whose bot seat is to act to the bots again, and set the timers of every pending
        deadline again (after a restart); returns how many games have a bot seat to act."""

    def health(self) -> dict[str, Any]:
        """What /healthz reports of the jobs: `{"jobs": kind, ...}` and whether they are `ok`."""


class MessageBus:
    """The handler plus the loop that runs each commit's follow-ups after the handler has returned."""

    ladder = LadderSettings()  # the ladders' period and clock (the bootstrap sets them from the settings)
    webhooks = WebhookSettings()  # the hosts webhook seats may call, and the key of their secrets (bootstrap's)

    def __init__(self, games: GameService, runner: Runner, projector: Projector,
                 handlers: Mapping[type[Message], Route] = HANDLERS, bot_budget_seconds: float = 2.0,
                 arena_minute_seconds: float = 60.0) -> None:
        self.games = games
        self.runner = runner
        self.projector = projector
        self.handlers = handlers
        self.bot_budget_seconds = bot_budget_seconds  # a game's bots play this long per turn of the runner
        self.arena_minute_seconds = arena_minute_seconds  # how long an arena's minute lasts (fewer seconds in tests)
        self._listeners: list[Callable[[Committed], None]] = []
        self._tournament_listeners: list[Callable[[str, int], None]] = []

    def on_commit(self, listener: Callable[[Committed], None]) -> None:
        """Call `listener` with every new commit this process makes through the bus (clients' and bots').

        Listeners run on the committing thread right after the commit, before its follow-ups;
        they must be quick and thread-safe (wake an event loop with call_soon_threadsafe, publish
        on Redis). A listener that fails is logged and never fails the command. Nothing that must
        not be lost rides on them: the log is the truth, a listener is only a wake-up call.
        """
        self._listeners.append(listener)

    def notify(self, committed: Committed) -> None:
        if not committed.new:
            return
        for listener in self._listeners:
            try:
                listener(committed)
            except Exception:  # noqa: BLE001 - a wake-up call must never fail a command
                log.exception("commit listener %r failed", listener)

    def on_tournament_commit(self, listener: Callable[[str, int], None]) -> None:
        """Call `listener(tournament_id, version)` after every append to a tournament's stream by this process
        (its jobs, a join, a withdrawal, a start): as `on_commit`, quick, thread-safe, only a wake-up call."""
        self._tournament_listeners.append(listener)

    def tournament_committed(self, tournament_id: str, version: int) -> None:
        """Tell the listeners that the tournament's stream now stands at `version` (application/tournaments/)."""
        for listener in self._tournament_listeners:
            try:
                listener(tournament_id, version)
            except Exception:  # noqa: BLE001 - a wake-up call must never fail a command
                log.exception("tournament commit listener %r failed", listener)

    @property
    def store(self) -> Storage:
        return self.games.store

    # -- what writers call ------------------------------------------------------------------

    def create(self, type_: str, seats: Sequence[SeatConfig], options: Mapping[str, Any] | None = None,
               seed: str | None = None, open_seats: Sequence[int] = (), players: Mapping[int, str] | None = None,
               table: Mapping[str, Any] | None = None, game_id: str | None = None,
               rematch_of: str | None = None, ladder: bool = False) -> Committed:
        for index, seat in enumerate(seats):
            self.webhooks.check(index, seat)  # before anything is stored: a host not listed is never called
        committed = self.games.create(type_, seats, options, seed, open_seats, players, table, game_id, rematch_of,
                                      ladder)
        self.follow(committed)
        return committed

    def submit(self, game_id: str, seat: int, type_: str, args: Mapping[str, Any],
               expected_version: int | None = None, command_id: str | None = None) -> Committed:
        committed = measured_submit(self.games, game_id, lambda: self.games.submit(
            game_id, seat, type_, args, expected_version, command_id))
        self.follow(committed)
        return committed

    def seat_command(self, game_id: str, command: Command, seat: int | None, command_id: str,
                     expected_version: int | None = None, bot: str | None = None,
                     tokens: Mapping[int, str] | None = None) -> Committed:
        committed = self.games.seat_command(game_id, command, seat, command_id, expected_version, bot, tokens)
        self.follow(committed)
        return committed

    def follow(self, committed: Committed) -> None:
        """Tell the listeners, then run the follow-ups of a commit, and theirs, until none is left."""
        self.notify(committed)
        self.drain(follow_ups(committed))

    def drain(self, messages: Iterable[Message]) -> None:
        queue = collections.deque(messages)
        while queue:
            queue.extend(self.runner.dispatch(self, queue.popleft()))

    # -- what runners call ------------------------------------------------------------------

    def route(self, message: Message) -> Route:
        """The table's line for the message's type.

        Raises:
            LookupError: the table has no line for that type.
        """
        try:
            return self.handlers[type(message)]
        except KeyError:
            raise LookupError(f"the message table has no handler for {type(message).__name__}") from None

    def perform(self, message: Message) -> list[Message]:
        """Run one message here, by its handler in the table; returns the follow-ups of what it committed."""
        return self.route(message).handle(self, message)

    def bot_turns_waiting(self) -> list[BotTurnDue]:
        """A bot turn for every game whose bot seat is to act, as the read models know them (after a restart)."""
        return [BotTurnDue(game_id, version) for game_id, version in self.store.bot_waiting_games()]

    def tournaments_due(self) -> list[Message]:
        """A run of every running tournament, each arena's end timer and each open tournament's start timer
        (after a restart; the workers' sweep)."""
        return [*running_tournaments(self), *timed_starts(self)]

    def pending_deadlines(self) -> list[Message]:
        """The next deadline of every game that has one, found again from the stored games, and the next round of
        every ladder with entrants (after a restart)."""
        return [*deadlines.pending_deadlines(self.games), *ladder_rounds(self)]
