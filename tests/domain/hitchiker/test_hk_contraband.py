"""Black Markets, the Contraband Deal Chart, Sell cities and Customs (rulebook: BLACK MARKET to CUSTOMS)."""

from __future__ import annotations

from hk_scenario import cash, money, opening, savings, script, units
from support.scenario import given, illegal, of_type, play, then, when

from domain.games.hitchiker import SPEC
from domain.games.hitchiker.board import DEAL_CHART, Outcome
from domain.games.hitchiker.commands import (
    BuyLifeInsurance,
    DeclineDeal,
    KeepContraband,
    PassBlackMarket,
    RiskCash,
    RollDeal,
    RollDice,
    SellContraband,
    TakeDeal,
)
from domain.games.hitchiker.events import (
    BlackMarketEntered,
    BustedAtCustoms,
    CashRisked,
    ContrabandBought,
    ContrabandKept,
    ContrabandLost,
    ContrabandReceived,
    ContrabandSold,
    DealDeclined,
    DealRolled,
    DealTaken,
    DeathAverted,
    HitchikerDied,
    SavingsSeized,
    SellOffered,
)
from domain.games.hitchiker.state import Phase, State


def at_black_market(seats: int = 3, *setup: object) -> State:
    """Seat 0 has landed on Shadyville (14), a Black Market."""
    hometowns = (11, 30, 34)[:seats]
    return play(SPEC, opening(*hometowns, setup=list(setup)), 0, RollDice(), script((1, 2)))  # type: ignore[arg-type]


def deal_rolled(stake: int, dice: tuple[int, int], seats: int = 3) -> State:
    """Seat 0 risks `stake` on that Black Market and seat 1, on its left, rolls `dice` on the deal chart."""
    state = play(SPEC, at_black_market(seats), 0, RiskCash(amount=stake))
    return play(SPEC, state, 1, RollDeal(), script(dice))


def test_the_deal_chart_runs_from_2_to_12_with_the_police_shootout_on_7() -> None:
    assert sorted(DEAL_CHART) == list(range(2, 13))
    assert DEAL_CHART[7].outcome is Outcome.POLICE_SHOOTOUT
    assert {entry.outcome for entry in DEAL_CHART.values()} == set(Outcome)


def test_the_buyer_announces_the_cash_it_risks_and_the_player_on_its_left_rolls() -> None:
    state = at_black_market()
    assert state.phase is Phase.BLACK_MARKET
    illegal(SPEC, state, 0, RiskCash(amount=26_000), "no more than you have")
    illegal(SPEC, state, 0, RiskCash(amount=500), "bills")
    then(when(SPEC, state, 0, RiskCash(amount=20_000)), CashRisked(seat=0, stake=20_000, roller=1))
    state = play(SPEC, state, 0, RiskCash(amount=20_000))
    assert SPEC.to_act(state) == {1}
    illegal(SPEC, state, 2, RollDeal(), "not seat 2's turn")
    then(when(SPEC, state, 1, RollDeal(), script((5, 6))), DealRolled(roller=1, buyer=0, dice=(5, 6), attempt=1))


def test_a_hitchiker_may_pass_the_black_market() -> None:
    assert when(SPEC, at_black_market(), 0, PassBlackMarket())[0].TYPE == "BlackMarketPassed"


def test_a_taken_price_buys_as_many_units_as_the_stake_pays_for() -> None:
    state = deal_rolled(25_000, (1, 3))  # 4: $10,000 a Unit
    events = when(SPEC, state, 0, TakeDeal())
    assert events[:2] == [DealTaken(seat=0, roll=4, forced=False),
                          ContrabandBought(seat=0, units=2, price=10_000, cost=20_000)]
    after = SPEC.fold(events, state).players[0]
    assert (after.cash, after.contraband) == (5_000, 2)


def test_a_declined_deal_passes_to_the_next_player_to_the_left_with_no_way_back() -> None:
    state = deal_rolled(20_000, (5, 6))
    then(when(SPEC, state, 0, DeclineDeal()), DealDeclined(seat=0, attempt=1, next_roller=2))
    state = play(SPEC, state, 0, DeclineDeal())
    assert SPEC.to_act(state) == {2} and state.deal is not None and state.deal.roll is None
    state = play(SPEC, state, 2, RollDeal(), script((1, 1)))
    events = when(SPEC, state, 0, TakeDeal())  # 2: free Units, the stake is kept
    assert of_type(events, ContrabandReceived) == [ContrabandReceived(seat=0, units=50, reason="free_units")]
    assert SPEC.fold(events, state).players[0].cash == 25_000


def test_in_a_two_player_game_the_only_other_player_rolls_every_deal() -> None:
    state = deal_rolled(20_000, (3, 3), seats=2)
    assert of_type(when(SPEC, state, 0, DeclineDeal()), DealDeclined)[0].next_roller == 1


def test_a_7_may_be_declined_but_the_third_roll_is_forced_and_a_7_kills_with_the_roller_inheriting() -> None:
    state = play(SPEC, at_black_market(3, *savings(0, 30_000, 11)), 0, RiskCash(amount=20_000))
    state = play(SPEC, state, 1, RollDeal(), script((3, 4)))
    assert {type(c) for c in SPEC.legal_commands(state, 0)} == {TakeDeal, DeclineDeal}
    state = play(SPEC, play(SPEC, state, 0, DeclineDeal()), 2, RollDeal(), script((3, 3)))
    state = play(SPEC, state, 0, DeclineDeal())
    assert SPEC.to_act(state) == {1}  # the third roll comes back round to the next player on the left
    events = when(SPEC, state, 1, RollDeal(), script((2, 5)))
    assert events[1] == DealTaken(seat=0, roll=7, forced=True)
    assert of_type(events, HitchikerDied) == [HitchikerDied(seat=0, cause="police shootout", heir=1, cash=25_000,
                                                            savings=30_000, contraband=0, hometowns=(11,))]
    after = SPEC.fold(events, state)
    assert after.players[1].cash == 25_000 + 55_000 and after.players[1].hometowns == (30,)
    assert after.phase is Phase.REINCARNATION and SPEC.to_act(after) == {0}


def test_ripped_off_pays_the_stake_to_the_player_who_rolled() -> None:
    state = deal_rolled(20_000, (4, 4))
    assert money(when(SPEC, state, 0, TakeDeal()), "ripped_off") == [(0, 1, 20_000)]


def test_life_insurance_saves_the_buyer_from_the_shootout_and_the_stake_is_kept() -> None:
    state = play(SPEC, opening(11, 30, setup=[cash(0, 100_000)]), 0, BuyLifeInsurance(), script((1, 1)))
    state = play(SPEC, state, 0, RollDice(), script((1, 2)))
    state = play(SPEC, play(SPEC, state, 0, RiskCash(amount=20_000)), 1, RollDeal(), script((3, 4)))
    events = when(SPEC, state, 0, TakeDeal())
    assert DeathAverted(seat=0, cause="police shootout") in events and not of_type(events, HitchikerDied)
    assert SPEC.fold(events, state).players[0].cash == 105_000


def test_a_sell_city_buys_any_number_of_units_at_its_price_or_none() -> None:
    start = given(SPEC, opening(15, 30, setup=[units(0, 10)]))
    landed = when(SPEC, start, 0, RollDice(), script((2, 3)))
    assert of_type(landed, SellOffered) == [SellOffered(seat=0, location=20, price=50_000)]
    state = SPEC.fold(landed, start)
    illegal(SPEC, state, 0, SellContraband(units=11), "1 to 10 Units")
    events = when(SPEC, state, 0, SellContraband(units=4))
    assert events[0] == ContrabandSold(seat=0, location=20, units=4, price=50_000)
    after = SPEC.fold(events, state).players[0]
    assert (after.cash, after.contraband) == (225_000, 6)
    assert when(SPEC, state, 0, KeepContraband())[0] == ContrabandKept(seat=0, location=20)


def test_customs_takes_all_contraband_and_gives_all_cash_and_half_the_savings_to_the_poorest() -> None:
    state = given(SPEC, opening(15, 30, 34, setup=[units(0, 7), *savings(0, 41_000, 15), cash(2, -1_000)]))
    events = when(SPEC, state, 0, RollDice(), script((2, 2)))
    assert events[3:7] == [
        BustedAtCustoms(seat=0, location=19, beneficiary=2),
        ContrabandLost(seat=0, payee=None, units=7, reason="customs"),
        events[5],
        SavingsSeized(seat=0, payee=2, amount=20_000, reason="customs"),
    ]
    assert money(events, "customs") == [(0, 2, 25_000)]
    after = SPEC.fold(events, state).players
    assert (after[0].cash, after[0].savings, after[0].contraband) == (0, 21_000, 0)
    assert after[2].cash == 24_000 + 45_000


def test_customs_ignores_a_hitchiker_without_contraband_or_passing_through() -> None:
    assert not of_type(when(SPEC, opening(15, 30), 0, RollDice(), script((2, 2))), BustedAtCustoms)
    passing = when(SPEC, opening(15, 30, setup=[units(0, 3)]), 0, RollDice(), script((2, 3)))
    assert not of_type(passing, BustedAtCustoms) and of_type(passing, SellOffered)


def test_no_black_market_question_for_a_hitchiker_without_a_bill() -> None:
    events = when(SPEC, opening(11, 30, setup=[cash(0, -25_000)]), 0, RollDice(), script((1, 2)))
    assert not of_type(events, BlackMarketEntered)
