"""States a seat cannot tell apart from the true one: one resampler per game type (issue 27).

The generic leak guard (tests/conformance/test_hidden_information.py) asks, at each decision of a
seeded game, for a *variant* of the state that an observer seat (or a spectator) cannot tell from the
true one, and checks that the observer's view, listed actions and share of every event are the same.
Each game's resampler knows what its views redact (views.py) and which events are hidden (events.py:
`visibility`), and changes only that:

- other seats' hidden cards are exchanged with one another and with the undrawn deck (counts kept; in
  Hike!, care cards only with care cards: at the end of the day a musher far behind draws one only if
  holding none, so the book makes holding one public);
- the order of an undrawn deck is changed;
- a hidden choice (a juror's vote) is turned around.

What it never changes, so that the variant stays consistent with everything the observer knows and
the actor's command stays the same command:

- the observer's own hidden data, and the actor's (the command chosen in the true state is replayed
  in the variant; an actor's own hand may shape what it does);
- a card the observer has seen: any string in the data of an event the observer could read (`known`),
  since a card once shown publicly (discarded, opened, reshuffled from a public pile) is no longer
  interchangeable with an unseen one;
- the top `DEPTH` cards of a deck: a command draws from the top, and a card it draws is a chance
  reveal (to the drawer, or to all), not a leak; no command of these games draws that deep except
  by the reveals listed in `REVEALING`;
- anything a command's own events reveal outright: from the first of a decision's true events whose type
  is in `REVEALING` (a showdown, a judgment, the end of Preparations turning every landscape, the deal of
  a small deck), the events are not compared, nor the view after them.

`RESAMPLERS` is keyed by game type id; a game type with no entry fails the guard loudly. A game with
open information (nothing hidden) is registered as `OPEN`: the guard then checks that every seat's
view is the spectator's view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from msgspec.structs import replace

from domain.core import GameSpec
from domain.games.hike.cards import is_care

DEPTH = 12  # top cards of a deck never moved: more than any one command of these games draws
CARD_DEPTH = 24  # Hitchiker's playing cards: a Blackjack round or a Hold'em deal takes many at once

Resampler = Callable[[Any, "int | None", int, frozenset, random.Random], Any]
OPEN = "open information"


class Slots:
    """Places holding exchangeable hidden values: (container, index) pairs over mutable lists."""

    def __init__(self) -> None:
        self.lists: dict[Hashable, list[Any]] = {}
        self.places: list[tuple[Hashable, int]] = []

    def add(self, key: Hashable, values: Iterable[Any], indices: Iterable[int] | None = None,
            known: frozenset = frozenset()) -> None:
        """Offer the values of `key` at `indices` (all by default) that the observer has not seen."""
        items = self.lists.setdefault(key, list(values))
        for index in range(len(items)) if indices is None else indices:
            if items[index] not in known:
                self.places.append((key, index))

    def shuffle(self, rng: random.Random, by: Callable[[Any], Hashable] = lambda value: None) -> bool:
        """Deal the offered values anew over the offered places, each only where a value of its kind (`by`)
        was; True if any place changed."""
        changed = False
        for kind in sorted({by(self.lists[key][index]) for key, index in self.places}, key=repr):
            places = [(key, index) for key, index in self.places if by(self.lists[key][index]) == kind]
            values = [self.lists[key][index] for key, index in places]
            shuffled = rng.sample(values, len(values))
            for (key, index), value in zip(places, shuffled):
                self.lists[key][index] = value
            changed = changed or shuffled != values
        return changed

    def get(self, key: Hashable) -> tuple[Any, ...]:
        return tuple(self.lists[key])


def deep(deck: tuple[Any, ...], depth: int = DEPTH) -> range:
    return range(min(depth, len(deck)), len(deck))


def others(seats: int, observer: int | None, actor: int) -> list[int]:
    """The seats whose hidden data may change: neither the observer nor the actor."""
    return [seat for seat in range(seats) if seat not in (observer, actor)]


def peaks(state: Any, observer: int | None, actor: int, known: frozenset, rng: random.Random) -> Any:
    """Peaks: bonus cards in other hands and in the bonus deck; the order of the A, B and companion decks."""
    supply = state.supply
    bonus = Slots()
    for seat in others(state.seats, observer, actor):
        bonus.add(seat, state.players[seat].bonus_cards, known=known)
    bonus.add("deck", supply.bonus, deep(supply.bonus), known)
    decks = {name: Slots() for name in ("deck_a", "deck_b", "companions")}
    for name, slots in decks.items():
        pile = getattr(supply, name)
        slots.add(name, pile, deep(pile), known)
    if not any([bonus.shuffle(rng)] + [slots.shuffle(rng) for slots in decks.values()]):
        return None
    players = tuple(replace(player, bonus_cards=bonus.get(seat)) if seat in bonus.lists else player
                    for seat, player in enumerate(state.players))
    supply = replace(supply, bonus=bonus.get("deck"), **{name: slots.get(name) for name, slots in decks.items()})
    return replace(state, players=players, supply=supply)


def hike(state: Any, observer: int | None, actor: int, known: frozenset, rng: random.Random) -> Any:
    """Hike!: cards dealt into other hands and never shown, with the husky deck; the deck's, the race care
    pile's and the face-down landscapes' order (all but the next to be turned)."""
    cards = Slots()
    for seat in others(state.seats, observer, actor):
        cards.add(seat, state.mushers[seat].hand, known=known)
    cards.add("deck", state.deck, deep(state.deck), known)
    # End of the day: a musher far behind draws a care card only if it holds none (the book's rule makes that
    # public), so a care card is exchanged only for a care card, anything else only for a non-care card.
    care = Slots()
    care.add("care", state.care_pile, deep(state.care_pile))  # shuffled whole from public cards: order unseen
    landscapes = Slots()
    landscapes.add("track", state.landscapes, range(state.turned + 1, len(state.landscapes)), known)
    if not any([cards.shuffle(rng, by=is_care), care.shuffle(rng), landscapes.shuffle(rng)]):
        return None
    mushers = tuple(replace(musher, hand=tuple(sorted(cards.get(seat)))) if seat in cards.lists else musher
                    for seat, musher in enumerate(state.mushers))
    return replace(state, mushers=mushers, deck=cards.get("deck"), care_pile=care.get("care"),
                   landscapes=landscapes.get("track"))


def hikes_of_the_west(state: Any, observer: int | None, actor: int, known: frozenset,
                      rng: random.Random) -> Any:
    """Hikes of the West (solo, otherwise open): the order of the undrawn path cards."""
    deck = Slots()
    deck.add("deck", state.deck, known=known)  # `PathsDealt` reveals the top cards: see REVEALING
    return replace(state, deck=deck.get("deck")) if deck.shuffle(rng) else None


def hitchiker(state: Any, observer: int | None, actor: int, known: frozenset, rng: random.Random) -> Any:
    """Hitchiker: the Bad Ride deck's order; the playing cards' order and other seats' Hold'em hole cards;
    other jurors' votes before the judgment.

    Every deck here is a fresh shuffle of whole set (the Bad Ride deck is reshuffled whole when it runs
    out, each casino table shuffles a full pack), so its undrawn cards are unseen by construction and
    `known` (strings seen in earlier hands) does not apply.
    """
    changes: dict[str, Any] = {}
    rides = Slots()
    rides.add("deck", state.bad_ride_deck, deep(state.bad_ride_deck))
    if rides.shuffle(rng):
        changes["bad_ride_deck"] = rides.get("deck")
    if state.blackjack is not None:
        pack = Slots()
        pack.add("deck", state.blackjack.deck, deep(state.blackjack.deck, CARD_DEPTH))
        if pack.shuffle(rng):
            changes["blackjack"] = replace(state.blackjack, deck=pack.get("deck"))
    if state.holdem is not None:
        table = state.holdem
        pack = Slots()
        holes = dict(table.holes)
        for seat in others(state.seats, observer, actor):
            if seat in holes:
                pack.add(seat, holes[seat])
        pack.add("deck", table.deck, deep(table.deck, CARD_DEPTH))
        if pack.shuffle(rng):
            dealt = tuple((seat, pack.get(seat) if seat in pack.lists else cards) for seat, cards in table.holes)
            changes["holdem"] = replace(table, deck=pack.get("deck"), holes=dealt)
    if state.jury is not None and state.jury.votes:
        votes = tuple((voter, approve if voter in (observer, actor) or rng.random() < 0.5 else not approve)
                      for voter, approve in state.jury.votes)
        if votes != state.jury.votes:
            changes["jury"] = replace(state.jury, votes=votes)
    return replace(state, **changes) if changes else None


RESAMPLERS: dict[str, Resampler | str] = {
    "hike": hike,
    "hikes-of-the-west": hikes_of_the_west,
    "nanga-parbat": OPEN,  # views.py: all information is open (the board, both expeditions, the chart)
    "hitchiker": hitchiker,
    "peaks": peaks,
}

# Event types whose presence in a command's true events reveals what the resampler may have changed.
REVEALING: dict[str, frozenset[str]] = {
    "hike": frozenset({"PreparationsEnded"}),  # every face-down landscape is turned
    "hikes-of-the-west": frozenset({"PathsDealt"}),  # the deck is small: the whole order may change
    "hitchiker": frozenset({"HoleCardsShown", "JudgmentGiven"}),  # a showdown; the votes' outcome
    "peaks": frozenset({"BonusCardsRevealed"}),  # the game end shows every hand
}

# The share of checks whose variant really differs, per game type (default `SHARE`). Hikes of the West
# hides only the order of the few path cards left after the three locations: the first hike deals five of
# the six, and then nothing is hidden any more.
SHARE = 0.2
SHARES: dict[str, float] = {"hikes-of-the-west": 0.0}


def resampler(spec: GameSpec) -> Resampler | str:
    """The registered resampler (or OPEN) of a game type.

    Raises:
        LookupError: a game type with none (a new game must say what it hides).
    """
    try:
        return RESAMPLERS[spec.id]
    except KeyError:
        raise LookupError(f"{spec.id}: no hidden-information resampler in tests/support/hidden.py; write one "
                          f"(what do its views redact?) or register it as OPEN") from None


def before_reveal(spec: GameSpec, events: list[Any]) -> int:
    """How many of a command's `events` come before the first that reveals what the resampler may change."""
    types = REVEALING.get(spec.id, frozenset())
    return next((index for index, event in enumerate(events) if event.TYPE in types), len(events))


def strings_in(value: Any) -> Iterable[str]:
    """Every string leaf of an encoded event's data (the cards and ids it names)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings_in(item)
