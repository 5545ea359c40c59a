"""The end of the game and the winner: finishers first, then how far each sled got."""

from __future__ import annotations

from typing import Any

from domain.games.hike.cards import care_value
from domain.games.hike.race import last_field
from domain.games.hike.sled import printed_points, ready_huskies
from domain.games.hike.state import OVER, HikeState


def rested_strength(state: HikeState, seat: int) -> int:
    """First tie-breaker: ready huskies, plus 1 per care card and 2 per double care card in hand."""
    musher = state.mushers[seat]
    return ready_huskies(musher.sled) + sum(care_value(card) for card in musher.hand)


def rank_key(state: HikeState, seat: int) -> tuple[int, int, int, int]:
    """Smaller is better: racers before those out, further along first, then the two tie-breakers."""
    musher = state.mushers[seat]
    if musher.out:
        return (1, 0, 0, 0)
    return (0, -musher.position, -rested_strength(state, seat), printed_points(musher.sled))


def result(state: HikeState) -> dict[str, Any] | None:
    """Final standings once the race is over (End of the game and winner); None while it runs.

    Places are shared only by mushers equal on every tie-breaker; `score` is the field reached.
    """
    if state.phase is not OVER:
        return None
    keys = {seat: rank_key(state, seat) for seat in range(state.seats)}
    order = sorted(range(state.seats), key=lambda seat: (keys[seat], seat))
    standings: list[dict[str, int]] = []
    for index, seat in enumerate(order):
        place = standings[-1]["place"] if index and keys[order[index - 1]] == keys[seat] else index + 1
        standings.append({"seat": seat, "place": place, "score": state.mushers[seat].position})
    racing = [row["seat"] for row in standings if not state.mushers[row["seat"]].out]
    return {
        "standings": standings,
        "winners": sorted(row["seat"] for row in standings if row["place"] == 1 and row["seat"] in racing),
        "ending": state.ending,
        "last_field": last_field(state),
        "finishers": sorted(seat for seat in racing if state.mushers[seat].position >= last_field(state)),
        "out": sorted(seat for seat in range(state.seats) if state.mushers[seat].out),
        "tie_breakers": [
            {"seat": seat, "ready_huskies_and_care": rested_strength(state, seat),
             "movement_points": printed_points(state.mushers[seat].sled)}
            for seat in range(state.seats)
        ],
    }
