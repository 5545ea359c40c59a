"""Hitchiker's builders on the shared scenario kit (tests/support/scenario.py).

Scenarios use the kit itself: `given(SPEC, opening(...))`, `when`/`play` (through the
command cycle), `then`, `illegal`, `legal`, `of_type`. This module only adds what is
Hitchiker's: the opening of a game, money and Contraband handed over, the decks, and
`script`, a ScriptedRng the rules must use up (checked by conftest.py after each test).

Board indexes used throughout (data/board.json):
    Hometowns 1 4 7 11 15 18 22 27 30 32 34 38; Black Markets 2 14 25 36;
    Sell 3 ($20k) 8 ($25k) 16 ($30k) 20 ($50k) 26 ($40k) 39 ($35k); Customs 9 19 29;
    Bad Ride 5 13 24 35; Casinos 10 21 31 41; energy rebate 0, Twister City 6,
    Lie N' Sin 12, Smashville 17, Corpus Risky 23, Smell Gaso 28, Tortland 33,
    Fort McSlurry 37, Remindya 40.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from support.scenario import ScriptedRng, of_type
from support.scenario import created as kit_created

from domain.core import Event, GameCreated
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

HOMETOWNS = (1, 4, 7, 11, 15, 18, 22, 27, 30, 32, 34, 38)
SCRIPTS: list[ScriptedRng] = []


def script(*rolls: Sequence[int], shuffles: Iterable[Sequence[Any]] = ()) -> ScriptedRng:
    """The kit's ScriptedRng, which the rules must use up by the end of the test (conftest.py checks)."""
    rng = ScriptedRng(*rolls, shuffles=shuffles)
    SCRIPTS.append(rng)
    return rng


def created(seats: int = 2, round_limit: int = 100, rules_version: int | None = None,
            options: Mapping[str, Any] | None = None) -> GameCreated:
    """The kit's GameCreated for a Hitchiker table with this round limit and other `options` (and the current
    rules unless told)."""
    return kit_created(SPEC, seats, {"round_limit": round_limit, **(options or {})}, rules_version=rules_version)


def opening(*hometowns: int, first: int = 0, deck: Sequence[int] = BAD_RIDE_IDS, setup: Sequence[Event] = (),
            round_limit: int = 100, rules_version: int | None = None,
            options: Mapping[str, Any] | None = None) -> list[Event]:
    """A game where seat i chose `hometowns[i]`, then `setup` events, then `first`'s first turn."""
    seats = len(hometowns)
    order = [(first + step) % seats for step in range(seats)]
    return [
        created(seats, round_limit, rules_version, options),
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
    """Given: `seat` holds `count` more Units of Contraband."""
    return ContrabandReceived(seat=seat, units=count, reason="given")


def money(events: Sequence[Event], reason: str) -> list[tuple[int | None, int | None, int]]:
    """The (payer, payee, amount) of each CashTransferred for `reason`, in order."""
    return [(e.payer, e.payee, e.amount) for e in of_type(events, CashTransferred) if e.reason == reason]


def deck(*top: str) -> tuple[str, ...]:
    """A full shuffled deck with `top` first and every other card after, in a fixed order."""
    return (*top, *(card for card in FULL_DECK if card not in top))


def blackjack_deck(*dealt: str) -> tuple[str, ...]:
    """The shuffle Blackjack asks for: a card to bury under the deck, then `dealt` in dealing order."""
    burn = next(card for card in FULL_DECK if card not in dealt)
    return deck(burn, *dealt)
