"""The card and board data of Peaks, loaded once from data/*.json into frozen values.

Mountains, companions and bonus cards are looked up by id; the board (continents,
equipment types, the danger die, end scoring) and the player mat (tracks, action
dials and tiles) are single values. Rulebook: Global setup, Player setup, Rewards.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from domain.core import Value

DATA = Path(__file__).resolve().parent / "data"
ACTIONS: tuple[str, ...] = ("rest", "prepare", "climb")
REWARD_KINDS: tuple[str, ...] = ("flag", "bonus", "experience", "companion", "stamina_level", "upgrade")


class Reward(Value, kw_only=True):
    """One reward symbol of a mountain; `green` marks the green-underlined ones a danger cancels."""

    kind: str
    green: bool


class Mountain(Value, kw_only=True):
    """A mountain card; `since`/`until` bound the rules versions whose decks hold it (RULINGS.md, Pic Boby)."""

    id: str
    name: str
    deck: str
    continent: str
    elevation_m: int
    stamina: int
    acclimatisation: bool
    equipment: tuple[str, ...]
    experience: int
    left: tuple[Reward, ...]
    right: tuple[Reward, ...]
    since: int = 1
    until: int | None = None

    def rewards(self, side: str) -> tuple[Reward, ...]:
        return self.left if side == "left" else self.right


class Ability(Value, kw_only=True):
    """A companion's ability; it affects only the companion's owner (rulebook: Companions)."""

    kind: str
    amount: int = 0
    equipment: str = ""


class Companion(Value, kw_only=True):
    """A companion card; `since`/`until` bound the rules versions whose deck holds it (RULINGS.md, Pic Boby)."""

    id: str
    name: str
    experience: int
    uses: int
    ability: Ability
    since: int = 1
    until: int | None = None


def in_deck(card: Mountain | Companion, rules_version: int | None) -> bool:
    """Is the card in the decks of a game of `rules_version` (None: the latest data, every card not retired)?"""
    if rules_version is None:
        return card.until is None
    return card.since <= rules_version and (card.until is None or rules_version <= card.until)


class BonusCard(Value, kw_only=True):
    id: str
    name: str
    condition: Mapping[str, Any]
    flags: int
    discard: Mapping[str, Any]


class Tile(Value, kw_only=True):
    prerequisite: int
    step: str


class ActionMat(Value, kw_only=True):
    dial: tuple[int, ...]
    tiles: tuple[Tile, ...]
    bonus: tuple[str, ...]


class Mat(Value, kw_only=True):
    stamina_max: int
    stamina_level_max: int
    start_stamina: int
    start_stamina_level: int
    experience_max: int
    equipment_max: int
    flags: int
    companion_slots: int
    action_bonus_tokens: int
    climb_bonus_experience: int
    actions: Mapping[str, ActionMat]


class Board(Value, kw_only=True):
    continents: tuple[str, ...]
    continent_names: Mapping[str, str]
    equipment: tuple[str, ...]
    equipment_names: Mapping[str, str]
    display_size: int
    b_deck_stamina_level: int
    danger_faces: tuple[int, ...]
    die_faces: int
    round_cap: int
    end_scoring: Mapping[str, Any]


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@functools.cache
def mountains() -> Mapping[str, Mountain]:
    """Every mountain card by id (of every rules version: `deck_of` holds one game's), in data file order."""
    rows = _load("mountains.json")["mountains"]
    return {
        row["id"]: Mountain(
            id=row["id"], name=row["name"], deck=row["deck"], continent=row["continent"],
            elevation_m=row["elevation_m"], stamina=row["stamina"], acclimatisation=row["acclimatisation"],
            equipment=tuple(row["equipment"]), experience=row["experience"],
            left=tuple(Reward(kind=r["reward"], green=r["green"]) for r in row["left"]),
            right=tuple(Reward(kind=r["reward"], green=r["green"]) for r in row["right"]),
            since=row.get("since_rules_version", 1), until=row.get("until_rules_version"),
        )
        for row in rows
    }


@functools.cache
def companions() -> Mapping[str, Companion]:
    """Every companion card by id (of every rules version: `companion_deck` holds one game's), in data order."""
    rows = _load("companions.json")["companions"]
    return {
        row["id"]: Companion(id=row["id"], name=row["name"], experience=row["experience"], uses=row["uses"],
                             ability=Ability(**row["ability"]), since=row.get("since_rules_version", 1),
                             until=row.get("until_rules_version"))
        for row in rows
    }


@functools.cache
def bonus_cards() -> Mapping[str, BonusCard]:
    rows = _load("bonus_cards.json")["bonus_cards"]
    return {
        row["id"]: BonusCard(id=row["id"], name=row["name"], condition=row["condition"], flags=row["flags"],
                             discard=row["discard"])
        for row in rows
    }


@functools.cache
def mat() -> Mat:
    row = _load("mats.json")
    return Mat(
        stamina_max=row["stamina_max"], stamina_level_max=row["stamina_level_max"],
        start_stamina=row["start_stamina"], start_stamina_level=row["start_stamina_level"],
        experience_max=row["experience_max"], equipment_max=row["equipment_max"], flags=row["flags"],
        companion_slots=row["companion_slots"], action_bonus_tokens=row["action_bonus_tokens"],
        climb_bonus_experience=row["climb_bonus_experience"],
        actions={
            name: ActionMat(dial=tuple(a["dial"]), tiles=tuple(Tile(**t) for t in a["tiles"]), bonus=tuple(a["bonus"]))
            for name, a in row["actions"].items()
        },
    )


@functools.cache
def board() -> Board:
    row = _load("board.json")
    return Board(
        continents=tuple(c["id"] for c in row["continents"]),
        continent_names={c["id"]: c["name"] for c in row["continents"]},
        equipment=tuple(e["id"] for e in row["equipment"]),
        equipment_names={e["id"]: e["name"] for e in row["equipment"]},
        display_size=row["display_size"],
        b_deck_stamina_level=row["b_deck_stamina_level"],
        danger_faces=tuple(row["danger_die"]["danger_faces"]),
        die_faces=row["danger_die"]["faces"],
        round_cap=row["round_cap"],
        end_scoring=row["end_scoring"],
    )


def deck_of(deck: str, rules_version: int | None = None) -> tuple[str, ...]:
    """The ids of one mountain deck ('A' or 'B') in data order, as a game of `rules_version` has it (None: the
    latest data). Rules version 3 has Pic Boby for Teide (RULINGS.md, Pic Boby)."""
    return tuple(m.id for m in mountains().values() if m.deck == deck and in_deck(m, rules_version))


def companion_deck(rules_version: int | None = None) -> tuple[str, ...]:
    """The companion ids of a game of `rules_version` (None: the latest data), in data order. Rules version 3
    has Maurice for the companion Boby, who is Pic Boby, a mountain (RULINGS.md, Pic Boby)."""
    return tuple(c.id for c in companions().values() if in_deck(c, rules_version))
