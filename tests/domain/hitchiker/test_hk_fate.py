"""Death and inheritance, reincarnation, Life Insurance and going broke (rulebook: DEATH SUCKS! to GOING BROKE)."""

from __future__ import annotations

from collections.abc import Sequence

from hk_scenario import cash, money, opening, savings, script, units
from support.scenario import given, illegal, of_type, play, then, when

from domain.core import Event
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.board import BAD_RIDE_IDS
from domain.games.hitchiker.commands import BuyLifeInsurance, ChooseHometown, DepositSavings, RollDice
from domain.games.hitchiker.events import (
    DeathAverted,
    HitchikerDied,
    HometownBought,
    LifeInsurancePriced,
    Reincarnated,
    TurnEnded,
    TurnStarted,
)
from domain.games.hitchiker.state import Phase, State

ESCAPED_CONVICT = 6


def convict(*hometowns: int, setup: Sequence[Event] = ()) -> State:
    """Seat 0 (Hometown 1) rides with the escaped convict on Dead Man's Curve (5)."""
    deck = (ESCAPED_CONVICT, *(c for c in BAD_RIDE_IDS if c != ESCAPED_CONVICT))
    return given(SPEC, opening(1, *hometowns, deck=deck, setup=setup))


def test_the_poorest_inherits_cash_savings_as_cash_and_contraband_and_the_hometowns_go_back_to_the_bank() -> None:
    state = convict(30, 34, setup=[*savings(0, 40_000), units(0, 6), HometownBought(seat=0, location=7, price=0),
                                   cash(1, -2_000)])
    events = when(SPEC, state, 0, RollDice(), script((2, 2)))
    assert of_type(events, HitchikerDied) == [HitchikerDied(seat=0, cause="escaped convict", heir=1, cash=25_000,
                                                            savings=40_000, contraband=6, hometowns=(1, 7))]
    after = SPEC.fold(events, state)
    assert (after.players[1].cash, after.players[1].savings, after.players[1].contraband) == (88_000, 0, 6)
    assert after.players[0].hometowns == () and after.players[0].cash == 0
    assert SPEC.view(after, 2)["board"][1]["owner"] is None


def test_a_tie_for_the_least_cash_goes_to_the_first_player_on_the_deceaseds_left() -> None:
    events = when(SPEC, convict(30, 34), 0, RollDice(), script((2, 2)))
    assert of_type(events, HitchikerDied)[0].heir == 1


def test_the_dead_are_reincarnated_at_once_with_an_unowned_hometown_and_25000() -> None:
    state = play(SPEC, convict(30, 34), 0, RollDice(), script((2, 2)))
    assert state.phase is Phase.REINCARNATION and SPEC.to_act(state) == {0}
    illegal(SPEC, state, 0, ChooseHometown(location=30), "already owned")
    assert ChooseHometown(location=1) in SPEC.legal_commands(state, 0)  # its old Hometown is free again
    then(when(SPEC, state, 0, ChooseHometown(location=22)),
         Reincarnated(seat=0, location=22, cash=25_000), TurnEnded(seat=0), TurnStarted(seat=1, turn=2))


def test_life_insurance_costs_both_dice_times_10000_and_protects_until_the_end_of_the_turn() -> None:
    state = convict(30, setup=[cash(0, 100_000)])
    then(when(SPEC, state, 0, BuyLifeInsurance(), script((4, 5))),
         LifeInsurancePriced(seat=0, dice=(4, 5), premium=90_000, bought=True))
    state = play(SPEC, state, 0, BuyLifeInsurance(), script((4, 5)))
    assert state.players[0].insured and state.players[0].cash == 35_000
    events = when(SPEC, state, 0, RollDice(), script((2, 2)))
    assert DeathAverted(seat=0, cause="escaped convict") in events and not of_type(events, HitchikerDied)
    assert not SPEC.fold(events, state).players[0].insured


def test_life_insurance_is_offered_once_a_turn_and_only_before_the_roll() -> None:
    state = play(SPEC, opening(1, 30), 0, BuyLifeInsurance(), script((6, 6)))
    assert not state.players[0].insured and state.players[0].cash == 25_000  # $120,000 not affordable
    illegal(SPEC, state, 0, BuyLifeInsurance(), "once a turn")
    owner = opening(1, 30, setup=[HometownBought(seat=0, location=4, price=0)])
    moved = play(SPEC, owner, 0, RollDice(), script((1, 2)))
    assert moved.phase is Phase.DEPOSIT
    illegal(SPEC, moved, 0, BuyLifeInsurance(), "prior to your roll")
    assert DepositSavings(amount=35_000) in SPEC.legal_commands(moved, 0)


def test_an_unaffordable_premium_is_not_charged() -> None:
    events = when(SPEC, opening(1, 30), 0, BuyLifeInsurance(), script((2, 1)))
    then(events, LifeInsurancePriced(seat=0, dice=(2, 1), premium=30_000, bought=False))
    assert money(events, "premium") == []
