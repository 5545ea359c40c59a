"""The JSON Schema (draft 2020-12) of `view(state, seat)`, for a seat and for a spectator alike.

Nanga Parbat has no hidden information, so a seat and a spectator see the same fields; only `viewer`
differs. The enums come from the code (phases, animal types, chart rows), the bounds from the
supplies and the board, so the schema cannot drift from the views (views.py).
"""

from __future__ import annotations

from typing import Any

from domain.core.about import SCHEMA_DIALECT
from domain.games.nanga_parbat.board import REGION_NUMBERS, SECTION_NUMBERS, SECTIONS_PER_REGION
from domain.games.nanga_parbat.chart import CHART, COLUMNS, CUBES, ROWS
from domain.games.nanga_parbat.state import ANIMALS, CAMPS, HIKERS, SEATS, Phase


def _object(description: str, **properties: dict[str, Any]) -> dict[str, Any]:
    """A closed object: every field listed and required, no other."""
    return {"type": "object", "description": description, "properties": properties,
            "required": list(properties), "additionalProperties": False}


def _int(description: str, minimum: int, maximum: int | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "description": description, "minimum": minimum}
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def _ref(name: str, description: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}", "description": description}


def _nullable(name: str, description: str) -> dict[str, Any]:
    return {"anyOf": [{"$ref": f"#/$defs/{name}"}, {"type": "null"}], "description": description}


def _list(description: str, items: dict[str, Any], count: int | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "array", "description": description, "items": items}
    if count is not None:
        schema["minItems"] = schema["maxItems"] = count
    return schema


def _section_piece(piece: str, description: str, **fields: dict[str, Any]) -> dict[str, Any]:
    return _object(description,
                   section=_ref("section_number", "The section's number in its region (1 on top to 6 bottom right)."),
                   piece={"const": piece, "description": "What stands on the section."},
                   **fields)


DEFS: dict[str, Any] = {
    "seat": {"type": "integer", "enum": list(SEATS), "description": "A seat: 0 is the first player, 1 the second."},
    "region": {"type": "integer", "enum": list(REGION_NUMBERS),
               "description": "A region's flag number; catalog kind `regions` (id: the number as a string)."},
    "section_number": {"type": "integer", "enum": list(SECTION_NUMBERS),
                       "description": "A section's number inside its region; catalog kind `sections` has the "
                                      "section as \"region.section\"."},
    "animal": {"type": "string", "enum": [animal.value for animal in ANIMALS],
               "description": "An animal type; catalog kind `animals`."},
    "spot": {"type": "array", "prefixItems": [{"$ref": "#/$defs/region"}, {"$ref": "#/$defs/section_number"}],
             "minItems": 2, "maxItems": 2, "items": False,
             "description": "A section as [region, section]; catalog kind `sections`, id \"region.section\"."},
    "section": {"oneOf": [
        _section_piece("animal", "An animal not trapped yet.",
                       animal=_ref("animal", "Its type; catalog kind `animals`.")),
        _section_piece("hiker", "A hiker: it replaced the animal its player trapped here.",
                       seat=_ref("seat", "The hiker's player.")),
        _section_piece("camp", "A camp built from a hiker (points chart row 1); it never moves.",
                       seat=_ref("seat", "The camp's player.")),
    ]},
    "animal_board": {"type": "array", "items": {"$ref": "#/$defs/animal"}},
}

SEAT = _object(
    "One player's expedition: score, supplies and animal board.",
    seat=_ref("seat", "The seat."),
    name={"type": "string", "description": "The player's display name."},
    score=_int("The player's spot on the scoring path; it has no end. Only at 0 can both players share a spot.",
               0),
    hikers_in_stock=_int("Hikers not yet placed (catalog `pieces.hiker`); one is placed per trap, so it also counts "
                         "the player's turns left.", 0, HIKERS),
    camps_in_stock=_int("Camps not yet built (catalog `pieces.camp`).", 0, CAMPS),
    cubes_in_stock=_int("Cubes not yet on the points chart (catalog `pieces.cube`); at 0 the player claims no more.",
                        0, CUBES),
    ready=_ref("animal_board", "Trapped animals not activated, in the rulebook's order of types (catalog `animals`). "
                               "Bharal and red panda are never activated, so they stay here until traded."),
    spent=_ref("animal_board", "Trapped animals already activated (slid down the animal board): they can still be "
                               "traded, never activated again."),
)

REGION = _object(
    "A region of the mountain and its six sections.",
    region=_ref("region", "The region's flag number."),
    sections=_list("The six sections, section 1 first.", {"$ref": "#/$defs/section"}, SECTIONS_PER_REGION),
)

CHART_SPOT = _object(
    "One square of the points chart; catalog kind `chart_spots`, id \"row.column\".",
    row={"type": "string", "enum": [row.value for row in ROWS],
         "description": "camps: build camps (BuildCamps); different: trade different types (TradeDifferentAnimals); "
                        "same: trade one type (TradeSameAnimals)."},
    column=_int("The column, 1 to 5 (a claim command's `column`).", COLUMNS[0], COLUMNS[-1]),
    requires=_int("How many camps or animals a claim of this square takes (the circled number).", 1),
    points=_int("The victory points the square pays.", 0),
    claimed_by=_nullable("seat", "The seat whose cube is on the square, or null while it is free."),
)

VIEW_SCHEMA: dict[str, Any] = {
    "$schema": SCHEMA_DIALECT,
    "title": "Nanga Parbat view",
    **_object(
        "The whole open mountain, both expeditions and the points chart. A seat and a spectator see the same; "
        "only `viewer` differs.",
        rules_version=_int("The rules version the game is played under (GameCreated's): 1 ended the game at the "
                           "trap that places the last hiker; 2 let the second player's last turn go on after it; "
                           "from 3 the end at that trap is the default and the whole last turn the "
                           "`whole_last_turn` option (see `whole_last_turn`); 4 has the rules of 3 and only a "
                           "stronger `search` bot level (a game keeps the search of the version it was created "
                           "under, so its search seats replay and audit alike).", 1),
        phase={"type": "string", "enum": [phase.value for phase in Phase],
               "description": "place_guide: seat 1 puts the guide on a region before the first turn; trap: the "
                              "active seat must trap an animal (relocating the guide first if `must_relocate_guide`); "
                              "score: trapped, the seat may claim one chart spot, activate, then EndTurn; "
                              "over: the game has ended."},
        turn=_int("Turns begun in the game, both players together: 0 while the guide is placed, 1 for the first "
                  "turn, at most 30.", 0, 2 * HIKERS),
        active_seat=_nullable("seat", "The seat whose turn it is (phases trap and score), else null."),
        to_act={"type": "array", "items": {"$ref": "#/$defs/seat"}, "maxItems": 1,
                "description": "The seats that may act now: one seat, or none once the game is over."},
        viewer=_nullable("seat", "The seat this view was made for, or null for a spectator."),
        area_scoring={"type": "boolean", "description": "Whether the Area Scoring variant is played (game option)."},
        whole_last_turn={"type": "boolean",
                         "description": "Whether the second player's 15th turn goes on after its trap (step 4, "
                                        "activations) until EndTurn: the `whole_last_turn` option from rules version "
                                        "3, always under 2; when false the game ends at that trap (Game End)."},
        guide=_nullable("region", "The region the guide is in (catalog `regions`), or null before it is placed."),
        must_relocate_guide={"type": "boolean",
                             "description": "True when the guide's region has no animal left: the active seat must "
                                            "RelocateGuide before trapping."},
        claimed_this_turn={"type": "boolean",
                           "description": "Whether the active seat has claimed a chart spot this turn (one at most)."},
        regions=_list("The six regions, region 1 first (empty only before the animals are placed).",
                      REGION, None) | {"maxItems": len(REGION_NUMBERS)},
        chart=_list("The 15 squares of the points chart, row by row (camps, different, same), column 1 first.",
                    CHART_SPOT, len(CHART)),
        seats=_list("Both expeditions, seat 0 first.", SEAT, len(SEATS)),
        section_borders=_list("Pairs of section numbers that share a border, the same inside every region "
                              "(catalog `sections[].borders`).",
                              {"type": "array", "items": {"$ref": "#/$defs/section_number"},
                               "minItems": 2, "maxItems": 2}),
        dotted_paths=_list("The dotted white paths, each joining two sections of different regions; a path makes "
                           "its ends adjacent (catalog `dotted_paths`).",
                           {"type": "array", "items": {"$ref": "#/$defs/spot"}, "minItems": 2, "maxItems": 2}),
        end_reason={"enum": ["hikers", "cubes", None],
                    "description": "Why the game ended: both players placed all hikers, or all cubes; null before."},
    ),
    "$defs": DEFS,
}
