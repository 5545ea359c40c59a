"""Peaks (Sam Gray): engine-building mountaineering for 2-6 players, as a decider over plain data.

Rules: ../shared/rules/peaks.md; every ruling where the preview rulebook is silent
is in data/RULINGS.md. Each concern lives in the module of its name (domain/core/package.py).
"""

from __future__ import annotations

from domain.core.package import game_spec

SPEC = game_spec(
    __name__,
    id="peaks",
    title="Peaks",
    min_seats=2,
    max_seats=6,
    # 2: the book's choices: rewards in any order or declined, discards at any choice, backing;
    # 3: hidden stays hidden (who is asked to tag along), promises bind, Pic Boby, no round cap with a person
    rules_version=3,
    oldest_rules_version=1,
)
