"""The bots: `random` and `hustler` finish games; the hustler banks, buys, weighs deals, plays the tables."""

from __future__ import annotations

from hk_scenario import cash, deck, opening, script, units
from support.scenario import play

from domain.core import Rng, SeatConfig, Table
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.bots import deal_gain, deal_value, hustler_bot, narrow, prior, rollout
from domain.games.hitchiker.casino.strategy import equity, play_hand
from domain.games.hitchiker.commands import (
    AddressJury,
    Ante,
    BuyHometown,
    ChooseCasinoGame,
    DeclineDeal,
    DepositSavings,
    DoubleDown,
    Hit,
    RiskCash,
    RollDeal,
    RollDice,
    SellContraband,
    Split,
    Stand,
    TakeDeal,
    Vote,
)
from domain.games.hitchiker.state import CasinoGame, Phase, State


def choose(state: State, seat: int) -> object:
    return hustler_bot(SPEC.view(state, seat), SPEC.legal_commands(state, seat), Rng("bot-test", 1))


def test_the_hustler_banks_as_much_as_it_may() -> None:
    state = play(SPEC, opening(1, 30, setup=[cash(0, 100_000)]), 0, RollDice(), script((1, 2), (4,)))
    assert choose(state, 0) == BuyHometown()
    state = play(SPEC, state, 0, BuyHometown())
    assert choose(state, 0) == DepositSavings(amount=50_000)


def test_the_hustler_sells_all_its_contraband_and_never_approves_a_rival() -> None:
    state = play(SPEC, opening(15, 30, setup=[units(0, 10)]), 0, RollDice(), script((2, 3)))
    assert choose(state, 0) == SellContraband(units=10)
    jury = play(SPEC, opening(15, 30), 0, RollDice(), script((1, 1)))  # Smashville
    jury = play(SPEC, jury, 0, AddressJury(words="yee-haw"))
    assert choose(jury, 1) == Vote(approve=False)


def test_the_hustler_weighs_contraband_deals_by_expected_value() -> None:
    assert deal_value(1, 20_000, 100_000) > 0
    assert deal_gain(11, 20_000, 100_000) > deal_value(2, 20_000, 100_000) > deal_gain(6, 20_000, 100_000)
    state = play(SPEC, opening(11, 30), 0, RollDice(), script((1, 2)))
    assert isinstance(choose(state, 0), RiskCash)
    state = play(SPEC, state, 0, RiskCash(amount=20_000))
    assert choose(state, 1) == RollDeal()
    assert choose(play(SPEC, state, 1, RollDeal(), script((3, 4))), 0) == DeclineDeal()  # the shootout
    assert choose(play(SPEC, state, 1, RollDeal(), script((5, 6))), 0) == TakeDeal()  # $1,000 a Unit


def blackjack_view(hand: list[str], house: str) -> dict[str, object]:
    return {"you": 1, "casino": {"current_hand": 0, "house": [house],
                                 "hands": [{"index": 0, "owner": 1, "cards": hand, "status": "open"}]}}


def test_the_hustler_plays_basic_strategy_blackjack() -> None:
    everything = [Hit(), Stand(), DoubleDown(), Split()]
    assert play_hand(blackjack_view(["TS", "7D"], "TC"), everything) == Stand()
    assert play_hand(blackjack_view(["TS", "2D"], "TC"), everything) == Hit()
    assert play_hand(blackjack_view(["TS", "3D"], "5C"), everything) == Stand()
    assert play_hand(blackjack_view(["8S", "8D"], "TC"), everything) == Split()
    assert play_hand(blackjack_view(["5S", "6D"], "TC"), everything) == DoubleDown()
    assert play_hand(blackjack_view(["5S", "6D"], "TC"), [Hit(), Stand()]) == Hit()


def test_the_hustler_antes_and_bets_by_hand_strength() -> None:
    rng = Rng("equity", 1)
    assert equity(("AS", "AD"), ("AC", "KD", "7S"), 2, rng) > 0.8
    assert equity(("2S", "7D"), ("AC", "KD", "QS"), 2, rng) < 0.2
    state = play(SPEC, opening(7, 30, 34), 0, RollDice(), script((1, 2)))
    state = play(SPEC, state, 0, ChooseCasinoGame(game=CasinoGame.HOLDEM))
    assert choose(state, 1) == Ante()
    state = play(SPEC, play(SPEC, state, 1, Ante()), 2, Ante())
    state = play(SPEC, state, 0, Ante(), script(shuffles=[deck("AC", "7C", "2H", "AD", "2D", "3H", "AS", "8S", "9D")]))
    assert type(choose(state, 1)).__name__ in ("Bet", "Raise")  # three aces


def test_the_hustler_beats_random_over_a_few_seeded_games() -> None:
    wins = 0
    for game in range(10):
        seats = 2 + game % 2 * 2
        strong = game % seats
        levels = ["hustler" if seat == strong else "random" for seat in range(seats)]
        config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot=level) for i, level in enumerate(levels)], {})
        table = Table(SPEC, config, f"bots-{game}")
        table.play_bots(levels)
        result = SPEC.result(table.state)
        assert result is not None
        wins += strong in result["winners"]
    assert wins >= 7


def test_the_search_rollouts_make_the_hustlers_choices_from_the_full_state_but_at_holdem() -> None:
    """`rollout` (bots.SEARCH's) reads the state, not a view, and chooses what the hustler would, except that it
    calls or checks through Hold'em instead of sampling its hand's equity."""
    compared: dict[str, int] = {}
    for game in range(3):
        seats = (2, 4, 6)[game]
        options = {"round_limit": 12, "declinable_insurance": game == 1}
        config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(seats)], options)
        table = Table(SPEC, config, f"rollout-{game}")
        while not table.finished:
            state = table.state
            for seat in SPEC.to_act(state):
                legal = SPEC.legal_commands(state, seat)
                if state.phase is not Phase.HOLDEM_BETTING:
                    assert rollout(state, seat, legal, Rng("rollout", 1)) == hustler_bot(
                        SPEC.view(state, seat), legal, Rng("rollout", 1)), state.phase
                    compared[state.phase.value] = compared.get(state.phase.value, 0) + 1
            seat = min(SPEC.to_act(state))
            table.submit(seat, table.bot_command(seat, ("hustler", "random")[(seat + game) % 2]))
    assert {"before_roll", "deposit", "black_market", "deal_choice", "casino_choice", "blackjack_wagers",
            "blackjack_play"} <= set(compared)


def test_the_search_weighs_every_stake_but_banks_all_it_may_and_prefers_the_hustlers_listed_stake() -> None:
    """bots.SEARCH's `narrow` leaves the search only the hustler's deposit (all it may) and every listed stake on
    a Black Market; its `prior` is the hustler's command, or the listed one nearest the hustler's amount."""
    state = play(SPEC, opening(1, 30, setup=[cash(0, 100_000)]), 0, RollDice(), script((1, 2), (4,)))
    state = play(SPEC, state, 0, BuyHometown())
    legal = SPEC.legal_commands(state, 0)
    assert len(legal) > 2 and narrow(state, legal) == [DepositSavings(amount=50_000)]
    market = play(SPEC, opening(11, 30, setup=[cash(0, 75_000)]), 0, RollDice(), script((1, 2)))
    legal = SPEC.legal_commands(market, 0)
    assert narrow(market, legal) == legal
    assert choose(market, 0) == RiskCash(amount=80_000)  # 80% of $100,000, not a listed sample
    assert RiskCash(amount=80_000) not in legal
    assert prior(market, 0, legal, Rng("prior", 1)) == RiskCash(amount=75_000)  # the quarters: 25k, 50k, 75k
    choosing = SPEC.fold(opening(1, 30)[:3])  # set-up: the first player chooses among the 12 Hometowns
    legal = SPEC.legal_commands(choosing, 0)
    narrowed = narrow(choosing, legal)
    assert len(legal) == 12 and len(narrowed) == 4 and set(narrowed) <= set(legal)
    assert prior(choosing, 0, legal, Rng("prior", 1)) in narrowed
