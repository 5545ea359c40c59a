"""What an agent sees and does: the observation's spaces, the bound on listed actions, and the rewards.

Observation: ``{"view": dict, "actions": list, "action_mask": ndarray}``

- ``view`` is the seat's view, the JSON object ``GET /api/v1/games/{id}`` serves as ``state`` to that
  seat's token (``spec.view(state, seat)``): nested dicts and lists, of a shape each game describes in its
  ``view_schema``. It has no fixed numeric shape, so its space (`JsonSpace`) only says "a JSON object"; a
  learner turns it into features of its own.
- ``actions`` is the seat's listed actions now, as ``GET /games/{id}/actions`` lists them (``type`` and
  ``args``, submittable as they are); empty when the seat is not to act.
- ``action_mask`` is 1 for each index below ``len(actions)``, 0 beyond.

Action: the index of a listed action. Why a fixed maximum (`Discrete(MAX_ACTIONS[type])`) rather than a
Sequence space: PettingZoo's tools, its API test and maskable learners (``action_space.sample(mask)``,
masked logits) all take a ``Discrete`` space with a mask of its size; a Sequence space has no mask.
The bound per type is several times the most actions we saw listed in any step of thousands of random
games; a step that ever lists more raises `TooManyActions` rather than hide actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

MAX_ACTIONS = {
    "hike": 512,  # up to 150 seen
    "hikes-of-the-west": 64,  # up to 11
    "nanga-parbat": 2048,  # up to 511: sets of animals to trade grow fast
    "hitchiker": 64,  # up to 14
    "peaks": 256,  # up to 65
}
DEFAULT_MAX_ACTIONS = 1024


class TooManyActions(RuntimeError):
    """A step lists more actions than the type's action space holds."""


class JsonSpace(spaces.Space[Any]):
    """A JSON value of a given Python type (a seat's view: dict; its listed actions: list).

    Written here because gymnasium has no space for free-form JSON (its `Text` is a flat string of a
    charset, its `Dict` needs fixed keys); a sample is not defined.
    """

    def __init__(self, kind: type) -> None:
        super().__init__(None, None)
        self.kind = kind

    def contains(self, x: Any) -> bool:
        return isinstance(x, self.kind)

    def sample(self, mask: Any = None, probability: Any = None) -> Any:
        raise NotImplementedError("a seat's view has no distribution to sample from")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, JsonSpace) and other.kind is self.kind

    def __hash__(self) -> int:
        return hash((JsonSpace, self.kind))

    def __repr__(self) -> str:
        return f"JsonSpace({self.kind.__name__})"


def max_actions(game_type: str) -> int:
    return MAX_ACTIONS.get(game_type, DEFAULT_MAX_ACTIONS)


def observation_space(game_type: str) -> spaces.Dict:
    return spaces.Dict({
        "view": JsonSpace(dict),
        "actions": JsonSpace(list),
        "action_mask": spaces.Box(0, 1, shape=(max_actions(game_type),), dtype=np.int8),
    })


def action_space(game_type: str) -> spaces.Discrete:
    return spaces.Discrete(max_actions(game_type))


def action_mask(game_type: str, listed: int) -> np.ndarray:
    """1 for the first `listed` indices.

    Raises:
        TooManyActions: more listed actions than the type's action space holds.
    """
    size = max_actions(game_type)
    if listed > size:
        raise TooManyActions(f"{game_type} listed {listed} actions, more than its action space's {size}")
    mask = np.zeros(size, dtype=np.int8)
    mask[:listed] = 1
    return mask


def rewards(result: dict[str, Any], seats: int) -> dict[int, float]:
    """Each seat's reward from the final result.

    Several seats: by place, 1 for first down to -1 for last, linearly: 2 (n - place) / (n - 1) - 1; tied
    seats share their place. The solo game (a result with a ``par``): the score against par,
    (par - score) / par, clipped to [-1, 1]: 0 on par, positive under it (lower scores win).
    """
    if seats == 1 and "par" in result:
        par, score = result["par"], result["score"]
        return {0: float(max(-1.0, min(1.0, (par - score) / par)))}
    places = {row["seat"]: row["place"] for row in result["standings"]}
    return {seat: 2.0 * (seats - places[seat]) / (seats - 1) - 1.0 for seat in range(seats)}
