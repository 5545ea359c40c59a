"""Hold'em betting as the Hitchiker book changes it: no limit, a $10,000 minimum.

Pure predicates over the table and the players' Travelling Cash, shared by
`decide`, `legal_commands`, `evolve` (who acts next) and the views.
Rulebook: TEXAS HOLD 'EM, BETTING.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.games.hitchiker.amounts import Range
from domain.games.hitchiker.state import HoldemTable, Player

SEED = 100_000
ANTE = 10_000
MIN_BET = 10_000


def live(table: HoldemTable) -> tuple[int, ...]:
    """Seats still in the hand (not folded), from the dealer's left."""
    return tuple(seat for seat in table.seats if seat not in table.folded)


def can_act(table: HoldemTable, players: Sequence[Player], seat: int) -> bool:
    """In the hand with chips behind (not all in)."""
    return seat in table.seats and seat not in table.folded and players[seat].cash > 0


def to_call(table: HoldemTable, seat: int) -> int:
    return table.current_bet - table.round_bets[seat]


def must_act(table: HoldemTable, players: Sequence[Player], seat: int) -> bool:
    return can_act(table, players, seat) and (seat not in table.acted or to_call(table, seat) > 0)


def next_actor(table: HoldemTable, players: Sequence[Player], after: int | None) -> int | None:
    """The next seat clockwise after `after` that must act, or None when the round is over."""
    if len(live(table)) < 2:
        return None
    order = table.seats
    if after is not None and after in order:
        start = order.index(after) + 1
        order = order[start:] + order[:start]
    for seat in order:
        if must_act(table, players, seat):
            return seat
    return None


def opening_actor(table: HoldemTable, players: Sequence[Player]) -> int | None:
    """Who opens a betting round: nobody when fewer than two seats can still bet."""
    if sum(1 for seat in live(table) if can_act(table, players, seat)) < 2:
        return None
    return next_actor(table, players, None)


def can_check(table: HoldemTable, seat: int) -> bool:
    return to_call(table, seat) == 0


def bet_range(table: HoldemTable, players: Sequence[Player], seat: int) -> Range | None:
    """An opening bet: at least $10,000, or all of a smaller stack."""
    cash = players[seat].cash
    if table.current_bet > 0 or cash <= 0:
        return None
    return Range(low=min(MIN_BET, cash), high=cash)


def raise_range(table: HoldemTable, players: Sequence[Player], seat: int) -> Range | None:
    """Raise to: the bet plus at least the last bet or raise, or all in for less."""
    cash = players[seat].cash
    if table.current_bet == 0 or seat in table.acted or cash <= to_call(table, seat):
        return None
    most = table.round_bets[seat] + cash
    return Range(low=min(table.current_bet + table.min_raise, most), high=most)
