"""`decide` emits through the core Emitter: its Decision carries the state its events lead to, and the
command cycle applies each event once (DESIGN.md, The game protocol)."""

from __future__ import annotations

from typing import Any

import pytest
from peaks_scenario import ready, spent
from support.scenario import given, when

from domain.core import Decision, Event, SeatConfig, Table, decision_rng
from domain.games.peaks import SPEC, rules
from domain.games.peaks.commands import Climb
from domain.games.peaks.evolve import evolve
from domain.games.peaks.state import State


def test_every_decision_of_a_whole_game_carries_the_state_its_events_fold_to() -> None:
    config = SPEC.normalize_config([SeatConfig(name=f"p{i}") for i in range(3)], {})
    table = Table(SPEC, config, "decisions")
    levels = ["guide", "random", "guide"]
    while not table.finished:
        seat = min(SPEC.to_act(table.state))
        command = table.bot_command(seat, levels[seat])
        before = table.state
        decision = SPEC.decide(before, seat, command, decision_rng(table.seed, table.version))
        assert isinstance(decision, Decision)
        assert decision.state == SPEC.fold(decision, before)
        table.submit(seat, command)
        assert table.state == decision.state
    assert SPEC.fold(table.events) == table.state


def test_the_command_cycle_applies_each_event_of_a_decision_once(monkeypatch: pytest.MonkeyPatch) -> None:
    applied: list[Event] = []

    def counting(state: State, event: Event) -> Any:
        applied.append(event)
        return evolve(state, event)

    state = given(SPEC, ready(), spent(1, 5))
    monkeypatch.setattr(rules, "evolve", counting)
    events = when(SPEC, state, 0, Climb(mountain="pen-y-fan", side="left"))
    assert len(events) == 5 and applied == events  # up to the climber's choice of rewards (version 2)
