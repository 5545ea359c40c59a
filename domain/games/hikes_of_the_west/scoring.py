"""The final score against the sum of the pars, golf-like: the lower the better (rulebook, Game end)."""

from __future__ import annotations

from typing import Any

from domain.games.hikes_of_the_west.cards import par_of
from domain.games.hikes_of_the_west.rules import HIKER
from domain.games.hikes_of_the_west.state import GameState, Phase
from domain.games.hikes_of_the_west.views import location_view

LOWER_SCORE_WINS = True


def result(state: GameState) -> dict[str, Any] | None:
    """The final score against the sum of the pars; None while the game runs (rulebook, Game end)."""
    if state.phase is not Phase.FINISHED:
        return None
    score, par = state.score, par_of(state.locations)
    return {
        "standings": [{"seat": HIKER, "place": 1, "score": score}],
        "winners": [HIKER] if score <= par else [],
        "par": par,
        "score": score,
        "made_par": score <= par,
        "stranded": state.stranded,
        "completed": state.leg,
        "hikes": [location_view(state, location) for location in state.plan],
    }
