"""Drawing from the decks: a deck that runs out is made anew from its shuffled discard pile.

Rulebook: Other important notes (Limitations), Prepare step 2.
"""

from __future__ import annotations

from domain.core import Event, Rng
from domain.games.peaks import cards
from domain.games.peaks.events import DeckShuffled
from domain.games.peaks.state import Supply


def piles(supply: Supply, deck: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The draw pile and the discard pile of 'A', 'B', 'companions' or 'bonus'."""
    return {
        "A": (supply.deck_a, supply.discard_a),
        "B": (supply.deck_b, supply.discard_b),
        "companions": (supply.companions, supply.companion_discard),
        "bonus": (supply.bonus, supply.bonus_discard),
    }[deck]


def can_draw(supply: Supply, deck: str) -> bool:
    """Is there a card to draw, in the deck or in a discard pile to shuffle into a new one?"""
    pile, discard = piles(supply, deck)
    return bool(pile or discard)


def draw(supply: Supply, deck: str, count: int, rng: Rng) -> tuple[list[Event], tuple[str, ...]]:
    """Up to `count` cards from the top of `deck`, shuffling its discard pile under it when it runs short.

    Returns the shuffle events (none, or one `DeckShuffled` with the deck's new full order) and the cards.
    """
    pile, discard = piles(supply, deck)
    events: list[Event] = []
    if len(pile) < count and discard:
        pile = pile + rng.shuffled(discard)
        events.append(DeckShuffled(deck=deck, order=pile))
    return events, pile[:count]


def refill_deck(supply: Supply) -> str:
    """The mountain deck directly right of the display: A, then B once a stamina level has reached 12."""
    return "B" if supply.b_next else "A"


def without(pile: tuple[str, ...], gone: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The pile without the cards `gone` (every card of Peaks is unique)."""
    for card in gone:
        if card in pile:
            index = pile.index(card)
            pile = pile[:index] + pile[index + 1:]
    return pile


def discarded(supply: Supply, mountain: str) -> dict[str, tuple[str, ...]]:
    """The supply's change that puts `mountain` on the discard pile of its deck."""
    if cards.mountains()[mountain].deck == "A":
        return {"discard_a": supply.discard_a + (mountain,)}
    return {"discard_b": supply.discard_b + (mountain,)}
