"""Peaks' own scenario builders on the shared kit (tests/support/scenario.py: given, when, then, after).

The builders return events to fold with `given(SPEC, ...)` or play on with `when(SPEC, ...)`.
The default table (two seats, Ann and Bo, both characters in Europe):
    display        ben-nevis (Europe, 2 stamina, 0 exp; L: stamina level*, flag | R: bonus, upgrade),
                   snowdon, scafell-pike
    starting       Ann: pen-y-fan (as Ben Nevis), Bo: mount-elbert (North America, 6 stamina, 3 exp,
                   acclimatisation; L: stamina level*, flag | R: bonus, upgrade)
    A deck top     kirkjufell (Europe, 1 stamina, rope), mount-olympus, mount-etna, ... (data order)
    B deck top     mount-everest, k2, ... (data order)
    companions     ana, tenzing, ... (data order; boby first under rules versions 1-2, maurice last from 3);
                   bonus cards in data order.
(* = green-underlined)
"""

from __future__ import annotations

from collections.abc import Sequence

from support.scenario import created

from domain.core import Event
from domain.games.peaks import SPEC, cards
from domain.games.peaks.events import (
    ActionChosen,
    CharacterPlaced,
    ClimbPaid,
    CompanionKept,
    DeckShuffled,
    DisplayDealt,
    MountainGained,
    StartingMountainsDealt,
    TurnEnded,
)

DISPLAY = ("ben-nevis", "snowdon", "scafell-pike")
STARTING = ("pen-y-fan", "mount-elbert", "uluru", "table-mountain", "mount-tai", "mount-ossa")


def opening(seats: int = 2, display: tuple[str, ...] = DISPLAY, starting: tuple[str, ...] | None = None,
            deck_a: tuple[str, ...] | None = None, rules_version: int | None = None,
            options: dict[str, object] | None = None) -> list[Event]:
    """GameCreated (the current rules version and a person's options unless told), the four shuffles (that
    version's cards in data order unless told), the display and the starting mountains."""
    version = SPEC.rules_version if rules_version is None else rules_version
    starting = starting if starting is not None else STARTING[:seats]
    used = display + starting
    rest_a = deck_a if deck_a is not None else tuple(m for m in cards.deck_of("A", version) if m not in used)
    return [
        created(SPEC, seats, options, rules_version=rules_version),
        DeckShuffled(deck="A", order=used + rest_a),
        DeckShuffled(deck="B", order=cards.deck_of("B", version)),
        DeckShuffled(deck="companions", order=cards.companion_deck(version)),
        DeckShuffled(deck="bonus", order=tuple(cards.bonus_cards())),
        DisplayDealt(display=display),
        StartingMountainsDealt(mountains=starting),
    ]


def ready(seats: int = 2, continents: Sequence[str] | None = None, **kwargs: object) -> list[Event]:
    """The opening with every character placed (all in Europe unless told): seat 0 to choose an action."""
    where = continents if continents is not None else ["europe"] * seats
    return [*opening(seats, **kwargs), *(CharacterPlaced(seat=s, continent=c) for s, c in enumerate(where))]  # type: ignore[arg-type]


def ready_v1(seats: int = 2, continents: Sequence[str] | None = None, **kwargs: object) -> list[Event]:
    """`ready` under rules version 1: a climb's rewards come in a fixed order, the optional ones as steps to
    decline, the others automatically (RULINGS.md, Reward order); version 2's choices: test_peaks_book_choices.py."""
    return ready(seats, continents, rules_version=1, **kwargs)


def holding(seat: int, *mountains: str) -> list[Event]:
    """The seat gains these mountains (from wherever they are)."""
    return [MountainGained(seat=seat, mountain=m, source=cards.mountains()[m].deck) for m in mountains]


def spent(seat: int, stamina: int, continent: str = "europe") -> ClimbPaid:
    """The seat's stamina lowered (as by a climb in `continent`)."""
    return ClimbPaid(seat=seat, continent=continent, stamina=stamina, equipment=(), companions=())


def with_companion(seat: int, companion: str) -> CompanionKept:
    return CompanionKept(seat=seat, companion=companion, replaced=None, discarded=())


def tokens(seat: int, action: str, count: int) -> list[Event]:
    """`count` earlier turns of `action` by the seat (tokens left on the mat), the turn back to the seat."""
    return [event for _ in range(count)
            for event in (ActionChosen(seat=seat, action=action, queued=()), TurnEnded(seat=seat, next_seat=seat))]


def turn_to(seat: int) -> TurnEnded:
    return TurnEnded(seat=seat - 1, next_seat=seat)
