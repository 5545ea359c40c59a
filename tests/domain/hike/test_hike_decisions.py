"""A decision carries the state after its events: the state folding them gives, reached with one evolve per event."""

from __future__ import annotations

import dataclasses

import pytest

from domain.core import Decision, Event, SeatConfig, Table, decision_rng, play_command
from domain.games.hike import SPEC, rules
from domain.games.hike.commands import OpenCards
from domain.games.hike.state import HikeState


def bot_table(seats: int, seed: str) -> Table:
    config = SPEC.normalize_config([SeatConfig(name=f"P{i}", bot="random") for i in range(seats)], {})
    return Table(SPEC, config, seed)


@pytest.mark.parametrize(("seats", "seed"), [(2, "decisions-2"), (6, "decisions-6")])
def test_every_decision_s_state_is_its_events_folded_onto_the_state_it_was_made_in(seats: int, seed: str) -> None:
    """For listed commands all through a game: `Decision.state` equals folding its events."""
    table = bot_table(seats, seed)
    decisions = 0
    while not table.finished:
        state = table.state
        (seat,) = SPEC.to_act(state)
        legal = SPEC.legal_commands(state, seat)
        for command in legal[:: max(1, len(legal) // 8)]:
            decision = SPEC.decide(state, seat, command, decision_rng(table.seed, table.version))
            assert isinstance(decision, Decision)
            assert decision.state == SPEC.fold(decision, state)
            decisions += 1
        table.submit(seat, table.bot_command(seat, "random"))
    assert decisions > 100


def test_the_command_cycle_runs_evolve_once_per_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """`play_command` takes the state the decision carries: no second fold of its events."""
    calls: list[Event] = []

    def counted(state: HikeState | None, event: Event) -> HikeState:
        calls.append(event)
        return SPEC.evolve(state, event)

    table = bot_table(2, "once")
    monkeypatch.setattr(rules, "evolve", counted)
    spec = dataclasses.replace(SPEC, evolve=counted)
    events, state = play_command(spec, table.state, 0, OpenCards(extra=2), decision_rng(table.seed, table.version))
    assert len(events) > 0 and calls == events
    assert state == SPEC.fold(events, table.state)
