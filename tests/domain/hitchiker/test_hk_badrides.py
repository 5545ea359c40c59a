"""Bad Ride cards and the table's judgment (rulebook: BAD RIDES). Cards by id: data/bad_rides.json."""

from __future__ import annotations

from collections.abc import Sequence

from hk_scenario import cash, money, opening, savings, script, units
from support.scenario import given, of_type, play, when

from domain.core import Event
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.badride import EFFECT_KINDS
from domain.games.hitchiker.board import BAD_RIDE_IDS, BAD_RIDES
from domain.games.hitchiker.commands import AddressJury, RollDice, Vote
from domain.games.hitchiker.events import (
    BadRideDeckShuffled,
    BadRideDrawn,
    BlackMarketEntered,
    ContrabandLost,
    DepositOffered,
    HometownBought,
    JuryCalled,
    PawnMoved,
    SavingsSeized,
    StopReached,
    StuckInRemindya,
    WentBroke,
)
from domain.games.hitchiker.state import Phase, State

SPEED_TRAP, PICKPOCKET, BORDER_RUN, WRONG_TURN, REMINDYA_CARD = 1, 4, 18, 23, 25
IDENTITY_THEFT, TOW_TRUCK, CARPOOL, DAMAGED_SEATS, TALL_TALE = 26, 28, 29, 33, 34


def draw(card: int, *hometowns: int, setup: Sequence[Event] = ()) -> tuple[State, list[Event]]:
    """Seat 0 rolls from its Hometown 1 onto Dead Man's Curve (5) with `card` on top of the deck."""
    history = opening(1, *hometowns, deck=(card, *(c for c in BAD_RIDE_IDS if c != card)), setup=setup)
    state = given(SPEC, history)
    return state, when(SPEC, state, 0, RollDice(), script((2, 2)))


def test_there_are_36_bad_ride_cards_each_with_a_known_effect() -> None:
    assert len(BAD_RIDES) == 36 and tuple(range(1, 37)) == BAD_RIDE_IDS
    kinds = {ride.effect.kind for ride in BAD_RIDES.values()}
    kinds |= {getattr(ride.effect, side).kind for ride in BAD_RIDES.values() if ride.effect.kind == "jury"
              for side in ("approved", "rejected")}
    assert kinds <= EFFECT_KINDS
    assert sum(1 for ride in BAD_RIDES.values() if ride.effect.kind == "jury") == 4


def test_landing_on_a_bad_ride_draws_the_top_card_for_all_to_see_and_follows_it() -> None:
    _, events = draw(SPEED_TRAP, 30)
    assert of_type(events, BadRideDrawn) == [BadRideDrawn(seat=0, card=SPEED_TRAP)]
    assert BadRideDrawn(seat=0, card=1).visibility() == "public"
    assert money(events, "bad_ride") == [(0, None, 10_000)]


def test_a_fine_that_cannot_be_paid_in_full_sends_the_hitchiker_broke() -> None:
    _, events = draw(SPEED_TRAP, 30, setup=[cash(0, -21_000)])
    assert money(events, "bad_ride") == [(0, None, 4_000)]
    assert of_type(events, WentBroke) == [WentBroke(seat=0, owed=10_000, paid=4_000, location=1)]


def test_a_share_of_the_cash_is_lost_rounded_down_to_bills_without_going_broke() -> None:
    _, events = draw(PICKPOCKET, 30)
    assert money(events, "bad_ride") == [(0, None, 12_000)] and not of_type(events, WentBroke)


def test_a_share_of_the_savings_goes_to_the_bank() -> None:
    _, events = draw(IDENTITY_THEFT, 30, setup=savings(0, 30_000))
    assert of_type(events, SavingsSeized) == [SavingsSeized(seat=0, payee=None, amount=7_000, reason="bad_ride")]


def test_an_advance_card_moves_like_a_roll_paying_welfare_and_offering_deposits_on_the_way() -> None:
    _, events = draw(BORDER_RUN, 30, setup=[HometownBought(seat=0, location=7, price=0)])
    move = of_type(events, PawnMoved)[-1]
    assert move == PawnMoved(seat=0, start=5, end=9, passed=(7,), reason="bad_ride")
    assert money(events, "welfare") == [(None, 0, 10_000)]
    assert events[-2:] == [StopReached(seat=0, location=7, landed=False), DepositOffered(seat=0, location=7,
                                                                                         limit=20_000)]


def test_a_card_sending_the_hitchiker_back_deals_only_with_the_new_landing() -> None:
    _, events = draw(WRONG_TURN, 30)
    assert of_type(events, PawnMoved)[-1] == PawnMoved(seat=0, start=5, end=2, passed=(), reason="bad_ride")
    assert of_type(events, BlackMarketEntered)


def test_a_card_can_dump_the_hitchiker_in_remindya() -> None:
    state, events = draw(REMINDYA_CARD, 30)
    assert StuckInRemindya(seat=0, location=40) in events
    assert SPEC.fold(events, state).players[0].stuck


def test_paying_every_other_player_goes_clockwise_and_stops_when_the_hitchiker_goes_broke() -> None:
    _, events = draw(TOW_TRUCK, 30, 34, setup=[cash(0, -18_000)])
    assert money(events, "bad_ride") == [(0, 1, 5_000), (0, 2, 2_000)]
    assert of_type(events, WentBroke)[0].seat == 0


def test_collecting_from_every_other_player_can_send_one_of_them_broke_out_of_turn() -> None:
    state, events = draw(CARPOOL, 30, 34, setup=[cash(2, -22_000)])
    assert money(events, "bad_ride") == [(1, 0, 5_000), (2, 0, 3_000)]
    assert of_type(events, WentBroke) == [WentBroke(seat=2, owed=5_000, paid=3_000, location=34)]
    after = SPEC.fold(events, state)
    assert after.players[2].cash == 10_000 and after.current == 1


def test_a_jury_card_pays_out_on_a_unanimous_approval() -> None:
    state, events = draw(TALL_TALE, 30, 34)
    assert events[-1] == JuryCalled(seat=0, subject="bad_ride", card=TALL_TALE)
    state = play(SPEC, SPEC.fold(events, state), 0, AddressJury(words="once a trucker in Tranna..."))
    state = play(SPEC, state, 1, Vote(approve=True))
    assert money(when(SPEC, state, 2, Vote(approve=True)), "bad_ride") == [(None, 0, 100_000)]
    assert money(when(SPEC, state, 2, Vote(approve=False)), "bad_ride") == []


def test_a_jury_card_fines_the_hitchiker_unless_the_table_acquits_unanimously() -> None:
    state, events = draw(DAMAGED_SEATS, 30)
    state = play(SPEC, SPEC.fold(events, state), 0, AddressJury(words="the seats were ripped already"))
    assert state.phase is Phase.JURY_VOTE
    assert money(when(SPEC, state, 1, Vote(approve=False)), "bad_ride") == [(0, None, 25_000)]
    assert money(when(SPEC, state, 1, Vote(approve=True)), "bad_ride") == []


def test_a_contraband_card_takes_units_out_of_the_game() -> None:
    _, events = draw(10, 30, setup=[units(0, 9)])  # Undercover Cop
    assert of_type(events, ContrabandLost) == [ContrabandLost(seat=0, payee=None, units=9, reason="bad_ride")]


def test_an_empty_deck_is_made_again_from_the_shuffled_discards() -> None:
    state = given(SPEC, opening(1, 30, deck=(SPEED_TRAP,)))
    state = play(SPEC, state, 0, RollDice(), script((2, 2)))
    assert state.bad_ride_deck == () and state.bad_ride_discards == (SPEED_TRAP,)
    events = when(SPEC, state, 1, RollDice(), script((2, 3), shuffles=[(SPEED_TRAP,)]))
    assert events[3:5] == [BadRideDeckShuffled(order=(SPEED_TRAP,)), BadRideDrawn(seat=1, card=SPEED_TRAP)]
    assert BadRideDeckShuffled(order=(1,)).visibility() == ()
