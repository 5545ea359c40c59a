"""The public catalog: every card, location, layout slot and die face, by the ids the views and commands use.

Kinds (GET /api/v1/game-types/hikes-of-the-west, `catalog`):

- `cards`: the nine cards by id (`hike.layout[].card` in the view): the location printed on the
  front with its par and special rule, and the six terrains of the path on the back, read from
  data/cards.json.
- `locations`: the same ids seen as hikes (`locations[].id`, `current_location`, `hike.location`,
  `PlanHikes.order`): name, par and rule, and how the hike there is laid out and walked.
- `slots`: the five places path cards are dealt to, "0" to "4" (`ChoosePath.slot`,
  `hike.layout[].slot`, `hike.route`, `hike.path_choices`), named for the pyramid and for the
  Grand Canyon's V (the view's `place`).
- `dice`: the six faces, "1" to "6", and the terrains each covers.
"""

from __future__ import annotations

from typing import Any

from domain.core import Catalog
from domain.games.hikes_of_the_west.cards import DICE, PATH_CARDS_PER_HIKE, Card, cards
from domain.games.hikes_of_the_west.dice import stamina_limit
from domain.games.hikes_of_the_west.trail import (
    CANYON_CARDS_HIKED,
    CANYON_SLOTS,
    PYRAMID_CARDS_HIKED,
    PYRAMID_SLOTS,
    RIMS,
    TOP_ROW,
    is_canyon,
    trail_length,
)

FACES = range(1, DICE + 1)


def catalog() -> Catalog:
    """Every public component of the game by kind and id, with its printed values (data/cards.json)."""
    deck = cards()
    return {
        "cards": {card_id: _card_entry(card) for card_id, card in deck.items()},
        "locations": {card_id: _location_entry(card) for card_id, card in deck.items()},
        "slots": {str(slot): _slot_entry(slot) for slot in range(PATH_CARDS_PER_HIKE)},
        "dice": {str(face): _face_entry(face) for face in FACES},
    }


def _card_entry(card: Card) -> dict[str, Any]:
    """A card's two sides: the location on the front, the path on the back (rulebook, Setup)."""
    return {"name": card.location, "par": card.par, "rule": card.rule, "path": list(card.path)}


def _location_entry(card: Card) -> dict[str, Any]:
    """A location as a hike: its front, its layout, how many path cards and terrains a trail crosses."""
    canyon = is_canyon(card.id)
    return {
        "name": card.location,
        "par": card.par,
        "rule": card.rule,
        "layout": "v" if canyon else "pyramid",
        "cards_hiked": CANYON_CARDS_HIKED if canyon else PYRAMID_CARDS_HIKED,
        "trail_length": trail_length(card.id),
        "stamina_dice": stamina_limit(card.id),
    }


def _slot_entry(slot: int) -> dict[str, Any]:
    """Where a slot's path card lies under a pyramid location and at the Grand Canyon (rulebook, Setting off)."""
    return {
        "pyramid": PYRAMID_SLOTS[slot],
        "pyramid_row": "top" if slot in TOP_ROW else "base",
        "v": CANYON_SLOTS[slot],
        "v_rim": slot in RIMS,
    }


def _face_entry(face: int) -> dict[str, Any]:
    """A die face: its pips, the terrain it covers as a free die, and the terrains it covers as stamina."""
    return {"pips": face, "covers": [face], "covers_as_stamina": list(range(1, face + 1))}

