"""Texas Hold'em as the Hitchiker book changes it.

Rulebook: TEXAS HOLD 'EM. The bank seeds $100,000; whoever wants to play antes
$10,000 (everyone decides at once); two hole cards each, face down; no pre-flop
betting; a betting round after the flop, the turn and the river, each opened by
the first player on the dealer's left; then the showdown, with side pots.
"""

from __future__ import annotations

from domain.core import Command
from domain.games.hitchiker.cards import FULL_DECK
from domain.games.hitchiker.casino.betting import (
    ANTE,
    SEED,
    bet_range,
    can_check,
    live,
    raise_range,
    to_call,
)
from domain.games.hitchiker.casino.events import (
    AntePaid,
    BetPlaced,
    BoardDealt,
    Called,
    CardsShuffled,
    Checked,
    Folded,
    HoldemOpened,
    HoleCardsDealt,
    HoleCardsShown,
    PotAwarded,
    Raised,
    SatOut,
)
from domain.games.hitchiker.casino.hands import best_hand, hand_name
from domain.games.hitchiker.casino.pots import side_pots, split
from domain.games.hitchiker.commands import Ante, Bet, Call, Check, Fold, Raise, SitOut
from domain.games.hitchiker.events import CasinoClosed
from domain.games.hitchiker.play import Play
from domain.games.hitchiker.state import HoldemTable, Phase, State, clockwise_from

STREETS = (("flop", 3), ("turn", 1), ("river", 1))


def _table(state: State) -> HoldemTable:
    assert state.holdem is not None
    return state.holdem


def open_holdem(play: Play, dealer: int) -> None:
    order = (*clockwise_from(play.state, dealer), dealer)
    eligible = tuple(seat for seat in order if play.player(seat).cash >= ANTE)
    play.emit(HoldemOpened(dealer=dealer, seed=SEED, eligible=eligible))
    if not eligible:
        play.emit(CasinoClosed(seat=dealer))


def undecided(state: State) -> tuple[int, ...]:
    if state.holdem is None or state.phase is not Phase.HOLDEM_ANTE:
        return ()
    return tuple(seat for seat in state.holdem.eligible if seat not in state.holdem.decided)


# --- ante up ------------------------------------------------------------------------------------

def ante_refusal(state: State, seat: int, command: Ante) -> str | None:
    """Ante $10,000 to play, once (those yet to decide act: `rules.to_act`), with the cash for it."""
    if state.phase is not Phase.HOLDEM_ANTE:
        return "the antes are in"
    if state.players[seat].cash < ANTE:
        return "the ante is $10,000"
    return None


def ante(play: Play, seat: int, command: Ante) -> None:
    play.emit(AntePaid(seat=seat, amount=ANTE))
    _deal_when_all_decided(play)


def sit_out_refusal(state: State, seat: int, command: SitOut) -> str | None:
    """Playing is a choice."""
    return None if state.phase is Phase.HOLDEM_ANTE else "the antes are in"


def sit_out(play: Play, seat: int, command: SitOut) -> None:
    play.emit(SatOut(seat=seat))
    _deal_when_all_decided(play)


def ante_choices(state: State, seat: int) -> list[Command]:
    return [Ante(), SitOut()]


def _deal_when_all_decided(play: Play) -> None:
    """Two hole cards each from the dealer's left, one at a time, then the flop."""
    if undecided(play.state):
        return
    table = _table(play.state)
    if len(table.seats) < 2:
        _award_uncontested(play)
        return
    order = play.rng.shuffled(FULL_DECK)
    play.emit(CardsShuffled(order=order))
    count = len(table.seats)
    for place, seat in enumerate(table.seats):
        play.emit(HoleCardsDealt(seat=seat, cards=(order[place], order[place + count])))
    _next_street(play)
    _betting_goes_on(play)


def _next_street(play: Play) -> None:
    table = _table(play.state)
    dealt = len(table.board)
    for street, count in STREETS:
        if dealt == 0:
            play.emit(BoardDealt(street=street, cards=table.deck[:count]))
            return
        dealt -= count


# --- betting ------------------------------------------------------------------------------------

def _betting_refusal(state: State) -> str | None:
    """A betting round is on (its actions are taken in turn: the actor is the one seat to act, `rules.to_act`)."""
    return None if state.phase is Phase.HOLDEM_BETTING else "there is no betting round now"


def check_refusal(state: State, seat: int, command: Check) -> str | None:
    """Check when there is nothing to call."""
    if refusal := _betting_refusal(state):
        return refusal
    if not can_check(_table(state), seat):
        return f"there is ${to_call(_table(state), seat):,} to call: call, raise or fold"
    return None


def check(play: Play, seat: int, command: Check) -> None:
    play.emit(Checked(seat=seat))
    _betting_goes_on(play)


def bet_refusal(state: State, seat: int, command: Bet) -> str | None:
    """Open the betting: at least $10,000 or all of a smaller stack."""
    if refusal := _betting_refusal(state):
        return refusal
    amounts = bet_range(_table(state), state.players, seat)
    if amounts is None:
        return "there is already a bet: call, raise or fold"
    if command.amount not in amounts:
        return "the minimum bet is $10,000 (or all of your cash), in $1,000 bills"
    return None


def bet(play: Play, seat: int, command: Bet) -> None:
    play.emit(BetPlaced(seat=seat, amount=command.amount))
    _betting_goes_on(play)


def call_refusal(state: State, seat: int, command: Call) -> str | None:
    """Match the highest bet, or call all in for less."""
    if refusal := _betting_refusal(state):
        return refusal
    if to_call(_table(state), seat) <= 0:
        return "there is no bet to call: check or bet"
    return None


def call(play: Play, seat: int, command: Call) -> None:
    """Match the highest bet, or call all in with all of your cash if it is less."""
    amount = min(to_call(_table(play.state), seat), play.player(seat).cash)
    play.emit(Called(seat=seat, amount=amount))
    _betting_goes_on(play)


def raise_refusal(state: State, seat: int, command: Raise) -> str | None:
    """Raise by at least the last bet or raise, or all in, unless a short all-in did not reopen the betting."""
    if refusal := _betting_refusal(state):
        return refusal
    amounts = raise_range(_table(state), state.players, seat)
    if amounts is None:
        return "you cannot raise now"
    if command.amount not in amounts:
        return f"raise to at least ${amounts.low:,} (the bet plus the last bet or raise) or all in"
    return None


def raise_(play: Play, seat: int, command: Raise) -> None:
    play.emit(Raised(seat=seat, amount=command.amount))
    _betting_goes_on(play)


def fold_refusal(state: State, seat: int, command: Fold) -> str | None:
    """Give up the hand, in turn."""
    return _betting_refusal(state)


def fold(play: Play, seat: int, command: Fold) -> None:
    play.emit(Folded(seat=seat))
    _betting_goes_on(play)


def betting_choices(state: State, seat: int) -> list[Command]:
    table = _table(state)
    choices: list[Command] = [Check(), Call()]
    bets = bet_range(table, state.players, seat)
    if bets is not None:
        choices += [Bet(amount=amount) for amount in bets.samples()]
    raises = raise_range(table, state.players, seat)
    if raises is not None:
        choices += [Raise(amount=amount) for amount in raises.samples()]
    return [*choices, Fold()]


def _betting_goes_on(play: Play) -> None:
    """After an action: the pot to the last player in, the next street, or the showdown."""
    while True:
        table = _table(play.state)
        if len(live(table)) == 1:
            _award_uncontested(play)
            return
        if table.actor is not None:
            return
        if len(table.board) == 5:
            _showdown(play)
            return
        _next_street(play)


# --- the end of the hand ----------------------------------------------------------------------------

def _award_uncontested(play: Play) -> None:
    """Everyone else folded (or nobody else anted): the pot without a showdown."""
    table = _table(play.state)
    winners = live(table)
    if winners:
        amount = table.seed + sum(table.contributed)
        play.emit(PotAwarded(pot=0, amount=amount, winners=winners[:1], shares=(amount,)))
    play.emit(CasinoClosed(seat=table.dealer))


def showing_order(table: HoldemTable) -> tuple[int, ...]:
    """The last player to bet shows first, then clockwise; with no bet, from the dealer's left."""
    order = live(table)
    if table.last_aggressor in order:
        start = order.index(table.last_aggressor)
        order = order[start:] + order[:start]
    return order


def _showdown(play: Play) -> None:
    table = _table(play.state)
    holes = dict(table.holes)
    ranks = {seat: best_hand((*holes[seat], *table.board)) for seat in live(table)}
    for seat in showing_order(table):
        play.emit(HoleCardsShown(seat=seat, cards=holes[seat], hand=hand_name(ranks[seat])))
    for index, pot in enumerate(side_pots(table.contributed, table.seats, table.folded, table.seed)):
        best = max(ranks[seat] for seat in pot.eligible)
        winners = tuple(seat for seat in pot.eligible if ranks[seat] == best)
        play.emit(PotAwarded(pot=index, amount=pot.amount, winners=winners, shares=split(pot.amount, winners)))
    play.emit(CasinoClosed(seat=table.dealer))
