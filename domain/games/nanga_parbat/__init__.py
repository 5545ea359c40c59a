"""Nanga Parbat (Steve Finn): two players trap animals on the mountain, build camps and trade animals.

The rules are the Board Game Arena help page (../shared/rules/nanga-parbat.md); the
board, points chart and animals are in data/, every ruling in data/RULINGS.md. The game
describes itself to clients (about.py, catalog.py, view_schema.py, labels.py; docs/games/nanga_parbat.md).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.core import Codec, GameSpec, random_bot
from domain.core.protocol import SINCE_RULES_VERSION
from domain.games.nanga_parbat.about import RULES
from domain.games.nanga_parbat.bots import greedy_bot
from domain.games.nanga_parbat.catalog import catalog
from domain.games.nanga_parbat.commands import COMMANDS
from domain.games.nanga_parbat.events import EVENTS
from domain.games.nanga_parbat.evolve import evolve, setup
from domain.games.nanga_parbat.labels import label, ranges
from domain.games.nanga_parbat.rules import decide, legal_commands, to_act
from domain.games.nanga_parbat.state import OPTIONS_VERSION
from domain.games.nanga_parbat.timeline import HIDDEN_LINES, describe
from domain.games.nanga_parbat.view_schema import VIEW_SCHEMA
from domain.games.nanga_parbat.views import result, view

def renamed(state: Any, names: tuple[str, ...]) -> Any:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, names=names)


SPEC = GameSpec(
    id="nanga-parbat",
    title="Nanga Parbat",
    min_seats=2,
    max_seats=2,
    # 2: the second player's last turn went on after its trap; 3: the game ends at that trap, as the book says,
    # and version 2's whole last turn is the `whole_last_turn` option (RULINGS.md, The end)
    rules_version=OPTIONS_VERSION,
    oldest_rules_version=1,
    options_schema={
        "type": "object",
        "properties": {
            "area_scoring": {
                "type": "boolean",
                "default": False,
                "title": "Area Scoring",
                "description": "At the end, score each region from 1: 1, 2 or 3 points for 4, 5 or 6 hikers and camps "
                               "(rulebook: Area Scoring Variant)",
                "x-rulebook-section": "Area Scoring Variant",
            },
            "whole_last_turn": {
                "type": "boolean",
                "default": False,
                "title": "Whole last turn",
                "description": "The second player's 15th turn goes on after its trap: a chart claim and activations "
                               "may follow, and the game ends when that turn ends. Off, the game ends at the trap "
                               "that places the last hiker, as the book says. From rules version 3; version 2 games "
                               "always play the whole last turn, version 1 games never (rulebook: Game End)",
                "x-rulebook-section": "Game End",
                SINCE_RULES_VERSION: OPTIONS_VERSION,
            },
        },
        "additionalProperties": False,
    },
    bots={"random": random_bot, "greedy": greedy_bot},
    events=Codec(EVENTS, "event"),
    commands=Codec(COMMANDS, "command"),
    setup=setup,
    evolve=evolve,
    decide=decide,
    to_act=to_act,
    legal_commands=legal_commands,
    view=view,
    result=result,
    describe=describe,
    hidden_lines=HIDDEN_LINES,
    rules=RULES,
    catalog=catalog,
    view_schema=VIEW_SCHEMA,
    label=label,
    ranges=ranges,
    renamed=renamed,
)
