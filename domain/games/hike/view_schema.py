"""The JSON Schema (draft 2020-12) of a Hike! view, `view(state, seat)`, for a seat and for a spectator.

Card ids are enumerated from the data files (cards.py), so the schema names exactly the ids the
catalog holds; the phases, steps, snow types and edge colours come from the game's own enums.
"""

from __future__ import annotations

from typing import Any

from domain.core.about import SCHEMA_DIALECT
from domain.games.hike.cards import (
    COLOURS,
    DOUBLE_CARE,
    EQUIPMENT,
    HUSKIES,
    LANDSCAPES,
    SINGLE_CARE,
    TOKEN_PREFIX,
    YOUNGSTERS,
    Side,
    Snow,
)
from domain.games.hike.sled import ROWS
from domain.games.hike.state import PREPARATION_DAY_CAP, RACE_DAY_CAP, RACE_DAY_GUARD, Phase, Step

ENDINGS = ("the last field was reached", "nobody reached the start", "no sled can move any more",
           f"no sled reached the last field in {RACE_DAY_CAP} days",
           f"no sled reached the last field in {RACE_DAY_GUARD} days")
"""Why the game ended (RaceEnded.reason, days.py): the fourth under rules version 1 only, the third and fifth from
version 2 on."""

TOKEN_PATTERN = f"^{TOKEN_PREFIX}[0-9]{{2,}}$"


def _object(description: str, properties: dict[str, Any], **more: Any) -> dict[str, Any]:
    """An object with exactly these fields, all required."""
    return {"type": "object", "description": description, "properties": properties,
            "required": sorted(properties), "additionalProperties": False, **more}


def _integer(description: str, minimum: int = 0, **more: Any) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "description": description, **more}


def _nullable(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "anyOf": [schema, {"type": "null"}]}


def _ref(name: str, description: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}", "description": description}


def _array(items: dict[str, Any], description: str, **more: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, "description": description, **more}


def _ids(ids: Any, description: str) -> dict[str, Any]:
    return {"type": "string", "enum": sorted(ids), "description": description}


SEAT = _integer("a seat index, 0 for the first player")
SNOW = {"type": "string", "enum": [snow.value for snow in Snow],
        "description": "a snow type (catalog kind snow_types): the snowflake on a field or a husky"}
POINT = _array({"$ref": "#/$defs/snow"}, "one movement point: the snow types it may be spent as (one for a printed "
               "point; an upgrade's extra point may take any type printed on the husky's neighbours)", minItems=1)
FIELD = _object("a field printed on a landscape card", {
    "snow": _ref("snow", "the snow type a movement point must match to move onto this field"),
    "equipment": {"type": "boolean", "description": "whether the field also requires an equipment card"},
})
EDGES = _object("the husky card's edge colours; neighbours in the sled must match facing edges",
                {side.value: {"type": "string", "enum": list(COLOURS), "description": f"the {side.value} edge's colour"}
                 for side in Side})
NAME = {"type": "string", "description": "the card's name, as in the catalog"}


def _card_of(kind: str, ids: dict[str, Any], description: str, **more: Any) -> dict[str, Any]:
    return _object(description, {"id": ids, "kind": {"const": kind, "description": "the kind of card"},
                                 "name": NAME, **more})


CARDS = {
    "husky_card": _card_of("husky", _ids(HUSKIES, "an experienced husky (catalog kind huskies)"),
                           "an experienced husky card with its printed values", edges=EDGES,
                           snow=_array({"$ref": "#/$defs/snow"}, "its printed movement points, one snowflake each",
                                       minItems=1, maxItems=3)),
    "youngster_card": _card_of("youngster", _ids(YOUNGSTERS, "a youngster (catalog kind youngsters)"),
                               "a youngster husky: no movement points, fits next to any edge"),
    "equipment_card": _card_of("equipment", _ids(EQUIPMENT, "an equipment card (catalog kind equipment_cards)"),
                               "an equipment card"),
    "care_card": _card_of("care", {
        "description": "a single care card (catalog kind care_cards), or a care token T01, T02... that stands in "
                       "for one once the care cards run out (not in the catalog)",
        "anyOf": [_ids(SINGLE_CARE, "a single care card"),
                  {"type": "string", "pattern": TOKEN_PATTERN, "description": "a care token"}]},
        "a single care card, or a care token counting as one", name={"enum": ["Care", "Care token"],
                                                                    "description": "Care, or Care token"}),
    "double_care_card": _card_of("double_care", _ids(DOUBLE_CARE, "a double care card (catalog kind care_cards)"),
                                 "a double care card", name={"const": "Double care", "description": "the card's name"}),
}
CARD = {"description": "a card with its id, kind and name (and a husky's edges and snowflakes)",
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in CARDS]}
CARE_ID = {"description": "a care card (catalog kind care_cards) or a care token (T01, T02...)",
           "anyOf": [_ids((*SINGLE_CARE, *DOUBLE_CARE), "a care card"),
                     {"type": "string", "pattern": TOKEN_PATTERN, "description": "a care token"}]}

EMPTY_SPOT = _object("a free place in the sled, still marked by its placeholder cube", {
    "slot": _integer("the place: row x columns + column, top row first"),
    "card": {"type": "null", "description": "no husky here yet"},
})
FILLED_SPOT = _object("a place in the sled with its husky and the husky's race state", {
    "slot": _integer("the place: row x columns + column, top row first"),
    "card": {"description": "the husky on this place", "oneOf": [{"$ref": "#/$defs/husky_card"},
                                                                {"$ref": "#/$defs/youngster_card"}]},
    "tired": {"type": "boolean", "description": "a cube lies on it: used today (race)"},
    "resting": {"type": "boolean", "description": "turned face down for the rest of the race: never used again"},
    "equipment": _nullable(_ids(EQUIPMENT, "an equipment card (catalog kind equipment_cards)"),
                           "the equipment card under this upgraded 1-point husky, or null"),
    "points": _array(POINT, "the movement points one use of this husky spends, each with the snow types it may be "
                     "spent as (an upgrade adds one flexible point; empty for youngsters)", maxItems=4),
})
MUSHER = _object("one seat's public side of the table", {
    "seat": SEAT,
    "name": {"type": "string", "description": "the musher's display name"},
    "sled": _array({"oneOf": [{"$ref": "#/$defs/empty_spot"}, {"$ref": "#/$defs/filled_spot"}]},
                   "the sled's places in slot order: two rows of `columns` places", minItems=6, maxItems=8),
    "ready": {"type": "boolean", "description": "declared ready to race (on the start card)"},
    "out": {"type": "boolean", "description": "out of the race: was not ready when Preparations ended"},
    "position": _integer("where the sled is: 0 is the start card's empty space, 1 to the last field along the "
                         "track (the start card's fields are 1 and 2)"),
    "care_pile": _array(_ids((*SINGLE_CARE, *DOUBLE_CARE), "a care card (catalog kind care_cards)"),
                        "the face-up personal care pile, top first (emptied into the race care pile when "
                        "Preparations end)", maxItems=3),
    "hand_size": _integer("how many cards the musher holds"),
    "plus_cards": _integer("how many +1 (mentor) cards the musher still holds", maximum=2),
    "compulsory_care": _nullable(CARE_ID, "the care card drawn face up for being far behind, to use today (it bars "
                                 "making camp while it can be used, unless `care_card_lapses`); null once it is "
                                 "used, and at the end of the day"),
    "camped": {"type": "boolean", "description": "has made camp for today (race); on a simultaneous day the others "
               "move on until everyone has"},
    "step": _nullable({"type": "string", "enum": [Step.RUN.value, Step.EQUIPMENT.value, Step.REST.value]},
                      "where this musher's moves stand while they are to act in the race: run, equipment or "
                      "rest; null when they are not to act"),
})
LANDSCAPE_ON_TRACK = _object("a face-up landscape card on the track", {
    "place": _integer("its place on the track: 0 the start card, then the face-down landscapes 1, 2..., then the "
                      "finish card"),
    "face_up": {"const": True, "description": "the card is face up"},
    "rotated": {"const": False, "description": "a face-up card is never rotated"},
    "card": _ids(LANDSCAPES, "the landscape card (catalog kind landscapes)"),
    "name": {"type": "string", "description": "the landscape's name, as in the catalog"},
    "fields": _array({"$ref": "#/$defs/field"}, "its fields in racing order", minItems=1),
})
FACE_DOWN = _object("a face-down landscape: which card it is stays hidden until it is turned", {
    "place": _integer("its place on the track", minimum=1),
    "face_up": {"const": False, "description": "the card is face down"},
    "rotated": {"type": "boolean", "description": "the rotated card: from the day it is turned, mushers open only 1 "
                "card from the husky deck"},
})
NUMBERED_FIELD = _object("a field of the track with its number", {
    "field": _integer("the field's number: 1 to the last field, from the start card on", minimum=1),
    "snow": _ref("snow", "the snow type a movement point must match to move onto this field"),
    "equipment": {"type": "boolean", "description": "whether the field also requires an equipment card"},
})
RUN = _object("the husky whose movement paused before a field that requires equipment", {
    "slot": _integer("the husky's place in the sled"),
    "points": _array(POINT, "its unspent movement points, one of which may enter the field"),
})

VIEW_SCHEMA: dict[str, Any] = {
    "$schema": SCHEMA_DIALECT,
    "title": "Hike! view",
    "description": "The table as one seat (or a spectator) sees it: the track, the centre, every sled, the seat's "
                   "own hand. Hidden: the husky deck's order, face-down landscapes, the race care pile's order and "
                   "other seats' hands.",
    "type": "object",
    "properties": {
        "you": _nullable(SEAT, "the viewer's seat, or null for a spectator"),
        "phase": {"type": "string", "enum": [phase.value for phase in Phase],
                  "description": "preparations (drafting the sleds), race, or over"},
        "step": _nullable({"type": "string", "enum": [step.value for step in Step]},
                          "where the current turn stands (null once over; on a simultaneous race day, the viewer's "
                          "own): open (open cards), action (one of the "
                          "four actions), swap (place a husky from hand to finish a swap), bonus (youngster, "
                          "declare or end turn), upgrade (after declaring), run (race moves), equipment (before a "
                          "field that requires equipment), rest (turn huskies to rest)"),
        "rules_version": _integer("the rules the game is played under (GameCreated's): from 2, no StopBeforeField, "
                                  "no extra point from a resting neighbour, and the race ends when no sled can "
                                  "move; under 2 only, a drawn care card lapses at the day's end instead of "
                                  "barring camp (from 3, the table option care_card_lapses)", 1),
        "care_card_lapses": {"type": "boolean", "description": "whether a drawn care card left unused lapses at the "
                             "day's end instead of barring camp: always under rules version 2, never under 1, the "
                             "table option of that name from 3"},
        "simultaneous_days": {"type": "boolean", "description": "the table option (rules version 3 on): on race "
                              "days every musher not yet in camp acts at once (`current` is null; `to_act` holds "
                              "them all)"},
        "day": _integer(f"the day of the current phase, from 1 (Preparations end by day {PREPARATION_DAY_CAP} "
                        f"when nobody declares; the race ends when no sled can move, by day {RACE_DAY_GUARD} at "
                        f"the latest (rules version 1: by day {RACE_DAY_CAP}))"),
        "turn_order": _array(SEAT, "the seats in the order they take today's turns (race: last sled first)"),
        "current": _nullable(SEAT, "the seat whose turn it is, or null (between days, and on a simultaneous race "
                             "day, when every musher not yet in camp may act)"),
        "opening": _integer("how many cards each musher opens from the husky deck this Preparations day, before +1 "
                            "cards (2, then 1 from the day the rotated landscape is turned); 0 in the race",
                            maximum=2),
        "track": _array({"oneOf": [{"$ref": "#/$defs/landscape_on_track"}, {"$ref": "#/$defs/face_down"}]},
                        "the landscape cards from start to finish (empty until the track is laid out at"
                        " setup, as a replay can show)", maxItems=10),
        "fields": _nullable(_array({"$ref": "#/$defs/numbered_field"}, "every field of the track in order"),
                            "every field numbered from the start card on, once all landscapes are face up; null "
                            "before (the count would tell what the face-down cards hold)"),
        "deck_size": _integer("cards left in the face-down husky deck"),
        "centre": _array({"$ref": "#/$defs/card"}, "the face-up cards in the centre of the table, in the order "
                         "they were opened"),
        "side_care": _integer("how many care cards were put to the side at setup (they join the race care pile)"),
        "care_pile_size": _integer("cards in the face-down race care pile"),
        "care_discards": _array(_ids((*SINGLE_CARE, *DOUBLE_CARE), "a care card (catalog kind care_cards)"),
                                "care cards used in the race, reshuffled into the pile when it runs out"),
        "first_ready": _nullable(SEAT, "the first seat to declare ready, or null"),
        "last_preparation_day": _nullable(_integer("a day", minimum=1), "the last day of Preparations once someone "
                                          "has declared ready (3 days after that day), else null"),
        "rows": {"const": ROWS, "description": "rows in every sled"},
        "columns": {"type": "integer", "enum": [3, 4], "description": "places per sled row: 4, or 3 at five or six "
                    "players; a double care card refreshes one column"},
        "mushers": _array({"$ref": "#/$defs/musher"}, "every seat in seat order", minItems=2, maxItems=6),
        "hand": _nullable(_array({"$ref": "#/$defs/card"}, "the cards in the viewer's hand, sorted by id"),
                          "the viewer's own hand; null for a spectator"),
        "run": _nullable({"$ref": "#/$defs/run"}, "the husky waiting before a field that requires equipment "
                         "(step equipment; on a simultaneous day, the viewer's own), else null"),
        "rests_due": _integer("huskies still to turn to rest after pushing through (step rest; on a simultaneous "
                              "day, the viewer's own)", maximum=2),
        "ending": _nullable({"type": "string", "enum": list(ENDINGS)}, "why the game ended, once over; else null"),
    },
    "additionalProperties": False,
    "$defs": {
        "snow": SNOW,
        "field": FIELD,
        **CARDS,
        "card": CARD,
        "empty_spot": EMPTY_SPOT,
        "filled_spot": FILLED_SPOT,
        "musher": MUSHER,
        "landscape_on_track": LANDSCAPE_ON_TRACK,
        "face_down": FACE_DOWN,
        "numbered_field": NUMBERED_FIELD,
        "run": RUN,
    },
}
VIEW_SCHEMA["required"] = sorted(VIEW_SCHEMA["properties"])
