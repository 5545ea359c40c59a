"""The public catalog of Peaks: every component a view or a command names, by id, with its printed values.

Everything is read from the data files (data/*.json) through `cards`, so the catalog cannot drift from
the rules that use the same values. The ids are those of views and commands: mountains, companions and
bonus cards by their card id, continents and equipment by their board id, actions as "rest", "prepare"
and "climb", decks as "A", "B", "companions" and "bonus", display slots by their index.
Rulebook: Global setup, Player setup, Rewards, Companions, Action bonuses, Game end.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from domain.core import Catalog
from domain.games.peaks import cards

#: What each reward symbol gives (rulebook: Rewards), in our own words.
REWARD_EFFECTS: Mapping[str, tuple[str, str]] = {
    "flag": ("Flag", "place a flag in the mountain's continent"),
    "bonus": ("Bonus card", "gain a bonus card from the top of the bonus deck (hidden from the others)"),
    "experience": ("Experience level", "move up 1 on the experience track"),
    "companion": ("Companion", "draw 2 companions, keep 1 (or neither) and discard the other"),
    "stamina_level": ("Stamina level", "raise your stamina level by 1"),
    "upgrade": ("Upgrade", "rotate one action dial or slide up one action tile"),
}

#: The extra step an action tile adds (RULINGS.md: Action tiles), by the tile's `step` id.
TILE_EFFECTS: Mapping[str, str] = {
    "equipment": "gain 1 equipment",
    "travel": "travel to any continent",
    "mountain": "gain a second mountain (before the display is refilled)",
    "companion": "draw 2 companions and keep 1",
    "bonus": "gain a bonus card",
}

#: The action bonus choices (rulebook: Action bonuses), by the `ClaimActionBonus.choice` they are sent as.
BONUS_EFFECTS: Mapping[str, str] = {
    "stamina_level": "gain 1 stamina level",
    "upgrade": "gain any 1 upgrade",
    "experience": "gain {experience} experience",
    "flag": "place 1 flag in your current continent",
}

#: Readable names of the display's slots, leftmost first (rulebook: Prepare 2).
SLOT_NAMES: tuple[str, ...] = ("leftmost", "middle", "rightmost")


def _rows(name: str, key: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads((cards.DATA / name).read_text(encoding="utf-8"))[key]
    return rows


def _by_id(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each data row by its id, with every printed value but the id itself."""
    return {row["id"]: {field: value for field, value in row.items() if field != "id"} for row in rows}


def slot_name(slot: int) -> str:
    """The display slot's name: leftmost, middle, rightmost (or its number on a larger display)."""
    if cards.board().display_size == len(SLOT_NAMES):
        return SLOT_NAMES[slot]
    return "leftmost" if slot == 0 else f"slot {slot}"


def _actions() -> dict[str, dict[str, Any]]:
    """The three actions of a player mat: dial numbers, tiles with their prerequisites, and bonuses."""
    mat = json.loads((cards.DATA / "mats.json").read_text(encoding="utf-8"))
    entries = {}
    for name, action in mat["actions"].items():
        entries[name] = {
            "name": name.capitalize(),
            "dial": action["dial"],
            "dial_meaning": action["dial_meaning"],
            "tiles": [{**tile, "effect": TILE_EFFECTS[tile["step"]]} for tile in action["tiles"]],
            "bonus": [{"choice": choice,
                       "effect": BONUS_EFFECTS[choice].format(experience=mat["climb_bonus_experience"])}
                      for choice in action["bonus"]],
            "bonus_tokens": mat["action_bonus_tokens"],
        }
    return entries


def _mat() -> dict[str, Any]:
    mat = json.loads((cards.DATA / "mats.json").read_text(encoding="utf-8"))
    return {"name": "Player mat", **{field: value for field, value in mat.items() if field != "actions"}}


def _decks() -> dict[str, dict[str, Any]]:
    """The four decks by the ids views use (`decks`, `discards`) and `GainMountain.source` names, with the number of
    cards a new game's deck holds (a card with `until_rules_version` is only in older games' decks, one with
    `since_rules_version` only in newer ones: RULINGS.md, Pic Boby)."""
    count = {deck: len(cards.deck_of(deck)) for deck in ("A", "B")}
    return {
        "A": {"name": "A mountain deck", "kind": "mountains", "cards": count["A"],
              "refills_display": "from the start of the game"},
        "B": {"name": "B mountain deck", "kind": "mountains", "cards": count["B"],
              "refills_display": f"once any stamina level reaches {cards.board().b_deck_stamina_level}"},
        "companions": {"name": "Companion deck", "kind": "companions", "cards": len(cards.companion_deck())},
        "bonus": {"name": "Bonus deck", "kind": "bonus_cards", "cards": len(cards.bonus_cards())},
    }


def _board() -> dict[str, Any]:
    board = json.loads((cards.DATA / "board.json").read_text(encoding="utf-8"))
    return {field: value for field, value in board.items() if field not in ("continents", "equipment")}


@functools.cache
def _catalog() -> dict[str, dict[str, dict[str, Any]]]:
    board = json.loads((cards.DATA / "board.json").read_text(encoding="utf-8"))
    return {
        "mountains": _by_id(_rows("mountains.json", "mountains")),
        "companions": _by_id(_rows("companions.json", "companions")),
        "bonus_cards": _by_id(_rows("bonus_cards.json", "bonus_cards")),
        "continents": _by_id(board["continents"]),
        "equipment": _by_id(board["equipment"]),
        "rewards": {kind: {"name": name, "effect": effect} for kind, (name, effect) in REWARD_EFFECTS.items()},
        "actions": _actions(),
        "decks": _decks(),
        "display_slots": {
            str(slot): {"name": slot_name(slot), "index": slot,
                        "discarded_at_refill": slot == 0}
            for slot in range(cards.board().display_size)
        },
        "mats": {"player": _mat()},
        "boards": {"board": {"name": "Board", **_board()}},
    }


def catalog() -> Catalog:
    """Every public component of Peaks by kind and id, with its printed values (from data/*.json)."""
    return _catalog()
