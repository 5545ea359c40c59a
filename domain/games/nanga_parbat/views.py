"""What a seat or a spectator sees.

All information is open in Nanga Parbat, so every viewer sees the whole board;
the view is still built field by field (an allowlist).
"""

from __future__ import annotations

from typing import Any

from domain.games.nanga_parbat.board import (
    DOTTED_PATHS,
    REGION_NUMBERS,
    SECTION_BORDERS,
    index_of,
)
from domain.games.nanga_parbat.chart import CHART
from domain.games.nanga_parbat.rules import has_animals, to_act
from domain.games.nanga_parbat.state import (
    SEATS,
    Animal,
    Camp,
    Expedition,
    Hiker,
    Phase,
    Piece,
    State,
)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The whole open board, both expeditions and the chart, as JSON-ready data."""
    return {
        "rules_version": state.rules_version,
        "phase": state.phase.value,
        "turn": state.turn,
        "active_seat": state.active if state.phase in (Phase.TRAP, Phase.SCORE) else None,
        "to_act": sorted(to_act(state)),
        "viewer": seat,
        "area_scoring": state.area_scoring,
        "whole_last_turn": state.whole_last_turn,
        "guide": state.guide,
        "must_relocate_guide": _must_relocate(state),
        "claimed_this_turn": state.claimed,
        "regions": [_region(state, region) for region in REGION_NUMBERS] if state.board else [],
        "chart": [
            {"row": spot.row.value, "column": spot.column, "requires": spot.requires, "points": spot.points,
             "claimed_by": state.chart[spot.index]}
            for spot in CHART
        ],
        "seats": [_expedition(state, each, state.expeditions[each]) for each in SEATS],
        "section_borders": [list(pair) for pair in SECTION_BORDERS],
        "dotted_paths": [[[a.region, a.section], [b.region, b.section]] for a, b in DOTTED_PATHS],
        "end_reason": state.end_reason,
    }


def _must_relocate(state: State) -> bool:
    return state.phase is Phase.TRAP and state.guide is not None and not has_animals(state, state.guide)


def _region(state: State, region: int) -> dict[str, Any]:
    return {
        "region": region,
        "sections": [_section(section, state.board[index_of(region, section)]) for section in range(1, 7)],
    }


def _section(section: int, piece: Piece) -> dict[str, Any]:
    match piece:
        case Animal():
            return {"section": section, "piece": "animal", "animal": piece.value}
        case Hiker(seat=owner):
            return {"section": section, "piece": "hiker", "seat": owner}
        case Camp(seat=owner):
            return {"section": section, "piece": "camp", "seat": owner}
    raise AssertionError(f"unknown piece {piece!r}")


def _expedition(state: State, seat: int, expedition: Expedition) -> dict[str, Any]:
    return {
        "seat": seat,
        "name": state.names[seat],
        "score": expedition.score,
        "hikers_in_stock": expedition.hikers,
        "camps_in_stock": expedition.camps,
        "cubes_in_stock": expedition.cubes,
        "ready": [animal.value for animal in expedition.ready],
        "spent": [animal.value for animal in expedition.spent],
    }
