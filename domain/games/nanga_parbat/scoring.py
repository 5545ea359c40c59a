"""The scoring path, the Area Scoring variant and the final standings.

Rulebook: Scoring Path (no shared spot but 0; landing on the opponent gives +1 and
moves on); Area Scoring Variant (regions from 1: 1/2/3 points for 4/5/6 hikers or camps).
"""

from __future__ import annotations

from typing import Any

from domain.core import Value
from domain.games.nanga_parbat.board import REGION_NUMBERS, region_indices
from domain.games.nanga_parbat.state import SEATS, Camp, Hiker, Phase, State, opponent

AREA_POINTS = {4: 1, 5: 2, 6: 3}


class Landing(Value):
    """Where a move along the scoring path ends, and whether it hopped past the opponent."""

    score: int
    bumped: bool


def landing(scores: tuple[int, ...], seat: int, points: int) -> Landing:
    """The spot `seat` reaches moving `points` from its score: one further if the opponent stands there."""
    target = scores[seat] + points
    if target != 0 and target == scores[opponent(seat)]:
        return Landing(score=target + 1, bumped=True)
    return Landing(score=target, bumped=False)


def scores_of(state: State) -> tuple[int, ...]:
    """Both seats' spots on the scoring path."""
    return tuple(state.expeditions[seat].score for seat in SEATS)


def pieces_in_region(state: State, region: int, seat: int) -> int:
    """How many hikers and camps `seat` has in `region`."""
    pieces = (Hiker(seat=seat), Camp(seat=seat))
    return sum(1 for index in region_indices(region) if state.board[index] in pieces)


class RegionAward(Value):
    """Area Scoring: a region won by a seat with `pieces` hikers and camps, worth `points`."""

    region: int
    seat: int
    pieces: int
    points: int


def region_awards(state: State) -> tuple[RegionAward, ...]:
    """Every region a seat scores under Area Scoring, region 1 first."""
    awards = []
    for region in REGION_NUMBERS:
        for seat in SEATS:
            pieces = pieces_in_region(state, region, seat)
            if pieces in AREA_POINTS:
                awards.append(RegionAward(region=region, seat=seat, pieces=pieces, points=AREA_POINTS[pieces]))
    return tuple(awards)


def result(state: State) -> dict[str, Any] | None:
    """Once the game is over: the standings by points (tied seats share a place) and the winners."""
    if state.phase is not Phase.OVER:
        return None
    scores = [state.expeditions[seat].score for seat in SEATS]
    standings = sorted(
        ({"seat": seat, "place": 1 + sum(other > scores[seat] for other in scores), "score": scores[seat]}
         for seat in SEATS),
        key=lambda row: (row["place"], row["seat"]),
    )
    best = max(scores)
    return {
        "standings": standings,
        "winners": [seat for seat in SEATS if scores[seat] == best],
        "reason": state.end_reason,
    }
