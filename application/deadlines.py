"""Deadlines firing (issue 15): the timer a clocked game's commit asks for, and what a timer does when it fires.

A commit of a game with a clock (or with open seats that bots fill after a delay) asks for a
timer at the game's next deadline at its new version (`DeadlineDue`, application/messages.py,
a follow-up of the message bus). Where the timer lives is the runner's choice: an in-process
scheduler (application/timers.py) or RQ's scheduler (workers/rq.py). When it fires, `fire_deadline`
looks at the game again and sends the seat's TimeOut (or FillSeats) only if the game is still
at that version and the deadline has passed, under a command id made of the game, version and
seat, so a timer fired twice (two processes, a retried job) is recorded once. After a restart
`pending_deadlines` finds every deadline again from the stored games.
"""

from __future__ import annotations

import logging

from application.clock import iso, utc_now
from application.clock_view import next_due
from application.game import LoadedGame
from application.handler import Committed, GameService
from application.messages import DeadlineDue
from domain.core import Command, IllegalCommand
from domain.core.seating import FillSeats, TimeOut
from storage import StorageClosed, VersionConflict

log = logging.getLogger(__name__)


def deadline_due(game: LoadedGame) -> DeadlineDue | None:
    """The timer the game's next deadline at its version calls for, if it has one."""
    due = next_due(game)
    return None if due is None else DeadlineDue(game.record.id, game.version, iso(due.at))


def timeout_command_id(game_id: str, version: int, seat: int) -> str:
    """Deterministic, so a timer fired twice (two processes, a retried job) times a decision out once;
    clients may not send ids starting with "timeout:" (a 400)."""
    return f"timeout:{game_id}:{version}:{seat}"


def fill_command_id(game_id: str) -> str:
    return f"fill:{game_id}"


def fire_deadline(games: GameService, game_id: str, version: int) -> Committed | DeadlineDue | None:
    """Send what a passed deadline of the game at `version` calls for: the seat's TimeOut (its takeover bot
    plays the decision) or FillSeats; returns what it committed.

    None if the game moved on from `version` (that commit asked for its own timer) or has no deadline
    now; the deadline again if it has not passed yet (a timer that woke early is set again for it).
    """
    game = games.load(game_id)
    if game.version != version:
        return None
    due = next_due(game)
    if due is None:
        return None
    if due.at > utc_now():
        return DeadlineDue(game_id, version, iso(due.at))
    command: Command
    if due.seat is None:
        command, command_id, bot = FillSeats(), fill_command_id(game_id), None
    else:
        assert game.seating is not None and game.seating.rules is not None
        command, command_id = TimeOut(seat=due.seat), timeout_command_id(game_id, version, due.seat)
        bot = game.seating.rules.takeover_bot
    try:
        return games.seat_command(game_id, command, due.seat, command_id, expected_version=version, bot=bot)
    except VersionConflict:
        log.info("the deadline of %s at version %s lost a race to another command", game_id, version)
    except IllegalCommand as refused:  # never expected: the deadline was worked out from this version
        log.warning("the deadline of %s at version %s was refused: %s", game_id, version, refused.reason)
    return None


def pending_deadlines(games: GameService) -> list[DeadlineDue]:
    """The next deadline of every game that has one, found again from the stored games (after a restart)."""
    pending = []
    for game_id in games.store.tabled_games():
        try:
            due = deadline_due(games.load(game_id))
        except StorageClosed:
            raise
        except Exception:  # noqa: BLE001 - one game that cannot be loaded keeps no other's deadline
            log.exception("could not load game %s to find its deadline", game_id)
            continue
        if due is not None:
            pending.append(due)
    return pending
