"""How the hustler bot plays the casino: basic-strategy Blackjack, hand-strength Hold'em.

Everything here reads only the bot's own view (the open cards, its own hole cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core import Command, Rng
from domain.games.hitchiker.cards import FULL_DECK, blackjack_total, blackjack_value, is_pair
from domain.games.hitchiker.casino.hands import best_hand
from domain.games.hitchiker.commands import (
    Ante,
    Bet,
    Call,
    Check,
    DoubleDown,
    Fold,
    Hit,
    PassHand,
    PlaceWager,
    Raise,
    Split,
    Stand,
)
from domain.games.hitchiker.state import BILL

KELLY_SHARE = 0.4  # a win pays 5 to 1: a big share of the cash on every hand
EQUITY_SAMPLES = 120


def _first(legal: Sequence[Command], kind: type[Command]) -> Command | None:
    return next((command for command in legal if isinstance(command, kind)), None)


def _amount(share: float, amounts: dict[str, int]) -> int:
    """A share of the range's top, in bills, kept inside the range."""
    return share_of(share, amounts["min"], amounts["max"])


def share_of(share: float, low: int, high: int) -> int:
    """A share of `high`, in bills, kept between `low` and `high`."""
    wanted = int(high * share) // BILL * BILL
    return max(low, min(high, wanted))


# --- Blackjack ----------------------------------------------------------------------------------

def wager(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    table = view["casino"]
    amounts = table["wager_range"]
    hands = [hand for hand in table["hands"] if hand["owner"] == view["you"] and hand["status"] == "waiting"]
    if amounts is None or not hands:
        return _first(legal, PassHand) or legal[0]
    share = KELLY_SHARE / 2 if len(hands) == 2 else KELLY_SHARE
    return PlaceWager(hand=hands[0]["index"], amount=_amount(share, amounts))


def _should_split(pair: int, up: int) -> bool:
    if pair in (1, 8):
        return True
    if pair in (2, 3, 6, 7):
        return 2 <= up <= 7
    if pair == 9:
        return up not in (7, 10, 1)
    return pair == 4 and up in (5, 6)


def _should_double(total: int, soft: bool, up: int) -> bool:
    """Doubling pays 5 to 1 on the extra wager: double more often than in a real casino."""
    if soft:
        return 13 <= total <= 18 and 2 <= up <= 7
    return 8 <= total <= 11 or (total == 12 and 4 <= up <= 6)


def _should_stand(total: int, soft: bool, up: int) -> bool:
    if soft:
        return total >= 19 or (total == 18 and 2 <= up <= 8)
    if total >= 17:
        return True
    if total >= 13:
        return 2 <= up <= 6
    return total == 12 and 4 <= up <= 6


def play_hand(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    table = view["casino"]
    hand = table["hands"][table["current_hand"]]
    return basic_strategy(tuple(hand["cards"]), table["house"][0], legal)


def basic_strategy(cards: tuple[str, ...], house: str, legal: Sequence[Command]) -> Command:
    """Split, double down, stand or hit `cards` against the House's open card."""
    up = blackjack_value(house)
    total, soft = blackjack_total(cards)
    if is_pair(cards) and _should_split(blackjack_value(cards[0]), up) and _first(legal, Split):
        return Split()
    if _should_double(total, soft, up) and _first(legal, DoubleDown):
        return DoubleDown()
    return Stand() if _should_stand(total, soft, up) else Hit()


# --- Texas Hold'em ------------------------------------------------------------------------------

def equity(hole: tuple[str, ...], board: tuple[str, ...], opponents: int, rng: Rng) -> float:
    """The share of sampled deals this hand wins (ties count a share) against random hands."""
    rest = tuple(card for card in FULL_DECK if card not in hole and card not in board)
    need = 5 - len(board) + 2 * opponents
    won = 0.0
    for _ in range(EQUITY_SAMPLES):
        picks = [rest[index] for index in _sample(rng, len(rest), need)]
        full = (*board, *picks[:5 - len(board)])
        mine = best_hand((*hole, *full))
        others = [best_hand((picks[5 - len(board) + 2 * i], picks[6 - len(board) + 2 * i], *full))
                  for i in range(opponents)]
        best = max(others, default=mine)
        if mine > best:
            won += 1
        elif mine == best:
            won += 1 / (1 + sum(1 for other in others if other == mine))
    return won / EQUITY_SAMPLES


def _sample(rng: Rng, size: int, count: int) -> list[int]:
    """`count` distinct indexes below `size` (a partial Fisher-Yates)."""
    pool = list(range(size))
    for i in range(count):
        j = i + rng.randbelow(size - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:count]


def holdem(view: dict[str, Any], legal: Sequence[Command], rng: Rng) -> Command:
    table = view["casino"]
    if _first(legal, Ante):
        return Ante()
    if table["your_cards"] is None:
        return legal[0]
    opponents = sum(1 for seat in table["seats"] if seat not in table["folded"] and seat != view["you"])
    strength = equity(tuple(table["your_cards"]), tuple(table["board"]), max(1, opponents), rng)
    to_call = table["to_call"] or 0
    pot = table["pot"]
    aggressive = strength > 0.75 or (strength > 0.55 and opponents == 1)
    if aggressive:
        if table["raise_range"] is not None:
            return Raise(amount=_amount(1.0 if strength > 0.85 else 0.5, table["raise_range"]))
        if table["bet_range"] is not None:
            return Bet(amount=_amount(1.0 if strength > 0.85 else 0.5, table["bet_range"]))
    if to_call == 0:
        return Check()
    if strength >= to_call / (pot + to_call) and _first(legal, Call):
        return Call()
    return Fold()
