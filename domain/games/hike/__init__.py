"""Hike!: husky sled drafting and racing for 2 to 6 mushers (SnowBoardGames, preview rulebook)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.core import Codec, GameSpec, random_bot
from domain.games.hike.about import RULES, catalog
from domain.games.hike.bots import expert_bot
from domain.games.hike.commands import COMMANDS
from domain.games.hike.days import setup
from domain.games.hike.events import EVENTS
from domain.games.hike.evolve import evolve
from domain.games.hike.labels import label, ranges
from domain.games.hike.rules import decide, legal_commands, to_act
from domain.games.hike.standings import result
from domain.games.hike.timeline import HIDDEN_LINES, describe
from domain.games.hike.view_schema import VIEW_SCHEMA
from domain.games.hike.views import view

def renamed(state: Any, names: tuple[str, ...]) -> Any:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, names=names)


SPEC = GameSpec(
    id="hike",
    title="Hike!",
    min_seats=2,
    max_seats=6,
    rules_version=2,  # 2: rulings closer to the book (data/RULINGS.md, Rules version 2)
    oldest_rules_version=1,
    options_schema={"type": "object", "properties": {}, "additionalProperties": False},
    bots={"random": random_bot, "expert": expert_bot},
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

__all__ = ["SPEC"]
