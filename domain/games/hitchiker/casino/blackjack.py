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
from domain.games.hitchiker.flow import Flow
from domain.games.hitchiker.guards import require, require_phase
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


def _shuffle(flow: Flow) -> None:
    """Shuffle, then put the top card face down on the bottom: it is never dealt."""
    order = flow.rng.shuffled(FULL_DECK)
    flow.emit(CardsShuffled(order=(*order[1:], order[0])))


def _draw(flow: Flow) -> str:
    """The top card; when only the buried card is left, a fresh deck is shuffled (a ruling)."""
    if len(_table(flow.state).deck) <= 1:
        _shuffle(flow)
    return _table(flow.state).deck[0]


def open_blackjack(flow: Flow, dealer: int) -> None:
    """Deal one card to each player with cash, from the dealer's left, two to the dealer, one to the House."""
    _shuffle(flow)
    seats = [seat for seat in clockwise_from(flow.state, dealer) if flow.player(seat).cash >= BILL]
    if flow.player(dealer).cash >= BILL:
        seats += [dealer, dealer]
    for index, seat in enumerate(seats):
        flow.emit(BlackjackHandDealt(seat=seat, hand=index, card=_draw(flow)))
    flow.emit(HouseCardDealt(card=_draw(flow)))
    if not seats:
        flow.emit(CasinoClosed(seat=dealer))


# --- bets ---------------------------------------------------------------------------------------

def wager_range(state: State, seat: int) -> Range | None:
    """No limit: $1,000 up to all of your Travelling Cash."""
    cash = bills(state.players[seat].cash)
    return Range(low=BILL, high=cash) if cash >= BILL else None


def _check_own_waiting_hand(state: State, seat: int, hand: int) -> None:
    require_phase(state, Phase.BLACKJACK_WAGERS, "bets are down")
    table = _table(state)
    require(0 <= hand < len(table.hands) and table.hands[hand].owner == seat, "that is not your hand")
    require(table.hands[hand].status is HandStatus.WAITING, "you have already bet on that hand")


def check_place_wager(state: State, seat: int, command: PlaceWager) -> None:
    """A wager on your own hand, $1,000 up to the cash in hand, before bets are down.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    _check_own_waiting_hand(state, seat, command.hand)
    amounts = wager_range(state, seat)
    require(amounts is not None and command.amount in amounts,
            "wager whole $1,000 bills, no more than your Travelling Cash")


def place_wager(flow: Flow, seat: int, command: PlaceWager) -> None:
    flow.emit(WagerPlaced(seat=seat, hand=command.hand, amount=command.amount))
    _bets_down_when_all_in(flow)


def check_pass_hand(state: State, seat: int, command: PassHand) -> None:
    """A hand may be sat out, before bets are down.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    _check_own_waiting_hand(state, seat, command.hand)


def pass_hand(flow: Flow, seat: int, command: PassHand) -> None:
    flow.emit(HandPassed(seat=seat, hand=command.hand))
    _bets_down_when_all_in(flow)


def wager_choices(state: State, seat: int) -> list[Command]:
    amounts = wager_range(state, seat)
    choices: list[Command] = []
    for index, hand in enumerate(_table(state).hands):
        if hand.owner == seat and hand.status is HandStatus.WAITING:
            if amounts is not None:
                choices += [PlaceWager(hand=index, amount=a) for a in amounts.samples((10_000,))]
            choices.append(PassHand(hand=index))
    return choices


def _bets_down_when_all_in(flow: Flow) -> None:
    """With every wager down: second cards, naturals paid at once, then play."""
    table = _table(flow.state)
    if waiting_owners(table):
        return
    flow.emit(BetsAreDown(dealer=table.dealer))
    for index, hand in enumerate(table.hands):
        if hand.status is HandStatus.WAGERED:
            flow.emit(BlackjackCardDealt(hand=index, card=_draw(flow)))
    for index, hand in enumerate(_table(flow.state).hands):
        if hand.status is HandStatus.OPEN and is_natural(hand.cards):
            flow.emit(BlackjackPaid(seat=hand.owner, hand=index, amount=hand.wager * (NATURAL_MULTIPLE + 1)))
    _play_on(flow)


# --- playing the hands ----------------------------------------------------------------------------

def _play_on(flow: Flow) -> None:
    """Stand hands on 21 by themselves; when no hand is open, the House plays."""
    while True:
        table = _table(flow.state)
        index = current_hand(table)
        if index is None:
            _house_plays(flow)
            return
        if blackjack_total(table.hands[index].cards)[0] < BUST:
            return
        flow.emit(HandStood(seat=table.hands[index].owner, hand=index))


def _hand(state: State) -> tuple[int, BlackjackHand]:
    table = _table(state)
    index = current_hand(table)
    assert index is not None
    return index, table.hands[index]


def _check_playing(state: State) -> None:
    require_phase(state, Phase.BLACKJACK_PLAY, "no Blackjack hand is being played")
    require(current_hand(_table(state)) is not None, "no Blackjack hand is being played")


def _deal_to(flow: Flow, index: int) -> int:
    flow.emit(BlackjackCardDealt(hand=index, card=_draw(flow)))
    return blackjack_total(_table(flow.state).hands[index].cards)[0]


def check_hit(state: State, seat: int, command: Hit) -> None:
    """The hand being played may take a card.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    _check_playing(state)


def hit(flow: Flow, seat: int, command: Hit) -> None:
    index, _ = _hand(flow.state)
    total = _deal_to(flow, index)
    if total > BUST:
        flow.emit(HandBusted(seat=seat, hand=index, total=total))
    _play_on(flow)


def check_stand(state: State, seat: int, command: Stand) -> None:
    """The hand being played may stop.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    _check_playing(state)


def stand(flow: Flow, seat: int, command: Stand) -> None:
    index, _ = _hand(flow.state)
    flow.emit(HandStood(seat=seat, hand=index))
    _play_on(flow)


def check_double_down(state: State, seat: int, command: DoubleDown) -> None:
    """Double the wager for one card: on the first two cards, with the cash to match.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    _check_playing(state)
    _, hand = _hand(state)
    require(len(hand.cards) == 2, "you double down on your first two cards only")
    require(state.players[seat].cash >= hand.wager, "you need as much again as your wager to double down")


def double_down(flow: Flow, seat: int, command: DoubleDown) -> None:
    """Double the wager and take exactly one more card."""
    index, hand = _hand(flow.state)
    flow.emit(DoubledDown(seat=seat, hand=index, amount=hand.wager))
    total = _deal_to(flow, index)
    flow.emit(HandBusted(seat=seat, hand=index, total=total) if total > BUST else HandStood(seat=seat, hand=index))
    _play_on(flow)


def check_split(state: State, seat: int, command: Split) -> None:
    """Split two first cards of equal value, with the cash for an equal wager.

    Raises:
        IllegalCommand: the rules forbid it now.
    """
    _check_playing(state)
    _, hand = _hand(state)
    require(is_pair(hand.cards), "you split two first cards of equal value only")
    require(state.players[seat].cash >= hand.wager, "you need an equal wager for the second hand")


def split(flow: Flow, seat: int, command: Split) -> None:
    """Two hands with equal wagers, a second card on each; a new pair may split again."""
    index, hand = _hand(flow.state)
    flow.emit(HandSplit(seat=seat, hand=index, new_hand=index + 1, amount=hand.wager))
    _deal_to(flow, index)
    _deal_to(flow, index + 1)
    _play_on(flow)


def play_choices(state: State, seat: int) -> list[Command]:
    return [Hit(), Stand(), DoubleDown(), Split()]


# --- the House ----------------------------------------------------------------------------------

def _house_plays(flow: Flow) -> None:
    """The House draws to 17 when a hand still stands against it, then every standing hand settles."""
    table = _table(flow.state)
    standing = [index for index, hand in enumerate(table.hands) if hand.status is HandStatus.STOOD]
    if standing:
        flow.emit(HouseCardDealt(card=_draw(flow)))
        while blackjack_total(_table(flow.state).house)[0] < HOUSE_STANDS_ON:
            flow.emit(HouseCardDealt(card=_draw(flow)))
    house = blackjack_total(_table(flow.state).house)[0]
    for index in standing:
        hand = _table(flow.state).hands[index]
        outcome = settle(blackjack_total(hand.cards)[0], house)
        payout = {"win": hand.wager * (WIN_MULTIPLE + 1), "push": hand.wager, "lose": 0}[outcome]
        flow.emit(HandSettled(seat=hand.owner, hand=index, outcome=outcome, payout=payout))
    flow.emit(CasinoClosed(seat=table.dealer))


def settle(total: int, house: int) -> str:
    """A standing hand against the House: "win", "push" or "lose"."""
    if house > BUST or total > house:
        return "win"
    return "push" if total == house else "lose"
