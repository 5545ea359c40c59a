"""What the search's speed-ups must not change: the legal list, and the planner's choices in rollouts.

rules.candidates offers only what could be allowed (the search lists legal commands thousands of times a
decision): this holds it to the whole set of Hikes of the West commands. The search's rollouts give the planner
only the parts of the view it reads (views.planner_view): this holds its choices to those from the whole view.
Along seeded games of every level and both rules versions, at every decision.
"""

from __future__ import annotations

import itertools

import pytest

from domain.core import Rng, SeatConfig, Table
from domain.games.hikes_of_the_west import SPEC, rules
from domain.games.hikes_of_the_west.bots import planner_bot, planner_rollout
from domain.games.hikes_of_the_west.cards import card_ids
from domain.games.hikes_of_the_west.views import view
from domain.games.hikes_of_the_west.commands import (
    ChoosePath,
    ChooseTurnedPath,
    Cover,
    PlanHikes,
    RideToTop,
    Roll,
    Rest,
    SaveStamina,
)

FACES, SLOTS = range(1, 7), range(5)


def every_command() -> list:
    """Every command the game has, in the listing's order: all orders of any three of the nine locations."""
    plans = [PlanHikes(order=order) for order in itertools.permutations(sorted(card_ids()), 3)]
    return [*plans, *(ChoosePath(slot=slot) for slot in SLOTS), *(ChooseTurnedPath(slot=slot) for slot in SLOTS),
            Roll(), *(SaveStamina(die=die) for die in FACES),
            *(Cover(die=die, stamina=stamina) for stamina in (False, True) for die in FACES), Rest(), RideToTop()]


@pytest.mark.parametrize("rules_version", SPEC.rules_versions)
@pytest.mark.parametrize("level", ["random", "planner"])
def test_the_listing_is_every_command_the_refusal_allows(level: str, rules_version: int) -> None:
    commands, decisions, kinds = every_command(), 0, set()
    for game in range(4):
        config = SPEC.normalize_config([SeatConfig(name="Ann", bot=level)], {}, rules_version=rules_version)
        table = Table(SPEC, config, f"listing-{level}-{game}")
        while not table.finished:
            state = table.state
            allowed = [command for command in commands if rules.refusal(state, 0, command) is None]
            listed = SPEC.legal_commands(state, 0)
            assert listed == allowed
            decisions += 1
            kinds |= {type(command) for command in listed}
            table.submit(0, table.bot_command(0, level))
    assert decisions > 100
    assert {PlanHikes, Roll, Cover, Rest} <= kinds


@pytest.mark.parametrize("rules_version", SPEC.rules_versions)
def test_the_planner_chooses_alike_from_the_parts_of_the_view_the_rollouts_give_it(rules_version: int) -> None:
    decisions = 0
    for game in range(6):
        config = SPEC.normalize_config([SeatConfig(name="Ann", bot="random")], {}, rules_version=rules_version)
        table = Table(SPEC, config, f"planner-view-{game}")
        while not table.finished:
            state, legal = table.state, SPEC.legal_commands(table.state, 0)
            assert planner_rollout(state, 0, legal, Rng("unused", 0)) == planner_bot(view(state, 0), legal,
                                                                                     Rng("unused", 0))
            decisions += 1
            table.submit(0, table.bot_command(0, "random" if game % 2 else "planner"))
    assert decisions > 100
