"""Death and inheritance, reincarnation, Life Insurance and going broke (rulebook: DEATH SUCKS! to GOING BROKE)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from hk_scenario import cash, money, opening, savings, script, units
from support.scenario import given, illegal, of_type, play, then, when

from domain.core import Event, InvalidCommand, SeatConfig
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.board import BAD_RIDE_IDS
from domain.games.hitchiker.commands import (
    BuyLifeInsurance,
    ChooseHometown,
    DeclineLifeInsurance,
    DepositSavings,
    RollDice,
    TakeLifeInsurance,
)
from domain.games.hitchiker.events import (
    LifeInsuranceDeclined,
    LifeInsuranceQuoted,
    LifeInsuranceTaken,
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


DECLINABLE = {"declinable_insurance": True}


def convict(*hometowns: int, setup: Sequence[Event] = (), options: dict[str, Any] | None = None) -> State:
    """Seat 0 (Hometown 1) rides with the escaped convict on Dead Man's Curve (5)."""
    deck = (ESCAPED_CONVICT, *(c for c in BAD_RIDE_IDS if c != ESCAPED_CONVICT))
    return given(SPEC, opening(1, *hometowns, deck=deck, setup=setup, options=options))


def test_life_insurance_is_paid_at_once_when_affordable_and_protects_until_the_end_of_the_turn() -> None:
    """LIFE INSURANCE, steps 1-3: announce it, roll both dice x $10,000, pay the Bank if you can afford it; you
    are safe from death until your turn ends. By default (rules version 3, the book's letter) an announced
    premium is paid: no quote to decline."""
    state = convict(30, setup=[cash(0, 100_000)])
    assert not state.declinable_insurance
    then(when(SPEC, state, 0, BuyLifeInsurance(), script((4, 5))),
         LifeInsurancePriced(seat=0, dice=(4, 5), premium=90_000, bought=True))
    state = play(SPEC, state, 0, BuyLifeInsurance(), script((4, 5)))
    assert state.players[0].insured and state.players[0].cash == 35_000 and state.insurance_quote is None
    assert SPEC.legal_commands(state, 0) == [RollDice()]
    illegal(SPEC, state, 0, TakeLifeInsurance(), "no Life Insurance premium is waiting")
    assert SPEC.view(state, 0)["declinable_insurance"] is False
    events = when(SPEC, state, 0, RollDice(), script((2, 2)))
    assert DeathAverted(seat=0, cause="escaped convict") in events and not of_type(events, HitchikerDied)
    assert not SPEC.fold(events, state).players[0].insured


def test_an_unaffordable_premium_is_not_charged() -> None:
    """LIFE INSURANCE: "Pay the Bank (if you can afford the insurance)": a premium above the cash buys nothing."""
    events = when(SPEC, opening(1, 30), 0, BuyLifeInsurance(), script((2, 1)))
    then(events, LifeInsurancePriced(seat=0, dice=(2, 1), premium=30_000, bought=False))
    state = SPEC.fold(events, given(SPEC, opening(1, 30)))
    assert not state.players[0].insured and state.players[0].cash == 25_000
    assert SPEC.legal_commands(state, 0) == [RollDice()]


def test_with_declinable_insurance_the_premium_is_quoted_and_then_taken_or_declined() -> None:
    """LIFE INSURANCE, the `declinable_insurance` option (off by default): the roll only quotes the premium ("you
    have the option of purchasing"); the hitchiker then takes it or declines it."""
    rule = SPEC.options_schema["properties"]["declinable_insurance"]
    assert rule["type"] == "boolean" and rule["default"] is False and rule["x-rulebook-section"] == "LIFE INSURANCE"
    state = convict(30, setup=[cash(0, 100_000)], options=DECLINABLE)
    then(when(SPEC, state, 0, BuyLifeInsurance(), script((4, 5))),
         LifeInsuranceQuoted(seat=0, dice=(4, 5), premium=90_000))
    state = play(SPEC, state, 0, BuyLifeInsurance(), script((4, 5)))
    assert state.players[0].cash == 125_000 and not state.players[0].insured  # nothing paid for a quote
    assert SPEC.legal_commands(state, 0) == [TakeLifeInsurance(), DeclineLifeInsurance()]
    assert SPEC.view(state, 0)["pending"]["insurance_quote"] == 90_000
    assert SPEC.view(state, 0)["declinable_insurance"] is True
    illegal(SPEC, state, 0, RollDice(), "take or decline the Life Insurance quoted first")
    then(when(SPEC, state, 0, TakeLifeInsurance()), LifeInsuranceTaken(seat=0, premium=90_000))
    state = play(SPEC, state, 0, TakeLifeInsurance())
    assert state.players[0].insured and state.players[0].cash == 35_000
    events = when(SPEC, state, 0, RollDice(), script((2, 2)))
    assert DeathAverted(seat=0, cause="escaped convict") in events and not of_type(events, HitchikerDied)


def test_with_declinable_insurance_an_unaffordable_quote_is_declined_at_once() -> None:
    """LIFE INSURANCE with `declinable_insurance`: a premium above the cash is declined, nothing charged."""
    events = when(SPEC, opening(1, 30, options=DECLINABLE), 0, BuyLifeInsurance(), script((2, 1)))
    then(events, LifeInsuranceQuoted(seat=0, dice=(2, 1), premium=30_000),
         LifeInsuranceDeclined(seat=0, premium=30_000, affordable=False))
    assert money(events, "premium") == []
    assert SPEC.legal_commands(SPEC.fold(events, given(SPEC, opening(1, 30, options=DECLINABLE))), 0) == [RollDice()]


def test_with_declinable_insurance_a_quoted_premium_may_be_declined_and_the_turn_goes_on_uninsured() -> None:
    """LIFE INSURANCE with `declinable_insurance`: decline the quote, keep the cash; asked once a turn."""
    state = play(SPEC, opening(1, 30, setup=[cash(0, 100_000)], options=DECLINABLE), 0, BuyLifeInsurance(),
                 script((1, 2)))
    then(when(SPEC, state, 0, DeclineLifeInsurance()), LifeInsuranceDeclined(seat=0, premium=30_000, affordable=True))
    state = play(SPEC, state, 0, DeclineLifeInsurance())
    assert (state.players[0].cash, state.players[0].insured, state.insurance_quote) == (125_000, False, None)
    assert SPEC.legal_commands(state, 0) == [RollDice()]  # asked once this turn already
    illegal(SPEC, state, 0, TakeLifeInsurance(), "no Life Insurance premium is waiting")


def test_under_rules_version_2_the_premium_was_always_quoted() -> None:
    """LIFE INSURANCE as version 2 read it (its games play on so): a quote to take or decline, no option."""
    state = given(SPEC, opening(1, 30, setup=[cash(0, 100_000)], rules_version=2))
    assert state.declinable_insurance
    then(when(SPEC, state, 0, BuyLifeInsurance(), script((4, 5))),
         LifeInsuranceQuoted(seat=0, dice=(4, 5), premium=90_000))


def test_versions_1_and_2_neither_take_nor_record_the_new_options() -> None:
    """`declinable_insurance` and `lie_n_sin_sting` exist from rules version 3: older games keep their options."""
    seats = [SeatConfig(name="Ann", bot="hustler"), SeatConfig(name="Bo", bot="random")]
    for version in (1, 2):
        assert SPEC.normalize_config(seats, {}, version).options == {"round_limit": 100}
        for option in ("declinable_insurance", "lie_n_sin_sting"):
            with pytest.raises(InvalidCommand, match=f"options.{option}"):
                SPEC.normalize_config(seats, {option: True}, version)
    assert SPEC.normalize_config(seats, {}).options == {"declinable_insurance": False, "lie_n_sin_sting": False,
                                                         "round_limit": 100}


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


def test_life_insurance_is_offered_once_a_turn_and_only_before_the_roll() -> None:
    state = play(SPEC, opening(1, 30), 0, BuyLifeInsurance(), script((6, 6)))
    assert not state.players[0].insured and state.players[0].cash == 25_000  # $120,000 not affordable
    illegal(SPEC, state, 0, BuyLifeInsurance(), "once a turn")
    owner = opening(1, 30, setup=[HometownBought(seat=0, location=4, price=0)])
    moved = play(SPEC, owner, 0, RollDice(), script((1, 2)))
    assert moved.phase is Phase.DEPOSIT
    illegal(SPEC, moved, 0, BuyLifeInsurance(), "prior to your roll")
    assert DepositSavings(amount=35_000) in SPEC.legal_commands(moved, 0)


def test_under_rules_version_1_the_premium_was_paid_at_once_when_affordable() -> None:
    """LIFE INSURANCE as version 1 read it: no quote to decline; paid at once if affordable, else nothing."""
    state = given(SPEC, opening(1, 30, setup=[cash(0, 100_000)], rules_version=1))
    then(when(SPEC, state, 0, BuyLifeInsurance(), script((4, 5))),
         LifeInsurancePriced(seat=0, dice=(4, 5), premium=90_000, bought=True))
    assert play(SPEC, state, 0, BuyLifeInsurance(), script((4, 5))).players[0].cash == 35_000
    then(when(SPEC, given(SPEC, opening(1, 30, rules_version=1)), 0, BuyLifeInsurance(), script((2, 1))),
         LifeInsurancePriced(seat=0, dice=(2, 1), premium=30_000, bought=False))
