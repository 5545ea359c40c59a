"""Hitchiker describes itself (issue 14): labels of known states, ranges at their ends, the catalog against the
data files and the views, the view schema, the rules against the rulebook's headings, and the doc page in sync.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from hk_scenario import blackjack_deck, cash, deck, opening, script, units
from msgspec.structs import replace
from support.scenario import given, play

from domain.core import Command, IllegalCommand, SeatConfig, Table, decision_rng
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.amounts import Range
from domain.games.hitchiker.cards import FULL_DECK
from domain.games.hitchiker.casino import craps
from domain.games.hitchiker.commands import (
    COMMANDS,
    AddressJury,
    Ante,
    Bet,
    BuyLifeInsurance,
    ChooseCasinoGame,
    DeclineDeal,
    DepositSavings,
    KeepContraband,
    PassBlackMarket,
    PassHand,
    PlaceWager,
    Raise,
    RiskCash,
    RollDeal,
    RollDice,
    SellContraband,
    SkipDeposit,
    TakeDeal,
    Vote,
)
from domain.games.hitchiker.events import HometownBought
from domain.games.hitchiker.labels import span
from domain.games.hitchiker.state import CasinoGame, Phase, State
from domain.games.hitchiker.view_schema import MAX_SEATS

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "domain" / "games" / "hitchiker" / "data"
RULEBOOK = ROOT.parent / "shared" / "rules" / "hitchiker.md"
DOC = ROOT / "docs" / "games" / "hitchiker.md"
VALIDATOR = jsonschema_rs.Draft202012Validator(SPEC.view_schema)


def labels(state: State, seat: int) -> dict[str, Command]:
    return {SPEC.label(state, seat, command): command for command in SPEC.legal_commands(state, seat)}


def accepted(state: State, seat: int, command: Command) -> bool:
    try:
        SPEC.decide(state, seat, command, decision_rng("about", 1))
    except IllegalCommand:
        return False
    return True


def assert_span(state: State, seat: int, command: Command, path: str, expected: dict[str, int]) -> None:
    """`command`'s range is `expected`; its ends and every step are accepted, one step beyond is refused."""
    assert SPEC.ranges(state, seat, command) == {path: expected}
    low, high, step = expected["min"], expected["max"], expected["step"]
    for value in range(low, high + 1, step):
        assert accepted(state, seat, replace(command, **{path: value})), value
    assert not accepted(state, seat, replace(command, **{path: low - step}))
    assert not accepted(state, seat, replace(command, **{path: high + step}))


# --- labels of known states, and their ranges ----------------------------------------------------------

def test_the_turn_opens_with_a_roll_from_where_you_stand_or_life_insurance() -> None:
    state = given(SPEC, opening(1, 30))
    assert set(labels(state, 0)) == {
        "Roll both dice and travel clockwise from Tranna",
        "Buy Life Insurance: both dice x $10,000 ($20,000 to $120,000), safe from death until your turn ends",
    }
    declinable = given(SPEC, opening(1, 30, options={"declinable_insurance": True}))
    assert "Ask for Life Insurance: both dice x $10,000 price it ($20,000 to $120,000), then take it or decline it" \
        in labels(declinable, 0)
    quoted = play(SPEC, declinable, 0, BuyLifeInsurance(), script((1, 1)))
    assert set(labels(quoted, 0)) == {"Take Life Insurance for $20,000: safe from death until your turn ends",
                                      "Decline Life Insurance at $20,000"}
    assert SPEC.ranges(state, 0, BuyLifeInsurance()) == {}


def test_a_black_market_lists_sample_stakes_and_ranges_them_over_every_bill_of_the_cash() -> None:
    state = play(SPEC, opening(34, 30), 0, RollDice(), script((1, 1)))  # Seabattle to Fencetown
    assert state.phase is Phase.BLACK_MARKET
    menu = labels(state, 0)
    assert "Risk $10,000 on a Contraband deal" in menu
    assert menu["Risk all your $25,000 on a Contraband deal"] == RiskCash(amount=25_000)
    assert menu["Buy no Contraband at Fencetown"] == PassBlackMarket()
    assert SPEC.ranges(state, 0, PassBlackMarket()) == {}
    for command in SPEC.legal_commands(state, 0):
        if isinstance(command, RiskCash):
            assert SPEC.ranges(state, 0, command) == {"amount": {"min": 1_000, "max": 25_000, "step": 1_000}}
    assert_span(state, 0, RiskCash(amount=10_000), "amount", {"min": 1_000, "max": 25_000, "step": 1_000})
    assert SPEC.view(state, 0)["pending"]["stake_range"] == {"min": 1_000, "max": 25_000, "step": 1_000}


def test_the_deal_is_labelled_with_its_roller_and_what_taking_it_does() -> None:
    state = play(SPEC, opening(34, 30), 0, RollDice(), script((1, 1)))
    state = play(SPEC, state, 0, RiskCash(amount=10_000))
    assert labels(state, 1) == {"Roll the Contraband deal for Ann (roll 1 of 3; stake $10,000)": RollDeal()}
    state = play(SPEC, state, 1, RollDeal(), script((4, 5)))
    assert labels(state, 0) == {
        "Take the deal: 9 = $2,000 a Unit: 5 Units for your $10,000": TakeDeal(),
        "Decline the roll of 9: Bo rolls again (roll 2 of 3)": DeclineDeal(),
    }
    state = play(SPEC, play(SPEC, state, 0, DeclineDeal()), 1, RollDeal(), script((3, 4)))
    assert SPEC.label(state, 0, TakeDeal()) == "Take the deal: 7 = Killed In Police Shootout: you die and Bo inherits"
    assert SPEC.label(state, 0, DeclineDeal()) == \
        "Decline the roll of 7: Bo rolls again (roll 3 of 3, which you must take)"


def test_a_deposit_passing_an_own_hometown_is_ranged_up_to_its_20000_limit() -> None:
    state = given(SPEC, opening(4, 30, setup=[HometownBought(seat=0, location=7, price=0)]))
    state = play(SPEC, state, 0, RollDice(), script((2, 2)))  # passes Winterpeg, lands on Buffaloaf
    assert state.phase is Phase.DEPOSIT
    menu = labels(state, 0)
    assert menu["Deposit $20,000 in your Bank at Winterpeg (the most you may)"] == DepositSavings(amount=20_000)
    assert menu["Deposit $1,000 in your Bank at Winterpeg"] == DepositSavings(amount=1_000)
    assert menu["Deposit nothing at Winterpeg"] == SkipDeposit()
    assert_span(state, 0, DepositSavings(amount=5_000), "amount", {"min": 1_000, "max": 20_000, "step": 1_000})


def test_selling_contraband_is_ranged_from_one_unit_to_all_of_them() -> None:
    state = play(SPEC, opening(18, 30, setup=[units(0, 7)]), 0, RollDice(), script((1, 1)))  # Sadbury to Empire City
    assert state.phase is Phase.SELL
    menu = labels(state, 0)
    assert menu["Sell all 7 Units at Empire City for $350,000 ($50,000 a Unit)"] == SellContraband(units=7)
    assert menu["Sell 1 Unit at Empire City for $50,000 ($50,000 a Unit)"] == SellContraband(units=1)
    assert menu["Keep your 7 Units of Contraband for a better price"] == KeepContraband()
    assert_span(state, 0, SellContraband(units=3), "units", {"min": 1, "max": 7, "step": 1})


def test_smashville_asks_the_singer_to_sing_and_the_others_to_vote() -> None:
    state = play(SPEC, opening(15, 30), 0, RollDice(), script((1, 1)))  # Deadmonton to Smashville
    assert set(labels(state, 0)) == {"Sing a couple of lines in the Singing Contest ($50,000 if all approve)"}
    state = play(SPEC, state, 0, AddressJury(words="Love me tender"))
    assert labels(state, 1) == {
        "Vote yes: was Ann's singing a good enough effort to be paid?": Vote(approve=True),
        "Vote no: was Ann's singing a good enough effort to be paid?": Vote(approve=False),
    }


def test_the_dealer_chooses_a_casino_game_by_its_odds() -> None:
    state = play(SPEC, opening(7, 30), 0, RollDice(), script((1, 2)))  # Winterpeg to the Great White North Casino
    assert set(labels(state, 0)) == {
        "Play Blackjack: a win pays 5 times the wager, a Blackjack 10 times",
        "Play Texas Hold'em: the bank seeds $100,000, the ante is $10,000",
        "Play High Roll Craps: everyone rolls, the high roll takes the bank's $250,000",
        "Play none of the casino's games and travel on",
    }


def test_blackjack_wagers_name_the_hand_its_card_and_the_house_card() -> None:
    state = play(SPEC, opening(7, 30), 0, RollDice(), script((1, 2)))
    state = play(SPEC, state, 0, ChooseCasinoGame(game=CasinoGame.BLACKJACK),
                 script(shuffles=[blackjack_deck("9H", "8C", "8D", "KS")]))
    menu = labels(state, 0)  # the dealer's two hands, 1 and 2
    assert menu["Wager $10,000 on hand 1 (8 of clubs); the House shows king of spades"] == \
        PlaceWager(hand=1, amount=10_000)
    assert menu["Wager all your $25,000 on hand 2 (8 of diamonds); the House shows king of spades"] == \
        PlaceWager(hand=2, amount=25_000)
    assert menu["Sit out hand 2 (8 of diamonds): no wager on it"] == PassHand(hand=2)
    assert_span(state, 1, PlaceWager(hand=0, amount=1_000), "amount", {"min": 1_000, "max": 25_000, "step": 1_000})


def holdem_flop(*stakes: int) -> State:
    """Three seats in a Hold'em hand dealt by seat 0, with `stakes` of cash before the ante; seat 1 opens."""
    setup = [cash(seat, stake - 25_000) for seat, stake in enumerate(stakes)]
    state = play(SPEC, opening(7, 30, 34, setup=setup), 0, RollDice(), script((1, 2)))
    state = play(SPEC, state, 0, ChooseCasinoGame(game=CasinoGame.HOLDEM))
    state = play(SPEC, play(SPEC, state, 1, Ante()), 2, Ante())
    return play(SPEC, state, 0, Ante(), script(shuffles=[deck("2C", "3D", "4H", "5C", "6D", "7H", "AS", "KS", "QS")]))


def test_holdem_bets_and_raises_are_ranged_from_their_minimum_to_all_in() -> None:
    state = holdem_flop(100_000, 60_000, 100_000)
    menu = labels(state, 1)
    assert menu["Bet all in: $50,000"] == Bet(amount=50_000)
    assert menu["Check: bet nothing for now"]
    assert menu["Fold: give up the hand and the $10,000 you put in"]
    assert_span(state, 1, Bet(amount=10_000), "amount", {"min": 10_000, "max": 50_000, "step": 1_000})
    state = play(SPEC, state, 1, Bet(amount=20_000))
    menu = labels(state, 2)
    assert menu["Call $20,000"]
    assert menu["Raise all in, to $90,000"] == Raise(amount=90_000)
    assert_span(state, 2, Raise(amount=40_000), "amount", {"min": 40_000, "max": 90_000, "step": 1_000})


def test_labels_do_not_change_when_only_what_the_seat_cannot_see_changes() -> None:
    state = holdem_flop(100_000, 60_000, 100_000)
    assert state.holdem is not None
    holes = tuple((seat, ("AH", "AD") if seat != 1 else cards) for seat, cards in state.holdem.holes)
    hidden = replace(state, holdem=replace(state.holdem, holes=holes, deck=tuple(reversed(state.holdem.deck))),
                     bad_ride_deck=tuple(reversed(state.bad_ride_deck)))
    assert labels(hidden, 1) == labels(state, 1)


def test_a_span_reports_only_values_the_range_accepts_and_leaves_an_off_step_everything_alone() -> None:
    amounts = Range(low=10_500, high=35_500)
    found = span(amounts)
    assert found == {"min": 11_000, "max": 35_000, "step": 1_000}
    assert all(value in amounts for value in range(found["min"], found["max"] + 1, found["step"]))
    assert 35_500 in amounts and 10_500 not in amounts
    assert span(Range(low=7_500, high=7_500)) == {"min": 7_500, "max": 7_500, "step": 1_000}


def test_odd_cash_is_never_in_a_stake_range() -> None:
    state = play(SPEC, opening(34, 30, setup=[cash(0, 500)]), 0, RollDice(), script((1, 1)))
    assert SPEC.ranges(state, 0, RiskCash(amount=1_000)) == {"amount": {"min": 1_000, "max": 25_000, "step": 1_000}}
    assert not accepted(state, 0, RiskCash(amount=25_500))


# --- the catalog --------------------------------------------------------------------------------------

def test_every_location_is_catalogued_with_its_printed_values_from_board_json() -> None:
    board = json.loads((DATA / "board.json").read_text())["locations"]
    locations = SPEC.catalog()["locations"]
    assert list(locations) == [str(place["index"]) for place in board] == [str(i) for i in range(42)]
    for place in board:
        entry = locations[str(place["index"])]
        assert {key: entry[key] for key in place} == place
        assert entry["landing"]
    assert locations["20"]["name"] == "Empire City" and locations["20"]["price"] == 50_000
    assert sum(entry["kind"] == "hometown" for entry in locations.values()) == 12


def test_the_bad_rides_deal_chart_casino_games_and_playing_cards_are_catalogued() -> None:
    catalog = SPEC.catalog()
    cards = json.loads((DATA / "bad_rides.json").read_text())["cards"]
    assert catalog["bad_rides"] == {str(card["id"]): card for card in cards} and len(cards) == 36
    chart = json.loads((DATA / "deal_chart.json").read_text())["rolls"]
    assert list(catalog["deal_chart"]) == [str(roll) for roll in range(2, 13)]
    for roll, row in chart.items():
        assert {key: catalog["deal_chart"][roll][key] for key in row} == row
    assert catalog["deal_chart"]["7"]["name"] == "Killed In Police Shootout"
    assert catalog["deal_chart"]["11"]["name"] == "$1,000 per Unit"
    assert set(catalog["casino_games"]) == {game.value for game in CasinoGame}
    assert catalog["casino_games"]["craps"]["prize"] == craps.PRIZE == 250_000
    assert catalog["casino_games"]["blackjack"]["win_pays"] == 5
    assert list(catalog["playing_cards"]) == list(FULL_DECK)
    assert catalog["playing_cards"]["AS"] == {"name": "ace of spades", "rank": "ace", "suit": "spades",
                                              "blackjack_values": [1, 11], "poker_rank": 14}


def referenced_ids(view: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(catalog kind, id) of every id `view` shows."""
    for player in view["players"]:
        if player["position"] is not None:
            yield "locations", str(player["position"])
        yield from (("locations", str(place)) for place in player["hometowns"])
    yield from (("locations", str(place["index"])) for place in view["board"])
    yield from (("locations", str(stop["location"])) for stop in view["stops"])
    yield from (("bad_rides", str(card)) for card in view["bad_rides"]["discards"])
    if view["bad_rides"]["last_card"]:
        yield "bad_rides", str(view["bad_rides"]["last_card"]["id"])
    pending = view["pending"] or {}
    if pending.get("location") is not None:
        yield "locations", str(pending["location"])
    yield from (("locations", str(place)) for place in pending.get("free_hometowns", []))
    if pending.get("card") is not None:
        yield "bad_rides", str(pending["card"])
    if pending.get("kind") == "deal" and pending["roll"] is not None:
        yield "deal_chart", str(pending["roll"])
    yield from (("casino_games", game) for game in pending.get("games", []))
    casino = view["casino"] or {}
    if casino:
        yield "casino_games", casino["game"]
    for card in re.findall(r"'([2-9TJQKA][CDHS])'", repr({k: casino.get(k) for k in (
            "hands", "house", "board", "your_cards", "shown")})):
        yield "playing_cards", card


@pytest.mark.parametrize("seats", [2, 6])
def test_every_id_a_view_of_a_played_game_shows_is_in_the_catalog_and_every_view_fits_the_schema(seats: int) -> None:
    catalog = SPEC.catalog()
    table = Table(SPEC, SPEC.normalize_config([SeatConfig(name=f"p{i}") for i in range(seats)], {}), "about")
    kinds: set[str] = set()
    viewers, step = (None, *range(seats)), 0
    while not table.finished:
        # one viewer a step, in turn: every viewer all game long, at a cost the suite can afford
        step += 1
        for viewer in (viewers[step % len(viewers)],):
            view = SPEC.view(table.state, viewer)
            assert not list(VALIDATOR.iter_errors(view))
            for kind, entry_id in referenced_ids(view):
                assert entry_id in catalog[kind], (kind, entry_id)
                kinds.add(kind)
            for place in view["board"]:
                assert catalog["locations"][str(place["index"])]["name"] == place["name"]
        seat = min(SPEC.to_act(table.state))
        table.submit(seat, table.bot_command(seat, "hustler"))
    assert kinds == set(catalog)


# --- the view schema --------------------------------------------------------------------------------------

def test_the_view_schema_refuses_what_the_view_never_holds() -> None:
    state = play(SPEC, opening(34, 30), 0, RollDice(), script((1, 1)))
    view = SPEC.view(state, 0)
    assert VALIDATOR.is_valid(view) and VALIDATOR.is_valid(SPEC.view(state, None))
    assert not VALIDATOR.is_valid({**view, "deck": [1, 2]})
    assert not VALIDATOR.is_valid({**view, "pending": {"kind": "black_market"}})
    assert not VALIDATOR.is_valid({**view, "phase": "shopping"})
    assert not VALIDATOR.is_valid({**view, "players": [{**view["players"][0], "cash": "lots"}, view["players"][1]]})
    assert MAX_SEATS == SPEC.max_seats


def test_every_field_of_the_view_schema_is_described() -> None:
    def walk(schema: Any, where: str) -> Iterator[str]:
        if isinstance(schema, dict):
            for name, field in schema.get("properties", {}).items():
                if "description" not in field:
                    yield f"{where}.{name}"
            for key, value in schema.items():
                yield from walk(value, f"{where}/{key}")
        elif isinstance(schema, list):
            for index, value in enumerate(schema):
                yield from walk(value, f"{where}[{index}]")
    assert list(walk(SPEC.view_schema, "")) == []


# --- the rules and the doc page -----------------------------------------------------------------------------

def test_each_rule_cites_a_heading_of_the_rulebook_or_of_the_rulings() -> None:
    if not RULEBOOK.exists():
        pytest.fail(f"the rulebook is not at {RULEBOOK}: the project expects ../shared beside it (README)")
    book = RULEBOOK.read_text()
    rulings = re.findall(r"^## (.+)$", (DATA / "RULINGS.md").read_text(), re.MULTILINE)
    for rule in SPEC.rules:
        if rule.section.startswith("RULINGS.md: "):
            assert rule.section.removeprefix("RULINGS.md: ") in rulings, rule.section
        else:
            for part in rule.section.split(" > "):
                assert part in book, rule.section
    assert 12 <= len(SPEC.rules) <= 40


def test_the_doc_page_lists_every_rule_command_catalog_kind_and_view_field() -> None:
    page = DOC.read_text()
    for rule in SPEC.rules:
        assert f"- **{rule.section}**: {rule.summary}\n" in page, rule.section
    for command in COMMANDS:
        assert f"| `{command.TYPE}` |" in page, command.TYPE
    for kind in SPEC.catalog():
        assert f"| `{kind}` |" in page, kind
    for field in SPEC.view_schema["properties"]:
        assert f"`{field}`" in page, field
    pending = SPEC.view_schema["properties"]["pending"]["anyOf"]
    for variant in pending[:-1]:
        assert f"| `{variant['properties']['kind']['const']}` |" in page

