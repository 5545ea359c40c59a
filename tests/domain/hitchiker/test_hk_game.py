"""Whole games: one scripted game from the starting rolls to a $50 million win, seeded playouts, data, codecs."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from hk_scenario import created, opening, script
from support.scenario import after, given, illegal, then, when

from domain.core.seating import SEATING_EVENT_TYPES
from domain.core import (
    Command,
    Decision,
    Event,
    GameConfig,
    InvalidCommand,
    SeatConfig,
    Table,
    Value,
    canonical_json,
    decision_rng,
    play_command,
)
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.board import BOARD, DEAL_CHART, HOMETOWNS, Kind
from domain.games.hitchiker.casino.events import HoldemOpened
from domain.games.hitchiker.commands import (
    AddressJury,
    ChooseHometown,
    DepositSavings,
    KeepContraband,
    RiskCash,
    RollDeal,
    RollDice,
    SellContraband,
    TakeDeal,
)
from domain.games.hitchiker.describe import _LINES
from domain.games.hitchiker.events import (
    EVENTS,
    CashTransferred,
    DiceRolled,
    GameWon,
    TurnLimitReached,
    TurnStarted,
)
from domain.games.hitchiker.evolve import APPLIERS
from domain.games.hitchiker.state import Phase

# (seat, command, dice): seat 0 turns Tortland's ransom into Contraband twice and sells at Hollyweed.
FULL_GAME: list[tuple[int, Command, Sequence[Sequence[int]]]] = [
    (0, ChooseHometown(location=27), ()),  # St. Yawns
    (1, ChooseHometown(location=1), ()),  # Tranna
    (0, RollDice(), ((3, 3), (6, 6))),  # Tortland: 12 x $20,000
    (1, RollDice(), ((1, 1),)),  # Blunder Bay, nothing to sell
    (0, RollDice(), ((1, 2),)),  # Fencetown, a Black Market
    (0, RiskCash(amount=265_000), ()),
    (1, RollDeal(), ((5, 6),)),  # 11: $1,000 a Unit
    (0, TakeDeal(), ()),  # 265 Units
    (1, RollDice(), ((3, 3),)),  # Detour Crossing: Customs, but no Contraband
    (0, RollDice(), ((4, 6), (3,))),  # Moose Jawbreaker at $15,000: no cash, declined
    (1, RollDice(), ((3, 4),)),  # Chicagoo
    (0, RollDice(), ((6, 6),)),  # Chicagoo at $30,000: keep
    (0, KeepContraband(), ()),
    (1, RollDice(), ((1, 2),)),  # Blame Border
    (0, RollDice(), ((2, 2),)),  # Empire City at $50,000, passing Blame Border safely
    (0, SellContraband(units=265), ()),  # $13,250,000
    (1, RollDice(), ((3, 4),)),  # Moneytreal
    (0, RollDice(), ((2, 3),)),  # Crooked Creek, a Black Market
    (0, RiskCash(amount=13_250_000), ()),
    (1, RollDeal(), ((6, 5),)),
    (0, TakeDeal(), ()),  # 13,250 Units
    (1, RollDice(), ((1, 2),)),  # Sourgrass Customs
    (0, RollDice(), ((1, 1),)),  # home to St. Yawns: welfare, a deposit
    (0, DepositSavings(amount=10_000), ()),
    (1, RollDice(), ((2, 2), (1, 1))),  # Tortland: 2 x $20,000
    (0, RollDice(), ((6, 6),)),  # Hollyweed at $35,000
    (0, SellContraband(units=13_250), ()),  # $463,750,000: the game is won
]


def test_a_scripted_game_from_the_starting_rolls_to_a_50_million_win() -> None:
    opened = created(2)
    start = [opened, *SPEC.setup(GameConfig.of(opened), script((6, 6), (1, 1)))]  # type: ignore[arg-type]
    moves = [(seat, command) for seat, command, _ in FULL_GAME]
    events = after(SPEC, start, *moves, rng=script(*(roll for _, _, rolls in FULL_GAME for roll in rolls)))
    then(events[-1:], GameWon(seat=0, reason="cash"))
    state = given(SPEC, events)
    assert state.phase is Phase.OVER and SPEC.to_act(state) == frozenset()
    assert SPEC.legal_commands(state, 0) == [] and SPEC.legal_commands(state, 1) == []
    assert SPEC.result(state) == {
        "standings": [
            {"seat": 0, "place": 1, "score": 463_760_000, "cash": 463_750_000, "savings": 10_000},
            {"seat": 1, "place": 2, "score": 65_000, "cash": 65_000, "savings": 0},
        ],
        "winners": [0],
        "reason": "cash",
        "turns": 15,
    }
    illegal(SPEC, state, 1, RollDice(), "the game is over")


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_seeded_random_games_end_and_every_listed_command_is_accepted(seats: int) -> None:
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(seats)],
                                   {"round_limit": 25})
    table = Table(SPEC, config, f"engine-{seats}")
    while not table.finished:
        to_act = SPEC.to_act(table.state)
        assert to_act
        for seat in range(seats):
            legal = SPEC.legal_commands(table.state, seat)
            assert bool(legal) == (seat in to_act)
            for command in legal[:: max(1, len(legal) // 6)]:
                play_command(SPEC, table.state, seat, command, decision_rng(table.seed, table.version))
        seat = min(to_act)
        table.submit(seat, table.bot_command(seat, "random"))
    assert SPEC.fold(table.events) == table.state
    result = SPEC.result(table.state)
    assert result is not None and sorted(row["seat"] for row in result["standings"]) == list(range(seats))
    assert table.state.turn <= 25 * seats


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_a_decision_carries_the_state_its_events_fold_to(seats: int) -> None:
    """decide applies each event once as it emits it; the state it hands back is the fold of its events."""
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="hustler") for i in range(seats)],
                                   {"round_limit": 20})
    table = Table(SPEC, config, f"decision-{seats}")
    while not table.finished:
        seat = min(SPEC.to_act(table.state))
        command = table.bot_command(seat, "hustler")
        decision = SPEC.decide(table.state, seat, command, decision_rng(table.seed, table.version))
        assert isinstance(decision, Decision)
        assert decision.state == SPEC.fold(decision, table.state)
        assert table.submit(seat, command) == list(decision)
    assert table.state == SPEC.fold(table.events)


def test_the_same_seed_gives_the_same_game() -> None:
    def digest(seed: str) -> str:
        config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(4)], {})
        table = Table(SPEC, config, seed)
        table.play_bots(["random"] * 4)
        return canonical_json([list(SPEC.events.encode(event)) for event in table.events])
    assert digest("same") == digest("same") != digest("other")


def test_every_event_has_an_applier_a_codec_entry_and_a_line_of_description() -> None:
    assert set(SPEC.events.types) == {event.TYPE for event in EVENTS} | SEATING_EVENT_TYPES
    assert set(APPLIERS) == {event for event in EVENTS if event.TYPE != "GameCreated"}
    assert {event for event in EVENTS if event.TYPE != "GameCreated"} == set(_LINES)
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(3)], {"round_limit": 10})
    table = Table(SPEC, config, "describe")
    table.play_bots(["random"] * 3)
    for event in table.events:
        line = SPEC.describe(event)
        assert line and "\n" not in line
        type_, data = SPEC.events.encode(event)
        assert SPEC.events.decode(type_, json.loads(canonical_json(data))) == event


def test_evolve_refuses_an_unknown_event_an_event_before_the_game_and_a_seat_not_at_the_table() -> None:
    class Stranger(Event, Value):
        TYPE = "Stranger"

    state = given(SPEC, opening(1, 30))
    with pytest.raises(TypeError, match="not a Hitchiker event"):
        SPEC.evolve(state, Stranger())
    with pytest.raises(TypeError, match="GameCreated comes first"):
        SPEC.evolve(None, TurnStarted(seat=0, turn=1))
    strangers = [TurnStarted(seat=2, turn=2), DiceRolled(seat=-1, dice=(1, 1), purpose="rent"),
                 CashTransferred(payer=None, payee=5, amount=1_000, reason="given"),
                 TurnLimitReached(winners=(0, 3), worth=(1, 2)), HoldemOpened(dealer=0, seed=1, eligible=(1, -1))]
    for event in strangers:
        with pytest.raises(ValueError, match="there is no seat"):
            SPEC.evolve(state, event)


def test_malformed_commands_and_options_are_invalid_not_illegal() -> None:
    with pytest.raises(InvalidCommand):
        SPEC.commands.decode("DepositSavings", {"amount": "lots"})
    with pytest.raises(InvalidCommand, match="words"):
        when(SPEC, opening(1, 30), 0, AddressJury(words="   "))
    with pytest.raises(InvalidCommand, match="round_limit"):
        SPEC.normalize_config([SeatConfig(name="a"), SeatConfig(name="b")], {"round_limit": -1})
    with pytest.raises(InvalidCommand, match="2 to 6"):
        SPEC.normalize_config([SeatConfig(name="a")], {})


def test_the_board_fits_every_count_and_figure_of_the_book() -> None:
    assert len(BOARD) == 42 and [place.index for place in BOARD] == list(range(42))
    kinds = [place.kind for place in BOARD]
    assert len(HOMETOWNS) == 12 and kinds.count(Kind.CASINO) == 4
    assert [place.name for place in BOARD if place.kind is Kind.CASINO] == [
        "Great White North Casino", "Charlesfun", "Party Gras", "Lost Wages"]
    misc = [Kind.ENERGY_REBATE, Kind.TWISTER_CITY, Kind.LIE_N_SIN, Kind.SMASHVILLE, Kind.CORPUS_RISKY,
            Kind.SMELL_GASO, Kind.TORTLAND, Kind.FORT_MCSLURRY, Kind.REMINDYA]
    assert [kind for kind in kinds if kind in misc] == misc  # the book's order, clockwise
    prices = {place.name: place.price or 0 for place in BOARD if place.kind is Kind.SELL}
    assert prices["Empire City"] == 50_000 and prices["Blunder Bay"] == 20_000
    assert min(prices.values()) == 20_000 and max(prices.values()) == 50_000
    assert all(kinds.count(kind) >= 1 for kind in (Kind.BLACK_MARKET, Kind.CUSTOMS, Kind.BAD_RIDE))
    assert all(any(BOARD[(start - back) % 42].kind is Kind.HOMETOWN for back in range(2, 13)) for start in range(42))
    assert all(entry.price % 1_000 == 0 for entry in DEAL_CHART.values())
