"""Playing a seat with an engine: one turn, one game to its end, and the lines that tell the results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trailhead_client.bot import protocol
from trailhead_client.bot.engines import Engine, EngineSet
from trailhead_client.errors import BadRequest, IllegalCommand, VersionConflict
from trailhead_client.seat import SeatHandle, Turn

#: How often the runner asks the engine again after the server refused its choice, before giving up the game.
MAX_REFUSALS = 3


@dataclass(frozen=True)
class Outcome:
    """One game as the runner's seat ended it: `over` is the protocol's over message, or None if abandoned."""

    game_id: str
    seat: int
    over: dict[str, Any] | None
    note: str = ""
    game_type: str = ""


def play_turn(turn: Turn, game_type: str, engine: Engine) -> bool:
    """Ask the engine for this turn's choice and send it; False when the server refused
    MAX_REFUSALS + 1 choices in a row (the game is to be given up).

    A 409 (the game moved on meanwhile: another seat acted) drops the choice: the seat's next
    turn brings a new decision.

    Raises:
        EngineError: the engine broke the protocol.
    """
    decide = protocol.decision(turn, game_type)
    for _ in range(MAX_REFUSALS + 1):
        answer = engine.choose(decide)
        action = protocol.chosen_action(answer, turn.actions)
        try:
            turn.seat.play(action)
            return True
        except VersionConflict:
            return True
        except (IllegalCommand, BadRequest) as refused:
            decide = {**decide, "refused": {"answer": answer, "status": refused.status, "detail": refused.detail}}
    return False


def play(seat: SeatHandle, game_type: str, engine: Engine) -> Outcome:
    """Play one seat to the end of its game with the engine; the over message is sent to it.

    Raises:
        EngineError: the engine broke the protocol.
    """
    for turn in seat.turns():
        if not play_turn(turn, game_type, engine):
            return Outcome(seat.game_id, seat.index, None, abandoned_note(), game_type)
    over = protocol.over(seat.view(), seat.index)
    engine.game_over(over)
    return Outcome(seat.game_id, seat.index, over, game_type=game_type)


def abandoned_note() -> str:
    return f"abandoned: the server refused {MAX_REFUSALS + 1} choices"


def line(number: int, total: int, outcome: Outcome) -> str:
    """One game's result in a line (`total` 0: no end in sight, the number alone)."""
    head = f"game {number}/{total}" if total else f"game {number}"
    head = f"{head} {outcome.game_id} seat {outcome.seat}:"
    if outcome.over is None:
        return f"{head} {outcome.note}"
    result = outcome.over["result"]
    mine: dict[str, Any] = next((s for s in result["standings"] if s["seat"] == outcome.seat), {})
    score = f", score {mine['score']}" if mine.get("score") is not None else ""
    verdict = "won" if outcome.over["won"] else "lost"
    return f"{head} {verdict}, place {outcome.over['place']} of {len(result['standings'])}{score}"


def summary(outcomes: Sequence[Outcome], engines: EngineSet) -> str:
    """The last line: games by type, won, lost and abandoned."""
    won = sum(1 for o in outcomes if o.over and o.over["won"])
    abandoned = sum(1 for o in outcomes if o.over is None)
    types = ", ".join(sorted({o.game_type for o in outcomes} or set(engines.started)))
    played = f"{len(outcomes)} game(s) of {types}" if types else f"{len(outcomes)} game(s)"
    return (f"{played} with {', '.join(engines.names()) or 'no engine started'}: {won} won, "
            f"{len(outcomes) - won - abandoned} lost, {abandoned} abandoned")
