"""An example engine for trailhead-bot: a fixed heuristic on the actions' types, labels and args, no randomness.

    trailhead-bot --url URL --type TYPE --engine 'python -m trailhead_client.examples.engine'

It speaks docs/bot-protocol.md on stdin/stdout. Each listed action gets a score, and the highest
wins (the first listed on a tie):

1. Its command type: +2 for one that gains or advances (its name starts with a word of GAINING:
   Climb, Gain, Buy, Build, Claim, Sell, ...), 0 for one that holds back (HOLDING_BACK: Pass,
   Skip, Decline, Fold, EndTurn, ...), +1 for any other.
2. Its label: +1 for each word of GOOD_WORDS it holds (points, flag, summit, ...), since labels
   say in the rulebook's words what an action brings.
3. Loops: -1 for each time this very command (type and args) is among the engine's last
   MEMORY choices in this game, so that an action that changes nothing (a swap back and forth)
   is not chosen forever.

A ranged argument (an action with `ranges`) is set to the smallest value of its range: the engine
risks and spends as little as the rules allow, and answers with the whole command.
"""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict, deque
from typing import Any, TextIO

GAINING = ("Activate", "Bring", "Build", "Buy", "Claim", "Climb", "Cover", "Draft", "Gain", "Place", "Plan",
           "Ride", "Roll", "Sell", "Take", "Trade", "Trap", "Upgrade", "Use")
HOLDING_BACK = ("Decline", "EndTurn", "Fold", "Keep", "Pass", "Reject", "SitOut", "Skip", "StayBehind", "Stop")
GOOD_WORDS = ("camp", "flag", "point", "points", "reward", "savings", "summit")
MEMORY = 8


def type_score(command_type: str) -> int:
    """2 for a gaining command type, 0 for one that holds back, 1 for the others."""
    if command_type.startswith(HOLDING_BACK):
        return 0
    return 2 if command_type.startswith(GAINING) else 1


def label_score(label: str) -> int:
    """One point per good word in the label."""
    words = re.findall(r"[a-z]+", label.lower())
    return sum(1 for word in words if word in GOOD_WORDS)


def key(action: dict[str, Any]) -> str:
    return json.dumps([action["type"], action["args"]], sort_keys=True)


class Heuristic:
    """The engine's choices, game by game (its memory of recent choices is per game)."""

    def __init__(self) -> None:
        self.recent: dict[str, deque[str]] = defaultdict(lambda: deque(maxlen=MEMORY))

    def score(self, game_id: str, action: dict[str, Any]) -> int:
        repeats = sum(1 for past in self.recent[game_id] if past == key(action))
        return type_score(action["type"]) + label_score(action.get("label", "")) - repeats

    def choose(self, decide: dict[str, Any]) -> dict[str, Any]:
        """The choose line for a decide line."""
        actions = decide["actions"]
        refused = decide.get("refused")
        if refused is not None and "index" in refused["answer"]:
            # the server refused that one (e.g. the game moved on meanwhile): take another
            actions = [a for a in actions if a["index"] != refused["answer"]["index"]] or actions
        best = max(actions, key=lambda a: (self.score(decide["game_id"], a), -a["index"]))
        self.recent[decide["game_id"]].append(key(best))
        ranges = best.get("ranges") or {}
        if not ranges:
            return {"type": "choose", "index": best["index"]}
        args = json.loads(json.dumps(best["args"]))
        for path, span in ranges.items():
            *parents, last = path.split(".")
            node = args
            for part in parents:
                node = node[int(part)] if isinstance(node, list) else node[part]
            node[int(last) if isinstance(node, list) else last] = span["min"]
        return {"type": "choose", "command": {"type": best["type"], "args": args}}

    def game_over(self, over: dict[str, Any]) -> None:
        self.recent.pop(over["game_id"], None)


def serve(lines: TextIO, out: TextIO) -> None:
    """Answer the runner's lines until it closes our stdin."""
    engine = Heuristic()
    for raw in lines:
        if not raw.strip():
            continue
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "hello":
            answer: dict[str, Any] | None = {"type": "ready", "name": "example heuristic"}
        elif kind == "decide":
            answer = engine.choose(message)
        else:
            if kind == "over":
                engine.game_over(message)
            answer = None  # over, and anything newer than this engine: no answer
        if answer is not None:
            out.write(json.dumps(answer) + "\n")
            out.flush()


if __name__ == "__main__":
    serve(sys.stdin, sys.stdout)
