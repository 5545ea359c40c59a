"""Set-up, moving, welfare, banking, rent, buying Hometowns and winning (rulebook up to ORDER OF OCCURRENCE)."""

from __future__ import annotations

from hk_scenario import cash, created, money, opening, savings, script
from support.scenario import given, illegal, of_type, play, then, when

import msgspec

from domain.core import GameConfig, GameCreated, SeatConfig
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.board import BAD_RIDE_IDS
from domain.games.hitchiker.commands import (
    BuyHometown,
    ChooseHometown,
    DeclineHometown,
    DepositSavings,
    RollDice,
    SkipDeposit,
)
from domain.games.hitchiker.events import (
    BadRideDeckShuffled,
    DepositOffered,
    FirstPlayerChosen,
    GameWon,
    HometownBought,
    HometownChosen,
    HometownDeclined,
    HometownPriced,
    MoveRolled,
    PawnMoved,
    SavingsDeposited,
    StartingRollMade,
    StopReached,
    TurnEnded,
    TurnLimitReached,
    TurnStarted,
    WentBroke,
)
from domain.games.hitchiker.state import Phase


def test_highest_starting_roll_goes_first_and_tied_players_roll_again() -> None:
    config = GameConfig.of(created(3))
    order = (5, 4, 3, *(card for card in BAD_RIDE_IDS if card not in (5, 4, 3)))
    rng = script((6, 6), (5, 6), (6, 6), (3, 4), (2, 2), shuffles=[order])
    then(SPEC.setup(config, rng),  # type: ignore[arg-type]
         StartingRollMade(seat=0, dice=(6, 6)), StartingRollMade(seat=1, dice=(5, 6)),
         StartingRollMade(seat=2, dice=(6, 6)), StartingRollMade(seat=0, dice=(3, 4)),
         StartingRollMade(seat=2, dice=(2, 2)), FirstPlayerChosen(seat=0), BadRideDeckShuffled(order=order))


def test_every_hitchiker_starts_with_25000_travelling_cash_and_an_empty_bank() -> None:
    state = given(SPEC, opening(1, 30, 34))
    assert [(p.cash, p.savings, p.contraband) for p in state.players] == [(25_000, 0, 0)] * 3
    assert [p.position for p in state.players] == [1, 30, 34]


def test_hometowns_are_chosen_one_at_a_time_from_the_first_player_clockwise() -> None:
    state = given(SPEC, [created(2), FirstPlayerChosen(seat=1), BadRideDeckShuffled(order=(1, 2))])
    assert SPEC.to_act(state) == {1}
    illegal(SPEC, state, 0, ChooseHometown(location=7), "not seat 0's turn")
    state = play(SPEC, state, 1, ChooseHometown(location=7))
    assert SPEC.to_act(state) == {0}
    illegal(SPEC, state, 0, ChooseHometown(location=7), "already owned")
    illegal(SPEC, state, 0, ChooseHometown(location=5), "HOMETOWN")
    then(when(SPEC, state, 0, ChooseHometown(location=11)),
         HometownChosen(seat=0, location=11), TurnStarted(seat=1, turn=1))


def test_the_roll_moves_the_pawn_clockwise_by_both_dice_then_the_next_player_plays() -> None:
    then(when(SPEC, opening(1, 30), 0, RollDice(), script((2, 3))),
         MoveRolled(seat=0, dice=(2, 3)),
         PawnMoved(seat=0, start=1, end=6, passed=(), reason="roll"),
         StopReached(seat=0, location=6, landed=True),  # Twister City, no Contraband
         TurnEnded(seat=0),
         TurnStarted(seat=1, turn=2))


def test_welfare_for_every_own_hometown_passed_or_landed_on_comes_first_then_deposits_in_board_order() -> None:
    state = given(SPEC, opening(1, 30, setup=[HometownBought(seat=0, location=4, price=0),
                                              HometownBought(seat=0, location=7, price=0), cash(0, 100_000)]))
    events = when(SPEC, state, 0, RollDice(), script((3, 3)))
    assert events[1] == PawnMoved(seat=0, start=1, end=7, passed=(4,), reason="roll")
    assert money(events, "welfare") == [(None, 0, 10_000), (None, 0, 10_000)]
    assert events[-2:] == [StopReached(seat=0, location=4, landed=False),
                           DepositOffered(seat=0, location=4, limit=20_000)]
    state = SPEC.fold(events, state)
    illegal(SPEC, state, 0, DepositSavings(amount=21_000), r"up to \$20,000")
    then(when(SPEC, state, 0, DepositSavings(amount=20_000)),
         SavingsDeposited(seat=0, location=4, amount=20_000),
         StopReached(seat=0, location=7, landed=True),
         DepositOffered(seat=0, location=7, limit=50_000))
    state = play(SPEC, play(SPEC, state, 0, DepositSavings(amount=20_000)), 0, DepositSavings(amount=50_000))
    assert state.players[0].savings == 70_000  # 20,000 passing + 50,000 landing
    assert state.players[0].cash == 125_000 + 20_000 - 70_000


def test_a_deposit_cannot_exceed_the_travelling_cash_and_may_be_skipped() -> None:
    state = given(SPEC, opening(1, 30, setup=[HometownBought(seat=0, location=4, price=0), cash(0, -20_000)]))
    state = play(SPEC, state, 0, RollDice(), script((1, 2)))  # lands on its own Hometown 4: 5,000 + 10,000 welfare
    assert state.phase is Phase.DEPOSIT and state.deposit is not None and state.deposit.limit == 50_000
    illegal(SPEC, state, 0, DepositSavings(amount=16_000), r"up to \$15,000")
    illegal(SPEC, state, 0, DepositSavings(amount=1_500), "bills")
    assert when(SPEC, state, 0, SkipDeposit())[0].TYPE == "DepositSkipped"


def test_rent_on_another_players_hometown_is_5000_times_both_dice() -> None:
    events = when(SPEC, opening(27, 30), 0, RollDice(), script((1, 2)))
    assert money(events, "rent") == [(0, 1, 15_000)]


def test_rent_that_cannot_be_paid_in_full_sends_the_hitchiker_broke_to_its_next_hometown() -> None:
    state = given(SPEC, opening(27, 30, setup=[cash(0, -15_000)]))
    events = when(SPEC, state, 0, RollDice(), script((1, 2)))
    assert money(events, "rent") == [(0, 1, 10_000)]
    assert of_type(events, WentBroke) == [WentBroke(seat=0, owed=15_000, paid=10_000, location=27)]
    assert money(events, "broke_welfare") == [(None, 0, 10_000)]
    assert not of_type(events, DepositOffered)  # the welfare cannot be banked
    state = SPEC.fold(events, state)
    assert state.players[0].position == 27 and state.players[0].cash == 10_000 and state.current == 1


def test_an_unowned_hometown_is_priced_at_one_die_times_5000_and_buying_is_optional() -> None:
    state = given(SPEC, opening(1, 30, setup=[cash(0, 75_000)]))
    events = when(SPEC, state, 0, RollDice(), script((1, 2), (5,)))
    assert events[-1] == HometownPriced(seat=0, location=4, die=5, price=25_000)
    state = SPEC.fold(events, state)
    assert when(SPEC, state, 0, DeclineHometown())[0] == HometownDeclined(seat=0, location=4)
    bought = when(SPEC, state, 0, BuyHometown())
    assert bought[:2] == [HometownBought(seat=0, location=4, price=25_000),
                          DepositOffered(seat=0, location=4, limit=50_000)]
    assert not money(bought, "welfare")  # no welfare on a Hometown just bought


def test_a_hometown_the_hitchiker_cannot_afford_is_declined_at_once() -> None:
    events = when(SPEC, opening(1, 30, setup=[cash(0, -20_000)]), 0, RollDice(), script((1, 2), (2,)))
    assert events[-4:-2] == [HometownPriced(seat=0, location=4, die=2, price=10_000),
                             HometownDeclined(seat=0, location=4)]


def test_savings_of_250000_win_the_game_the_moment_they_are_banked() -> None:
    history = opening(1, 30, setup=[*savings(0, 240_000), HometownBought(seat=0, location=4, price=0)])
    state = play(SPEC, history, 0, RollDice(), script((1, 2)))
    events = when(SPEC, state, 0, DepositSavings(amount=10_000))
    then(events, SavingsDeposited(seat=0, location=4, amount=10_000), GameWon(seat=0, reason="savings"))
    result = SPEC.result(SPEC.fold(events, state))
    assert result is not None and result["winners"] == [0] and result["reason"] == "savings"
    assert result["standings"][0] == {"seat": 0, "place": 1, "score": 275_000, "cash": 25_000, "savings": 250_000}


def test_50_million_in_travelling_cash_wins_the_game_the_moment_it_is_reached() -> None:
    state = given(SPEC, opening(38, 30, setup=[cash(0, 49_960_000)]))
    events = when(SPEC, state, 0, RollDice(), script((1, 3), (2, 3)))  # energy rebate: 5 x $10,000
    assert events[-2:] == [events[-2], GameWon(seat=0, reason="cash")]
    assert SPEC.result(SPEC.fold(events, state))["winners"] == [0]  # type: ignore[index]


def test_the_round_limit_ends_the_game_and_the_richest_wins() -> None:
    """TWO WAYS TO WIN has no end but a win; the `round_limit` option's end (RULINGS.md, Set-up and the turn) says
    so in the result, the view and the timeline."""
    state = given(SPEC, opening(1, 30, round_limit=1, setup=[cash(1, 5_000)]))
    state = play(SPEC, state, 0, RollDice(), script((2, 3)))  # Twister City
    events = when(SPEC, state, 1, RollDice(), script((3, 6)))  # Hollyweed, nothing to sell
    assert of_type(events, TurnLimitReached) == [TurnLimitReached(winners=(1,), worth=(25_000, 30_000))]
    result = SPEC.result(SPEC.fold(events, state))
    assert result is not None and result["reason"] == "round_limit" and result["winners"] == [1]
    assert [row["place"] for row in result["standings"]] == [1, 2]
    assert SPEC.view(SPEC.fold(events, state), None)["end_reason"] == "round_limit"
    assert SPEC.describe(events[-1], ("Ann", "Bob")) == "the round limit is reached: Bob richest"


def test_with_a_person_seated_there_is_no_round_limit_by_default_and_bots_only_games_stop_at_100() -> None:
    """TWO WAYS TO WIN: the book ends a game only by a win, so from rules version 2 the round limit is an option,
    off by default when a person holds a seat; a game of bots only keeps 100 rounds so that it always ends. The
    default is chosen at creation and recorded in GameCreated; an explicit value wins, 0 meaning no limit."""
    hal, ran = SeatConfig(name="Hal", bot="hustler"), SeatConfig(name="Ran", bot="random")
    people = SPEC.normalize_config([SeatConfig(name="Ann"), hal], {})
    bots = SPEC.normalize_config([hal, ran], {})
    assert people.options["round_limit"] == 0 and bots.options["round_limit"] == 100
    assert given(SPEC, created_from(people)).round_limit == 0
    assert given(SPEC, created_from(bots)).round_limit == 100
    chosen = SPEC.normalize_config([SeatConfig(name="Ann"), SeatConfig(name="Bo")], {"round_limit": 30})
    assert given(SPEC, created_from(chosen)).round_limit == 30
    endless = SPEC.normalize_config([hal, ran], {"round_limit": 0})
    assert endless.options["round_limit"] == 0 and given(SPEC, created_from(endless)).round_limit == 0
    # version 1's default stays 100 rounds, a person seated or not
    assert SPEC.normalize_config([SeatConfig(name="Ann"), hal], {}, rules_version=1).options == {"round_limit": 100}
    # no limit: the 101st round begins like any other
    state = msgspec.structs.replace(given(SPEC, opening(1, 30, round_limit=0)), turn=199)  # round 100 under way
    state = play(SPEC, state, 0, RollDice(), script((2, 3)))
    events = when(SPEC, state, 1, RollDice(), script((3, 6)))
    assert not of_type(events, TurnLimitReached) and events[-1] == TurnStarted(seat=0, turn=201)
    assert SPEC.view(state, 0)["round_limit"] == 0


def test_under_rules_version_1_a_recorded_limit_of_0_was_never_possible_and_100_still_ends_the_game() -> None:
    """Version 1 games recorded their limit (1 to 1000, 100 by default) and keep ending by it."""
    state = given(SPEC, opening(1, 30, round_limit=1, setup=[cash(1, 5_000)], rules_version=1))
    state = play(SPEC, state, 0, RollDice(), script((2, 3)))
    assert of_type(when(SPEC, state, 1, RollDice(), script((3, 6))), TurnLimitReached)


def created_from(config: GameConfig) -> GameCreated:
    return GameCreated(game_id="scenario", game_type=SPEC.id, rules_version=config.rules_version or SPEC.rules_version,
                       seed_commitment="0" * 64, seats=config.seats, options=dict(config.options))
