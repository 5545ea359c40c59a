"""Rules version 4's short playouts (playouts.py): how deep they go under each version, and how a stopped
playout is scored. That versions 1 to 3 search exactly as before is test_hk_search_sameness.py's."""

from __future__ import annotations

import dataclasses

import msgspec

from domain.core import Rng
from domain.core.search import analyse
from domain.games.hitchiker import SPEC
from domain.games.hitchiker.playouts import DEPTH, rollout_depth, standing
from domain.games.hitchiker.state import SEARCH_VERSION
from hk_scenario import opening
from support.scenario import given


def test_only_version_4_stops_its_playouts() -> None:
    assert SPEC.rules_version == SEARCH_VERSION == 4
    assert rollout_depth(given(SPEC, opening(7, 30))) == DEPTH
    for version in (1, 2, 3):
        assert rollout_depth(given(SPEC, opening(7, 30, rules_version=version))) is None


def test_a_stopped_playout_scores_savings_above_cash_and_cash_above_contraband() -> None:
    state = given(SPEC, opening(7, 30))
    even = standing(state)
    assert even == {0: 0.5, 1: 0.5}

    def with_players(**changes: int) -> dict[int, float]:
        players = (msgspec.structs.replace(state.players[0], **changes), state.players[1])
        return standing(msgspec.structs.replace(state, players=players))

    saved = with_players(savings=40_000)
    assert saved[0] > 0.5 > saved[1] and abs(saved[0] + saved[1] - 1.0) < 1e-12  # 2 seats: the chance to win
    held = with_players(cash=state.players[0].cash + 40_000)
    units = with_players(contraband=2)
    assert saved[0] > held[0] > units[0] > 0.5
    assert with_players(cash=60_000_000)[0] == 1.0  # a casino's millions: no overflow, a sure lead


def test_a_version_4_search_scores_each_playout_where_it_stops() -> None:
    """The core's search asks the game how deep to play from each playout's start and scores the state there."""
    depths: list[int | None] = []
    scored: list[int] = []

    def counted_depth(state):
        depths.append(rollout_depth(state))
        return depths[-1]

    def counted_standing(state):
        scored.append(state.turn)
        return standing(state)

    spec = dataclasses.replace(SPEC, search=dataclasses.replace(SPEC.search, rollout_depth=counted_depth,
                                                                 evaluate=counted_standing))
    for version, stopped in ((4, True), (3, False)):
        depths.clear()
        scored.clear()
        state = given(SPEC, opening(7, 30, rules_version=version))
        legal = SPEC.legal_commands(state, 0)
        analyse(spec, SPEC.view(state, 0), legal, Rng("hk-playouts", version), 30)
        assert len(depths) == 30 and set(depths) == ({DEPTH} if stopped else {None})
        assert (len(scored) > 0) is stopped  # version 3 plays every playout to the end of the game
