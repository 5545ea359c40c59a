"""Peaks (Sam Gray): engine-building mountaineering for 2-6 players, as a decider over plain data.

Rules: ../shared/rules/peaks.md; every ruling where the preview rulebook is silent
is in data/RULINGS.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from domain.core import Codec, GameSpec, SeatConfig, random_bot
from domain.core.protocol import SINCE_RULES_VERSION
from domain.games.peaks.about import RULES, ranges
from domain.games.peaks.bots import guide_bot
from domain.games.peaks.cards import board
from domain.games.peaks.catalog import catalog
from domain.games.peaks.commands import COMMANDS
from domain.games.peaks.describe import HIDDEN_LINES, describe
from domain.games.peaks.events import EVENTS
from domain.games.peaks.evolve import evolve, setup
from domain.games.peaks.labels import label
from domain.games.peaks.rules import decide, legal_commands, to_act
from domain.games.peaks.scoring import result
from domain.games.peaks.state import PUBLIC_ASKING
from domain.games.peaks.view_schema import VIEW_SCHEMA
from domain.games.peaks.views import view

OPTIONS_SCHEMA = {
    "type": "object",
    "properties": {
        "round_cap": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000,
            SINCE_RULES_VERSION: PUBLIC_ASKING,
            "description": "turns per seat after which the game ends and is scored anyway (the service's ruling: the "
                           "book ends a game only by a 16th flag); 0: no cap. By default none when a person holds a "
                           "seat (an open seat counts as a person's), 150 when every seat is a bot. From rules "
                           "version 3; older games keep the cap of 150 they were played with",
        },
    },
    "additionalProperties": False,
}


def seated_defaults(seats: Sequence[SeatConfig], rules_version: int) -> Mapping[str, Any]:
    """`round_cap` by who is seated (RULINGS.md, Round cap): from rules version 3 none with a person at the table,
    so that only a 16th flag ends a person's game, and 150 rounds for bots only, so that theirs always ends;
    older versions have no such option (every game of theirs had the cap of 150)."""
    if rules_version < PUBLIC_ASKING:
        return {}
    people = any(seat.bot is None for seat in seats)
    return {"round_cap": 0 if people else board().round_cap}


def renamed(state: Any, names: tuple[str, ...]) -> Any:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, names=names)


SPEC = GameSpec(
    id="peaks",
    title="Peaks",
    min_seats=2,
    max_seats=6,
    # 2: the book's choices: rewards in any order or declined, discards at any choice, backing;
    # 3: hidden stays hidden (who is asked to tag along), promises bind, Pic Boby, no round cap with a person
    rules_version=3,
    oldest_rules_version=1,
    options_schema=OPTIONS_SCHEMA,
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
    seated_defaults=seated_defaults,
)
