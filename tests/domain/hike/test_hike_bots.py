"""The bots choose among the legal commands from their own view: `random`, and `expert`."""

from __future__ import annotations

from hike_scenario import opening, racing
from support.scenario import after, legal, state_of

from domain.core import Rng, SeatConfig, Table
from domain.games.hike import SPEC
from domain.games.hike.bots import expert_prior, rollout
from domain.games.hike.commands import (
    DeclareReady,
    DraftHusky,
    OpenCards,
    PushThrough,
    RestHusky,
    UseEquipment,
    UseHusky,
)
from domain.games.hike.state import Phase

EXPERT = SPEC.bots["expert"]


def choose(events: list, seat: int) -> object:
    state = state_of(SPEC, events)
    return EXPERT(SPEC.view(state, seat), SPEC.legal_commands(state, seat), Rng("bot", 1))


def test_the_expert_opens_every_card_its_plus_cards_allow_early_on() -> None:
    given = opening()
    assert choose(given, 0) == OpenCards(extra=2)


def test_the_expert_declares_as_soon_as_its_sled_is_complete() -> None:
    sleds = {0: ("H42", "H43", "H44", "Y07", "H46", "H47", "Y08")}
    given = after(SPEC, opening(top=("H21", "E01", "H01", "H02", "H45", "E02"), sleds=sleds), (0, OpenCards()),
                  (0, DraftHusky(card="H45", slot=7)))
    assert DeclareReady() in legal(SPEC, given, 0)
    assert choose(given, 0) == DeclareReady()


def test_the_expert_runs_huskies_in_the_order_that_gets_furthest() -> None:
    """From field 17 (next: ice, ice, snow, ice): Maya (ice, ice) first, then Aki (snow, ice) reach 21."""
    given = racing({0: ("H01", "H32", "Y01", "Y02", "Y03", "Y04", "Y05", "Y06"), 1: ("H21",) * 8},
                   positions={0: 17})
    assert choose(given, 0) == UseHusky(slot=1)


def test_the_expert_spends_equipment_rather_than_rest_experienced_huskies() -> None:
    sled = ("H45", "H34", "H21", "H29", "H31", "H36", "H38", "H39")
    race = racing({0: sled, 1: ("H21",) * 8}, hands={0: ("E02",)}, positions={0: 9})
    given = after(SPEC, race, (0, UseHusky(slot=0)))
    assert choose(given, 0) == UseEquipment()


def test_the_expert_rests_youngsters_rather_than_spend_equipment() -> None:
    """Landscape cards that require equipment: youngsters can be turned too, and they have no points."""
    sled = ("H45", "H34", "Y01", "Y02", "Y03", "Y04", "Y05", "Y06")
    race = racing({0: sled, 1: ("H21",) * 8}, hands={0: ("E02",)}, positions={0: 9})
    given = after(SPEC, race, (0, UseHusky(slot=0)))
    assert choose(given, 0) == PushThrough()
    assert choose(after(SPEC, given, (0, PushThrough())), 0) == RestHusky(slot=2)


def test_every_bot_level_finishes_games_of_two_and_six() -> None:
    for seats in (2, 6):
        levels = ["expert" if seat % 2 == 0 else "random" for seat in range(seats)]
        config = SPEC.normalize_config([SeatConfig(name=f"P{i}", bot=level) for i, level in enumerate(levels)], {})
        table = Table(SPEC, config, f"bots-{seats}")
        table.play_bots(levels)
        assert table.state.phase is Phase.OVER and SPEC.result(table.state) is not None


# The search level's helpers (issue 29): a cheap playout policy over the full state, and the expert as its prior


def test_the_search_rollout_and_prior_choose_a_legal_command_at_every_decision() -> None:
    config = SPEC.normalize_config([SeatConfig(name=f"P{i}", bot="expert") for i in range(4)],
                                   {"simultaneous_days": True})
    table = Table(SPEC, config, "rollout-legal")
    rng = Rng("rollout", 1)
    while not table.finished:
        for seat in sorted(SPEC.to_act(table.state)):
            legal = SPEC.legal_commands(table.state, seat)
            assert rollout(table.state, seat, legal, rng) in legal
            assert expert_prior(table.state, seat, legal, rng) in legal
        seat = max(SPEC.to_act(table.state))
        table.submit(seat, table.bot_command(seat, "expert"))


def test_the_rollout_declares_ready_spends_equipment_and_rests_youngsters_first() -> None:
    sleds = {0: ("H42", "H43", "H44", "Y07", "H46", "H47", "Y08")}
    drafted = after(SPEC, opening(top=("H21", "E01", "H01", "H02", "H45", "E02"), sleds=sleds), (0, OpenCards()),
                    (0, DraftHusky(card="H45", slot=7)))
    assert rollout(state_of(SPEC, drafted), 0, legal(SPEC, drafted, 0), Rng("r", 1)) == DeclareReady()
    sled = ("H45", "H34", "Y01", "Y02", "Y03", "Y04", "Y05", "Y06")
    waiting = after(SPEC, racing({0: sled, 1: ("H21",) * 8}, hands={0: ("E02",)}, positions={0: 9}),
                    (0, UseHusky(slot=0)))
    assert rollout(state_of(SPEC, waiting), 0, legal(SPEC, waiting, 0), Rng("r", 1)) == UseEquipment()
    pushed = after(SPEC, waiting, (0, PushThrough()))
    assert rollout(state_of(SPEC, pushed), 0, legal(SPEC, pushed, 0), Rng("r", 1)) == RestHusky(slot=2)


def test_a_playout_by_the_rollout_policy_races_to_the_last_field() -> None:
    """Random commands rarely finish a race (bench/hike_bots.py: many stall); the rollout's sleds get there."""
    for seed in ("a", "b", "c"):
        config = SPEC.normalize_config([SeatConfig(name=f"P{i}") for i in range(2)], {})
        state, rng = Table(SPEC, config, seed).state, Rng(seed, 0)
        while SPEC.result(state) is None:
            seat = min(SPEC.to_act(state))
            state = SPEC.decide(state, seat, rollout(state, seat, SPEC.legal_commands(state, seat), rng), rng).state
        assert state.ending == "the last field was reached"
