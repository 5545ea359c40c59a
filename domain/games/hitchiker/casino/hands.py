"""Poker hands: the best five of seven cards, compared with kickers.

Rulebook: TEXAS HOLD 'EM, THE SHOWDOWN (suits never break ties). A hand's rank
is a tuple (category, tie-breakers...) that compares the way poker does.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from domain.games.hitchiker.cards import rank_of

CATEGORIES = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush",
)
HandRank = tuple[int, ...]


def _straight_high(ranks: Sequence[int]) -> int | None:
    """The top card of a five-card straight (5 for the wheel A-2-3-4-5), or None."""
    unique = sorted(set(ranks), reverse=True)
    if len(unique) != 5:
        return None
    if unique[0] - unique[4] == 4:
        return unique[0]
    if unique == [14, 5, 4, 3, 2]:
        return 5
    return None


def rank_five(cards: Sequence[str]) -> HandRank:
    """The rank of exactly five cards."""
    ranks = sorted((rank_of(card) for card in cards), reverse=True)
    flush = len({card[1] for card in cards}) == 1
    high = _straight_high(ranks)
    if high is not None:
        return (8 if flush else 4, high)
    if flush:
        return (5, *ranks)
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0)
    return (category, *order)


def best_hand(cards: Sequence[str]) -> HandRank:
    """The best rank of any five of the cards (using both, one or none of the hole cards)."""
    if len(cards) <= 5:
        return rank_five(cards)
    return max(rank_five(five) for five in itertools.combinations(cards, 5))


def hand_name(rank: HandRank) -> str:
    return CATEGORIES[rank[0]]
