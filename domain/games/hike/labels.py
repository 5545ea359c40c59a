"""A readable label for each legal Hike! command, and the range of its one counted argument.

Labels use the rulebook's words and the catalog's names (never bare ids, except to tell apart
care cards that share their name). They read only what the acting seat may see: its own hand,
the public sleds and the track, which is wholly face up by the time the race needs it.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.core import Command, Ranges
from domain.games.hike.cards import (
    EQUIPMENT,
    FINISH,
    HUSKIES,
    LANDSCAPES,
    START,
    TOKEN_PREFIX,
    YOUNGSTERS,
    is_double_care,
    is_equipment,
    is_husky,
    is_single_care,
)
from domain.games.hike.commands import (
    CareForColumn,
    CareForHusky,
    DeclareReady,
    DraftCard,
    DraftHusky,
    EndTurn,
    OpenCards,
    PlaceHusky,
    PlaceYoungster,
    PushThrough,
    RestHusky,
    StopBeforeField,
    SwapHusky,
    UpgradeHusky,
    UseEquipment,
    UseHusky,
)
from domain.games.hike.preparations import open_choices, opening_count
from domain.games.hike.race import double_care, fields, husky_points, single_care
from domain.games.hike.sled import column_slots, extra_point_snow
from domain.games.hike.state import BOOK_RACE, HikeState, Phase, Step
from domain.games.hike.track import Points, pick_point, stretch, without


def place(slot: int, columns: int) -> str:
    """A sled place in words: its row and its column counted from 1 (Placement rules)."""
    row, column = divmod(slot, columns)
    return f"{'top' if row == 0 else 'bottom'} row, column {column + 1}"


def card_text(card: str) -> str:
    """A card by its catalog name, with what helps to choose: a husky's snowflakes; care cards keep their id."""
    if card in HUSKIES:
        husky = HUSKIES[card]
        return f"{husky.name} ({', '.join(point.value for point in husky.snow)})"
    if card in YOUNGSTERS:
        return f"youngster {YOUNGSTERS[card].name}"
    if card in EQUIPMENT:
        return f"equipment {EQUIPMENT[card].name}"
    if is_double_care(card):
        return f"a double care card ({card})"
    if is_single_care(card):
        return f"a care card ({card})"
    return card


def _plural(count: int, noun: str, nouns: str = "") -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {nouns or noun + 's'}"


def _either(words: Iterable[str]) -> str:
    """Words listed as a sentence does: "snow", "snow or ice", "snow, ice or powder"."""
    listed = list(words)
    return listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} or {listed[-1]}"


def _field(state: HikeState, number: int) -> str:
    """Field `number` and the landscape card it lies on (the track is face up in the race)."""
    if number <= 0:
        return f"the start ({LANDSCAPES[START].name})"
    seen = 0
    for card in (START, *state.landscapes, FINISH):
        seen += len(LANDSCAPES[card].fields)
        if number <= seen:
            return f"field {number} ({LANDSCAPES[card].name})"
    return f"field {number}"


def _husky_at(state: HikeState, seat: int, slot: int) -> str:
    sled = state.mushers[seat].sled
    card = sled[slot].card if 0 <= slot < len(sled) else None
    where = place(slot, state.columns)
    return f"{card_text(card)} at {where}" if card else f"the empty place at {where}"


def _preparation_label(state: HikeState, seat: int, command: Command) -> str | None:
    """Preparations > Opening cards, Performing actions, Bonus action, Declaring you are ready to race."""
    musher = state.mushers[seat]
    match command:
        case OpenCards(extra=extra):
            count = opening_count(state) + extra
            spent = f", discarding {_plural(extra, '+1 card')}" if extra else ""
            return f"Open {_plural(count, 'card')} from the husky deck{spent}"
        case DraftHusky(card=card, slot=slot):
            return f"Draft {card_text(card)} from the centre to your sled at {place(slot, state.columns)}"
        case DraftCard(card=card):
            return f"Draft {card_text(card)} from the centre to your hand"
        case PlaceHusky(card=card, slot=slot):
            where = f"{card_text(card)} from your hand in your sled at {place(slot, state.columns)}"
            return f"Finish the swap: place {where}" if state.step is Step.SWAP else f"Place {where}"
        case SwapHusky(slot=slot):
            return f"Swap a husky: take {_husky_at(state, seat, slot)} back to your hand"
        case PlaceYoungster(card=card, slot=slot):
            source = "your hand" if card in musher.hand else "the centre"
            return f"Bonus action: place {card_text(card)} from {source} in your sled at {place(slot, state.columns)}"
        case DeclareReady():
            huskies = sum(1 for card in musher.hand if is_husky(card))
            goes = "goes" if huskies == 1 else "go"
            handed = f" (your {_plural(huskies, 'husky card')} in hand {goes} to the centre)" if huskies else ""
            return f"Declare you are ready to race and move to the start{handed}"
        case UpgradeHusky(slot=slot):
            equipment = min((card for card in musher.hand if is_equipment(card)), default=None)
            with_card = f" with {EQUIPMENT[equipment].name}" if equipment else ""
            kinds = extra_point_snow(musher.sled, state.columns, slot, from_resting=state.rules_version < BOOK_RACE)
            extra = f"+1 point: {_either(kind.value for kind in kinds)}" if kinds else \
                "no extra point: no experienced neighbour"
            return f"Upgrade {_husky_at(state, seat, slot)}{with_card} ({extra})"
        case EndTurn() if state.step is Step.UPGRADE:
            return "End your turn without more upgrades"
        case EndTurn():
            return "End your turn"
    return None


def _run_text(state: HikeState, points: Points, position: int) -> str:
    """Where `points` carry the sled from `position`, or "" if nowhere (Race > Using husky movement points)."""
    leg = stretch(points, fields(state), position)
    parts = [f"{_plural(len(leg.spent), 'field')} to {_field(state, leg.position)}"] if leg.spent else []
    if leg.at_equipment:
        parts.append(f"wait before {_field(state, leg.position + 1)}, which requires equipment")
    return ", then ".join(parts)


def _race_label(state: HikeState, seat: int, command: Command) -> str | None:
    """Race: Using husky movement points, Landscape cards that require equipment, Using care cards."""
    musher = state.mushers[seat]
    position = musher.position
    run = musher.run
    ahead = _field(state, position + 1)
    match command:
        case UseHusky(slot=slot):
            points = husky_points(state, seat, slot)
            return f"Use {_husky_at(state, seat, slot)}: {_run_text(state, points, position) or 'no field'}"
        case UseEquipment() if run is not None:
            equipment = min((card for card in musher.hand if is_equipment(card)), default=None)
            name = EQUIPMENT[equipment].name if equipment else "an equipment card"
            index = pick_point(run.points, fields(state)[position].snow) if position < len(fields(state)) else None
            rest = without(run.points, index) if index is not None else ()
            onward = _run_text(state, rest, position + 1)
            return f"Discard {name} to get onto {ahead}" + (f", then {onward}" if onward else "")
        case PushThrough():
            standing = sum(1 for spot in musher.sled if spot.card and not spot.resting)
            rests = _plural(min(2, standing), "husky", "huskies")
            return f"Push onto {ahead} without equipment: stop there and turn {rests} to rest"
        case StopBeforeField() if run is not None:
            lost = _plural(len(run.points), "movement point")
            return f"Stop before {ahead} and lose the husky's remaining {lost}"
        case RestHusky(slot=slot):
            spot = musher.sled[slot]
            condition = "tired" if spot.tired else "ready"
            return f"Turn {condition} {_husky_at(state, seat, slot)} to the rest state"
        case CareForHusky(slot=slot):
            card = single_care(state, seat)
            what = "a care token" if card and card.startswith(TOKEN_PREFIX) else "a care card"
            return f"Use {what} on {_husky_at(state, seat, slot)}: its cube comes off"
        case CareForColumn(column=column):
            tired = [slot for slot in column_slots(column, state.columns) if musher.sled[slot].tired]
            names = " and ".join(card_text(musher.sled[slot].card or "") for slot in tired) or "nobody"
            card = double_care(state, seat) or "double care"
            return f"Use a double care card ({card}) on column {column + 1}, refreshing {names}"
        case EndTurn():
            return f"Make camp for the night at {_field(state, position)}"
    return None


def label(state: HikeState, seat: int, command: Command) -> str:
    """A short sentence naming what `command` does for `seat` now, in the rulebook's words."""
    wording = _race_label(state, seat, command) if state.phase is Phase.RACE else \
        _preparation_label(state, seat, command)
    return wording if wording is not None else f"{command.TYPE} (not possible now)"


def ranges(state: HikeState, seat: int, command: Command) -> Ranges:
    """The whole range of OpenCards `extra`: every count of +1 cards the musher may discard now.

    Preparations > Opening cards from the husky deck: each +1 card discarded opens one more card,
    while the deck lasts; the other commands choose among listed cards and places only.
    """
    if isinstance(command, OpenCards) and state.phase is Phase.PREPARATIONS and state.step is Step.OPEN:
        choices = open_choices(state, seat)
        return {"extra": {"min": choices[0], "max": choices[-1], "step": 1}}
    return {}
