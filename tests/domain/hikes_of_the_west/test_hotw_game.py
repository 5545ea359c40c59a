"""Whole games: one scripted game to its result, seeded playouts, determinism, and the bots."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

import pytest
from hotw_scenario import opening
from support.scenario import ScriptedRng, given, legal, play

from domain.core import Command, SeatConfig, Table, canonical_json, decision_rng
from domain.games.hikes_of_the_west import SPEC
from domain.games.hikes_of_the_west.commands import ChoosePath, Cover, PlanHikes, Rest, RideToTop, Roll
from domain.games.hikes_of_the_west.rules import HIKER
from domain.games.hikes_of_the_west.state import GameState

DECK = ("pikes-peak", "pipestone", "zion", "black-hills", "cedar-breaks", "grand-canyon", "great-sand-dunes",
        "joshua-tree", "mt-rainier")
# Each step: a command and the dice it rolls. The path cards come out as
# top row black-hills (5 2 3 1 6 4), cedar-breaks; base grand-canyon (2 4 6 1 3 5), ...
FULL_GAME: list[tuple[Command, tuple[int, ...]]] = [
    (PlanHikes(order=("pikes-peak", "pipestone", "zion")), ()),
    (RideToTop(), ()),  # Pikes Peak: 5. Five dice left.
    (ChoosePath(slot=2), ()),
    (Roll(), (2, 4, 6, 1, 3)),
    *[(Cover(die=die), ()) for die in (2, 4, 6, 1, 3)],
    (Rest(), ()),  # rest die 1 at spot 5
    (Roll(), (5, 6, 6, 6)),
    (Cover(die=5), ()),
    (ChoosePath(slot=0), ()),
    *[(Cover(die=6), ()) for _ in range(3)],  # Pipestone: a 6 covers the 5, 2 and 3
    (Rest(), ()),  # rest die 2 at spot 9
    (Roll(), (1, 6, 4, 2)),
    *[(Cover(die=die), ()) for die in (1, 6, 4)],  # Pipestone completed: 2. Four dice left.
    (ChoosePath(slot=2), ()),
    (Roll(), (2, 4, 6, 1)),
    *[(Cover(die=die), ()) for die in (2, 4, 6, 1)],
    (Rest(), ()),  # rest die 1 at spot 4
    (Roll(), (3, 5, 2)),
    (Cover(die=3), ()),
    (Cover(die=5), ()),
    (Rest(), ()),  # rest die 2 at spot 6, the top of the first card: either top card again
    (Roll(), (5, 2, 3)),
    (ChoosePath(slot=0), ()),
    *[(Cover(die=die), ()) for die in (5, 2, 3)],
    (Rest(), ()),  # rest die 3 at spot 9
    (Roll(), (1, 6, 4)),
    *[(Cover(die=die), ()) for die in (1, 6, 4)],  # Zion completed: 3
]


def hike_through(steps: Sequence[tuple[Command, tuple[int, ...]]]) -> GameState:
    """The state after each command in turn (each a legal one), rolling the dice scripted with it."""
    state = given(SPEC, opening(("pikes-peak", "pipestone", "zion"), deck=DECK))
    for command, dice in steps:
        assert command in legal(SPEC, state, HIKER)
        rng = ScriptedRng(*([dice] if dice else []))
        state = play(SPEC, state, HIKER, command, rng)
        assert rng.done
    return state


def test_a_full_game_ends_with_the_score_against_the_par_sum() -> None:
    state = hike_through(FULL_GAME)
    assert SPEC.result(state) == {
        "standings": [{"seat": 0, "place": 1, "score": 10}],
        "winners": [0],
        "par": 4 + 3 + 5,
        "score": 10,
        "made_par": True,
        "stranded": False,
        "completed": 3,
        "hikes": [
            {"id": "pikes-peak", "name": "Pikes Peak", "par": 4, "rule": SPEC.view(state, 0)["locations"][0]["rule"],
             "order": 0, "dice": [5], "score": 5, "status": "completed"},
            {"id": "pipestone", "name": "Pipestone", "par": 3, "rule": SPEC.view(state, 0)["locations"][1]["rule"],
             "order": 1, "dice": [2], "score": 2, "status": "completed"},
            {"id": "zion", "name": "Zion", "par": 5, "rule": SPEC.view(state, 0)["locations"][2]["rule"],
             "order": 2, "dice": [3], "score": 3, "status": "completed"},
        ],
    }
    assert SPEC.to_act(state) == frozenset()
    assert SPEC.view(state, 0)["status"] == "Final score 10 against par 12: made par."


def table(level: str, seed: str) -> Table:
    return Table(SPEC, SPEC.normalize_config([SeatConfig(name="bot", bot=level)], {}), seed=seed)


@pytest.mark.parametrize("seed", ["a", "b", "c", "d", "e"])
def test_random_play_ends_within_a_few_thousand_commands_and_every_listed_command_is_accepted(seed: str) -> None:
    game = table("random", seed)
    for _ in range(3000):
        if game.finished:
            break
        for command in SPEC.legal_commands(game.state, 0):
            SPEC.decide(game.state, 0, command, decision_rng(game.seed, game.version))
        game.submit(0, game.bot_command(0, "random"))
    assert game.finished
    assert SPEC.fold(game.events) == game.state


def digest(game: Table) -> str:
    return canonical_json([list(SPEC.events.encode(event)) for event in game.events])


@pytest.mark.parametrize("level", ["random", "planner"])
def test_the_same_seed_gives_identical_events(level: str) -> None:
    first, second = table(level, "same"), table(level, "same")
    first.play_bots([level], max_commands=3000)
    second.play_bots([level], max_commands=3000)
    assert digest(first) == digest(second)
    other = table(level, "other")
    other.play_bots([level], max_commands=3000)
    assert digest(other) != digest(first)


def test_the_deck_order_stays_hidden_from_every_view() -> None:
    game = table("planner", "hidden")
    while not game.finished:
        view = canonical_json(SPEC.view(game.state, 0))
        assert game.state.deck and not [card_id for card_id in game.state.deck if f'"{card_id}"' in view]
        game.submit(0, game.bot_command(0, "planner"))


def test_the_planner_scores_clearly_lower_than_random_play() -> None:
    def mean_score(level: str) -> float:
        scores = []
        for i in range(40):
            game = table(level, f"duel-{i}")
            game.play_bots([level], max_commands=3000)
            scores.append(SPEC.result(game.state)["score"])  # type: ignore[index]
        return statistics.mean(scores)

    assert mean_score("planner") < mean_score("random") - 3


def test_every_event_is_told_in_one_line_that_keeps_the_deck_order_secret() -> None:
    game = table("planner", "timeline")
    game.play_bots(["planner"], max_commands=3000)
    lines = [SPEC.describe(event) for event in game.events]
    assert all(line and "\n" not in line for line in lines)
    assert lines[1] == "The 9 cards were shuffled path side up"
    assert len({type(event) for event in game.events}) >= 8
