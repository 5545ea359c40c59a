"""Hikes of the West: a solo dice game of three hikes, scored like golf against par."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.core import Codec, GameSpec
from domain.games.hikes_of_the_west.about import RULES
from domain.games.hikes_of_the_west.bots import planner_bot, random_bot
from domain.games.hikes_of_the_west.catalog import catalog
from domain.games.hikes_of_the_west.commands import COMMANDS
from domain.games.hikes_of_the_west.events import EVENTS
from domain.games.hikes_of_the_west.evolve import evolve, setup
from domain.games.hikes_of_the_west.labels import label, ranges
from domain.games.hikes_of_the_west.rules import decide, legal_commands, to_act
from domain.games.hikes_of_the_west.timeline import HIDDEN_LINES, describe
from domain.games.hikes_of_the_west.view_schema import VIEW_SCHEMA
from domain.games.hikes_of_the_west.views import result, view

def renamed(state: Any, names: tuple[str, ...]) -> Any:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, hiker=names[0])


SPEC = GameSpec(
    id="hikes-of-the-west",
    title="Hikes of the West",
    min_seats=1,
    max_seats=1,
    rules_version=2,  # 2: path cards may be hiked either way round (data/RULINGS.md, Orientation)
    oldest_rules_version=1,
    options_schema={"type": "object", "properties": {}, "additionalProperties": False},
    bots={"random": random_bot, "planner": planner_bot},
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
    lower_score_wins=True,
    rules=RULES,
    catalog=catalog,
    view_schema=VIEW_SCHEMA,
    label=label,
    ranges=ranges,
    renamed=renamed,
)

__all__ = ["SPEC"]
