"""The table options of Peaks, and their defaults by who is seated.

Rulebook: none; the round cap is the service's ruling (data/RULINGS.md, Round cap).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.core import SeatConfig
from domain.core.protocol import SINCE_RULES_VERSION
from domain.games.peaks.cards import board
from domain.games.peaks.state import PUBLIC_ASKING

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
