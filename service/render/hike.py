"""Hike!: the track of landscapes, the centre, and each musher's sled, place on the track and hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType

from service.render import line, seats_table, words


def draw(view: dict[str, Any], names: Sequence[str]) -> list[RenderableType]:
    phase = "the race" if view["phase"] == "race" else words(view["phase"])
    track = " > ".join(card.get("name", "face down") for card in view["track"])
    fields = f" ({len(view['fields'])} fields)" if view.get("fields") else ""
    drawn = [
        line(f"Day {view['day']} of {phase}" + (f", step: {words(view['step'])}" if view.get("step") else "")
             + (f"; ended: {view['ending']}" if view.get("ending") else "")),
        line(f"Track{fields}: {track}"),
        line(f"Husky deck: {view['deck_size']} cards; centre: {_cards(view['centre'])}; "
             f"care: {view['care_pile_size']} in the pile, {view['side_care']} aside"),
    ]
    rows = []
    for musher in view["mushers"]:
        state = "out" if musher["out"] else ("at the start" if musher["ready"] else "preparing")
        if view["phase"] != "preparations" and not musher["out"]:
            state = "racing"
        rows.append((names[musher["seat"]], f"field {musher['position']}", state, _sled(musher["sled"]),
                     musher["hand_size"], len(musher["care_pile"])))
    drawn.append(seats_table(("Musher", "Place", "State", "Sled", "Hand", "Care cards"), rows))
    return drawn


def _cards(cards: Sequence[dict[str, Any]]) -> str:
    if len(cards) > 6:
        return f"{len(cards)} cards"
    return ", ".join(card["name"] for card in cards) or "empty"


def _sled(sled: Sequence[dict[str, Any]]) -> str:
    """The cards on the sled's places, a resting husky marked: 'Blizzard, Pebble, Aki (resting)'."""
    shown = []
    for place in sled:
        card = place.get("card")
        if card is None:
            continue
        marks = [mark for mark in ("resting", "tired") if place.get(mark)]
        shown.append(card["name"] + (f" ({', '.join(marks)})" if marks else ""))
    return ", ".join(shown) or "empty"
