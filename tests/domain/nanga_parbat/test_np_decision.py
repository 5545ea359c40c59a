"""The command cycle: `decide` emits through the Emitter, and its Decision carries the state after its events."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from domain.core import Decision, Event, Rng, SeatConfig, Table, play_command
from domain.games.nanga_parbat import SPEC, rules
from domain.games.nanga_parbat.evolve import evolve
from domain.games.nanga_parbat.state import State


def positions(seed: str, area_scoring: bool) -> Iterator[tuple[State, int]]:
    """Every position of a seeded greedy-against-random game, with the seat to act."""
    config = SPEC.normalize_config([SeatConfig(name="p0", bot="greedy"), SeatConfig(name="p1", bot="random")],
                                   {"area_scoring": area_scoring})
    game = Table(SPEC, config, seed)
    while not game.finished:
        seat = min(SPEC.to_act(game.state))
        yield game.state, seat
        game.submit(seat, game.bot_command(seat, ("greedy", "random")[seat]))


def test_every_decision_carries_the_state_its_events_fold_to() -> None:
    """Emit-and-apply: a Decision's state equals folding its events onto the state `decide` received."""
    checked = 0
    for area_scoring in (False, True):
        for state, seat in positions("decision-state", area_scoring):
            for command in SPEC.legal_commands(state, seat):
                decision = SPEC.decide(state, seat, command, Rng("decision", 1))
                assert isinstance(decision, Decision)
                assert decision.state == SPEC.fold(decision, state)
                checked += 1
    assert checked > 1000


def test_the_command_cycle_applies_each_event_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Emit-and-apply: across decide and fold, `evolve` runs exactly once per event."""
    applied: list[Event] = []

    def counting(state: State, event: Event) -> State:
        applied.append(event)
        return evolve(state, event)

    monkeypatch.setattr(rules, "evolve", counting)
    counted = dataclasses.replace(SPEC, evolve=counting)
    for area_scoring in (False, True):
        for state, seat in positions("evolve-once", area_scoring):
            for command in SPEC.legal_commands(state, seat)[:3]:
                applied.clear()
                events, _ = play_command(counted, state, seat, command, Rng("once", 1))
                assert applied == events
