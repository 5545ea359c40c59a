"""How the casino's facts change the state (the rest of evolve is in ../evolve.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.core import Event
from domain.games.hitchiker import events as ev
from domain.games.hitchiker.casino import events as cev
from domain.games.hitchiker.casino.betting import MIN_BET, next_actor, opening_actor
from domain.games.hitchiker.state import (
    BlackjackHand,
    BlackjackTable,
    CasinoGame,
    HandStatus,
    HoldemTable,
    Phase,
    Player,
    State,
    changed,
    put,
)


def _without(deck: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """The deck less the first copy of each dealt card."""
    rest = list(deck)
    for card in cards:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def _paid(state: State, seat: int, amount: int) -> tuple[Player, ...]:
    """The players after `seat` is paid `amount` (a negative amount: `seat` pays)."""
    return changed(state.players, seat, cash=state.players[seat].cash + amount)


def _game_chosen(state: State, event: ev.CasinoGameChosen) -> State:
    if event.game is CasinoGame.BLACKJACK:
        return replace(state, blackjack=BlackjackTable(dealer=event.seat), phase=Phase.BLACKJACK_WAGERS)
    return state  # Craps is played at once; Hold'em opens with HoldemOpened


def _shuffled(state: State, event: cev.CardsShuffled) -> State:
    if state.blackjack is not None:
        return replace(state, blackjack=replace(state.blackjack, deck=event.order))
    return replace(state, holdem=replace(_holdem(state), deck=event.order))


# --- High Roll Craps ----------------------------------------------------------------------------

def _craps_won(state: State, event: cev.CrapsPotWon) -> State:
    return _shares_paid(state, event.winners, event.shares)


def _shares_paid(state: State, winners: tuple[int, ...], shares: tuple[int, ...]) -> State:
    players = state.players
    for seat, share in zip(winners, shares, strict=True):
        players = changed(players, seat, cash=players[seat].cash + share)
    return replace(state, players=players)


# --- Blackjack ----------------------------------------------------------------------------------

def _table(state: State) -> BlackjackTable:
    """The Blackjack table.

    Raises:
        ValueError: no Blackjack is being played.
    """
    if state.blackjack is None:
        raise ValueError("no Blackjack is being played")
    return state.blackjack


def _hand(table: BlackjackTable, index: int) -> BlackjackHand:
    """The hand at `index`.

    Raises:
        IndexError: there is no such hand.
    """
    if not 0 <= index < len(table.hands):
        raise IndexError(f"no hand {index} among {len(table.hands)}")
    return table.hands[index]


def _with_hand(state: State, index: int, *, players: tuple[Player, ...] | None = None, **changes: Any) -> State:
    """`state` with some fields of one Blackjack hand changed (and the players, when given)."""
    table = _table(state)
    return replace(state, players=state.players if players is None else players,
                   blackjack=replace(table, hands=changed(table.hands, index, **changes)))


def _hand_dealt(state: State, event: cev.BlackjackHandDealt) -> State:
    table = _table(state)
    if not 0 <= event.hand <= len(table.hands):
        raise IndexError(f"no place for hand {event.hand} among {len(table.hands)}")
    hand = BlackjackHand(owner=event.seat, cards=(event.card,))
    hands = (*table.hands[:event.hand], hand, *table.hands[event.hand:])
    return replace(state, blackjack=replace(table, hands=hands, deck=_without(table.deck, (event.card,))))


def _card_dealt(state: State, event: cev.BlackjackCardDealt) -> State:
    table = _table(state)
    hand = _hand(table, event.hand)
    status = HandStatus.OPEN if hand.status is HandStatus.WAGERED else hand.status
    hands = changed(table.hands, event.hand, cards=(*hand.cards, event.card), status=status)
    return replace(state, blackjack=replace(table, hands=hands, deck=_without(table.deck, (event.card,))))


def _house_card(state: State, event: cev.HouseCardDealt) -> State:
    table = _table(state)
    return replace(state, blackjack=replace(table, house=(*table.house, event.card),
                                            deck=_without(table.deck, (event.card,))))


def _wager(state: State, event: cev.WagerPlaced) -> State:
    return _with_hand(state, event.hand, players=_paid(state, event.seat, -event.amount), wager=event.amount,
                      status=HandStatus.WAGERED)


def _passed(state: State, event: cev.HandPassed) -> State:
    return _with_hand(state, event.hand, status=HandStatus.PASSED)


def _bets_down(state: State, event: cev.BetsAreDown) -> State:
    return replace(state, phase=Phase.BLACKJACK_PLAY)


def _natural(state: State, event: cev.BlackjackPaid) -> State:
    return _with_hand(state, event.hand, players=_paid(state, event.seat, event.amount), status=HandStatus.BLACKJACK)


def _stood(state: State, event: cev.HandStood) -> State:
    return _with_hand(state, event.hand, status=HandStatus.STOOD)


def _busted(state: State, event: cev.HandBusted) -> State:
    return _with_hand(state, event.hand, status=HandStatus.BUSTED)


def _doubled(state: State, event: cev.DoubledDown) -> State:
    wager = _hand(_table(state), event.hand).wager
    return _with_hand(state, event.hand, players=_paid(state, event.seat, -event.amount), wager=wager + event.amount)


def _split(state: State, event: cev.HandSplit) -> State:
    table = _table(state)
    hand = _hand(table, event.hand)
    if not 0 <= event.new_hand <= len(table.hands):
        raise IndexError(f"no place for hand {event.new_hand} among {len(table.hands)}")
    second = BlackjackHand(owner=event.seat, cards=hand.cards[1:2], status=HandStatus.OPEN, wager=event.amount)
    hands = put(table.hands, event.hand, replace(hand, cards=hand.cards[:1]))
    hands = (*hands[:event.new_hand], second, *hands[event.new_hand:])
    return replace(state, players=_paid(state, event.seat, -event.amount), blackjack=replace(table, hands=hands))


def _settled(state: State, event: cev.HandSettled) -> State:
    return _with_hand(state, event.hand, players=_paid(state, event.seat, event.payout), status=HandStatus.SETTLED)


# --- Texas Hold'em ------------------------------------------------------------------------------

def _holdem(state: State) -> HoldemTable:
    """The Hold'em table.

    Raises:
        ValueError: no Hold'em is being played.
    """
    if state.holdem is None:
        raise ValueError("no Hold'em is being played")
    return state.holdem


def _opened(state: State, event: cev.HoldemOpened) -> State:
    zeros = (0,) * state.seats
    table = HoldemTable(dealer=event.dealer, seed=event.seed, eligible=event.eligible, contributed=zeros,
                        round_bets=zeros)
    return replace(state, holdem=table, phase=Phase.HOLDEM_ANTE)


def _ante(state: State, event: cev.AntePaid) -> State:
    table = _holdem(state)
    seats = tuple(seat for seat in table.eligible if seat in (*table.seats, event.seat))
    table = replace(table, decided=(*table.decided, event.seat), seats=seats,
                    contributed=put(table.contributed, event.seat, table.contributed[event.seat] + event.amount))
    return replace(state, players=_paid(state, event.seat, -event.amount), holdem=table)


def _sat_out(state: State, event: cev.SatOut) -> State:
    table = _holdem(state)
    return replace(state, holdem=replace(table, decided=(*table.decided, event.seat)))


def _hole_cards(state: State, event: cev.HoleCardsDealt) -> State:
    table = _holdem(state)
    return replace(state, holdem=replace(table, holes=(*table.holes, (event.seat, event.cards)),
                                         deck=_without(table.deck, event.cards)))


def _board(state: State, event: cev.BoardDealt) -> State:
    table = _holdem(state)
    table = replace(table, board=(*table.board, *event.cards), deck=_without(table.deck, event.cards),
                    street=event.street, round_bets=(0,) * state.seats, current_bet=0, min_raise=MIN_BET,
                    acted=(), last_aggressor=None)
    return replace(state, holdem=replace(table, actor=opening_actor(table, state.players)),
                   phase=Phase.HOLDEM_BETTING)


def _chips_in(state: State, seat: int, amount: int, **changes: Any) -> State:
    """`seat` puts `amount` more into the pot; then the next seat to act is found."""
    players = _paid(state, seat, -amount)
    table = _holdem(state)
    table = replace(table, round_bets=put(table.round_bets, seat, table.round_bets[seat] + amount),
                    contributed=put(table.contributed, seat, table.contributed[seat] + amount), **changes)
    return replace(state, players=players, holdem=replace(table, actor=next_actor(table, players, seat)))


def _checked(state: State, event: cev.Checked) -> State:
    return _chips_in(state, event.seat, 0, acted=(*_holdem(state).acted, event.seat))


def _bet(state: State, event: cev.BetPlaced) -> State:
    return _chips_in(state, event.seat, event.amount, acted=(event.seat,), current_bet=event.amount,
                     min_raise=max(MIN_BET, event.amount), last_aggressor=event.seat)


def _called(state: State, event: cev.Called) -> State:
    return _chips_in(state, event.seat, event.amount, acted=(*_holdem(state).acted, event.seat))


def _raised(state: State, event: cev.Raised) -> State:
    table = _holdem(state)
    size = event.amount - table.current_bet
    full = size >= table.min_raise
    return _chips_in(state, event.seat, event.amount - table.round_bets[event.seat],
                     acted=(event.seat,) if full else (*table.acted, event.seat),
                     min_raise=size if full else table.min_raise, current_bet=event.amount,
                     last_aggressor=event.seat)


def _folded(state: State, event: cev.Folded) -> State:
    table = _holdem(state)
    table = replace(table, folded=(*table.folded, event.seat))
    return replace(state, holdem=replace(table, actor=next_actor(table, state.players, event.seat)))


def _shown(state: State, event: cev.HoleCardsShown) -> State:
    table = _holdem(state)
    return replace(state, holdem=replace(table, shown=(*table.shown, (event.seat, event.cards)), actor=None))


def _pot(state: State, event: cev.PotAwarded) -> State:
    return _shares_paid(state, event.winners, event.shares)


CASINO_APPLIERS: dict[type[Event], Callable[[State, Any], State]] = {
    ev.CasinoGameChosen: _game_chosen,
    cev.CardsShuffled: _shuffled,
    cev.CrapsRolled: lambda state, event: state,  # the pot is paid in CrapsPotWon
    cev.CrapsPotWon: _craps_won,
    cev.BlackjackHandDealt: _hand_dealt,
    cev.BlackjackCardDealt: _card_dealt,
    cev.HouseCardDealt: _house_card,
    cev.WagerPlaced: _wager,
    cev.HandPassed: _passed,
    cev.BetsAreDown: _bets_down,
    cev.BlackjackPaid: _natural,
    cev.HandStood: _stood,
    cev.HandBusted: _busted,
    cev.DoubledDown: _doubled,
    cev.HandSplit: _split,
    cev.HandSettled: _settled,
    cev.HoldemOpened: _opened,
    cev.AntePaid: _ante,
    cev.SatOut: _sat_out,
    cev.HoleCardsDealt: _hole_cards,
    cev.BoardDealt: _board,
    cev.Checked: _checked,
    cev.BetPlaced: _bet,
    cev.Called: _called,
    cev.Raised: _raised,
    cev.Folded: _folded,
    cev.HoleCardsShown: _shown,
    cev.PotAwarded: _pot,
}
