"""Table-driven: poker hand ranking with kickers, side pots, split pots, Blackjack totals."""

from __future__ import annotations

import pytest

from domain.games.hitchiker.cards import blackjack_total, is_natural, is_pair
from domain.games.hitchiker.casino.blackjack import settle
from domain.games.hitchiker.casino.hands import best_hand, hand_name
from domain.games.hitchiker.casino.pots import Pot, side_pots, split

CATEGORY = [
    ("AS KS QS JS TS 2D 3C", "straight flush"),
    ("5H 4H 3H 2H AH KD KC", "straight flush"),
    ("9C 9D 9H 9S 2D 3C 4H", "four of a kind"),
    ("9C 9D 9H 4S 4D 3C 2H", "full house"),
    ("9C 9D 9H 4S 4D 4C 2H", "full house"),
    ("2C 7C 9C JC KC AD AH", "flush"),
    ("5D 6C 7H 8S 9D 2C 2H", "straight"),
    ("AD 2C 3H 4S 5D KC KH", "straight"),
    ("QD QC QH 4S 5D 9C 2H", "three of a kind"),
    ("QD QC 4H 4S 5D 9C 2H", "two pair"),
    ("QD QC 7H 4S 5D 9C 2H", "one pair"),
    ("AD QC 7H 4S 5D 9C 2H", "high card"),
]


@pytest.mark.parametrize(("cards", "name"), CATEGORY)
def test_the_best_five_of_seven_cards_names_the_hand(cards: str, name: str) -> None:
    assert hand_name(best_hand(cards.split())) == name


BETTER = [
    # (winner, loser) with the same board or not: kickers settle ties, suits never do
    ("AS AD KC 9H 7D 4C 2S", "AH AC QC 9D 7S 4D 2H"),  # pair of aces, king kicker beats queen
    ("KS KD 5C 5H 9D 4C 2S", "KH KC 4D 4H AD 9C 2H"),  # two pair: kings and fives beat kings and fours
    ("KS KD 5C 5H AD 4C 2S", "KH KC 5D 5S QD 4D 2H"),  # same two pair: the ace kicker plays
    ("6D 7C 8H 9S TD 2C 2H", "5D 6C 7H 8S 9D KC KH"),  # ten-high straight beats nine-high
    ("2D 3C 4H 5S 6D KC QH", "AD 2C 3H 4S 5D KC QH"),  # six-high straight beats the wheel
    ("AC JC 9C 6C 3C 2D 2H", "AD JD 9D 6D 2D 3S 3H"),  # flush: the fifth card decides
    ("3C 3D 3H AS AD 2C 2H", "2C 2D 2S AS AC KD KH"),  # full house: the trips decide
    ("QD QC QH AS 5D 4C 2H", "QS QC QH KS 5D 4C 2H"),  # trips: the kicker decides
]


@pytest.mark.parametrize(("winner", "loser"), BETTER)
def test_kickers_settle_hands_of_the_same_kind(winner: str, loser: str) -> None:
    assert best_hand(winner.split()) > best_hand(loser.split())


TIES = [
    ("AS KS QS JS TS 2D 3C", "AS KS QS JS TS 4D 5C"),  # playing the board
    ("AH AD KC QD JS 9H 2C", "AC AS KD QH JC 9D 3C"),  # suits are irrelevant; the 2 and 3 do not play
]


@pytest.mark.parametrize(("first", "second"), TIES)
def test_hands_equal_in_rank_and_kickers_tie(first: str, second: str) -> None:
    assert best_hand(first.split()) == best_hand(second.split())


SIDE_POTS = [
    # contributed per seat, seats in the hand (from the dealer's left), folded, seed -> pots
    ((10, 10, 10), (1, 2, 0), (), 100, [Pot(amount=130, eligible=(1, 2, 0))]),
    ((60, 80, 60), (1, 2, 0), (0,), 100, [Pot(amount=280, eligible=(1, 2)), Pot(amount=20, eligible=(1,))]),
    ((60, 80, 60), (0, 1, 2), (), 0, [Pot(amount=180, eligible=(0, 1, 2)), Pot(amount=20, eligible=(1,))]),
    ((30, 100, 300), (0, 1, 2), (1,), 0, [Pot(amount=90, eligible=(0, 2)), Pot(amount=340, eligible=(2,))]),
    ((20, 50, 50, 90), (0, 1, 2, 3), (), 10,
     [Pot(amount=90, eligible=(0, 1, 2, 3)), Pot(amount=90, eligible=(1, 2, 3)), Pot(amount=40, eligible=(3,))]),
    ((40, 40, 15, 15), (0, 1, 2, 3), (3,), 0, [Pot(amount=60, eligible=(0, 1, 2)), Pot(amount=50, eligible=(0, 1))]),
]


@pytest.mark.parametrize(("contributed", "seats", "folded", "seed", "pots"), SIDE_POTS)
def test_side_pots_are_built_from_each_all_in_stake(contributed: tuple[int, ...], seats: tuple[int, ...],
                                                    folded: tuple[int, ...], seed: int, pots: list[Pot]) -> None:
    pots_now = side_pots(contributed, seats, folded, seed)
    assert list(pots_now) == pots
    assert sum(pot.amount for pot in pots_now) == sum(contributed) + seed


SPLITS = [
    (250_000, (1,), (250_000,)),
    (250_000, (1, 0), (125_000, 125_000)),
    (250_000, (1, 2, 0), (84_000, 83_000, 83_000)),
    (250_000, (3, 0, 1, 2), (63_000, 63_000, 62_000, 62_000)),
    (130_000, (2, 0, 1), (44_000, 43_000, 43_000)),
    (250_000, (0, 1, 2, 3, 4, 5), (42_000, 42_000, 42_000, 42_000, 41_000, 41_000)),
]


@pytest.mark.parametrize(("amount", "winners", "shares"), SPLITS)
def test_split_pots_share_whole_bills_and_odd_bills_go_to_the_first_winners(
        amount: int, winners: tuple[int, ...], shares: tuple[int, ...]) -> None:
    assert split(amount, winners) == shares


TOTALS = [
    ("AS KD", 21, True, True),
    ("AS 5D", 16, True, False),
    ("AS 5D KC", 16, False, False),
    ("AS AD", 12, True, False),
    ("AS AD 9C", 21, True, False),
    ("TS 7D", 17, False, False),
    ("TS 7D 5C", 22, False, False),
]


@pytest.mark.parametrize(("cards", "total", "soft", "natural"), TOTALS)
def test_blackjack_counts_faces_as_10_and_aces_as_1_or_11(cards: str, total: int, soft: bool, natural: bool) -> None:
    hand = tuple(cards.split())
    assert blackjack_total(hand) == (total, soft)
    assert is_natural(hand) is natural


@pytest.mark.parametrize(("cards", "pair"), [("8H 8C", True), ("KD TH", True), ("9H TH", False), ("AS AD", True)])
def test_two_first_cards_of_equal_value_are_a_pair(cards: str, pair: bool) -> None:
    assert is_pair(tuple(cards.split())) is pair


@pytest.mark.parametrize(("total", "house", "outcome"), [(18, 17, "win"), (18, 22, "win"), (17, 17, "push"),
                                                          (16, 17, "lose"), (21, 21, "push")])
def test_a_standing_hand_against_the_house(total: int, house: int, outcome: str) -> None:
    assert settle(total, house) == outcome
