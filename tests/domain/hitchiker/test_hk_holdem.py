"""Texas Hold'em as the Hitchiker book changes it (rulebook: TEXAS HOLD 'EM).

Three seats; seat 0 lands on the Great White North Casino and deals, so the order
from the dealer's left is 1, 2, 0. With all three in, the shuffled deck gives the
hole cards deck[0], deck[3] to seat 1, deck[1], deck[4] to seat 2, deck[2], deck[5]
to seat 0, then the flop deck[6:9], the turn deck[9] and the river deck[10].
"""

from __future__ import annotations

from hk_scenario import cash, deck, opening, script
from support.scenario import illegal, of_type, play, when

from domain.games.hitchiker import SPEC
from domain.games.hitchiker.casino.events import (
    AntePaid,
    BoardDealt,
    HoldemOpened,
    HoleCardsDealt,
    HoleCardsShown,
    PotAwarded,
)
from domain.games.hitchiker.commands import Ante, Bet, Call, Check, ChooseCasinoGame, Fold, Raise, RollDice, SitOut
from domain.games.hitchiker.state import CasinoGame, Phase, State

ROYAL_BOARD = deck("2C", "3D", "4H", "5C", "6D", "7H", "AS", "KS", "QS", "JS", "TS")


def holdem_open(*stakes: int) -> State:
    """Seat 0 deals Hold'em; `stakes` are the seats' Travelling Cash before the ante."""
    setup = [cash(seat, stake - 25_000) for seat, stake in enumerate(stakes)]
    state = play(SPEC, opening(7, 30, 34, setup=setup), 0, RollDice(), script((1, 2)))
    return play(SPEC, state, 0, ChooseCasinoGame(game=CasinoGame.HOLDEM))


def all_in(cards: tuple[str, ...], *stakes: int) -> State:
    state = holdem_open(*stakes)
    state = play(SPEC, play(SPEC, state, 1, Ante()), 2, Ante())
    return play(SPEC, state, 0, Ante(), script(shuffles=[cards]))


def test_the_bank_seeds_100000_and_each_player_who_wants_to_play_antes_10000() -> None:
    state = play(SPEC, opening(7, 30, 34), 0, RollDice(), script((1, 2)))
    events = when(SPEC, state, 0, ChooseCasinoGame(game=CasinoGame.HOLDEM))
    assert events[1] == HoldemOpened(dealer=0, seed=100_000, eligible=(1, 2, 0))
    state = SPEC.fold(events, state)
    assert state.phase is Phase.HOLDEM_ANTE and SPEC.to_act(state) == {0, 1, 2}
    state = play(SPEC, play(SPEC, state, 2, SitOut()), 0, Ante())
    illegal(SPEC, state, 2, Ante(), "not seat 2's turn")
    events = when(SPEC, state, 1, Ante(), script(shuffles=[ROYAL_BOARD]))
    assert events[0] == AntePaid(seat=1, amount=10_000)
    assert of_type(events, HoleCardsDealt) == [HoleCardsDealt(seat=1, cards=("2C", "4H")),
                                               HoleCardsDealt(seat=0, cards=("3D", "5C"))]


def test_a_player_without_10000_cannot_ante_and_a_lone_ante_takes_the_seed() -> None:
    state = holdem_open(25_000, 9_000, 25_000)
    assert state.holdem is not None and state.holdem.eligible == (2, 0)
    events = when(SPEC, play(SPEC, state, 2, SitOut()), 0, Ante())
    assert of_type(events, PotAwarded) == [PotAwarded(pot=0, amount=110_000, winners=(0,), shares=(110_000,))]
    assert not of_type(events, HoleCardsDealt)


def test_there_is_no_pre_flop_betting_the_flop_opens_the_first_round_on_the_dealers_left() -> None:
    state = play(SPEC, play(SPEC, holdem_open(25_000, 25_000, 25_000), 1, Ante()), 2, Ante())
    events = when(SPEC, state, 0, Ante(), script(shuffles=[ROYAL_BOARD]))
    assert [e.TYPE for e in events[-4:]] == ["HoleCardsDealt", "HoleCardsDealt", "HoleCardsDealt", "BoardDealt"]
    assert events[-1] == BoardDealt(street="flop", cards=("AS", "KS", "QS"))
    assert SPEC.to_act(SPEC.fold(events, state)) == {1}


def test_the_minimum_bet_is_10000_unless_it_is_all_of_a_smaller_stack() -> None:
    state = all_in(ROYAL_BOARD, 18_000, 100_000, 100_000)
    illegal(SPEC, state, 1, Bet(amount=5_000), "minimum bet is \\$10,000")
    state = play(SPEC, play(SPEC, state, 1, Check()), 2, Check())
    assert Bet(amount=8_000) in SPEC.legal_commands(state, 0)  # all in for less
    illegal(SPEC, state, 0, Bet(amount=7_000), "minimum bet")


def test_checking_round_the_table_deals_the_turn_and_the_river() -> None:
    state = all_in(ROYAL_BOARD, 100_000, 100_000, 100_000)
    state = play(SPEC, play(SPEC, state, 1, Check()), 2, Check())
    events = when(SPEC, state, 0, Check())
    assert events[-1] == BoardDealt(street="turn", cards=("JS",))
    illegal(SPEC, state, 0, Call(), "no bet to call")


def test_a_raise_adds_at_least_the_last_bet_or_raise() -> None:
    state = play(SPEC, all_in(ROYAL_BOARD, 200_000, 200_000, 200_000), 1, Bet(amount=20_000))
    illegal(SPEC, state, 2, Check(), "to call")
    illegal(SPEC, state, 2, Raise(amount=30_000), "at least \\$40,000")
    state = play(SPEC, state, 2, Raise(amount=45_000))
    illegal(SPEC, state, 0, Raise(amount=69_000), "at least \\$70,000")
    state = play(SPEC, state, 0, Raise(amount=70_000))
    assert state.holdem is not None and state.holdem.current_bet == 70_000 and SPEC.to_act(state) == {1}


def test_a_short_all_in_raise_does_not_reopen_the_betting_for_who_already_acted() -> None:
    state = play(SPEC, all_in(ROYAL_BOARD, 200_000, 200_000, 35_000), 1, Bet(amount=20_000))
    state = play(SPEC, state, 2, Raise(amount=25_000))  # all in: a raise of only 5,000
    state = play(SPEC, state, 0, Call())
    assert SPEC.to_act(state) == {1}
    kinds = {type(command) for command in SPEC.legal_commands(state, 1)}
    assert kinds == {Call, Fold}


def test_the_book_side_pot_example_an_all_in_player_wins_no_more_than_the_main_pot() -> None:
    # A (seat 1) has 50,000 after the ante, B (seat 2) and C (seat 0) 100,000. A's aces beat B's kings.
    cards = deck("AC", "KC", "2H", "AD", "KD", "3H", "7S", "8S", "9D", "4C", "JH")
    state = all_in(cards, 110_000, 60_000, 110_000)
    state = play(SPEC, state, 1, Bet(amount=50_000))  # A all in after the flop
    state = play(SPEC, play(SPEC, state, 2, Call()), 0, Call())
    assert state.holdem is not None and state.holdem.street == "turn" and SPEC.to_act(state) == {2}
    state = play(SPEC, state, 2, Bet(amount=20_000))  # B bets the turn: a side pot only B or C can win
    events = when(SPEC, state, 0, Fold())
    assert of_type(events, PotAwarded) == [
        PotAwarded(pot=0, amount=280_000, winners=(1,), shares=(280_000,)),
        PotAwarded(pot=1, amount=20_000, winners=(2,), shares=(20_000,)),
    ]
    assert [e.seat for e in of_type(events, HoleCardsShown)] == [1, 2]


def test_the_best_five_of_seven_wins_and_a_shared_hand_splits_with_odd_bills_after_the_button() -> None:
    state = all_in(ROYAL_BOARD, 100_000, 100_000, 100_000)
    for seat in (1, 2, 0, 1, 2, 0, 1, 2):
        state = play(SPEC, state, seat, Check())
    events = when(SPEC, state, 0, Check())
    assert of_type(events, HoleCardsShown)[0].hand == "straight flush"
    assert of_type(events, PotAwarded) == [PotAwarded(pot=0, amount=130_000, winners=(1, 2, 0),
                                                      shares=(44_000, 43_000, 43_000))]
    assert SPEC.fold(events, state).phase is Phase.BEFORE_ROLL  # the casino closes and the next player rolls


def test_when_all_others_fold_the_last_player_takes_the_pot_without_showing() -> None:
    state = play(SPEC, all_in(ROYAL_BOARD, 100_000, 100_000, 100_000), 1, Bet(amount=10_000))
    events = when(SPEC, play(SPEC, state, 2, Fold()), 0, Fold())
    assert of_type(events, PotAwarded) == [PotAwarded(pot=0, amount=140_000, winners=(1,), shares=(140_000,))]
    assert not of_type(events, HoleCardsShown)


def test_the_last_player_to_bet_shows_first() -> None:
    cards = deck("AC", "KC", "2H", "AD", "KD", "3H", "7S", "8S", "9D", "4C", "JH")
    state = all_in(cards, 100_000, 100_000, 100_000)
    for seat in (1, 2, 0, 1, 2, 0, 1):
        state = play(SPEC, state, seat, Check())
    state = play(SPEC, state, 2, Bet(amount=10_000))
    state = play(SPEC, state, 0, Call())
    events = when(SPEC, state, 1, Call())
    assert [e.seat for e in of_type(events, HoleCardsShown)] == [2, 0, 1]
