"""What the hiker (or a spectator) sees, built field by field.

The game is solo with open information: everything is shown but the order of the undrawn
cards (rulebook, Setup).
"""

from __future__ import annotations

from typing import Any

from domain.games.hikes_of_the_west.cards import DICE, PIKES_PEAK, card, location_name, par_of
from domain.games.hikes_of_the_west.dice import stamina_limit
from domain.games.hikes_of_the_west.state import GameState, Hike, Phase, Step
from domain.games.hikes_of_the_west.trail import path_options, slot_name, trail, trail_length


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    """The table as anyone may see it: locations, path cards, every die, the score against par."""
    return {
        "hiker": state.hiker,
        "rules_version": state.rules_version,
        "phase": state.phase.value,
        "status": status(state),
        "planned": bool(state.plan),
        "locations": [location_view(state, location) for location in state.plan or state.locations],
        "current_location": state.plan[state.leg] if state.hike is not None else None,
        "dice": {"total": DICE, "on_locations": state.dice_on_locations, "in_play": state.dice_available},
        "score": state.score,
        "par": par_of(state.locations),
        "deck_size": len(state.deck),
        "hike": _hike_view(state, state.hike) if state.hike is not None else None,
        "stranded": state.stranded,
        "finished": state.phase is Phase.FINISHED,
    }


def planner_view(state: GameState) -> dict[str, Any]:
    """The parts of `view` the planner reads (bots.py), built by the same functions: the search's rollouts
    ask it at every step, and the rest of the view (status lines, location cards) was a fifth of their CPU."""
    return {
        "locations": [{"id": location} for location in state.plan or state.locations],
        "dice": {"in_play": state.dice_available},
        "hike": _hike_view(state, state.hike) if state.hike is not None else None,
    }


def status(state: GameState) -> str:
    """One line saying what the hiker may do now."""
    if state.phase is Phase.PLANNING:
        names = ", ".join(location_name(location) for location in state.locations)
        return f"Order the three locations from left to right: {names}."
    if state.phase is Phase.FINISHED or state.hike is None:
        verdict = "made par" if state.score <= par_of(state.locations) else "over par"
        prefix = "Stranded with no die left to roll. " if state.stranded else ""
        return f"{prefix}Final score {state.score} against par {par_of(state.locations)}: {verdict}."
    return _hike_status(state, state.hike)


def _hike_status(state: GameState, hike: Hike) -> str:
    where = location_name(hike.location)
    if hike.step is Step.AT_REST:
        dice = len(hike.free) + state.dice_in_hand
        ride = " or ride to the top" if hike.location == PIKES_PEAK and not hike.set_off else ""
        return f"{where}: roll your {dice} free dice{ride}."
    if path_options(hike):
        choices = " or ".join(slot_name(hike.location, slot) for slot in path_options(hike))
        return f"{where}: choose the path card to hike next ({choices})."
    ahead = trail(hike)
    if hike.position >= len(ahead):  # between covering the last terrain and the hike's end (a replay shows it)
        return f"{where}: the end of the trail is reached."
    terrain = ahead[hike.position]
    if hike.step is Step.ROLLED:
        return f"{where}: place a die on terrain {terrain}, or rest and lose the progress since the last rest."
    return f"{where}: cover terrain {terrain}, roll again, or rest at the furthest die."


def location_view(state: GameState, location: str) -> dict[str, Any]:
    """One location card: its par and rule, and where the hike stands there (the view, the result)."""
    front = card(location)
    planned = location in state.plan
    index = state.plan.index(location) if planned else None
    dice = list(state.scored[index]) if index is not None and index < len(state.scored) else []
    return {
        "id": location,
        "name": front.location,
        "par": front.par,
        "rule": front.rule,
        "order": index,
        "dice": dice,
        "score": sum(dice),
        "status": _location_status(state, index),
    }


def _location_status(state: GameState, index: int | None) -> str:
    if index is None:
        return "turned up"
    if index < state.leg:
        return "completed"
    if index == state.leg and state.stranded:
        return "stranded"
    if index == state.leg and state.hike is not None:
        return "hiking"
    return "not reached" if state.phase is Phase.FINISHED else "ahead"


def _hike_view(state: GameState, hike: Hike) -> dict[str, Any]:
    ahead = trail(hike)
    start = hike.rest.position if hike.rest is not None else 0
    saving = hike.step is not Step.AT_REST and hike.rolls_since_rest == 1
    return {
        "location": hike.location,
        "name": location_name(hike.location),
        "layout": [
            {
                "slot": slot,
                "place": slot_name(hike.location, slot),
                "card": card_id,
                "terrains": list(card(card_id).path),
            }
            for slot, card_id in enumerate(hike.layout)
        ],
        "route": list(hike.route),
        "turned": list(hike.turned),
        "turnable": hike.turnable,
        "trail": list(ahead),
        "trail_length": trail_length(hike.location),
        "position": hike.position,
        "next_terrain": ahead[hike.position] if hike.position < len(ahead) else None,
        "path_choices": list(path_options(hike)),
        "rest_stop": {"position": hike.rest.position, "die": hike.rest.die} if hike.rest is not None else None,
        "path_dice": [
            {"position": start + offset + 1, "terrain": ahead[start + offset], "die": placement.die,
             "stamina": placement.stamina}
            for offset, placement in enumerate(hike.placed)
            if start + offset < len(ahead)
        ],
        "free_dice": list(hike.free),
        "dice_in_hand": state.dice_in_hand,
        "stamina": list(hike.stamina),
        "step": hike.step.value,
        "set_off": hike.set_off,
        "stamina_limit": stamina_limit(hike.location),
        "may_save_stamina": saving and hike.saved_since_rest < stamina_limit(hike.location),
    }
