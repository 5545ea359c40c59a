"""The deck of poker sized playing cards, and how Blackjack counts a hand.

A card is two characters, rank then suit: "AS" is the ace of spades, "TD" the ten
of diamonds.
"""

from __future__ import annotations

RANKS = "23456789TJQKA"
SUITS = "CDHS"
FULL_DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
RANK_NAMES = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}


def rank_of(card: str) -> int:
    """2 to 14 (ace high), for poker."""
    return RANKS.index(card[0]) + 2


def card_name(card: str) -> str:
    suit = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}[card[1]]
    return f"{RANK_NAMES.get(card[0], card[0])} of {suit}"


def blackjack_value(card: str) -> int:
    """Face value; jacks, queens and kings count 10; an ace counts 1 here (11 in `blackjack_total`).

    Rulebook: Blackjack, VALUE OF CARDS.
    """
    rank = rank_of(card)
    if rank == 14:
        return 1
    return min(rank, 10)


def blackjack_total(cards: tuple[str, ...]) -> tuple[int, bool]:
    """The best total of a hand and whether it is soft (an ace counted as 11)."""
    total = sum(blackjack_value(card) for card in cards)
    if any(card[0] == "A" for card in cards) and total + 10 <= 21:
        return total + 10, True
    return total, False


def is_natural(cards: tuple[str, ...]) -> bool:
    """21 with the first two cards: an ace and a ten-value card (rulebook: BLACKJACK PAYOUTS)."""
    return len(cards) == 2 and blackjack_total(cards)[0] == 21


def is_pair(cards: tuple[str, ...]) -> bool:
    """Two cards of equal value, which may be split (rulebook: SPLITTING)."""
    return len(cards) == 2 and blackjack_value(cards[0]) == blackjack_value(cards[1])
