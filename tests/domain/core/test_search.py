"""The `search` level (domain/core/search.py): rewards, determinism, honesty, simultaneous rounds, and play.

The toy game (tests/support/toy.py: a secret card each, simultaneous secret bids, then stones and dice) is
searched here with a determinisation written for these tests; the registered games with a determinize.py
are searched with their own.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from msgspec.structs import replace
from support import hidden, toy

from domain.core import InvalidCommand, Rng, SeatConfig, Table, play_bot
from domain.core.search import SEARCH_LEVEL, Search, SearchSettings, analyse, best, place_score, rewards
from domain.games import GAMES

SEARCHED = [pytest.param(spec, id=spec.id) for spec in GAMES if spec.search is not None]


# -- rewards ----------------------------------------------------------------------------------------------


def test_a_place_scores_n_minus_place_over_n_minus_one_and_tied_seats_split_the_places_they_span() -> None:
    assert [place_score(place, 1, 4) for place in (1, 2, 3, 4)] == [1.0, 2 / 3, 1 / 3, 0.0]
    assert place_score(1, 2, 2) == 0.5  # a two-seat draw
    result = {"standings": [{"seat": 2, "place": 1, "score": 9}, {"seat": 0, "place": 1, "score": 9},
                            {"seat": 1, "place": 3, "score": 4}, {"seat": 3, "place": 4, "score": 1}]}
    assert rewards(result, SearchSettings(iterations=1, max_iterations=1)) == {
        2: pytest.approx(5 / 6), 0: pytest.approx(5 / 6), 1: pytest.approx(1 / 3), 3: 0.0}


def test_a_solo_game_s_reward_is_linear_in_its_score_within_its_range_lower_being_better() -> None:
    settings = SearchSettings(iterations=1, max_iterations=1, solo_scores=(0, 36))
    def solo(score: int) -> float:
        return rewards({"standings": [{"seat": 0, "place": 1, "score": score}], "par": 15}, settings)[0]
    assert (solo(0), solo(18), solo(36)) == (1.0, 0.5, 0.0)
    assert solo(20) - solo(21) == pytest.approx(solo(30) - solo(31))


# -- the toy game, searched -------------------------------------------------------------------------------


def toy_spec(seat: int, iterations: int = 200) -> Any:
    """The toy game with a search from `seat`: the other card, and every bid, drawn from what the view allows."""

    def determinize(view: dict[str, Any], rng: Rng) -> toy.State:
        cards = tuple(view["your_card"] if each == seat else rng.randint(1, 9) for each in range(2))
        bids = tuple(rng.randint(0, 3) if made else None for made in view["bids_made"])
        return toy.State(names=("a", "b"), cards=cards, bids=bids, pile=view["pile"], turn=view["turn"],
                         scores=tuple(view["scores"]))

    settings = SearchSettings(iterations=iterations, max_iterations=1000, determinize=determinize,
                              viewer=lambda view: seat)
    return dataclasses.replace(toy.SPEC, search=settings)


def test_the_search_plays_the_move_that_wins_more_often() -> None:
    """Seat 0 trails by 5 with a 9 in hand and two stones left: taking both ends the game now and wins only
    against a card of 1 to 3 (a 4 draws); rolling first adds 1 to 6 before the other seat can end it."""
    spec = toy_spec(0, iterations=300)
    state = toy.State(names=("a", "b"), cards=(9, 6), bids=(1, 1), pile=2, turn=0, scores=(0, 5))
    legal = spec.legal_commands(state, 0)
    searched = analyse(spec, spec.view(state, 0), legal, Rng("toy", 1), 300)
    assert [s.command for s in searched] == legal  # one per legal command, in its order
    chosen = searched[best(searched)]
    assert chosen.command == toy.Roll()
    take_both = next(s for s in searched if s.command == toy.Take(count=2))
    assert take_both.value == pytest.approx(3.5 / 9, abs=0.12)  # won against 1-3, drawn against a 4
    assert sum(s.visits for s in searched) == 300


def test_in_a_round_of_simultaneous_bids_no_seat_s_node_depends_on_another_s_bid() -> None:
    """Both seats bid at once: the search sequentialises them, but the second bidder's node is keyed by where
    the round began, not by the first bid, and the round's nodes move on together once it is over."""
    spec = toy_spec(0)
    config = spec.normalize_config([SeatConfig(name="a"), SeatConfig(name="b")], {})
    table = Table(spec, config, "rounds")
    assert spec.to_act(table.state) == frozenset({0, 1})
    search = Search(spec, spec.search, spec.view(table.state, 0), 0, spec.legal_commands(table.state, 0),
                    Rng("rounds", 0))
    for _ in range(200):
        search.iterate()
    at_start = sorted(key[1:] for key in search.tree.nodes if key[0] == 0)
    assert at_start == [(0, ()), (1, ())]  # one node per bidder, whatever the other bid
    rounds = [label for (position, label) in search.tree.positions if position == 0]
    assert rounds and all(label[0] == "round" and [seat for seat, _ in label[1]] == [0, 1] for label in rounds)
    assert len(search.tree.nodes[(0, 1, ())].edges) == 4  # seat 1 tried each bid at its one node


def test_the_search_is_deterministic_given_its_rng_and_iterations() -> None:
    spec = toy_spec(0)
    state = toy.State(names=("a", "b"), cards=(4, 7), bids=(2, 1), pile=5, turn=0, scores=(3, 2))
    legal, view = spec.legal_commands(state, 0), spec.view(state, 0)
    first = analyse(spec, view, legal, Rng("same", 3), 120)
    assert analyse(spec, view, legal, Rng("same", 3), 120) == first
    assert analyse(spec, view, legal, Rng("other", 3), 120) != first  # the draws do shape it


@pytest.mark.parametrize("spec", SEARCHED)
def test_a_game_s_search_is_deterministic_given_its_rng_and_iterations(spec: Any) -> None:
    config = spec.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(spec.min_seats)], {})
    table = Table(spec, config, "search-determinism")
    for _ in range(6):
        seat = min(spec.to_act(table.state))
        table.submit(seat, table.bot_command(seat, "random"))
    seat = min(spec.to_act(table.state))
    legal, view = spec.legal_commands(table.state, seat), spec.view(table.state, seat)
    runs = [analyse(spec, view, legal, Rng("again", 1), 12) for _ in range(2)]
    assert runs[0] == runs[1] and sum(s.visits for s in runs[0]) == 12


# -- honesty ----------------------------------------------------------------------------------------------


def test_two_true_states_with_the_same_view_get_the_same_search_and_move() -> None:
    """The other seat's card differs; the searching seat's view does not: nor does anything the search does."""
    spec = toy_spec(0, iterations=60)
    true = toy.State(names=("a", "b"), cards=(5, 2), bids=(1, 3), pile=6, turn=0, scores=(1, 1))
    other = replace(true, cards=(5, 9), bids=(0, 2))
    assert spec.view(true, 0) == spec.view(other, 0)
    moves = {play_bot(spec, state, 0, SEARCH_LEVEL, "honest", 12) for state in (true, other)}
    assert len(moves) == 1
    legal = spec.legal_commands(true, 0)
    assert analyse(spec, spec.view(true, 0), legal, Rng("h", 1), 60) == analyse(
        spec, spec.view(other, 0), legal, Rng("h", 1), 60)


@pytest.mark.parametrize("spec", SEARCHED)
def test_a_game_s_search_plays_the_same_in_every_state_its_seat_cannot_tell_apart(spec: Any) -> None:
    """At decisions of a seeded game where the hidden-information guard's resampler finds a state the seat to
    act cannot tell from the true one (tests/support/hidden.py), the search bot's move is the same in both."""
    resample = hidden.resampler(spec)
    config = spec.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(spec.min_seats)], {})
    table = Table(spec, config, "search-honesty")
    oracle, compared = random.Random(spec.id), 0
    for _ in range(40):
        if table.finished:
            break
        seat = min(spec.to_act(table.state))
        variant = resample(table.state, seat, seat, frozenset(), oracle) if callable(resample) else None
        if variant is not None and variant != table.state and len(spec.legal_commands(table.state, seat)) > 1:
            assert spec.view(variant, seat) == spec.view(table.state, seat)
            moves = {play_bot(spec, state, seat, SEARCH_LEVEL, table.seed, table.version, 8)
                     for state in (table.state, variant)}
            assert len(moves) == 1
            compared += 1
        table.submit(seat, table.bot_command(seat, "random"))
    if callable(resample):
        assert compared > 0


# -- playing ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", SEARCHED)
def test_the_search_level_plays_every_game_with_a_determinisation_to_the_end(spec: Any) -> None:
    assert list(spec.bots)[-1] == SEARCH_LEVEL and SEARCH_LEVEL in spec.bot_levels
    seats = [SeatConfig.of(f"s{i}", SEARCH_LEVEL if i == 0 else "random", 3 if i == 0 else None)
             for i in range(spec.min_seats)]
    table = Table(spec, spec.normalize_config(seats, {}), "search-plays")
    table.play_bots([seat.bot for seat in seats], max_commands=20_000)
    assert spec.result(table.state) is not None


def test_a_seat_s_budget_is_only_a_search_seat_s_and_bounded_by_the_game() -> None:
    spec = next(spec for spec in GAMES if spec.search is not None)
    assert spec.search is not None
    top = spec.search.max_iterations
    config = spec.normalize_config([SeatConfig.of(f"s{i}", SEARCH_LEVEL, top) for i in range(spec.min_seats)], {})
    assert [seat.budget for seat in config.seats] == [top] * spec.min_seats
    with pytest.raises(InvalidCommand, match=rf"seats\[0\].iterations: must be between 1 and {top}"):
        spec.normalize_config([SeatConfig.of("s", SEARCH_LEVEL, top + 1)] * spec.min_seats, {})
    with pytest.raises(InvalidCommand, match=r"seats\[0\].iterations: only a search seat"):
        spec.normalize_config([SeatConfig.of("s", "random", 5)] * spec.min_seats, {})


def test_a_seat_s_own_budget_is_what_its_search_spends() -> None:
    """The toy game searched from seat 0 with a budget of 7: the bot's move is `analyse`'s at 7 iterations."""
    spec = toy_spec(0)
    state = toy.State(names=("a", "b"), cards=(4, 7), bids=(2, 1), pile=5, turn=0, scores=(3, 2))
    own = play_bot(spec, state, 0, SEARCH_LEVEL, "budget", 3, iterations=7)
    from domain.core import bot_rng
    searched = analyse(spec, spec.view(state, 0), spec.legal_commands(state, 0), bot_rng("budget", 3, 0), 7)
    assert own == searched[best(searched)].command and sum(s.visits for s in searched) == 7
