"""The nine cards: a location on the front, a six-terrain path on the back (data/cards.json)."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path

from domain.core import Value

DICE = 6
TERRAINS_PER_CARD = 6
LOCATIONS_PER_GAME = 3
PATH_CARDS_PER_HIKE = 5

MT_RAINIER = "mt-rainier"
GREAT_SAND_DUNES = "great-sand-dunes"
JOSHUA_TREE = "joshua-tree"
PIPESTONE = "pipestone"
BLACK_HILLS = "black-hills"
CEDAR_BREAKS = "cedar-breaks"
GRAND_CANYON = "grand-canyon"
PIKES_PEAK = "pikes-peak"
ZION = "zion"

PIKES_PEAK_RIDE = 5


class Card(Value):
    """One card: its location (name, par, special rule) and the path printed on its back."""

    id: str
    location: str
    par: int
    rule: str
    path: tuple[int, ...]


@functools.cache
def cards() -> Mapping[str, Card]:
    """Every card of the deck by id, in id order (rulebook, Setup)."""
    text = (Path(__file__).parent / "data" / "cards.json").read_text(encoding="utf-8")
    entries = json.loads(text)["cards"]
    deck = {
        entry["id"]: Card(
            id=entry["id"],
            location=entry["location"],
            par=entry["par"],
            rule=entry["rule"],
            path=tuple(entry["path"]),
        )
        for entry in entries
    }
    return dict(sorted(deck.items()))


def card(card_id: str) -> Card:
    """The card with this id."""
    return cards()[card_id]


def card_ids() -> tuple[str, ...]:
    """Every card id, sorted: the deck before it is shuffled."""
    return tuple(cards())


def location_name(card_id: str) -> str:
    """The location printed on the front of a card."""
    return card(card_id).location


def par_of(locations: tuple[str, ...]) -> int:
    """The sum of the pars of these locations (rulebook, Game end)."""
    return sum(card(location).par for location in locations)
