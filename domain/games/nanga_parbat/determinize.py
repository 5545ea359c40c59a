"""A state from a seat's view, for the `search` level (domain/core/search.py).

Nanga Parbat has no hidden information (views.py: every viewer sees the whole board, both expeditions
and the chart), and its chance is the opening layout, already on the board: the view holds the whole
state, so every draw is the same state, rebuilt field by field. Where the view shows no active seat
(placing the guide, or the game over) the state's is the first player's, as the opening sets it.
"""

from __future__ import annotations

from typing import Any

from domain.core import Rng
from domain.games.nanga_parbat.state import (
    Animal,
    Camp,
    Expedition,
    Hiker,
    Phase,
    Piece,
    State,
    sort_animals,
)

OPENING_ACTIVE = 0  # State's own default: the first player, active once the guide is placed (evolve.py)


def viewer(view: dict[str, Any]) -> int:
    """The seat whose view this is."""
    return int(view["viewer"])


def determinize(view: dict[str, Any], rng: Rng) -> State:
    """The one state the view shows (nothing is hidden, so `rng` is not drawn from)."""
    return state_from_view(view)


def state_from_view(view: dict[str, Any]) -> State:
    """The game state a view shows (the view holds everything: Nanga Parbat has no hidden information)."""
    expeditions = tuple(_expedition(seat) for seat in view["seats"])
    active = view["active_seat"] if view["active_seat"] is not None else OPENING_ACTIVE
    return State(names=tuple(seat["name"] for seat in view["seats"]), rules_version=view["rules_version"],
                 area_scoring=view["area_scoring"], whole_last_turn=view["whole_last_turn"],
                 phase=Phase(view["phase"]), board=_board(view), guide=view["guide"], active=active,
                 expeditions=expeditions, chart=tuple(spot["claimed_by"] for spot in view["chart"]),
                 claimed=view["claimed_this_turn"], turn=view["turn"], end_reason=view["end_reason"])


def _board(view: dict[str, Any]) -> tuple[Piece, ...]:
    board: list[Piece] = []
    for region in view["regions"]:
        for section in region["sections"]:
            if section["piece"] == "animal":
                board.append(Animal(section["animal"]))
            elif section["piece"] == "hiker":
                board.append(Hiker(seat=section["seat"]))
            else:
                board.append(Camp(seat=section["seat"]))
    return tuple(board)


def _expedition(seat: dict[str, Any]) -> Expedition:
    return Expedition(hikers=seat["hikers_in_stock"], camps=seat["camps_in_stock"], cubes=seat["cubes_in_stock"],
                      score=seat["score"], ready=sort_animals(Animal(a) for a in seat["ready"]),
                      spent=sort_animals(Animal(a) for a in seat["spent"]))
