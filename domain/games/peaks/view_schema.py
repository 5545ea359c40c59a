"""The JSON Schema (draft 2020-12) of a Peaks view, `view(state, seat)`, for a seat and for a spectator.

Built from the same data as the game (ids, track limits, dial and tile counts), so it stays exact when
the data changes. Ids refer to catalog entries (GET /api/v1/game-types/peaks, `catalog`).
Rulebook: Global setup, Player setup, Rest, Prepare, Climb, Companions, Rewards, Action bonuses, Game end.
"""

from __future__ import annotations

from typing import Any, get_args

from domain.core.about import SCHEMA_DIALECT
from domain.games.peaks import cards
from domain.games.peaks.commands import Reward
from domain.games.peaks.state import AUTOMATIC, Phase, StepKind
from domain.games.peaks.steps import PROMPTS

#: The kinds of reward a climb gives (`GainReward.reward`): the card's, and a companion's stamina after the climb.
REWARD_KINDS: tuple[str, ...] = get_args(Reward)

#: The seats at the largest table (SPEC.max_seats; a test checks the two agree).
MAX_SEATS = 6

#: The steps a view can show as waiting: the automatic ones are done before a view is ever taken.
WAITING_STEPS: tuple[str, ...] = tuple(kind.value for kind in StepKind if kind not in AUTOMATIC
                                       and kind is not StepKind.END_TURN)


def _integer(description: str, minimum: int = 0, maximum: int | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "integer", "minimum": minimum, "description": description}
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def _ids(ref: str, description: str) -> dict[str, Any]:
    return {"type": "array", "items": {"$ref": f"#/$defs/{ref}"}, "description": description}


def _record(keys: tuple[str, ...], value: dict[str, Any], description: str) -> dict[str, Any]:
    """An object with exactly these keys, each holding `value`."""
    return {"type": "object", "properties": dict.fromkeys(keys, value), "required": list(keys),
            "additionalProperties": False, "description": description}


def _object(description: str, properties: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"type": "object", "description": description, "properties": properties,
            "required": [name for name in properties if name not in optional], "additionalProperties": False}


def _definitions() -> dict[str, Any]:
    board = cards.board()
    return {
        "seat": _integer("a seat index, 0-based (seat 0 takes the first turn)", 0, MAX_SEATS - 1),
        "mountain_id": {"type": "string", "enum": list(cards.mountains()),
                        "description": "a mountain card: an id of catalog kind `mountains`"},
        "companion_id": {"type": "string", "enum": list(cards.companions()),
                         "description": "a companion card: an id of catalog kind `companions`"},
        "bonus_card_id": {"type": "string", "enum": list(cards.bonus_cards()),
                          "description": "a bonus card: an id of catalog kind `bonus_cards`"},
        "continent_id": {"type": "string", "enum": list(board.continents),
                         "description": "a continent: an id of catalog kind `continents`"},
        "equipment_id": {"type": "string", "enum": list(board.equipment),
                         "description": "an equipment type: an id of catalog kind `equipment`"},
    }


def _player() -> dict[str, Any]:
    board, mat = cards.board(), cards.mat()
    actions = cards.ACTIONS
    most_dial = max(len(mat.actions[a].dial) for a in actions) - 1
    most_tiles = max(len(mat.actions[a].tiles) for a in actions)
    return _object("one seat's player mat, pieces and cards (rulebook: Player setup)", {
        "seat": {"$ref": "#/$defs/seat", "description": "the seat this mat belongs to"},
        "name": {"type": "string", "description": "the player's display name"},
        "continent": {"anyOf": [{"$ref": "#/$defs/continent_id"}, {"type": "null"}],
                      "description": "where the character stands; null until placed at set-up"},
        "stamina": _integer("stamina: paid for climbs, regained by resting", 0, mat.stamina_max),
        "stamina_level": _integer("stamina level: what resting for 'level' refills stamina up to",
                                  0, mat.stamina_level_max),
        "experience": _integer("the seat's place on the experience track", 0, mat.experience_max),
        "equipment": _record(board.equipment, _integer("how many of this equipment", 0, mat.equipment_max),
                             "equipment held, by equipment id (catalog kind `equipment`)"),
        "flags": _record(board.continents, _integer("flags (and stand-in tokens) placed in this continent"),
                         "flags placed on the board, by continent id (catalog kind `continents`)"),
        "flags_placed": _integer("all flags placed on the board; the game ends after a turn in which a seat "
                                 f"reaches {mat.flags}"),
        "mountains": _ids("mountain_id", "the mountains held, not yet climbed (public), in the order gained"),
        "companions": {"type": "array", "maxItems": mat.companion_slots,
                       "description": f"the companions on the mat ({mat.companion_slots} spaces), in mat order",
                       "items": _object("a companion on the mat", {
                           "companion": {"$ref": "#/$defs/companion_id", "description": "the companion"},
                           "uses": _integer("its use number now: a climb it is brought on lowers it by 1; "
                                            "at 0 it is discarded", 0),
                       })},
        "bonus_cards_in_hand": _integer("how many bonus cards the seat holds (the cards are hidden from others)"),
        "tokens": _record(actions, _integer(f"player tokens on the action; with {mat.action_bonus_tokens} or more "
                                            "after taking it, its action bonus may be claimed"),
                          "player tokens on each action (catalog kind `actions`)"),
        "dials": _record(actions, _integer("how many times the action's dial has been rotated (an index into the "
                                           "action's `dial` numbers in the catalog)", 0, most_dial),
                         "action dial upgrades, by action"),
        "tiles": _record(actions, _integer("how many of the action's tiles are slid up (the first ones of its "
                                           "`tiles` in the catalog)", 0, most_tiles),
                         "action tile upgrades, by action"),
        "first_summit": {"anyOf": [_integer("the number of the climb", 1), {"type": "null"}],
                         "description": "the number (1 = the game's first climb) of the first climb the seat took "
                                        "part in, as climber or tag-along; the last tie-break; null if none yet"},
        "bonus_cards": _ids("bonus_card_id", "the seat's own bonus cards: present only in that seat's own view"),
        "revealed_bonus_cards": _ids("bonus_card_id", "present once the game is over: the bonus cards whose "
                                                      "game-end requirement the seat fulfilled (their flags count)"),
    }, optional=("bonus_cards", "revealed_bonus_cards"))


def _step() -> dict[str, Any]:
    prompts = "; ".join(f"{kind.value}: {PROMPTS[kind]}" for kind in StepKind if kind.value in WAITING_STEPS)
    return {"anyOf": [_object("the step of the turn waiting for a decision, and whose it is", {
        "kind": {"type": "string", "enum": list(WAITING_STEPS), "description": f"what is to be decided ({prompts})"},
        "seat": {"$ref": "#/$defs/seat", "description": "the seat that decides (to_act)"},
        "prompt": {"type": "string", "description": "the decision in words"},
        "amount": _integer("equipment: how many equipment the step still gives, one GainEquipment each", 1),
        "equipment": {"$ref": "#/$defs/equipment_id",
                      "description": "equipment: the only type this step gives (a bonus card's discard bonus)"},
        "cards": _ids("companion_id", "choose_companion: the companions drawn, to keep one of"),
        "rewards": {"type": "object", "additionalProperties": False,
                    "properties": {kind: _integer(f"how many {kind.replace('_', ' ')} the climb gives", 1)
                                   for kind in REWARD_KINDS},
                    "description": "rewards (rules version 2): the climb's rewards not yet taken or declined, kind: "
                                   "count, in the order they first appear (the climb's experience, the side's "
                                   "rewards in card order, then a companion's stamina after the climb); each kind is "
                                   "taken (GainReward) or declined (DeclineReward) whole, in any order"},
        "missing": _ids("equipment_id", "back_climb (rules version 2): the equipment types the climber still "
                                        "lacks; OfferEquipment to the climber pays some of them"),
    }, optional=("amount", "equipment", "cards", "rewards", "missing")), {"type": "null"}],
        "description": "the waiting step; null at set-up, between turns and after the end (and, in a replay, "
                       "between the events of one command, where the service plays an automatic step)"}


def _queued() -> dict[str, Any]:
    return {"type": "array", "description": (
        "the steps of the turn still to come, in order, the waiting step (if any) first: an action's steps, a "
        "climb's rewards for each seat on it, the action bonus, the end of the turn (`end_turn`); the automatic "
        "ones are done by the service as they reach the head. Public: each was queued by a public event"),
        "items": _object("one step of the turn's queue", {
            "kind": {"type": "string", "enum": [kind.value for kind in StepKind], "description": "what the step does"},
            "seat": {"$ref": "#/$defs/seat", "description": "the seat the step is for"},
            "amount": _integer("stamina, experience, stamina levels, flags or equipment the step gives", 1),
            "continent": {"$ref": "#/$defs/continent_id",
                          "description": "where a flag step places its flags; for `rewards`, the climb's continent"},
            "equipment": {"$ref": "#/$defs/equipment_id",
                          "description": "equipment: the only type this step gives (a bonus card's discard bonus)"},
            "cards": {"type": "array", "items": {"anyOf": [
                {"$ref": "#/$defs/companion_id"}, {"$ref": "#/$defs/equipment_id"},
                {"type": "string", "enum": list(REWARD_KINDS)}]},
                "description": "choose_companion: the companions drawn; rewards: one entry per reward still to take "
                               "or decline; back_climb: the equipment types the climber lacked when it asked"},
        }, optional=("amount", "continent", "equipment", "cards"))}


def _climb() -> dict[str, Any]:
    return {"anyOf": [_object("the climb under way this turn (rulebook: Climb)", {
        "climber": {"$ref": "#/$defs/seat", "description": "the seat that chose the climb action"},
        "mountain": {"$ref": "#/$defs/mountain_id", "description": "the mountain climbed"},
        "side": {"type": "string", "enum": ["left", "right"],
                 "description": "the climber's side of rewards; tag-alongs gain the other side"},
        "party": {"type": "array", "description": "who is on the climb so far, the climber first",
                  "items": _object("a seat on the climb", {
                      "seat": {"$ref": "#/$defs/seat", "description": "the seat"},
                      "companions": _ids("companion_id", "the companions it brings"),
                  })},
        "offers": {"type": "array", "description": "the climber's offers to pay opponents' equipment (Negotiation)",
                   "items": _object("one offer", {
                       "seat": {"$ref": "#/$defs/seat", "description": "the opponent offered"},
                       "equipment": _ids("equipment_id", "the equipment the climber would pay for them"),
                       "accepted": {"type": ["boolean", "null"],
                                    "description": "true: accepted (binding), false: rejected, null: not answered"},
                   })},
        "backing": {"type": "array", "description": "rules version 2: opponents who agreed to pay part of the "
                                                     "climber's equipment (Negotiation), in the order they agreed",
                    "items": _object("one backer", {
                        "seat": {"$ref": "#/$defs/seat", "description": "the opponent paying"},
                        "equipment": _ids("equipment_id", "the climber's equipment they pay at the climb"),
                    })},
    }), {"type": "null"}], "description": "the climb under way, or (rules version 2) asked to be backed before the "
                                           "climber's action is taken; null when no climb is"}


def build() -> dict[str, Any]:
    """The whole view schema."""
    mat, board = cards.mat(), cards.board()
    mountain_or_gap = {"anyOf": [{"$ref": "#/$defs/mountain_id"}, {"type": "null"}],
                       "description": "the mountain in this slot, or null for a slot taken and not yet refilled"}
    deck = _integer("cards left in the deck (its order is hidden)")
    return {
        "$schema": SCHEMA_DIALECT,
        "title": "Peaks view",
        "description": "Peaks as a seat (or, with `you` null, a spectator) sees it; ids refer to the catalog",
        "type": "object",
        "$defs": _definitions(),
        "properties": {
            "rules_version": _integer("the rules version the game is played under (GameCreated's): from 2 a climb's "
                                      "rewards are chosen one kind at a time, bonus cards may be discarded at any "
                                      "choice, and opponents may back a climb the climber cannot equip alone; from 3 "
                                      "who is asked to tag along is decided from public information only and "
                                      "promises bind", 1),
            "phase": {"type": "string", "enum": [phase.value for phase in Phase],
                      "description": "placing: characters are being placed; playing; over: the game has ended"},
            "current": {"$ref": "#/$defs/seat", "description": "the seat whose turn it is"},
            "turn": _integer("turns completed so far, all seats together"),
            "round_cap": _integer("the game also ends when every seat has taken this many turns (our ruling; the "
                                  "`round_cap` option from rules version 3, 150 before); 0: no cap", 0),
            "action": {"anyOf": [{"type": "string", "enum": list(cards.ACTIONS)}, {"type": "null"}],
                       "description": "the action the current player took this turn (catalog kind `actions`); "
                                      "null before they choose"},
            "display": {"type": "array", "maxItems": board.display_size, "items": mountain_or_gap,
                        "description": "the face-up mountains, leftmost (slot 0, catalog kind `display_slots`) "
                                       "first; `GainMountain.slot` indexes it"},
            "decks": _object("the face-down decks (catalog kind `decks`)", {
                "A": deck, "B": deck, "companions": deck, "bonus": deck,
                "refills_display": {"type": "string", "enum": ["A", "B"],
                                    "description": "the mountain deck that refills the display: A, then B once "
                                                   f"a stamina level reaches {board.b_deck_stamina_level}"},
            }),
            "discards": _object("the face-up discard piles, oldest first", {
                "A": _ids("mountain_id", "discarded A mountains"), "B": _ids("mountain_id", "discarded B mountains"),
                "companions": _ids("companion_id", "discarded companions"),
                "bonus": _ids("bonus_card_id", "bonus cards discarded for their bonus"),
            }),
            "step": _step(),
            "queue": _queued(),
            "unbacked": _ids("mountain_id", "rules version 2: the mountains whose backing fell short this turn (not "
                                            "listed as climbs again until the next turn)"),
            "climb": _climb(),
            "players": {"type": "array", "minItems": 2, "maxItems": MAX_SEATS, "items": _player(),
                        "description": f"every seat's mat in seat order (stamina and level up to "
                                       f"{mat.stamina_max}, experience up to {mat.experience_max})"},
            "you": {"anyOf": [{"$ref": "#/$defs/seat"}, {"type": "null"}],
                    "description": "the seat whose view this is; null for a spectator"},
        },
        "required": ["rules_version", "phase", "current", "turn", "round_cap", "action", "display", "decks",
                     "discards", "step", "queue", "unbacked", "climb", "players", "you"],
        "additionalProperties": False,
    }


VIEW_SCHEMA: dict[str, Any] = build()
