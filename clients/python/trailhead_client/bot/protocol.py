"""The line protocol between trailhead-bot and an engine (docs/bot-protocol.md): one JSON object per line.

Runner to engine: `hello` (once), `decide` (each time the engine's seat is to act), `over` (each
game's end). Engine to runner: `ready` (after hello), `choose` (after each decide). The runner
closes the engine's stdin when it is done; the engine then exits.
"""

from __future__ import annotations

import json
from typing import Any

from trailhead_client.actions import Action, ActionList
from trailhead_client.seat import Turn
from trailhead_client.types import GameTypeDetail, GameView

PROTOCOL_VERSION = 1


class EngineError(Exception):
    """The engine broke the protocol: no answer in time, not JSON, no such action, or it exited."""


def encode(message: dict[str, Any]) -> str:
    """One protocol line (compact JSON, no newline inside, `\\n` at the end)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n"


def hello(runner: str, game_type: GameTypeDetail) -> dict[str, Any]:
    """The first line: the protocol version and the game type described whole (commands, rules, catalog)."""
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "runner": runner, "game_type": game_type}


def decision(turn: Turn, game_type: str) -> dict[str, Any]:
    """A `decide` line: the seat's view at this version and its labelled actions, each with its index."""
    return {
        "type": "decide",
        "game_id": turn.seat.game_id,
        "game_type": game_type,
        "version": turn.version,
        "seat": turn.seat.index,
        "to_act": list(turn.view["to_act"]),
        "state": turn.state,
        "actions": [{"index": a.index, **a.to_json()} for a in turn.actions],
    }


def over(game: GameView, seat: int) -> dict[str, Any]:
    """An `over` line: the game's result and this seat's place in it."""
    result = game["result"] or {"standings": [], "winners": []}
    place = next((s["place"] for s in result["standings"] if s["seat"] == seat), None)
    return {"type": "over", "game_id": game["id"], "game_type": game["type"], "version": game["version"],
            "seat": seat, "place": place, "won": seat in result["winners"], "result": result}


def check_ready(answer: Any) -> str:
    """The engine's name from its `ready` line (`engine` when it gives none).

    Raises:
        EngineError: not a ready line.
    """
    if not isinstance(answer, dict) or answer.get("type") != "ready":
        raise EngineError(f"expected a ready line after hello, got {answer!r}")
    return str(answer.get("name") or "engine")


def chosen_action(answer: Any, actions: ActionList) -> Action:
    """The action a `choose` line names: `{"type": "choose", "index": I}` picks the I-th listed action;
    `{"type": "choose", "command": {"type": T, "args": {...}}}` sends a command of the engine's own
    making (a ranged value other than the listed one), decided on the same version.

    Raises:
        EngineError: not a choose line, an index out of the list, or a malformed command.
    """
    if not isinstance(answer, dict) or answer.get("type") != "choose":
        raise EngineError(f"expected a choose line, got {answer!r}")
    if "index" in answer:
        index = answer["index"]
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(actions):
            raise EngineError(f"index {index!r} is not one of the {len(actions)} actions listed")
        return actions[index]
    command = answer.get("command")
    if (not isinstance(command, dict) or not isinstance(command.get("type"), str)
            or not isinstance(command.get("args", {}), dict)):
        raise EngineError(f"a choose line needs an index, or a command {{type, args}}: got {answer!r}")
    return Action(command["type"], dict(command.get("args", {})), label=command["type"], version=actions.version,
                  index=-1)
