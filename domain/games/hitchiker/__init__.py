"""Hitchiker: the roll-and-move money game of contraband, Hometowns, insurance and casinos.

Rulebook: ../../../../shared/rules/hitchiker.md (Scott Marshall); the rulings that
fill its gaps are in data/RULINGS.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from domain.core import Codec, GameSpec, SeatConfig, random_bot
from domain.core.protocol import SINCE_RULES_VERSION
from domain.games.hitchiker.about import RULES
from domain.games.hitchiker.bots import hustler_bot
from domain.games.hitchiker.catalog import catalog
from domain.games.hitchiker.commands import COMMANDS
from domain.games.hitchiker.describe import HIDDEN_LINES, describe
from domain.games.hitchiker.evolve import EVENTS, evolve, setup
from domain.games.hitchiker.labels import label, ranges
from domain.games.hitchiker.rules import decide, legal_commands, to_act
from domain.games.hitchiker.state import BOTS_ROUND_LIMIT, CHOICES_VERSION, OPTIONS_VERSION
from domain.games.hitchiker.view_schema import VIEW_SCHEMA
from domain.games.hitchiker.views import result, view

OPTIONS_SCHEMA = {
    "type": "object",
    "properties": {
        "round_limit": {
            "type": "integer",
            "minimum": 0,
            "maximum": 1000,
            "title": "Round limit",
            "description": "rounds after which the richest (cash + savings) wins; 0: no limit, the game ends only "
                           "by a win. By default (from rules version 2): no limit when a person holds a seat (an "
                           "open seat counts as a person's), 100 rounds when every seat is a bot. Version 1 games "
                           "keep the limit they recorded (100 by default) (rulebook: none; RULINGS.md, Set-up and "
                           "the turn)",
        },
        "declinable_insurance": {
            "type": "boolean",
            "default": False,
            "title": "Declinable Life Insurance",
            "description": "the roll for Life Insurance only quotes the premium, which the hitchiker then takes or "
                           "declines; off, an announced premium is paid at once when affordable, as the book's steps "
                           "say. From rules version 3; version 2 games always quote, version 1 games never "
                           "(rulebook: LIFE INSURANCE)",
            "x-rulebook-section": "LIFE INSURANCE",
            SINCE_RULES_VERSION: OPTIONS_VERSION,
        },
        "lie_n_sin_sting": {
            "type": "boolean",
            "default": False,
            "title": "Lie N' Sin sting",
            "description": "at Lie N' Sin D.C. any roll but doubles costs half the Travelling Cash (rounded down to "
                           "bills); off, it costs nothing, since the book names no stake. From rules version 3; "
                           "version 2 games always sting, version 1 games never (rulebook: MISCELLANEOUS "
                           "LOCATIONS > Lie N' Sin D.C.)",
            "x-rulebook-section": "MISCELLANEOUS LOCATIONS > Lie N' Sin D.C.",
            SINCE_RULES_VERSION: OPTIONS_VERSION,
        },
    },
    "additionalProperties": False,
}


def seated_defaults(seats: Sequence[SeatConfig], rules_version: int) -> Mapping[str, Any]:
    """`round_limit` by who is seated (RULINGS.md, Set-up and the turn): from rules version 2 none with a
    person at the table, so that only a win ends a person's game, and 100 rounds for bots only, so that
    theirs always ends; version 1 had 100 rounds for every game."""
    people = any(seat.bot is None for seat in seats)
    return {"round_limit": 0 if people and rules_version >= CHOICES_VERSION else BOTS_ROUND_LIMIT}

def renamed(state: Any, names: tuple[str, ...]) -> Any:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, players=tuple(replace(player, name=name) for player, name in zip(state.players, names, strict=True)))


SPEC = GameSpec(
    id="hitchiker",
    title="Hitchiker",
    min_seats=2,
    max_seats=6,
    # 2: the book's choices and Lie N' Sin's sting; 3: the book's letter for Life Insurance and Lie N' Sin by
    # default, version 2's readings the options (data/RULINGS.md, Rules version 2 and Rules version 3)
    rules_version=OPTIONS_VERSION,
    oldest_rules_version=1,
    options_schema=OPTIONS_SCHEMA,
    bots={"random": random_bot, "hustler": hustler_bot},
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
