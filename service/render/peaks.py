"""Peaks: the display and the decks, the climb under way, and each climber's mat: stamina, experience,
equipment, flags, summits and companions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType

from domain.games.peaks import cards
from service.render import counted, line, seats_table, words


def draw(view: dict[str, Any], names: Sequence[str]) -> list[RenderableType]:
    board = cards.board()
    decks = view["decks"]
    drawn = [
        line(f"Turn {view['turn']} (round cap {view['round_cap']})"
             + (f": {names[view['current']]}'s turn" if view.get("current") is not None else "")
             + (f", {words(view['action'])} action" if view.get("action") else "")
             + (f"; {view['step']['prompt']}" if view.get("step") else "")),
        line(f"Display: {', '.join(_mountain(m) for m in view['display'])}"),
        line(f"Decks: A {decks['A']}, B {decks['B']} ({decks['refills_display']} refills the display); "
             f"companions {decks['companions']}; bonus cards {decks['bonus']}"),
    ]
    climb = view.get("climb")
    if climb:
        party = ", ".join(names[member["seat"]] for member in climb["party"])
        drawn.append(line(f"Climb: {names[climb['climber']]} on {_mountain(climb['mountain'])} ({climb['side']} "
                          f"side); party: {party}"))
    rows = []
    for player in view["players"]:
        companions = ", ".join(cards.companions()[c["companion"]].name for c in player["companions"]) or "-"
        at = player["continent"]
        rows.append((names[player["seat"]], "-" if at is None else board.continent_names.get(at, words(at)),
                     f"{player['stamina']}/{player['stamina_level']}", player["experience"],
                     counted(player["equipment"]), player["flags_placed"],
                     len(player["mountains"]), companions, player["bonus_cards_in_hand"]))
    drawn.append(seats_table(("Climber", "At", "Stamina", "Experience", "Equipment", "Flags", "Summits",
                              "Companions", "Bonus cards"), rows))
    return drawn


def _mountain(mountain_id: str) -> str:
    card = cards.mountains().get(mountain_id)
    return card.name if card else mountain_id
