"""What the `search` level's short playouts need from Hitchiker from rules version 4 (bots.py `SEARCH`).

Up to version 3 every iteration of the search played the game out to a goal or the round limit (the hustler's
choices for every seat), and a whole game of dice, contraband and casinos moves a seat's place far more than the
one decision searched: 240 such rewards could not tell the hustler's choice from its neighbours' (RULINGS.md, Bot
strength). From version 4 a playout stops after `DEPTH` commands and `standing` scores where it stands, so each
iteration measures the decision and the few turns after it rather than the rest of the game. Games of versions 1
to 3 keep their full playouts (`rollout_depth` is None for them): the audit re-derives a search seat's moves with
today's code, so their searches must not change (tests/domain/hitchiker/test_hk_search_sameness.py).

Both functions read the full (determinised) state, which holds only what the search drew for the hidden part.
"""

from __future__ import annotations

import math

from domain.games.hitchiker.state import SEARCH_VERSION, State

#: Commands a playout plays before it is scored (about two rounds of two seats). Measured against the hustler
#: over duplicate pairs (RULINGS.md, Bot strength): 12, 24 and 60 were tried; deeper was worse.
DEPTH = 24
#: A seat's standing in dollars: its savings whole (banked money is never lost and wins at $250,000), its cash at
#: CASH_WEIGHT (it still has to reach a Hometown's bank, and a death or a casino can take it), each Unit of
#: contraband at UNIT_DOLLARS, half what the hustler counts it (bots.UNIT_VALUE): it still has to reach a buyer.
CASH_WEIGHT = 0.6
UNIT_DOLLARS = 10_000
#: The logistic's scale: a lead of this many dollars is worth about 73% of a win against that opponent.
SPREAD = 40_000.0


def rollout_depth(state: State) -> int | None:
    """The commands a playout from `state` plays: DEPTH from rules version 4, to the end before it."""
    return DEPTH if state.rules_version >= SEARCH_VERSION else None


def standing(state: State) -> dict[int, float]:
    """Every seat's reward in [0, 1] where a playout stops: the mean, over its opponents, of a logistic of its
    standing's lead over each (with 2 seats, the chance to win, as a finished game's reward is the place)."""
    worth = [player.savings + CASH_WEIGHT * player.cash + UNIT_DOLLARS * player.contraband
             for player in state.players]
    seats = state.seats
    return {seat: sum(_logistic((worth[seat] - worth[other]) / SPREAD) for other in range(seats) if other != seat)
            / (seats - 1) for seat in range(seats)}


def _logistic(lead: float) -> float:
    """1 / (1 + e^-lead), its exponent bounded (a casino's jackpot is millions: e^800 overflows a float)."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead))))
