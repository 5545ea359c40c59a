"""What a seat (or a spectator) may see, built field by field.

Hidden from every view: the husky deck's order (only its size shows), face-down
landscapes (only that they are face down and which one is rotated), the race care
pile's order, and other mushers' hands (only their sizes).
"""

from __future__ import annotations

from typing import Any

from domain.games.hike.cards import FINISH, LANDSCAPES, START, card_view
from domain.games.hike.preparations import opening_count
from domain.games.hike.race import fields, husky_points
from domain.games.hike.sled import ROWS
from domain.games.hike.state import (
    LETTER,
    HikeState,
    Musher,
    Phase,
    Run,
    Spot,
    care_lapses,
    is_simultaneous,
    on_the_road,
)
from domain.games.hike.track import Points


def view(state: HikeState, seat: int | None) -> dict[str, Any]:
    """The table as `seat` sees it: its own hand, everyone's sleds, cards in the centre and the track.

    `step`, `run` and `rests_due` are those of the musher whose turn it is; on a simultaneous race day, the
    viewer's own (each musher's step is also in `mushers`).
    """
    hand = state.mushers[seat].hand if seat is not None and 0 <= seat < state.seats else None
    revealed = state.turned >= len(state.landscapes)
    acting = _acting(state, seat if hand is not None else None)
    return {
        "you": seat if hand is not None else None,
        "rules_version": state.rules_version,
        "care_card_lapses": care_lapses(state),
        "simultaneous_days": state.simultaneous_days and state.rules_version >= LETTER,
        "phase": state.phase.value,
        "step": _step(state, acting),
        "day": state.day,
        "turn_order": list(state.turn_order),
        "current": state.current,
        "opening": opening_count(state) if state.phase is Phase.PREPARATIONS else 0,
        "track": _track(state),
        "fields": [{"field": index, "snow": field.snow.value, "equipment": field.equipment}
                   for index, field in enumerate(fields(state), start=1)] if revealed else None,
        "deck_size": len(state.deck),
        "centre": [card_view(card) for card in state.centre],
        "side_care": len(state.side_care),
        "care_pile_size": len(state.care_pile),
        "care_discards": list(state.care_discards),
        "first_ready": state.first_ready,
        "last_preparation_day": state.last_preparation_day,
        "rows": ROWS,
        "columns": state.columns,
        "mushers": [_musher(state, index, musher) for index, musher in enumerate(state.mushers)],
        "hand": [card_view(card) for card in hand] if hand is not None else None,
        "run": _run(acting.run) if acting is not None and state.phase is Phase.RACE else None,
        "rests_due": acting.rests_due if acting is not None and state.phase is Phase.RACE else 0,
        "ending": state.ending,
    }


def _track(state: HikeState) -> list[dict[str, Any]]:
    """Start, the face-down or turned landscapes, finish; a face-down card shows nothing but rotation."""
    cards: list[dict[str, Any]] = [_landscape(START, 0, rotated=False)]
    for place in range(1, len(state.landscapes) + 1):
        rotated = place == state.rotated and place > state.turned
        if place <= state.turned:
            cards.append(_landscape(state.landscapes[place - 1], place, rotated=False))
        else:
            cards.append({"place": place, "face_up": False, "rotated": rotated})
    cards.append(_landscape(FINISH, len(state.landscapes) + 1, rotated=False))
    return cards


def _landscape(card: str, place: int, rotated: bool) -> dict[str, Any]:
    landscape = LANDSCAPES[card]
    return {"place": place, "face_up": True, "rotated": rotated, "card": card, "name": landscape.name,
            "fields": [{"snow": field.snow.value, "equipment": field.equipment} for field in landscape.fields]}


def _musher(state: HikeState, seat: int, musher: Musher) -> dict[str, Any]:
    return {
        "seat": seat,
        "name": state.names[seat],
        "sled": [_spot(state, seat, slot, spot) for slot, spot in enumerate(musher.sled)],
        "ready": musher.ready,
        "out": musher.out,
        "position": musher.position,
        "care_pile": list(musher.care_pile),
        "hand_size": len(musher.hand),
        "plus_cards": musher.plus_cards,
        "compulsory_care": musher.compulsory_care,
        "camped": musher.camped and state.phase is Phase.RACE,
        "step": musher.step.value if seat in on_the_road(state) else None,
    }


def _spot(state: HikeState, seat: int, slot: int, spot: Spot) -> dict[str, Any]:
    if spot.card is None:
        return {"slot": slot, "card": None}
    return {
        "slot": slot,
        "card": card_view(spot.card),
        "tired": spot.tired,
        "resting": spot.resting,
        "equipment": spot.equipment,
        "points": _points(husky_points(state, seat, slot)),
    }


def _points(points: Points) -> list[list[str]]:
    return [[snow.value for snow in options] for options in points]


def _acting(state: HikeState, viewer: int | None) -> Musher | None:
    """The musher whose race step the view shows: today's on a simultaneous day the viewer, else the current."""
    if is_simultaneous(state):
        return state.mushers[viewer] if viewer is not None else None
    return state.mushers[state.current] if state.current is not None else None


def _step(state: HikeState, acting: Musher | None) -> str | None:
    if state.phase is Phase.OVER:
        return None
    if state.phase is Phase.RACE and acting is not None:
        return acting.step.value
    return state.step.value


def _run(run: Run | None) -> dict[str, Any] | None:
    if run is None:
        return None
    return {"slot": run.slot, "points": _points(run.points)}

