"""The bot protocol's messages (docs/bot-protocol.md) as the server side builds and reads them.

Two players of engines speak it from this side: the offline arena (arena/play.py, to engine programs
over their stdin) and the webhook seats (application/webhooks.py, to engines behind a URL). Both build
`hello`, `decide` and `over` here and read an engine's `choose` here, so an engine sees the same
messages wherever it plays. (The SDK's runner, clients/python, builds them from the API's answers:
it is a distribution of its own and imports nothing of the server.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from application.game_types import described
from domain.core import Command, DomainError, GameSpec

PROTOCOL_VERSION = 1


class ChoiceRefused(Exception):
    """An engine's answer names no command: not a `choose` message, an index out of the list, or a command
    that is not one of the game's."""


def listed_action(spec: GameSpec, state: Any, seat: int, command: Command, index: int | None = None
                  ) -> dict[str, Any]:
    """A legal command as `GET /games/{id}/actions` lists it (`type`, `args`, `label`, `ranges` if any), and its
    `index` in the list when given (as a `decide` message lists it)."""
    type_, args = spec.commands.encode(command)
    listed: dict[str, Any] = {} if index is None else {"index": index}
    listed.update({"type": type_, "args": args, "label": spec.label(state, seat, command)})
    ranges = spec.ranges(state, seat, command)
    if ranges:
        listed["ranges"] = {path: dict(span) for path, span in sorted(ranges.items())}
    return listed


def hello_message(spec: GameSpec, runner: str) -> dict[str, Any]:
    """The first message: the protocol version and the game type described whole."""
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "runner": runner, "game_type": described(spec).body}


def decide_message(spec: GameSpec, state: Any, seat: int, version: int, game_id: str,
                   legal: Sequence[Command]) -> dict[str, Any]:
    """A `decide` message: the seat's view at `version`, the seats to act, and its `legal` commands listed."""
    return {"type": "decide", "game_id": game_id, "game_type": spec.id, "version": version, "seat": seat,
            "to_act": sorted(spec.to_act(state)), "state": spec.view(state, seat),
            "actions": [listed_action(spec, state, seat, command, index) for index, command in enumerate(legal)]}


def over_message(spec: GameSpec, game_id: str, version: int, seat: int, result: Mapping[str, Any]
                 ) -> dict[str, Any]:
    """An `over` message: the game's result and the seat's place in it."""
    place = next((row["place"] for row in result["standings"] if row["seat"] == seat), None)
    return {"type": "over", "game_id": game_id, "game_type": spec.id, "version": version, "seat": seat,
            "place": place, "won": seat in result["winners"], "result": dict(result)}


def is_ready(answer: Any) -> bool:
    return isinstance(answer, dict) and answer.get("type") == "ready"


def chosen_command(spec: GameSpec, legal: Sequence[Command], answer: Any) -> Command:
    """The command a `choose` message names: the listed action at its `index`, or its own `command` decoded (which
    the rules still have to accept).

    Raises:
        ChoiceRefused: not a choose message, an index out of the list, or no command of the game.
    """
    if not isinstance(answer, dict) or answer.get("type") != "choose":
        raise ChoiceRefused(f"expected a choose message, got {str(answer)[:200]}")
    if "index" in answer:
        index = answer["index"]
        if type(index) is not int or not 0 <= index < len(legal):
            raise ChoiceRefused(f"index {index!r} is not one of the {len(legal)} actions listed")
        return legal[index]
    command = answer.get("command")
    if (not isinstance(command, dict) or not isinstance(command.get("type"), str)
            or not isinstance(command.get("args", {}), dict)):
        raise ChoiceRefused("a choose message needs an index, or a command {type, args}")
    try:
        return spec.commands.decode(command["type"], command.get("args", {}))
    except DomainError as error:
        raise ChoiceRefused(f"not a command of {spec.id}: {error}") from None
