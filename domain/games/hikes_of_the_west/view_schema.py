"""The JSON Schema (draft 2020-12) of `view(state, seat)`, for the hiker and for a spectator alike.

The game is solo and open: both see the same fields (views.py). Ids refer to the catalog (catalog.py):
location and card ids to `locations` and `cards`, slots to `slots`.
"""

from __future__ import annotations

from typing import Any

from domain.core.about import SCHEMA_DIALECT
from domain.games.hikes_of_the_west.cards import DICE, LOCATIONS_PER_GAME, PATH_CARDS_PER_HIKE, card_ids
from domain.games.hikes_of_the_west.dice import stamina_limit
from domain.games.hikes_of_the_west.state import Phase, Step
from domain.games.hikes_of_the_west.trail import CANYON_SLOTS, PYRAMID_SLOTS, trail_length

LOCATION_STATUSES = ("turned up", "ahead", "hiking", "completed", "stranded", "not reached")
MAX_TRAIL = max(trail_length(card_id) for card_id in card_ids())


def _described(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {**schema, "description": description}


def _integer(description: str, minimum: int, maximum: int | None = None) -> dict[str, Any]:
    bounds = {"minimum": minimum} | ({"maximum": maximum} if maximum is not None else {})
    return _described(description, {"type": "integer", **bounds})


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema, or null (`description` kept on the outside)."""
    inner = {key: value for key, value in schema.items() if key != "description"}
    return {"description": schema["description"], "anyOf": [inner, {"type": "null"}]}


def _object(description: str, properties: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all fixed and always present."""
    return {"type": "object", "description": description, "properties": properties,
            "required": list(properties), "additionalProperties": False}


def _array(description: str, items: dict[str, Any], min_items: int = 0, max_items: int | None = None) -> dict[str, Any]:
    bounds = {"minItems": min_items} | ({"maxItems": max_items} if max_items is not None else {})
    return {"type": "array", "description": description, "items": items, **bounds}


def _enum(description: str, values: tuple[Any, ...]) -> dict[str, Any]:
    return {"description": description, "enum": list(values)}


FACE = _integer("A die face, 1 to 6 pips.", 1, DICE)
TERRAIN = _integer("A terrain, 1 to 6 pips: the number a die must show to cover it.", 1, DICE)
SLOT = _integer("A slot of the layout, 0 to 4 (catalog kind `slots`).", 0, PATH_CARDS_PER_HIKE - 1)
SPOT = _integer("A spot on the trail: how many terrains lie behind it, 0 being the trail head.", 0, MAX_TRAIL)
LOCATION_ID = _enum("A location's id (catalog kinds `locations` and `cards`).", card_ids())
CARD_ID = _enum("A card's id (catalog kind `cards`): the location printed on the front of this path card.",
                card_ids())

LOCATION = _object("One of the three locations turned up, with the dice on its card.", {
    "id": LOCATION_ID,
    "name": _described("The location's name.", {"type": "string"}),
    "par": _integer("The location's par (catalog).", 0),
    "rule": _described("The location's special rule as printed on its card (catalog).", {"type": "string"}),
    "order": _nullable(_integer("Its place in the hiking order, 0 to 2; null before planning.", 0,
                                LOCATIONS_PER_GAME - 1)),
    "dice": _array("The dice on the location card, out of play: rest dice that passed 6, the last rest die, the "
                   "Pikes Peak ride's 5, or the 6s of a stranded hiker.", FACE),
    "score": _integer("The sum of the dice on the card.", 0),
    "status": _enum("`turned up` before planning; then `ahead`, `hiking`, `completed`, `stranded` (the game ended "
                    "here with no die to roll) or `not reached` (the game ended before it).", LOCATION_STATUSES),
})

LAYOUT_CARD = _object("A path card dealt under the location.", {
    "slot": SLOT,
    "place": _enum("Where the slot lies: in the pyramid (top row 0-1, base 2-4) or, at the Grand Canyon, in the V "
                   "(catalog `slots`).", (*PYRAMID_SLOTS, *CANYON_SLOTS)),
    "card": CARD_ID,
    "terrains": _array("The six terrains printed on the card's path, from the trail-head end (the Grand Canyon "
                       "from the south rim walks them in reverse).", TERRAIN, 6, 6),
})

PATH_DIE = _object("A die covering a terrain since the last rest.", {
    "position": _integer("The spot it covers, 1-based along the trail.", 1, MAX_TRAIL),
    "terrain": TERRAIN,
    "die": FACE,
    "stamina": _described("Whether it is a stamina die.", {"type": "boolean"}),
})

REST_STOP = _object("The rest die: where it stands and the number of rests it counts.", {
    "position": SPOT,
    "die": _integer("The rest count it shows; past 6 it goes on the location card and a new one starts at 1.", 1,
                    DICE),
})

HIKE = _object("The hike under way at the current location.", {
    "location": LOCATION_ID,
    "name": _described("The location's name.", {"type": "string"}),
    "layout": _array("The five path cards dealt, by slot: a pyramid, or the Grand Canyon's V.", LAYOUT_CARD,
                     PATH_CARDS_PER_HIKE, PATH_CARDS_PER_HIKE),
    "route": _array("The slots chosen so far, in hiking order: the base card then the top card, or at the Grand "
                    "Canyon the starting rim alone (0 north, 4 south).", SLOT, 0, 2),
    "turned": _array("The slots of `route` hiked turned end for end (ChooseTurnedPath): their terrains come in the "
                     "reverse of the card's printed `terrains`.", SLOT, 0, 2),
    "turnable": _described("Whether path cards may be chosen turned here: rules version 2, except at the Grand "
                           "Canyon, whose V is hiked as dealt.", {"type": "boolean"}),
    "trail": _array("The terrains of the route chosen so far, in hiking order: empty before the first choice, six "
                    "until the top card is chosen, then twelve (thirty at the Grand Canyon).", TERRAIN, 0, MAX_TRAIL),
    "trail_length": _enum("How many terrains complete this hike: 12, or 30 at the Grand Canyon.",
                          tuple(sorted({trail_length(card_id) for card_id in card_ids()}))),
    "position": _integer("How many terrains lie behind the hiker: the rest stop plus the dice placed since.", 0,
                         MAX_TRAIL),
    "next_terrain": _nullable(_described("The terrain to cover next; null while a path card must be chosen.",
                                         TERRAIN)),
    "path_choices": _array("The slots ChoosePath accepts now: the base cards (2-4) at the trail head, the top "
                           "cards (0-1) at the top of the first card, the rims (0, 4) at the Grand Canyon.", SLOT, 0,
                           3),
    "rest_stop": _nullable(REST_STOP),
    "path_dice": _array("The dice placed on the trail since the last rest, in order.", PATH_DIE, 0, DICE),
    "free_dice": _array("The dice of the last roll not placed or saved, sorted; Cover and SaveStamina name one by its "
                        "number.", FACE, 0, DICE),
    "dice_in_hand": _integer("Dice gathered to be rolled (after a rest or at a new location), not yet rolled.", 0,
                             DICE),
    "stamina": _array("Saved stamina dice not yet used, by the number they show (Cover with stamina=true).", FACE, 0,
                      2),
    "step": _enum("`at-rest`: roll the dice in hand; `rolled`: place a die (or rest, forced); `moving`: a die was "
                  "placed since the roll: cover, roll again or rest.", tuple(step.value for step in Step)),
    "set_off": _described("Whether the hiker has rolled at this location (at Pikes Peak: too late to ride).",
                          {"type": "boolean"}),
    "stamina_limit": _enum("How many stamina dice may be saved after each rest: 2 at Cedar Breaks, else 1.",
                           tuple(sorted({stamina_limit(card_id) for card_id in card_ids()}))),
    "may_save_stamina": _described("Whether SaveStamina is open now (the first roll since the last rest, and "
                                   "stamina_limit not reached).", {"type": "boolean"}),
})

VIEW_SCHEMA: dict[str, Any] = {
    "$schema": SCHEMA_DIALECT,
    **_object("The table of Hikes of the West: the same for the hiker (seat 0) and a spectator.", {
        "hiker": _described("The hiker's name (seat 0).", {"type": "string"}),
        "rules_version": _integer("The rules the game is played under (GameCreated's): from 2 the hiker chooses which "
                                  "way round each path card is hiked (ChooseTurnedPath).", 1),
        "phase": _enum("`planning` (order the locations), `hiking`, `finished`.", tuple(p.value for p in Phase)),
        "status": _described("One line saying what the hiker may do now.", {"type": "string"}),
        "planned": _described("Whether the three locations have been ordered.", {"type": "boolean"}),
        "locations": _array("The three locations, in hiking order once planned (before that, as turned up;"
                            " empty until they are turned up at setup, as a replay can show).",
                            LOCATION, 0, LOCATIONS_PER_GAME),
        "current_location": _nullable(_described("The location being hiked; null when no hike is under way.",
                                                 LOCATION_ID)),
        "dice": _object("The six dice: how many are still in play and how many sit on location cards.", {
            "total": _enum("All the dice of the game.", (DICE,)),
            "on_locations": _integer("Dice on location cards, out of play for good.", 0, DICE),
            "in_play": _integer("Dice still in play: the total less those on location cards.", 0, DICE),
        }),
        "score": _integer("The sum of the dice on the location cards so far: lower is better.", 0),
        "par": _integer("The sum of the three locations' pars: a final score at or under it makes par.", 0),
        "deck_size": _integer("Cards face down, neither turned up nor dealt: their order is hidden.", 0,
                              len(card_ids())),
        "hike": _nullable(HIKE),
        "stranded": _described("Whether the game ended with the hiker stranded (no die left to roll).",
                               {"type": "boolean"}),
        "finished": _described("Whether the game is over.", {"type": "boolean"}),
    }),
}
