"""Nanga Parbat (Steve Finn): two players trap animals on the mountain, build camps and trade animals.

The rules are the Board Game Arena help page (../shared/rules/nanga-parbat.md); the
board, points chart and animals are in data/, every ruling in data/RULINGS.md. The game
describes itself to clients (about.py, catalog.py, view_schema.py, labels.py; docs/games/nanga_parbat.md).
"""

from __future__ import annotations

from domain.core.package import game_spec
from domain.games.nanga_parbat.state import SEARCH_VERSION

# 2: the second player's last turn went on after its trap; 3: the game ends at that trap, as the book says,
# and version 2's whole last turn is the `whole_last_turn` option (RULINGS.md, The end); 4: the same rules, a
# stronger `search` level (bots.py SEARCH; older versions keep their search for replays and audits)
SPEC = game_spec(__name__, id="nanga-parbat", title="Nanga Parbat", min_seats=2, max_seats=2,
                 rules_version=SEARCH_VERSION, oldest_rules_version=1)

__all__ = ["SPEC"]
