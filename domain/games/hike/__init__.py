"""Hike!: husky sled drafting and racing for 2 to 6 mushers (SnowBoardGames, preview rulebook)."""

from __future__ import annotations

from domain.core.package import game_spec
from domain.games.hike.state import LETTER

# 2: rulings closer to the book; 3: the book's letter by default, version 2's lapse and the Pro tip's
# simultaneous days as table options (data/RULINGS.md, Rules versions 2 and 3)
SPEC = game_spec(__name__, id="hike", title="Hike!", min_seats=2, max_seats=6, rules_version=LETTER,
                 oldest_rules_version=1)

__all__ = ["SPEC"]
