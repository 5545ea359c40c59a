"""Hike!: husky sled drafting and racing for 2 to 6 mushers (SnowBoardGames, preview rulebook)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.core import Codec, GameSpec, random_bot
from domain.core.protocol import SINCE_RULES_VERSION
from domain.games.hike.about import RULES, catalog
from domain.games.hike.bots import expert_bot
from domain.games.hike.commands import COMMANDS
from domain.games.hike.days import setup
from domain.games.hike.events import EVENTS
from domain.games.hike.evolve import evolve
from domain.games.hike.labels import label, ranges
from domain.games.hike.rules import decide, legal_commands, to_act
from domain.games.hike.standings import result
from domain.games.hike.state import LETTER
from domain.games.hike.timeline import HIDDEN_LINES, describe
from domain.games.hike.view_schema import VIEW_SCHEMA
from domain.games.hike.views import view

OPTIONS_SCHEMA = {
    "type": "object",
    "properties": {
        "care_card_lapses": {
            "type": "boolean",
            "default": False,
            "title": "Drawn care cards lapse",
            "description": "From rules version 3 (version 2 games always lapse, version 1 games never): a care card "
                           "drawn for being far behind no longer stops its musher from making camp, and one still "
                           "in hand at the end of that day is discarded; off, the musher may not make camp while "
                           "that card can still be used (rulebook: End of the day)",
            "x-rulebook-section": "End of the day",
            SINCE_RULES_VERSION: LETTER,
        },
        "simultaneous_days": {
            "type": "boolean",
            "default": False,
            "title": "Simultaneous race days",
            "description": "From rules version 3 (earlier versions always race in turn): on each race day every "
                           "musher still on the road acts at once, in any order between seats, and the day ends "
                           "when all have made camp; Preparations stay in turn; off, one musher at a time, the "
                           "last on the track first (rulebook: End of the day, Pro tip)",
            "x-rulebook-section": "End of the day",
            SINCE_RULES_VERSION: LETTER,
        },
    },
    "additionalProperties": False,
}
"""Table options (RULINGS.md, Rules version 3): each the book's other reading, off by default."""


def renamed(state: Any, names: tuple[str, ...]) -> Any:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, names=names)


SPEC = GameSpec(
    id="hike",
    title="Hike!",
    min_seats=2,
    max_seats=6,
    # 2: rulings closer to the book; 3: the book's letter by default, version 2's lapse and the Pro tip's
    # simultaneous days as table options (data/RULINGS.md, Rules versions 2 and 3)
    rules_version=LETTER,
    oldest_rules_version=1,
    options_schema=OPTIONS_SCHEMA,
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
