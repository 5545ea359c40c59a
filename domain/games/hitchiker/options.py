"""The table options of Hitchiker, and their defaults by who is seated.

Rulebook: none for the round limit (RULINGS.md, Set-up and the turn); LIFE INSURANCE and MISCELLANEOUS LOCATIONS >
Lie N' Sin D.C. for the readings of rules version 2 that version 3 made options (RULINGS.md, Rules version 3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core import SeatConfig
from domain.core.protocol import SINCE_RULES_VERSION
from domain.games.hitchiker.state import BOTS_ROUND_LIMIT, CHOICES_VERSION, OPTIONS_VERSION

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
