"""Moving clockwise over the 42 locations, and the welfare of the Hometowns on the way.

Rulebook: THE FIRST MOVE; ABOUT YOUR HOMETOWN; ORDER OF OCCURRENCE.
"""

from __future__ import annotations

from domain.games.hitchiker.board import ahead, behind
from domain.games.hitchiker.events import PawnMoved
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.money import collect
from domain.games.hitchiker.state import WELFARE


def move(play: Play, seat: int, steps: int, reason: str) -> None:
    """Move `steps` clockwise: $10,000 welfare per own Hometown passed or landed on, in board order.

    The stops it leaves (deposits at the Hometowns passed, then the landing) are dealt
    with one by one by the turn.
    """
    player = play.player(seat)
    start = player.position if player.position is not None else 0
    path = ahead(start, steps)
    passed = tuple(place for place in path[:-1] if place in player.hometowns)
    play.emit(PawnMoved(seat=seat, start=start, end=path[-1], passed=passed, reason=reason))
    for place in path:
        if place in player.hometowns:
            collect(play, seat, WELFARE, "welfare")


def move_back(play: Play, seat: int, spaces: int, reason: str) -> None:
    """Move counter-clockwise: nothing passed counts, only the landing (a ruling)."""
    start = play.player(seat).position or 0
    play.emit(PawnMoved(seat=seat, start=start, end=behind(start, spaces), passed=(), reason=reason))
