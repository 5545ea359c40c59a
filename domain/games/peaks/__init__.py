"""Peaks (Sam Gray): engine-building mountaineering for 2-6 players, as a decider over plain data.

Rules: ../shared/rules/peaks.md; every ruling where the preview rulebook is silent
is in data/RULINGS.md.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.core import Codec, GameSpec, random_bot
from domain.games.peaks.about import RULES, ranges
from domain.games.peaks.bots import guide_bot
from domain.games.peaks.catalog import catalog
from domain.games.peaks.commands import COMMANDS
from domain.games.peaks.describe import HIDDEN_LINES, describe
from domain.games.peaks.events import EVENTS
from domain.games.peaks.evolve import evolve, setup
from domain.games.peaks.labels import label
from domain.games.peaks.rules import decide, legal_commands, to_act
from domain.games.peaks.scoring import result
from domain.games.peaks.view_schema import VIEW_SCHEMA
from domain.games.peaks.views import view

def renamed(state: Any, names: tuple[str, ...]) -> Any:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, names=names)


SPEC = GameSpec(
    id="peaks",
    title="Peaks",
    min_seats=2,
    max_seats=6,
    rules_version=2,  # 2: the book's choices: rewards in any order or declined, discards at any choice, backing
    oldest_rules_version=1,
    options_schema={"type": "object", "properties": {}, "additionalProperties": False},
    bots={"random": random_bot, "guide": guide_bot},
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
