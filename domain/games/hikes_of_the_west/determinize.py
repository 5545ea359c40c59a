"""A state from the hiker's view, for the `search` level (domain/core/search.py).

Everything is open but the order of the undrawn path cards (views.py; rulebook, Setup): while the
locations wait to be ordered, the six path cards that are not locations lie face down, and the first
five of them will be dealt under the first location. Which six they are is public (the nine cards of
the catalog less the three locations); their order is drawn with `rng`. Once hiking, the one card left
in the deck is the one neither a location nor in the layout, and each later location reshuffles the six
anew (hiking.py), so nothing is hidden but the dice yet to be rolled, which the search draws itself.

What the state keeps and the view does not show is derived: the dice on each location (`scored`) and how
far the plan has gone (`leg`) from the locations' dice and statuses; since the last rest, how many rolls
(`may_save_stamina` says whether this is the first) and how many dice were saved as stamina (those still
held plus those placed as stamina).
"""

from __future__ import annotations

from typing import Any

from domain.core import Rng
from domain.games.hikes_of_the_west.cards import card_ids
from domain.games.hikes_of_the_west.dice import stamina_limit
from domain.games.hikes_of_the_west.rules import HIKER
from domain.games.hikes_of_the_west.state import GameState, Hike, Phase, Placement, RestStop, Step

def viewer(view: dict[str, Any]) -> int:
    """The hiker's seat, the only one."""
    return HIKER


def determinize(view: dict[str, Any], rng: Rng) -> GameState:
    """A state the view shows, the undrawn path cards in an order drawn with `rng`."""
    locations = tuple(location["id"] for location in view["locations"])
    planned = view["planned"]
    hike = _hike(view["hike"]) if view["hike"] is not None else None
    return GameState(
        hiker=view["hiker"],
        rules_version=view["rules_version"],
        phase=Phase(view["phase"]),
        deck=_deck(view, locations, hike, rng),
        locations=locations,
        plan=locations if planned else (),
        scored=tuple(tuple(location["dice"]) for location in view["locations"]) if planned else (),
        leg=sum(1 for location in view["locations"] if location["status"] == "completed"),
        hike=hike,
        stranded=view["stranded"],
    )


def _deck(view: dict[str, Any], locations: tuple[str, ...], hike: Hike | None, rng: Rng) -> tuple[str, ...]:
    """The undrawn cards: every card that is neither a location nor in the layout, shuffled, as many as shown."""
    shown = set(locations) | set(hike.layout if hike is not None else ())
    unseen = rng.shuffled(tuple(card_id for card_id in card_ids() if card_id not in shown))
    return unseen[: view["deck_size"]]


def _hike(hike: dict[str, Any]) -> Hike:
    step = Step(hike["step"])
    placed = tuple(Placement(die=die["die"], stamina=die["stamina"]) for die in hike["path_dice"])
    stamina = tuple(hike["stamina"])
    saved = len(stamina) + sum(1 for placement in placed if placement.stamina)
    rest = hike["rest_stop"]
    return Hike(
        location=hike["location"],
        layout=tuple(card["card"] for card in hike["layout"]),
        route=tuple(hike["route"]),
        turned=tuple(hike["turned"]),
        turnable=hike["turnable"],
        rest=RestStop(position=rest["position"], die=rest["die"]) if rest is not None else None,
        placed=placed,
        stamina=stamina,
        free=tuple(hike["free_dice"]),
        step=step,
        set_off=hike["set_off"],
        rolls_since_rest=_rolls(hike, step, saved),
        saved_since_rest=saved,
    )


def _rolls(hike: dict[str, Any], step: Step, saved: int) -> int:
    """Rolls since the last rest: none at rest; one while a die may still be saved as stamina (only the first
    roll after a rest allows it, up to the location's limit); two where the limit is not reached but no die
    may be saved (any later roll reads the same); one where the limit is reached (rolls no longer matter)."""
    if step is Step.AT_REST:
        return 0
    if hike["may_save_stamina"] or saved >= stamina_limit(hike["location"]):
        return 1
    return 2
