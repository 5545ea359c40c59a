"""Nanga Parbat's table options: the book's Area Scoring variant, and version 2's whole last turn."""

from __future__ import annotations

from domain.core.protocol import SINCE_RULES_VERSION
from domain.games.nanga_parbat.state import OPTIONS_VERSION

OPTIONS_SCHEMA = {
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
}
