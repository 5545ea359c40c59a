"""What the `search` level's playouts need from Peaks (domain/core/search.py; bots.py `SEARCH`).

A playout from a determinised state plays on for a few turns (by the guide's choices: bots.py) and is then scored
where it stands: games of Peaks run to hundreds of decisions, far more than a search can afford to play to the end
in its budget. Both functions read the full (determinised) state, which holds only what the search drew for the
hidden part.

- `evaluate`: every seat's score if the game ended now (Game end 1-4: bonus cards it fulfils, majorities, every
  continent, the tracks and the upgrades), plus what its mat promises (stamina, upgrades, mountains held, ...),
  turned into a reward in [0, 1]: the mean, over the opponents, of the chance to finish ahead of each, a logistic
  of the score difference; with 2 seats that is the chance to win, as a finished game's reward is the place;
- `narrow`: the commands worth searching, without those the guide never plays and that are never worth it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from domain.core import Command
from domain.games.peaks import cards
from domain.games.peaks.actions import is_fully_upgraded
from domain.games.peaks.commands import Decline, DeclineReward, DiscardBonusCard
from domain.games.peaks.scoring import is_fulfilled, majorities, threshold_flags
from domain.games.peaks.state import State, StepKind

#: What a seat's mat promises for the rest of the game, in flags per unit, at the start (it fades as the game nears
#: its end): fitted by least squares to the final score differences of 300 seeded games of `guide` bots (10% random
#: moves), 2 and 4 seats, from every seat's lead in these over its opponents' mean; the fit's few negative weights
#: (experience, equipment, the rest tiles: what the guide gains when it has nothing better to do) are taken as 0.
PROMISE = {"stamina_level": 1.04, "stamina": 0.19, "companion_uses": 0.2, "mountains": 0.36, "bonus_cards": 0.28}
DIALS = (0.57, 2.38, 0.48)  # rest, prepare, climb: a dial's rotation
TILES = (0.0, 2.1, 2.98)  # a tile slid up
REGRESSION = 0.2  # the share of a lead in flags that the rest of a game takes back, at the start (the same fit)
SPREAD = (0.5, 3.0)  # the logistic's scale at the end and (added) at the start: how far a lead is from a sure win


def progress(state: State) -> float:
    """How near the game is to its end, 0 to 1: the most flags a seat has placed, of the 16 that end it."""
    return min(1.0, max(player.flags_placed for player in state.players) / cards.mat().flags)


def projected(state: State, seat: int, left: float) -> float:
    """The seat's flags if the game ended now (Game end 1-4), and what its mat promises for the `left` share of the
    game still to play."""
    player = state.players[seat]
    scoring, table = cards.board().end_scoring, cards.bonus_cards()
    done = [is_fulfilled(state, seat, table[card].condition) for card in player.bonus_cards]
    score = player.flags_placed + sum(table[card].flags for card, ok in zip(player.bonus_cards, done) if ok)
    score += len(majorities(state, seat)) + (scoring["every_continent_flags"] if all(player.flags) else 0)
    score += threshold_flags(player.stamina_level, scoring["stamina_level_flags"])
    score += threshold_flags(player.experience, scoring["experience_flags"])
    score += scoring["full_action_flags"] * sum(is_fully_upgraded(player, action) for action in cards.ACTIONS)
    promise = (PROMISE["stamina_level"] * player.stamina_level + PROMISE["stamina"] * player.stamina
               + PROMISE["companion_uses"] * sum(slot.uses for slot in player.companions)
               + PROMISE["mountains"] * len(player.mountains) + PROMISE["bonus_cards"] * done.count(False)
               + sum(w * n for w, n in zip(DIALS, player.dials)) + sum(w * n for w, n in zip(TILES, player.tiles)))
    return score * (1 - REGRESSION * left) + promise * left


def evaluate(state: State) -> dict[int, float]:
    """Every seat's reward where a playout stops: its mean chance to finish ahead of each opponent."""
    left = 1 - progress(state)
    scores = [projected(state, seat, left) for seat in range(state.seats)]
    spread = SPREAD[0] + SPREAD[1] * left
    return {seat: sum(1 / (1 + math.exp((other - mine) / spread)) for o, other in enumerate(scores) if o != seat)
            / (state.seats - 1) for seat, mine in enumerate(scores)}


def narrow(state: State, legal: Sequence[Command]) -> Sequence[Command]:
    """The commands worth searching: a climb's rewards are not declined, nor an upgrade or an action bonus (the
    guide never does: each is worth having), and bonus cards are discarded only at the start of a turn or when
    asked to tag along, where a discard can pay for something (Rewards, Bonus card)."""
    step = state.steps[0].kind if state.steps else None
    keep = [command for command in legal
            if not isinstance(command, DeclineReward)
            and not (isinstance(command, Decline) and step in (StepKind.UPGRADE, StepKind.ACTION_BONUS))
            and not (isinstance(command, DiscardBonusCard) and step not in (None, StepKind.TAG_ALONG))]
    return keep or legal
