"""The Casinos: choosing one game, High Roll Craps and Blackjack as the book changes them (rulebook: CASINOS)."""

from __future__ import annotations

from collections.abc import Sequence

from hk_scenario import blackjack_deck, cash, opening, script
from support.scenario import illegal, of_type, play, then, when

from domain.core import Event
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.casino.events import (
    BetsAreDown,
    BlackjackCardDealt,
    BlackjackHandDealt,
    BlackjackPaid,
    CardsShuffled,
    CrapsPotWon,
    CrapsRolled,
    DoubledDown,
    HandBusted,
    HandSettled,
    HandSplit,
    HandStood,
    HouseCardDealt,
)
from domain.games.hitchiker.commands import (
    ChooseCasinoGame,
    DeclineCasinoGame,
    DoubleDown,
    Hit,
    PassHand,
    PlaceWager,
    RollDice,
    Split,
    Stand,
)
from domain.games.hitchiker.events import CasinoDeclined, CasinoEntered, CasinoGameChosen, TurnEnded, TurnStarted
from domain.games.hitchiker.state import CasinoGame, HandStatus, Phase, State

CRAPS = ChooseCasinoGame(game=CasinoGame.CRAPS)
BLACKJACK = ChooseCasinoGame(game=CasinoGame.BLACKJACK)

def at_casino(*hometowns: int, setup: Sequence[Event] = (), rules_version: int | None = None) -> State:
    """Seat 0 rolls from Winterpeg (7) onto the Great White North Casino (10)."""
    return play(SPEC, opening(7, *hometowns, setup=setup, rules_version=rules_version), 0, RollDice(), script((1, 2)))


def blackjack(*cards: str, setup: Sequence[Event] = ()) -> State:
    """Two seats: the dealer (seat 0) and seat 1, each with $100,000, the deck dealt in the order given."""
    state = at_casino(30, setup=[cash(0, 75_000), cash(1, 75_000), *setup])
    return play(SPEC, state, 0, BLACKJACK, script(shuffles=[blackjack_deck(*cards)]))


def bets_down(state: State, wagers: tuple[int, int, int] = (10_000, 10_000, 10_000)) -> State:
    state = play(SPEC, state, 1, PlaceWager(hand=0, amount=wagers[0]))
    state = play(SPEC, state, 0, PlaceWager(hand=1, amount=wagers[1]))
    return play(SPEC, state, 0, PlaceWager(hand=2, amount=wagers[2]))


def test_the_landing_hitchiker_is_the_dealer_and_chooses_one_game_or_none() -> None:
    """CASINOS: on landing you "are able to choose ONE gambling game": one game, or (rules version 2) none."""
    state = at_casino(30)
    assert state.phase is Phase.CASINO_CHOICE and state.casino_location == 10
    assert SPEC.legal_commands(state, 0) == [*(ChooseCasinoGame(game=game) for game in CasinoGame),
                                             DeclineCasinoGame()]
    assert SPEC.view(state, 0)["pending"]["may_decline"] is True
    illegal(SPEC, state, 1, CRAPS, "not seat 1's turn")
    assert CasinoEntered(seat=0, location=10) in when(SPEC, opening(7, 30), 0, RollDice(), script((1, 2)))
    then(when(SPEC, state, 0, DeclineCasinoGame()),
         CasinoDeclined(seat=0, location=10), TurnEnded(seat=0), TurnStarted(seat=1, turn=2))
    after = play(SPEC, state, 0, DeclineCasinoGame())
    assert after.casino_location is None and after.players[0].cash == state.players[0].cash


def test_under_rules_version_1_the_dealer_had_to_choose_a_game() -> None:
    """CASINOS as version 1 read it: the Dealer must play one of the three games."""
    state = at_casino(30, rules_version=1)
    assert {type(command) for command in SPEC.legal_commands(state, 0)} == {ChooseCasinoGame}
    assert SPEC.view(state, 0)["pending"]["may_decline"] is False
    illegal(SPEC, state, 0, DeclineCasinoGame(), "under rules version 1, the Dealer must choose")


def test_high_roll_craps_pays_250000_to_the_high_roll() -> None:
    events = when(SPEC, at_casino(30, 34), 0, CRAPS, script((2, 3), (6, 5), (4, 4)))
    assert events[1] == CrapsRolled(rolls=((2, 3), (6, 5), (4, 4)))
    assert events[2] == CrapsPotWon(winners=(1,), shares=(250_000,))


def test_high_roll_craps_splits_ties_with_odd_bills_to_the_first_tied_from_the_dealers_left() -> None:
    events = when(SPEC, at_casino(30, 34), 0, CRAPS, script((6, 6), (6, 6), (6, 6)))
    assert events[2] == CrapsPotWon(winners=(1, 2, 0), shares=(84_000, 83_000, 83_000))


def test_blackjack_deals_one_open_card_to_each_player_two_to_the_dealer_and_one_to_the_house() -> None:
    shuffled = blackjack_deck("9H", "TS", "8C", "6D")
    then(when(SPEC, at_casino(30), 0, BLACKJACK, script(shuffles=[shuffled])),
         CasinoGameChosen(seat=0, game=CasinoGame.BLACKJACK),
         CardsShuffled(order=(*shuffled[1:], shuffled[0])),  # the top card is buried under the deck
         BlackjackHandDealt(seat=1, hand=0, card="9H"), BlackjackHandDealt(seat=0, hand=1, card="TS"),
         BlackjackHandDealt(seat=0, hand=2, card="8C"), HouseCardDealt(card="6D"))


def test_every_player_bets_at_once_after_seeing_its_first_card_with_no_credit() -> None:
    state = blackjack("9H", "TS", "8C", "6D")
    assert state.phase is Phase.BLACKJACK_WAGERS and SPEC.to_act(state) == {0, 1}
    illegal(SPEC, state, 1, PlaceWager(hand=1, amount=10_000), "not your hand")
    illegal(SPEC, state, 1, PlaceWager(hand=0, amount=101_000), "no more than your Travelling Cash")
    state = play(SPEC, state, 0, PlaceWager(hand=1, amount=60_000))
    illegal(SPEC, state, 0, PlaceWager(hand=2, amount=41_000), "no more than your Travelling Cash")
    assert SPEC.to_act(state) == {0, 1}
    state = play(SPEC, state, 0, PassHand(hand=2))
    assert SPEC.to_act(state) == {1}


def test_bets_down_deals_second_cards_and_pays_a_blackjack_ten_times_at_once() -> None:
    state = bets_down(blackjack("AS", "TS", "8C", "6D", "KD", "7C", "TD"), (20_000, 10_000, 10_000))
    assert state.blackjack is not None
    assert state.blackjack.hands[0].status is HandStatus.BLACKJACK
    assert state.players[1].cash == 100_000 - 20_000 + 220_000
    assert SPEC.to_act(state) == {0}  # the dealer's first hand is next


def test_a_blackjack_is_paid_in_the_event_right_after_the_second_cards() -> None:
    state = play(SPEC, blackjack("AS", "TS", "8C", "6D", "KD", "7C", "TD"), 0, PlaceWager(hand=1, amount=10_000))
    state = play(SPEC, state, 0, PlaceWager(hand=2, amount=10_000))
    events = when(SPEC, state, 1, PlaceWager(hand=0, amount=20_000))
    assert events[1:6] == [BetsAreDown(dealer=0), BlackjackCardDealt(hand=0, card="KD"),
                           BlackjackCardDealt(hand=1, card="7C"), BlackjackCardDealt(hand=2, card="TD"),
                           BlackjackPaid(seat=1, hand=0, amount=220_000)]


def test_the_house_draws_to_17_and_a_win_pays_five_times_a_push_returns_the_wager() -> None:
    state = bets_down(blackjack("9H", "TS", "8C", "6D", "TH", "7C", "TD", "TC", "2S"), (10_000, 20_000, 30_000))
    state = play(SPEC, state, 1, Stand())
    state = play(SPEC, state, 0, Stand())
    events = when(SPEC, state, 0, Stand())
    assert of_type(events, HouseCardDealt) == [HouseCardDealt(card="TC"), HouseCardDealt(card="2S")]
    assert of_type(events, HandSettled) == [HandSettled(seat=1, hand=0, outcome="win", payout=60_000),
                                            HandSettled(seat=0, hand=1, outcome="lose", payout=0),
                                            HandSettled(seat=0, hand=2, outcome="push", payout=30_000)]
    after = SPEC.fold(events, state)
    assert after.phase is Phase.BEFORE_ROLL and after.current == 1
    assert [p.cash for p in after.players] == [100_000 - 50_000 + 30_000, 100_000 + 50_000]


def test_a_hand_over_21_busts_and_loses_its_wager_at_once() -> None:
    state = bets_down(blackjack("9H", "TS", "8C", "6D", "5C", "7C", "TD", "KD"))
    assert when(SPEC, state, 1, Hit())[1] == HandBusted(seat=1, hand=0, total=24)


def test_splitting_equal_values_plays_two_hands_and_a_new_pair_splits_again() -> None:
    state = bets_down(blackjack("8H", "TS", "8C", "6D", "8S", "7C", "TD", "8D", "3C", "4H"))
    illegal(SPEC, play(SPEC, state, 1, Hit()), 0, Split(), "equal value")  # the dealer's T+7 is no pair
    then(when(SPEC, state, 1, Split()), HandSplit(seat=1, hand=0, new_hand=1, amount=10_000),
         BlackjackCardDealt(hand=0, card="8D"), BlackjackCardDealt(hand=1, card="3C"))
    state = play(SPEC, state, 1, Split())
    assert SPEC.to_act(state) == {1} and Split() in SPEC.legal_commands(state, 1)
    state = play(SPEC, state, 1, Split())
    assert state.blackjack is not None
    assert [(h.owner, h.cards, h.wager) for h in state.blackjack.hands[:3]] == [
        (1, ("8H", "4H"), 10_000), (1, ("8D", state.blackjack.hands[1].cards[1]), 10_000), (1, ("8S", "3C"), 10_000)]
    assert state.players[1].cash == 100_000 - 30_000


def test_ten_value_cards_split_as_a_pair() -> None:
    state = bets_down(blackjack("KD", "TS", "8C", "6D", "TH", "7C", "TD"))
    assert Split() in SPEC.legal_commands(state, 1)


def test_doubling_down_doubles_the_wager_for_exactly_one_more_card() -> None:
    state = bets_down(blackjack("5H", "TS", "8C", "6D", "6C", "7C", "TD", "TC"))
    events = when(SPEC, state, 1, DoubleDown())
    assert events[:3] == [DoubledDown(seat=1, hand=0, amount=10_000), BlackjackCardDealt(hand=0, card="TC"),
                          HandStood(seat=1, hand=0)]  # 21 stands by itself
    after = SPEC.fold(events, state)
    assert after.blackjack is not None and after.blackjack.hands[0].wager == 20_000
    assert SPEC.to_act(after) == {0}


def test_doubling_down_is_only_on_the_first_two_cards() -> None:
    state = play(SPEC, bets_down(blackjack("2H", "TS", "8C", "6D", "3C", "7C", "TD", "2D")), 1, Hit())
    illegal(SPEC, state, 1, DoubleDown(), "first two cards")


def test_a_player_without_a_bill_gets_no_blackjack_hand() -> None:
    state = at_casino(30, setup=[cash(1, -25_000)])
    events = when(SPEC, state, 0, BLACKJACK, script(shuffles=[blackjack_deck("TS", "8C", "6D")]))
    assert [e.seat for e in of_type(events, BlackjackHandDealt)] == [0, 0]
