"""The command cycle: `decide` emits through the Emitter, and its Decision carries the state after its events."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from np_scenario import H0, YAK, arranged, opening, spot, trapped

from domain.core import Decision, Event, Rng, SeatConfig, Table, play_command
from domain.games.nanga_parbat import SPEC, rules
from domain.games.nanga_parbat.commands import EndTurn, TradeSameAnimals, TrapAnimal
from domain.games.nanga_parbat.evolve import evolve
from domain.games.nanga_parbat.state import Phase, State


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


ENDINGS = {
    "hikers": (trapped(opening(guide=2), 1, turn=30, hikers=(0, 0)), 1, EndTurn()),
    "hikers-version-1": (arranged(opening(guide=2), active=1, turn=30, hikers=(0, 1), rules_version=1), 1,
                         TrapAnimal(spot=spot("2.1"))),
    "area-scoring": (trapped(opening(guide=2, area_scoring=True), 1, turn=30, hikers=(0, 0),
                             board={f"1.{s}": H0 for s in range(1, 7)}), 1, EndTurn()),
    "cubes": (trapped(opening(guide=2), 0, ready={0: (YAK,) * 3}, cubes=(1, 0)), 0,
              TradeSameAnimals(column=4, animals=(YAK,) * 3)),
}


@pytest.mark.parametrize("name", ENDINGS)
def test_a_decision_that_ends_the_game_carries_the_final_state(name: str) -> None:
    """Game End: the end is decided on the state the last turn's end (version 1: its trap) or the claim left."""
    state, seat, command = ENDINGS[name]
    decision = SPEC.decide(state, seat, command, Rng("ending", 1))
    assert decision.state.phase is Phase.OVER
    assert decision.state == SPEC.fold(decision, state)


def test_the_command_cycle_applies_each_event_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Emit-and-apply: across decide and fold, `evolve` runs exactly once per event."""
    applied: list[Event] = []

    def counting(state: State, event: Event) -> State:
        applied.append(event)
        return evolve(state, event)

    monkeypatch.setattr(rules, "evolve", counting)
    counted = dataclasses.replace(SPEC, evolve=counting)  # GameSpec is a core dataclass, not a game value
    for area_scoring in (False, True):
        for state, seat in positions("evolve-once", area_scoring):
            for command in SPEC.legal_commands(state, seat)[:3]:
                applied.clear()
                events, _ = play_command(counted, state, seat, command, Rng("once", 1))
                assert applied == events
