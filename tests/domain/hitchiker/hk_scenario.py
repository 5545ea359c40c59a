"""Scenario helpers for Hitchiker: given events, when a command (with scripted dice), then events.

Board indexes used throughout (data/board.json):
    Hometowns 1 4 7 11 15 18 22 27 30 32 34 38; Black Markets 2 14 25 36;
    Sell 3 ($20k) 8 ($25k) 16 ($30k) 20 ($50k) 26 ($40k) 39 ($35k); Customs 9 19 29;
    Bad Ride 5 13 24 35; Casinos 10 21 31 41; energy rebate 0, Twister City 6,
    Lie N' Sin 12, Smashville 17, Corpus Risky 23, Smell Gaso 28, Tortland 33,
    Fort McSlurry 37, Remindya 40.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from domain.core import Command, Event, GameCreated, IllegalCommand, SeatConfig
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.board import BAD_RIDE_IDS
from domain.games.hitchiker.cards import FULL_DECK
from domain.games.hitchiker.events import (
    BadRideDeckShuffled,
    CashTransferred,
    ContrabandReceived,
    FirstPlayerChosen,
    HometownChosen,
    SavingsDeposited,
    TurnStarted,
)
from domain.games.hitchiker.state import State

HOMETOWNS = (1, 4, 7, 11, 15, 18, 22, 27, 30, 32, 34, 38)


class ScriptedRng:
    """An Rng stand-in: hands out scripted dice in order; shuffles return scripted orders."""

    def __init__(self, *rolls: Sequence[int], shuffles: Sequence[Sequence[Any]] = ()) -> None:
        self.rolls = [tuple(roll) for roll in rolls]
        self.shuffles = [tuple(order) for order in shuffles]

    def dice(self, count: int, sides: int = 6) -> tuple[int, ...]:
        assert self.rolls, f"the rules rolled {count} dice; the script has no more"
        roll = self.rolls.pop(0)
        assert len(roll) == count, f"the rules rolled {count} dice; the script has {roll}"
        return roll

    def shuffled(self, items: Sequence[Any]) -> tuple[Any, ...]:
        return self.shuffles.pop(0) if self.shuffles else tuple(items)

    def done(self) -> bool:
        return not self.rolls and not self.shuffles


def created(seats: int = 2, round_limit: int = 100) -> GameCreated:
    return GameCreated(game_id="scenario", game_type=SPEC.id, rules_version=SPEC.rules_version,
                       seed_commitment="0" * 64, seats=tuple(SeatConfig(name=f"p{i}") for i in range(seats)),
                       options={"round_limit": round_limit})


def opening(*hometowns: int, first: int = 0, deck: Sequence[int] = BAD_RIDE_IDS, setup: Sequence[Event] = (),
            round_limit: int = 100) -> list[Event]:
    """A game where seat i chose `hometowns[i]`, then `setup` events, then `first`'s first turn."""
    seats = len(hometowns)
    order = [(first + step) % seats for step in range(seats)]
    return [
        created(seats, round_limit),
        FirstPlayerChosen(seat=first),
        BadRideDeckShuffled(order=tuple(deck)),
        *(HometownChosen(seat=seat, location=hometowns[seat]) for seat in order),
        *setup,
        TurnStarted(seat=first, turn=1),
    ]


def cash(seat: int, amount: int) -> Event:
    """Given: the bank pays `seat` (positive) or takes from it (negative)."""
    if amount >= 0:
        return CashTransferred(payer=None, payee=seat, amount=amount, reason="given")
    return CashTransferred(payer=seat, payee=None, amount=-amount, reason="given")


def savings(seat: int, amount: int, location: int = 1) -> list[Event]:
    """Given: `seat` has banked `amount` (the bank hands it over first)."""
    return [cash(seat, amount), SavingsDeposited(seat=seat, location=location, amount=amount)]


def units(seat: int, count: int) -> Event:
    return ContrabandReceived(seat=seat, units=count, reason="given")


def fold(events: Sequence[Event]) -> State:
    state: State = SPEC.fold(events)
    return state


def when(state: State, seat: int, command: Command, *rolls: Sequence[int],
         shuffles: Sequence[Sequence[Any]] = ()) -> list[Event]:
    """The events `command` gives; every scripted roll must be used."""
    rng = ScriptedRng(*rolls, shuffles=shuffles)
    events = SPEC.decide(state, seat, command, rng)  # type: ignore[arg-type]
    assert rng.done(), f"unused script: {rng.rolls} {rng.shuffles}"
    return events


def then(state: State, seat: int, command: Command, *rolls: Sequence[int],
         shuffles: Sequence[Sequence[Any]] = ()) -> State:
    """The state after `command`."""
    return SPEC.fold(when(state, seat, command, *rolls, shuffles=shuffles), state)


def illegal(state: State, seat: int, command: Command, match: str) -> None:
    with pytest.raises(IllegalCommand, match=match):
        SPEC.decide(state, seat, command, ScriptedRng(*[(3, 4)] * 8))  # type: ignore[arg-type]


def of_type(events: Sequence[Event], kind: type[Event]) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def money(events: Sequence[Event], reason: str) -> list[tuple[int | None, int | None, int]]:
    return [(e.payer, e.payee, e.amount) for e in of_type(events, CashTransferred) if e.reason == reason]


def deck(*top: str) -> tuple[str, ...]:
    """A full shuffled deck with `top` first and every other card after, in a fixed order."""
    return (*top, *(card for card in FULL_DECK if card not in top))


def blackjack_deck(*dealt: str) -> tuple[str, ...]:
    """The shuffle Blackjack asks for: a card to bury under the deck, then `dealt` in dealing order."""
    burn = next(card for card in FULL_DECK if card not in dealt)
    return deck(burn, *dealt)
