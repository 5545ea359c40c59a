"""What Peaks lends the `search` level (playouts.py): the evaluation where a playout stops, the pruning of the
commands searched, and the guide's rollout and prior."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from domain.core import Rng, SeatConfig, Table
from domain.games.peaks import SPEC
from domain.games.peaks.bots import SEARCH, guide_bot, guide_in_state
from domain.games.peaks.commands import Decline, DeclineReward, DiscardBonusCard, GainReward
from domain.games.peaks.playouts import evaluate, narrow, progress, projected
from domain.games.peaks.state import State, StepKind


def tables(seats: int, seed: str, levels: tuple[str, ...] = ("guide", "random")) -> list[State]:
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}", bot="guide") for i in range(seats)], {})
    table = Table(SPEC, config, seed)
    states = []
    while not table.finished:
        states.append(table.state)
        seat = min(SPEC.to_act(table.state))
        table.submit(seat, table.bot_command(seat, levels[seat % len(levels)]))
    return states


@pytest.fixture(scope="module")
def played() -> dict[int, list[State]]:
    return {seats: tables(seats, f"playouts-{seats}") for seats in (2, 4)}


def test_the_rewards_are_chances_to_finish_ahead_that_share_the_places(played: dict[int, list[State]]) -> None:
    for seats, states in played.items():
        for state in states[::10]:
            rewards = evaluate(state)
            assert sorted(rewards) == list(range(seats)) and all(0 < r < 1 for r in rewards.values())
            assert sum(rewards.values()) == pytest.approx(seats / 2)  # each pair's chances add up to 1


def test_a_seat_further_ahead_is_rated_higher_and_the_lead_counts_more_near_the_end(
        played: dict[int, list[State]]) -> None:
    state = played[2][len(played[2]) // 2]
    ahead = replace(state, players=(replace(state.players[0], flags=tuple(f + 1 for f in state.players[0].flags)),
                                    state.players[1]))
    assert evaluate(ahead)[0] > evaluate(state)[0]
    assert projected(ahead, 0, 0.0) >= projected(state, 0, 0.0) + len(state.players[0].flags)  # and majorities
    late = played[2][-1]
    assert progress(late) == 1.0 and progress(played[2][0]) == 0.0
    assert abs(evaluate(late)[0] - 0.5) > abs(evaluate(played[2][0])[0] - 0.5)


def test_a_mat_that_promises_more_counts_only_while_the_game_has_far_to_go(played: dict[int, list[State]]) -> None:
    middle = played[2][len(played[2]) // 3]
    state = replace(middle, players=(replace(middle.players[0], dials=(0, 0, 0)), middle.players[1]))
    dialled = replace(middle, players=(replace(middle.players[0], dials=(0, 3, 0)), middle.players[1]))
    assert projected(dialled, 0, 1.0) > projected(state, 0, 1.0)
    assert projected(dialled, 0, 0.0) == projected(state, 0, 0.0)


def test_the_search_skips_declined_rewards_and_discards_where_they_pay_for_nothing(
        played: dict[int, list[State]]) -> None:
    kept = dropped = 0
    for state in played[2] + played[4]:
        if not state.steps and state.phase.value != "playing":
            continue
        seat = min(SPEC.to_act(state))
        legal = SPEC.legal_commands(state, seat)
        searched = narrow(state, legal)
        assert searched and set(searched) <= set(legal)
        step = state.steps[0].kind if state.steps else None
        for command in legal:
            if isinstance(command, DeclineReward) or (isinstance(command, Decline) and step is StepKind.UPGRADE):
                assert command not in searched
                dropped += 1
            if isinstance(command, DiscardBonusCard):
                assert (command in searched) == (step in (None, StepKind.TAG_ALONG))
            if isinstance(command, GainReward):
                assert command in searched
                kept += 1
    assert kept and dropped


def test_the_rollout_and_the_prior_are_the_guides_command_from_the_seats_view(
        played: dict[int, list[State]]) -> None:
    for state in played[4][::7]:
        seat = min(SPEC.to_act(state))
        legal = SPEC.legal_commands(state, seat)
        assert guide_in_state(state, seat, legal, Rng("r", 1)) == guide_bot(SPEC.view(state, seat), legal, Rng("r", 1))
    assert SEARCH.rollout is SEARCH.prior is guide_in_state and SEARCH.evaluate is evaluate and SEARCH.narrow is narrow
