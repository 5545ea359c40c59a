"""The miscellaneous locations (rulebook: MISCELLANEOUS LOCATIONS) and Smashville's jury."""

from __future__ import annotations

from hk_scenario import cash, money, opening, savings, script, units
from support.scenario import given, illegal, of_type, play, then, when

from domain.games.hitchiker import SPEC
from domain.games.hitchiker.commands import AddressJury, RollDice, Vote
from domain.games.hitchiker.events import (
    ContrabandLost,
    ContrabandReceived,
    DiceRolled,
    HitchikerDied,
    JudgmentGiven,
    JuryAddressed,
    PawnMoved,
    SavingsSeized,
    StillInRemindya,
    StuckInRemindya,
    TurnEnded,
    VoteCast,
    WentBroke,
)
from domain.games.hitchiker.state import Phase


def test_the_energy_rebate_pays_10000_times_both_dice() -> None:
    events = when(SPEC, opening(38, 30), 0, RollDice(), script((1, 3), (2, 5)))
    assert events[1] == PawnMoved(seat=0, start=38, end=0, passed=(), reason="roll")
    assert of_type(events, DiceRolled) == [DiceRolled(seat=0, dice=(2, 5), purpose="energy_rebate")]
    assert money(events, "energy_rebate") == [(None, 0, 70_000)]


def test_twister_city_blows_all_contraband_to_the_player_on_the_right() -> None:
    events = when(SPEC, opening(4, 30, 34, setup=[units(0, 12)]), 0, RollDice(), script((1, 1)))
    assert of_type(events, ContrabandLost) == [ContrabandLost(seat=0, payee=2, units=12, reason="twister_city")]


def test_lie_n_sin_pays_1000000_on_doubles_and_nothing_otherwise() -> None:
    """MISCELLANEOUS LOCATIONS, Lie N' Sin D.C.: "the odds are terrible and you'll probably be stung", with the
    slim hope of $1,000,000 on doubles. The book names no stake, so by default (rules version 3, the book's
    letter) any other roll costs nothing."""
    state = given(SPEC, opening(7, 30))
    assert not state.lie_n_sin_sting
    assert money(when(SPEC, state, 0, RollDice(), script((2, 3), (4, 4))), "lie_n_sin") == [(None, 0, 1_000_000)]
    missed = when(SPEC, state, 0, RollDice(), script((2, 3), (3, 4)))
    assert money(missed, "lie_n_sin") == money(missed, "lie_n_sin_sting") == []
    assert SPEC.fold(missed, state).players[0].cash == 25_000
    assert SPEC.view(state, None)["lie_n_sin_sting"] is False


def test_with_lie_n_sin_sting_any_roll_but_doubles_costs_half_the_travelling_cash() -> None:
    """Lie N' Sin D.C., the `lie_n_sin_sting` option (off by default): the sting the book mentions costs half the
    Travelling Cash, rounded down to bills, paid to the bank; doubles still pay $1,000,000."""
    rule = SPEC.options_schema["properties"]["lie_n_sin_sting"]
    assert rule["type"] == "boolean" and rule["default"] is False
    assert rule["x-rulebook-section"] == "MISCELLANEOUS LOCATIONS > Lie N' Sin D.C."
    state = given(SPEC, opening(7, 30, options={"lie_n_sin_sting": True}))
    assert SPEC.view(state, None)["lie_n_sin_sting"] is True
    assert money(when(SPEC, state, 0, RollDice(), script((2, 3), (4, 4))), "lie_n_sin") == [(None, 0, 1_000_000)]
    stung = when(SPEC, state, 0, RollDice(), script((2, 3), (3, 4)))
    assert money(stung, "lie_n_sin") == []
    assert money(stung, "lie_n_sin_sting") == [(0, None, 12_000)]  # half of $25,000, rounded down to bills
    assert not of_type(stung, WentBroke)  # a share lost, not an obligation
    broke = given(SPEC, opening(7, 30, setup=[cash(0, -25_000)], options={"lie_n_sin_sting": True}))
    assert money(when(SPEC, broke, 0, RollDice(), script((2, 3), (3, 4))), "lie_n_sin_sting") == []


def test_under_rules_version_2_lie_n_sin_always_stung() -> None:
    """Lie N' Sin D.C. as version 2 read it (its games play on so): the sting, no option."""
    state = given(SPEC, opening(7, 30, rules_version=2))
    assert money(when(SPEC, state, 0, RollDice(), script((2, 3), (3, 4))), "lie_n_sin_sting") == [(0, None, 12_000)]


def test_under_rules_version_1_lie_n_sin_cost_nothing_but_a_roll() -> None:
    """Lie N' Sin D.C. as version 1 read it: doubles pay $1,000,000, any other roll nothing."""
    state = given(SPEC, opening(7, 30, rules_version=1))
    assert money(when(SPEC, state, 0, RollDice(), script((2, 3), (3, 4))), "lie_n_sin_sting") == []


def test_smashville_pays_50000_when_every_other_player_approves_the_singing() -> None:
    state = play(SPEC, opening(15, 30, 34), 0, RollDice(), script((1, 1)))
    assert state.phase is Phase.JURY_ADDRESS and SPEC.to_act(state) == {0}
    then(when(SPEC, state, 0, AddressJury(words="  Love me tender  ")), JuryAddressed(seat=0, words="Love me tender"))
    state = play(SPEC, state, 0, AddressJury(words="Love me tender"))
    assert SPEC.to_act(state) == {1, 2}  # the table votes at once
    state = play(SPEC, state, 2, Vote(approve=True))
    illegal(SPEC, state, 2, Vote(approve=False), "not seat 2's turn")
    events = when(SPEC, state, 1, Vote(approve=True))
    assert events[:2] == [VoteCast(seat=1, approve=True),
                          JudgmentGiven(seat=0, approved=True, votes=((1, True), (2, True)))]
    assert money(events, "smashville") == [(None, 0, 50_000)]


def test_smashville_pays_nothing_when_one_judge_is_not_convinced() -> None:
    state = play(SPEC, opening(15, 30, 34), 0, RollDice(), script((1, 1)))  # Smashville
    state = play(SPEC, state, 0, AddressJury(words="la la"))
    state = play(SPEC, state, 1, Vote(approve=False))
    events = when(SPEC, state, 2, Vote(approve=True))
    assert of_type(events, JudgmentGiven)[0].approved is False
    assert money(events, "smashville") == []


def test_each_vote_is_secret_until_the_judgment() -> None:
    assert VoteCast(seat=1, approve=False).visibility() == (1,)
    assert JudgmentGiven(seat=0, approved=False, votes=((1, False),)).visibility() == "public"


def test_corpus_risky_kills_on_7_or_11_and_the_poorest_inherits() -> None:
    state = given(SPEC, opening(18, 30, 34, setup=[cash(2, -5_000)]))
    for dice in ((3, 4), (5, 6)):
        died = of_type(when(SPEC, state, 0, RollDice(), script((2, 3), dice)), HitchikerDied)
        assert [(d.cause, d.heir) for d in died] == [("shark attack", 2)]
    assert not of_type(when(SPEC, state, 0, RollDice(), script((2, 3), (4, 4))), HitchikerDied)


def test_smell_gaso_gives_one_free_unit_per_pip() -> None:
    events = when(SPEC, opening(22, 30), 0, RollDice(), script((3, 3), (4, 6)))
    assert of_type(events, ContrabandReceived) == [ContrabandReceived(seat=0, units=10, reason="smell_gaso")]


def test_tortland_pays_20000_times_both_dice() -> None:
    events = when(SPEC, opening(30, 1), 0, RollDice(), script((1, 2), (6, 6)))
    assert money(events, "tortland") == [(None, 0, 240_000)]


def test_fort_mcslurry_gives_half_the_savings_to_the_player_with_the_least_cash() -> None:
    state = given(SPEC, opening(34, 30, 1, setup=[*savings(0, 15_000, 34), cash(1, -3_000)]))
    events = when(SPEC, state, 0, RollDice(), script((1, 2)))
    assert of_type(events, SavingsSeized) == [SavingsSeized(seat=0, payee=1, amount=7_000, reason="fort_mcslurry")]


def test_remindya_holds_the_hitchiker_until_an_odd_roll_which_it_then_moves() -> None:
    landed = when(SPEC, opening(38, 30), 0, RollDice(), script((1, 1)))
    assert StuckInRemindya(seat=0, location=40) in landed and landed[-2] == TurnEnded(seat=0)
    state = given(SPEC, opening(38, 30, setup=[StuckInRemindya(seat=0, location=40)]))
    held = when(SPEC, state, 0, RollDice(), script((2, 4)))
    assert held[1:3] == [StillInRemindya(seat=0), TurnEnded(seat=0)]
    escaped = when(SPEC, state, 0, RollDice(), script((2, 3)))
    assert escaped[1] == PawnMoved(seat=0, start=40, end=3, passed=(), reason="roll")
    assert SPEC.fold(escaped, state).players[0].stuck is False
