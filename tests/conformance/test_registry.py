"""Conformance over the registry: every game obeys the protocol of DESIGN.md.

Seeded random playouts to the end; every listed legal command accepted by
`decide`; folding all events equals the incremental state; canonical JSON
round-trips; the same seed gives byte-identical events, also across processes
with different PYTHONHASHSEED.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from domain.core import GameSpec, SeatConfig, Table, canonical_json, decision_rng
from domain.core.seating import hand_written_levels
from domain.games import GAMES as REGISTERED

# A game package not yet in the registry can be checked with
# TRAILHEAD_CONFORMANCE_EXTRA=domain.games.<package>[,...] (its SPEC is appended).
EXTRA = tuple(
    importlib.import_module(name.strip()).SPEC
    for name in os.environ.get("TRAILHEAD_CONFORMANCE_EXTRA", "").split(",")
    if name.strip()
)
GAMES = REGISTERED + tuple(spec for spec in EXTRA if spec not in REGISTERED)
ROOT = Path(__file__).resolve().parents[2]
SEEDS = ("alpha", "bravo", "charlie")
MAX_COMMANDS = 50_000


def seat_counts(spec: GameSpec) -> list[int]:
    return sorted({spec.min_seats, spec.max_seats})


def option_variants(spec: GameSpec) -> list[dict[str, object]]:
    """The defaults, then each boolean option flipped and each enum value, one at a time."""
    variants: list[dict[str, object]] = [{}]
    for name, rule in sorted(spec.options_schema.get("properties", {}).items()):
        if rule.get("type") == "boolean":
            variants.append({name: not rule.get("default", False)})
        for value in rule.get("enum", []):
            if value != rule.get("default"):
                variants.append({name: value})
    return variants


def table_for(spec: GameSpec, seats: int, seed: str, level: str = "random", options: dict | None = None) -> Table:
    config = spec.normalize_config([SeatConfig(name=f"p{i}", bot=level) for i in range(seats)], options or {})
    return Table(spec, config, seed)


CASES = [
    pytest.param(spec, seats, seed, id=f"{spec.id}-{seats}-{seed}")
    for spec in GAMES
    for seats in range(spec.min_seats, spec.max_seats + 1)
    # every seed at the smallest and largest tables, one at each size between
    for seed in (SEEDS if seats in seat_counts(spec) else SEEDS[:1])
]
OPTION_CASES = [
    pytest.param(spec, options, id=f"{spec.id}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for spec in GAMES
    for options in option_variants(spec)[1:]
]


OPTION_SEAT_CASES = [
    pytest.param(spec, seats, options, id=f"{spec.id}-{seats}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for spec in GAMES
    for options in option_variants(spec)[1:]
    for seats in seat_counts(spec)
]


def rotating_seat(spec: GameSpec, table: Table) -> int:
    """One of the seats to act, taken in turn as the game moves on: where several seats act at once (votes,
    simultaneous days), their commands interleave instead of the lowest seat always going first."""
    to_act = sorted(spec.to_act(table.state))
    return to_act[table.version % len(to_act)]


def events_digest(table: Table) -> str:
    text = canonical_json([list(table.spec.events.encode(event)) for event in table.events])
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize(("spec", "seats", "seed"), CASES)
def test_random_playout_reaches_the_end_with_standings_for_every_seat(spec: GameSpec, seats: int, seed: str) -> None:
    table = table_for(spec, seats, seed)
    table.play_bots(["random"] * seats, max_commands=MAX_COMMANDS)
    result = spec.result(table.state)
    assert result is not None
    assert sorted(row["seat"] for row in result["standings"]) == list(range(seats))
    assert set(result["winners"]) <= set(range(seats))
    assert spec.to_act(table.state) == frozenset()
    assert all(spec.legal_commands(table.state, seat) == [] for seat in range(seats))
    json.loads(canonical_json(result))


@pytest.mark.parametrize(("spec", "seats", "seed"), CASES)
def test_every_listed_command_is_accepted_and_only_seats_to_act_have_any(spec: GameSpec, seats: int, seed: str) -> None:
    play_checking_every_listed_command(spec, table_for(spec, seats, seed), seats,
                                       lambda table: min(spec.to_act(table.state)))


def play_checking_every_listed_command(spec: GameSpec, table: Table, seats: int,
                                       next_seat: Callable[[Table], int]) -> None:
    """Random play to the end; at every step only the seats to act list commands, and `decide` accepts every
    one listed (a sample of at most 25 per seat); `next_seat` picks whose random command is played."""
    for _ in range(MAX_COMMANDS):
        if table.finished:
            break
        to_act = spec.to_act(table.state)
        assert to_act and to_act <= set(range(seats))
        for seat in range(seats):
            legal = spec.legal_commands(table.state, seat)
            if seat not in to_act:
                assert legal == [], f"seat {seat} is not to act but has {legal[:3]}"
                continue
            assert legal, f"seat {seat} is to act but has no legal command"
            step = max(1, len(legal) // 25)
            for command in legal[::step]:
                spec.decide(table.state, seat, command, decision_rng(table.seed, table.version))
        seat = next_seat(table)
        table.submit(seat, table.bot_command(seat, "random"))
    assert table.finished


@pytest.mark.parametrize(("spec", "seats", "seed"), CASES)
def test_folding_all_events_equals_the_incremental_state(spec: GameSpec, seats: int, seed: str) -> None:
    table = table_for(spec, seats, seed)
    table.play_bots(["random"] * seats, max_commands=MAX_COMMANDS)
    assert spec.fold(table.events) == table.state


@pytest.mark.parametrize(("spec", "seats", "seed"), CASES)
def test_events_views_and_commands_round_trip_through_canonical_json(spec: GameSpec, seats: int, seed: str) -> None:
    table = table_for(spec, seats, seed)
    while not table.finished:
        for viewer in [None, *range(seats)]:
            view = spec.view(table.state, viewer)
            assert json.loads(canonical_json(view)) == view
        seat = min(spec.to_act(table.state))
        for command in spec.legal_commands(table.state, seat):
            type_, args = spec.commands.encode(command)
            assert spec.commands.decode(type_, json.loads(canonical_json(args))) == command
        table.submit(seat, table.bot_command(seat, "random"))
    for event in table.events:
        type_, data = spec.events.encode(event)
        assert spec.events.decode(type_, json.loads(canonical_json(data))) == event


@pytest.mark.parametrize(("spec", "seats", "options"), OPTION_SEAT_CASES)
def test_under_each_option_every_listed_command_is_accepted_and_only_seats_to_act_have_any(
        spec: GameSpec, seats: int, options: dict[str, object]) -> None:
    """The legal-commands check of the defaults, for each option variant, with the seats to act interleaved."""
    table = table_for(spec, seats, "option-legal", options=options)
    play_checking_every_listed_command(spec, table, seats, lambda table: rotating_seat(spec, table))
    assert spec.fold(table.events) == table.state


@pytest.mark.parametrize(("spec", "options"), OPTION_CASES)
def test_every_bot_level_plays_each_option_variant_to_the_end_with_seats_interleaved(
        spec: GameSpec, options: dict[str, object]) -> None:
    for level in hand_written_levels(spec):
        table = table_for(spec, spec.max_seats, f"option-{level}", level, options=options)
        for _ in range(MAX_COMMANDS):
            if table.finished:
                break
            seat = rotating_seat(spec, table)
            table.submit(seat, table.bot_command(seat, level))
        assert spec.result(table.state) is not None, f"{level} did not finish under {options}"


@pytest.mark.parametrize(("spec", "options"), OPTION_CASES)
def test_each_option_variant_plays_to_the_end_and_folds_back(spec: GameSpec, options: dict[str, object]) -> None:
    for seats in seat_counts(spec):
        table = table_for(spec, seats, "variant", options=options)
        table.play_bots(["random"] * seats, max_commands=MAX_COMMANDS)
        assert spec.result(table.state) is not None
        assert spec.fold(table.events) == table.state


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_the_same_seed_gives_byte_identical_events_and_another_seed_does_not(spec: GameSpec) -> None:
    seats = spec.min_seats
    first, second, other = (table_for(spec, seats, seed) for seed in ("same", "same", "other"))
    for table in (first, second, other):
        table.play_bots(["random"] * seats, max_commands=MAX_COMMANDS)
    assert events_digest(first) == events_digest(second)
    assert events_digest(first) != events_digest(other)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_every_bot_level_plays_a_game_to_the_end(spec: GameSpec) -> None:
    for level in hand_written_levels(spec):
        table = table_for(spec, spec.min_seats, f"level-{level}", level)
        table.play_bots([level] * spec.min_seats, max_commands=MAX_COMMANDS)
        assert spec.result(table.state) is not None


DIGEST_SCRIPT = """
import hashlib, importlib, os
from domain.core import SeatConfig, Table, canonical_json
from domain.games import GAMES
extra = [name.strip() for name in os.environ.get("TRAILHEAD_CONFORMANCE_EXTRA", "").split(",") if name.strip()]
for spec in GAMES + tuple(importlib.import_module(name).SPEC for name in extra):
    config = spec.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(spec.min_seats)], {})
    table = Table(spec, config, "cross-process")
    table.play_bots(["random"] * spec.min_seats)
    text = canonical_json([list(spec.events.encode(e)) for e in table.events])
    print(spec.id, hashlib.sha256(text.encode()).hexdigest())
"""


@pytest.mark.slow
def test_two_processes_with_different_hash_seeds_give_the_same_events() -> None:
    outputs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", DIGEST_SCRIPT], cwd=ROOT, env=env, capture_output=True,
                             text=True, check=True, timeout=300)
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1]
    assert len(outputs[0].splitlines()) == len(GAMES)
