"""Hike!'s table options: each the book's other reading, off by default (RULINGS.md, Rules version 3)."""

from __future__ import annotations

from domain.core.protocol import SINCE_RULES_VERSION
from domain.games.hike.state import LETTER

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
