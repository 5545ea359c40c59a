"""Hike!'s scenario builders, on the shared kit (tests/support/scenario.py): given events, when a command, then events.

`opening` plays the real setup with scripted shuffles, so the deck's top cards and the
track are known. `racing` fabricates a short history straight into the race (sleds,
hands and positions as events, without drafting them), for the race's rules. `play_days`
plays quiet Preparations days through the command cycle. `invalid` is the kit's `illegal`
for malformed commands (InvalidCommand), which the kit does not have.

The default track (two-seat game), fields numbered from the start card:
    1-2 start S S | 3-7 Hunter's Cabin S S S S S | 8-12 Icefall I S I* S I
    13-17 Mountain Pass S P P* S S | 18-23 Frozen Lake I I S I I I | 24-28 High Plateau P S S P S
    29-34 Powder Bowl P S P S P S | 35-39 Wind Ridge S P S P S | 40-45 Avalanche Slope S P S I S P
    46-48 finish S I S                                           (* = requires equipment)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest
from support.scenario import ScriptedRng, created, state_of, when

from domain.core import Command, Event, GameConfig, InvalidCommand, play_command
from domain.games.hike import SPEC
from domain.games.hike.cards import (
    DOUBLE_CARE,
    HUSKY_DECK,
    PILE_SINGLE_CARE,
    TRACK_LANDSCAPES,
)
from domain.games.hike.commands import DraftCard, EndTurn, OpenCards
from domain.games.hike.events import (
    CardDrafted,
    CarePileShuffled,
    DayEnded,
    DayStarted,
    HuskiesHandedIn,
    HuskyDrafted,
    HuskyRan,
    HuskyUpgraded,
    LandscapeTurned,
    PreparationsEnded,
    ReadyDeclared,
)
from domain.games.hike.state import Phase, Step

TRACK = ("L13", "L07", "L03", "L02", "L06", "L11", "L09", "L16")
SIX_TRACK = ("L13", "L07", "L03", "L02", "L06", "L11")


def arranged(first: Iterable[str], cards: Sequence[str]) -> tuple[str, ...]:
    """`cards` reordered so that `first` comes first, the rest in their given order."""
    head = tuple(first)
    return (*head, *(card for card in cards if card not in head))


def opening(
    seats: int = 2,
    top: Sequence[str] = (),
    track: Sequence[str] | None = None,
    sleds: Mapping[int, Sequence[str | None]] | None = None,
    options: Mapping[str, Any] | None = None,
) -> list[Event]:
    """GameCreated and the real setup: the deck starts with `top` (dealt 2 a seat, then 2 revealed).

    `sleds` are fabricated before day 1 as HuskyDrafted events (the cards stay in the deck too,
    so pick ones that are not drawn in the scenario).
    """
    track = track if track is not None else (TRACK if seats <= 4 else SIX_TRACK)
    game = created(SPEC, seats, options=options)
    rng = ScriptedRng(shuffles=[arranged(track, TRACK_LANDSCAPES), arranged(top, HUSKY_DECK)])
    events: list[Event] = [game, *SPEC.setup(GameConfig.of(game), rng)]  # type: ignore[arg-type]
    day_one = next(i for i, event in enumerate(events) if isinstance(event, DayStarted))
    drafted = [HuskyDrafted(seat=seat, card=card, slot=slot)
               for seat, sled in sorted((sleds or {}).items()) for slot, card in enumerate(sled) if card]
    return [*events[:day_one], *drafted, *events[day_one:]]


def racing(
    sleds: Mapping[int, Sequence[str | None]],
    hands: Mapping[int, Sequence[str]] | None = None,
    positions: Mapping[int, int] | None = None,
    upgrades: Mapping[int, Mapping[int, str]] | None = None,
    seats: int = 2,
    care_pile: Sequence[str] | None = None,
    order: Sequence[int] | None = None,
    track: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> list[Event]:
    """A fabricated history into race day 1: the given sleds, hands, upgrades and positions.

    Seats without a sled are out of the race. The care pile defaults to the side and
    personal care cards in id order.
    """
    events = opening(seats, track=track, options=options)
    dealt = state_of(SPEC, events)
    events += [HuskiesHandedIn(seat=seat, cards=dealt.mushers[seat].hand) for seat in range(seats)]
    for seat, sled in sorted(sleds.items()):
        events += [HuskyDrafted(seat=seat, card=card, slot=slot) for slot, card in enumerate(sled) if card]
        events += [CardDrafted(seat=seat, card=card) for card in (hands or {}).get(seat, ())]
        events += [HuskyUpgraded(seat=seat, slot=slot, equipment=card)
                   for slot, card in sorted((upgrades or {}).get(seat, {}).items())]
        events.append(ReadyDeclared(seat=seat))
    racers = tuple(sorted(sleds))
    events.append(PreparationsEnded(racers=racers, out=tuple(s for s in range(seats) if s not in racers)))
    state = state_of(SPEC, events)
    events += [LandscapeTurned(place=place, card=state.landscapes[place - 1])
               for place in range(state.turned + 1, len(state.landscapes) + 1)]
    pile = care_pile if care_pile is not None else (*PILE_SINGLE_CARE, *DOUBLE_CARE)
    events.append(CarePileShuffled(order=tuple(pile)))
    for seat, position in sorted((positions or {}).items()):
        slot = next(i for i, card in enumerate(sleds[seat]) if card)
        events.append(HuskyRan(seat=seat, slot=slot, spent=(), position=position))
    events.append(DayEnded(day=0))
    events.append(DayStarted(phase=Phase.RACE, day=1, order=tuple(order if order is not None else racers)))
    return events


def play_days(given: Sequence[Event], until_day: int) -> list[Event]:
    """Quiet Preparations days: each musher opens cards without +1 and drafts the first centre card to hand."""
    events = list(given)
    state = state_of(SPEC, events)
    while state.phase is Phase.PREPARATIONS and state.day < until_day:
        seat = state.current
        assert seat is not None
        command: Command
        if state.step is Step.OPEN:
            command = OpenCards()
        elif state.step is Step.ACTION:
            command = DraftCard(card=state.centre[0])
        else:
            command = EndTurn()
        new, state = play_command(SPEC, state, seat, command, ScriptedRng())
        events += new
    return events


def invalid(given: Any, seat: int, command: Command, match: str) -> None:
    """`command` by `seat` is refused as malformed (InvalidCommand, a 400) with a reason matching `match`."""
    with pytest.raises(InvalidCommand, match=match):
        when(SPEC, given, seat, command)
