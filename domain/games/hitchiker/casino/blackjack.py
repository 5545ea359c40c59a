"""Blackjack as the Hitchiker book changes it.

Rulebook: BLACKJACK (twenty one). One open card each (two hands for the Dealer,
who is the hitchiker that landed) and the House card; everyone bets after seeing
it; second cards; naturals paid 10 times at once; each hand in turn hits, stands,
doubles down or splits (and re-splits); the House draws to 17; a win pays 5
times the wager. Every card is dealt face up; only the deck's order is hidden.
"""

from __future__ import annotations

from domain.core import Command
from domain.games.hitchiker.amounts import Range, bills
from domain.games.hitchiker.cards import FULL_DECK, blackjack_total, is_natural, is_pair
from domain.games.hitchiker.casino.events import (
    BetsAreDown,
    BlackjackCardDealt,
    BlackjackHandDealt,
    BlackjackPaid,
    CardsShuffled,
    DoubledDown,
    HandBusted,
    HandPassed,
    HandSettled,
    HandSplit,
    HandStood,
    HouseCardDealt,
    WagerPlaced,
)
from domain.games.hitchiker.commands import DoubleDown, Hit, PassHand, PlaceWager, Split, Stand
from domain.games.hitchiker.events import CasinoClosed
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.state import BILL, BlackjackHand, BlackjackTable, HandStatus, Phase, State, clockwise_from

WIN_MULTIPLE = 5
NATURAL_MULTIPLE = 10
HOUSE_STANDS_ON = 17
BUST = 21


def _table(state: State) -> BlackjackTable:
    assert state.blackjack is not None
    return state.blackjack


def current_hand(table: BlackjackTable) -> int | None:
    """The hand being played: the first open one in playing order."""
    for index, hand in enumerate(table.hands):
        if hand.status is HandStatus.OPEN:
            return index
    return None


def waiting_owners(table: BlackjackTable) -> frozenset[int]:
    return frozenset(hand.owner for hand in table.hands if hand.status is HandStatus.WAITING)


def _shuffle(play: Play) -> None:
    """Shuffle, then put the top card face down on the bottom: it is never dealt."""
    order = play.rng.shuffled(FULL_DECK)
    play.emit(CardsShuffled(order=(*order[1:], order[0])))


def _draw(play: Play) -> str:
    """The top card; when only the buried card is left, a fresh deck is shuffled (a ruling)."""
    if len(_table(play.state).deck) <= 1:
        _shuffle(play)
    return _table(play.state).deck[0]


def open_blackjack(play: Play, dealer: int) -> None:
    """Deal one card to each player with cash, from the dealer's left, two to the dealer, one to the House."""
    _shuffle(play)
    seats = [seat for seat in clockwise_from(play.state, dealer) if play.player(seat).cash >= BILL]
    if play.player(dealer).cash >= BILL:
        seats += [dealer, dealer]
    for index, seat in enumerate(seats):
        play.emit(BlackjackHandDealt(seat=seat, hand=index, card=_draw(play)))
    play.emit(HouseCardDealt(card=_draw(play)))
    if not seats:
        play.emit(CasinoClosed(seat=dealer))


# --- bets ---------------------------------------------------------------------------------------

def wager_range(state: State, seat: int) -> Range | None:
    """No limit: $1,000 up to all of your Travelling Cash."""
    cash = bills(state.players[seat].cash)
    return Range(low=BILL, high=cash) if cash >= BILL else None


def _own_waiting_hand_refusal(state: State, seat: int, hand: int) -> str | None:
    """A hand of the seat's own that has no wager yet, before bets are down."""
    if state.phase is not Phase.BLACKJACK_WAGERS:
        return "bets are down"
    table = _table(state)
    if not 0 <= hand < len(table.hands) or table.hands[hand].owner != seat:
        return "that is not your hand"
    if table.hands[hand].status is not HandStatus.WAITING:
        return "you have already bet on that hand"
    return None


def place_wager_refusal(state: State, seat: int, command: PlaceWager) -> str | None:
    """A wager on your own hand, $1,000 up to the cash in hand, before bets are down."""
    if refusal := _own_waiting_hand_refusal(state, seat, command.hand):
        return refusal
    amounts = wager_range(state, seat)
    if amounts is None or command.amount not in amounts:
        return "wager whole $1,000 bills, no more than your Travelling Cash"
    return None


def place_wager(play: Play, seat: int, command: PlaceWager) -> None:
    play.emit(WagerPlaced(seat=seat, hand=command.hand, amount=command.amount))
    _bets_down_when_all_in(play)


def pass_hand_refusal(state: State, seat: int, command: PassHand) -> str | None:
    """A hand may be sat out, before bets are down."""
    return _own_waiting_hand_refusal(state, seat, command.hand)


def pass_hand(play: Play, seat: int, command: PassHand) -> None:
    play.emit(HandPassed(seat=seat, hand=command.hand))
    _bets_down_when_all_in(play)


def wager_choices(state: State, seat: int) -> list[Command]:
    amounts = wager_range(state, seat)
    choices: list[Command] = []
    for index, hand in enumerate(_table(state).hands):
        if hand.owner == seat and hand.status is HandStatus.WAITING:
            if amounts is not None:
                choices += [PlaceWager(hand=index, amount=a) for a in amounts.samples((10_000,))]
            choices.append(PassHand(hand=index))
    return choices


def _bets_down_when_all_in(play: Play) -> None:
    """With every wager down: second cards, naturals paid at once, then play."""
    table = _table(play.state)
    if waiting_owners(table):
        return
    play.emit(BetsAreDown(dealer=table.dealer))
    for index, hand in enumerate(table.hands):
        if hand.status is HandStatus.WAGERED:
            play.emit(BlackjackCardDealt(hand=index, card=_draw(play)))
    for index, hand in enumerate(_table(play.state).hands):
        if hand.status is HandStatus.OPEN and is_natural(hand.cards):
            play.emit(BlackjackPaid(seat=hand.owner, hand=index, amount=hand.wager * (NATURAL_MULTIPLE + 1)))
    _play_on(play)


# --- playing the hands ----------------------------------------------------------------------------

def _play_on(play: Play) -> None:
    """Stand hands on 21 by themselves; when no hand is open, the House plays."""
    while True:
        table = _table(play.state)
        index = current_hand(table)
        if index is None:
            _house_plays(play)
            return
        if blackjack_total(table.hands[index].cards)[0] < BUST:
            return
        play.emit(HandStood(seat=table.hands[index].owner, hand=index))


def _hand(state: State) -> tuple[int, BlackjackHand]:
    table = _table(state)
    index = current_hand(table)
    assert index is not None
    return index, table.hands[index]


def _playing_refusal(state: State) -> str | None:
    """A hand is being played."""
    if state.phase is not Phase.BLACKJACK_PLAY or current_hand(_table(state)) is None:
        return "no Blackjack hand is being played"
    return None


def _deal_to(play: Play, index: int) -> int:
    play.emit(BlackjackCardDealt(hand=index, card=_draw(play)))
    return blackjack_total(_table(play.state).hands[index].cards)[0]


def hit_refusal(state: State, seat: int, command: Hit) -> str | None:
    """The hand being played may take a card."""
    return _playing_refusal(state)


def hit(play: Play, seat: int, command: Hit) -> None:
    index, _ = _hand(play.state)
    total = _deal_to(play, index)
    if total > BUST:
        play.emit(HandBusted(seat=seat, hand=index, total=total))
    _play_on(play)


def stand_refusal(state: State, seat: int, command: Stand) -> str | None:
    """The hand being played may stop."""
    return _playing_refusal(state)


def stand(play: Play, seat: int, command: Stand) -> None:
    index, _ = _hand(play.state)
    play.emit(HandStood(seat=seat, hand=index))
    _play_on(play)


def double_down_refusal(state: State, seat: int, command: DoubleDown) -> str | None:
    """Double the wager for one card: on the first two cards, with the cash to match."""
    if refusal := _playing_refusal(state):
        return refusal
    _, hand = _hand(state)
    if len(hand.cards) != 2:
        return "you double down on your first two cards only"
    if state.players[seat].cash < hand.wager:
        return "you need as much again as your wager to double down"
    return None


def double_down(play: Play, seat: int, command: DoubleDown) -> None:
    """Double the wager and take exactly one more card."""
    index, hand = _hand(play.state)
    play.emit(DoubledDown(seat=seat, hand=index, amount=hand.wager))
    total = _deal_to(play, index)
    play.emit(HandBusted(seat=seat, hand=index, total=total) if total > BUST else HandStood(seat=seat, hand=index))
    _play_on(play)


def split_refusal(state: State, seat: int, command: Split) -> str | None:
    """Split two first cards of equal value, with the cash for an equal wager."""
    if refusal := _playing_refusal(state):
        return refusal
    _, hand = _hand(state)
    if not is_pair(hand.cards):
        return "you split two first cards of equal value only"
    if state.players[seat].cash < hand.wager:
        return "you need an equal wager for the second hand"
    return None


def split(play: Play, seat: int, command: Split) -> None:
    """Two hands with equal wagers, a second card on each; a new pair may split again."""
    index, hand = _hand(play.state)
    play.emit(HandSplit(seat=seat, hand=index, new_hand=index + 1, amount=hand.wager))
    _deal_to(play, index)
    _deal_to(play, index + 1)
    _play_on(play)


def play_choices(state: State, seat: int) -> list[Command]:
    return [Hit(), Stand(), DoubleDown(), Split()]


# --- the House ----------------------------------------------------------------------------------

def _house_plays(play: Play) -> None:
    """The House draws to 17 when a hand still stands against it, then every standing hand settles."""
    table = _table(play.state)
    standing = [index for index, hand in enumerate(table.hands) if hand.status is HandStatus.STOOD]
    if standing:
        play.emit(HouseCardDealt(card=_draw(play)))
        while blackjack_total(_table(play.state).house)[0] < HOUSE_STANDS_ON:
            play.emit(HouseCardDealt(card=_draw(play)))
    house = blackjack_total(_table(play.state).house)[0]
    for index in standing:
        hand = _table(play.state).hands[index]
        outcome = settle(blackjack_total(hand.cards)[0], house)
        payout = {"win": hand.wager * (WIN_MULTIPLE + 1), "push": hand.wager, "lose": 0}[outcome]
        play.emit(HandSettled(seat=hand.owner, hand=index, outcome=outcome, payout=payout))
    play.emit(CasinoClosed(seat=table.dealer))


def settle(total: int, house: int) -> str:
    """A standing hand against the House: "win", "push" or "lose"."""
    if house > BUST or total > house:
        return "win"
    return "push" if total == house else "lose"
