"""Hitchiker: the roll-and-move money game of contraband, Hometowns, insurance and casinos.

Rulebook: ../../../../shared/rules/hitchiker.md (Scott Marshall); the rulings that
fill its gaps are in data/RULINGS.md. Each concern lives in the module of its name
(domain/core/package.py).
"""

from __future__ import annotations

from domain.core.package import game_spec
from domain.games.hitchiker.state import SEARCH_VERSION

SPEC = game_spec(
    __name__,
    id="hitchiker",
    title="Hitchiker",
    min_seats=2,
    max_seats=6,
    # 2: the book's choices and Lie N' Sin's sting; 3: the book's letter for Life Insurance and Lie N' Sin by
    # default, version 2's readings the options; 4: the same rules, a stronger `search` level, whose playouts stop
    # after a few turns (data/RULINGS.md, Rules version 2, 3 and 4)
    rules_version=SEARCH_VERSION,
    oldest_rules_version=1,
)
