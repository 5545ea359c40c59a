"""Every game describes itself to clients (issue 14): rules, catalog, view schema, labels, ranges.

Seeded playouts, the strongest bot at the smallest table and random bots at the largest: every view a seat or a spectator gets validates against the game's `view_schema`; every
listed action has a label of its own wording (no two alike) and args valid under its command's JSON Schema; every
range holds the listed value, and its ends and a middle step are accepted by `decide`.
"""

from __future__ import annotations

import re

import jsonschema
import pytest

from domain.core import GameSpec, IllegalCommand, SeatConfig, Table, command_schemas, decision_rng
from domain.core.about import plain_label
from domain.core.seating import strongest_bot
from domain.games import GAMES

SEEDS = ("label-1",)  # one seed: each case plays a whole game with a schema check a step (the budget)
MAX_COMMANDS = 50_000


CASES = [  # the smallest table with the strongest bot, the largest with random bots (the longest games)
    pytest.param(spec, seats, seed, level, id=f"{spec.id}-{seats}-{seed}-{level}")
    for spec in GAMES
    for seats, level in ((spec.min_seats, strongest_bot(spec)), (spec.max_seats, "random"))
    for seed in SEEDS
]


def option_variants(spec: GameSpec) -> list[dict[str, object]]:
    """Each boolean option flipped and each enum value, one at a time (a table option is a reading of the book:
    its views, actions and labels must describe themselves as well as the default's)."""
    variants: list[dict[str, object]] = []
    for name, rule in sorted(spec.options_schema.get("properties", {}).items()):
        if rule.get("type") == "boolean":
            variants.append({name: not rule.get("default", False)})
        variants.extend({name: value} for value in rule.get("enum", []) if value != rule.get("default"))
    return variants


OPTION_CASES = [  # the smallest table with the strongest bot, one option changed
    pytest.param(spec, options, id=f"{spec.id}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for spec in GAMES
    for options in option_variants(spec)
]


def table_for(spec: GameSpec, seats: int, seed: str, options: dict[str, object] | None = None) -> Table:
    config = spec.normalize_config([SeatConfig(name=f"p{i}") for i in range(seats)], options or {})
    return Table(spec, config, seed)


def at_path(args: dict, path: str) -> object:
    value: object = args
    for part in path.split("."):
        assert isinstance(value, dict) and part in value, f"range path {path!r} is not in args {args}"
        value = value[part]
    return value


def with_value(args: dict, path: str, value: int) -> dict:
    head, _, rest = path.partition(".")
    return {**args, head: with_value(args[head], rest, value) if rest else value}


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_the_game_type_summarises_its_rules_with_their_sections(spec: GameSpec) -> None:
    assert len(spec.rules) >= 5
    for rule in spec.rules:
        assert rule.section.strip() and rule.summary.strip()
    assert len({rule.summary for rule in spec.rules}) == len(spec.rules)


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_the_catalog_names_components_by_kind_and_id(spec: GameSpec) -> None:
    catalog = spec.catalog()
    assert catalog, "an empty catalog"
    for kind, entries in catalog.items():
        assert re.fullmatch(r"[a-z][a-z_]*", kind), kind
        assert entries, f"no {kind}"
        for entry_id, printed in entries.items():
            assert isinstance(entry_id, str) and entry_id
            assert isinstance(printed, dict) and printed, f"{kind} {entry_id} has no printed values"


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_the_view_schema_is_a_valid_json_schema_of_an_object(spec: GameSpec) -> None:
    jsonschema.Draft202012Validator.check_schema(spec.view_schema)
    assert spec.view_schema.get("type") == "object"
    assert spec.view_schema.get("properties"), "a view schema that describes no field"


@pytest.mark.parametrize(("spec", "seats", "seed", "level"), CASES)
def test_views_during_setup_fit_the_schema_too(spec: GameSpec, seats: int, seed: str, level: str) -> None:
    """A replay steps through the opening events one by one: the view after each is a view as well."""
    validator = jsonschema.Draft202012Validator(spec.view_schema)
    opening = table_for(spec, seats, seed).events
    for count in range(1, len(opening) + 1):
        state = spec.fold(opening[:count])
        for viewer in [None, *range(seats)]:
            errors = sorted(validator.iter_errors(spec.view(state, viewer)), key=str)
            assert not errors, f"after {count} events, viewer {viewer}: {errors[0].message[:200]}"


@pytest.mark.parametrize("spec", GAMES, ids=[spec.id for spec in GAMES])
def test_the_view_after_every_event_of_a_game_fits_the_schema(spec: GameSpec) -> None:
    """A replay (GET /games/{id}/replay?at=N) shows the state after any event, also one in the middle of a
    command's events (a hike's last terrain covered, its end not yet recorded): each is a view too."""
    validator = jsonschema.Draft202012Validator(spec.view_schema)
    seats = spec.min_seats
    table = table_for(spec, seats, SEEDS[0])
    table.play_bots([strongest_bot(spec)] * seats, max_commands=MAX_COMMANDS)
    state = None
    for count, event in enumerate(table.events, start=1):
        state = spec.evolve(state, event)
        viewer = [None, *range(seats)][count % (seats + 1)]
        errors = sorted(validator.iter_errors(spec.view(state, viewer)), key=str)
        assert not errors, f"after {count} events ({event.TYPE}), viewer {viewer}: {errors[0].message[:200]}"


@pytest.mark.parametrize(("spec", "seats", "seed", "level"), CASES)
def test_views_fit_the_schema_and_actions_are_labelled_with_their_ranges(
        spec: GameSpec, seats: int, seed: str, level: str) -> None:
    views_and_labels_hold(spec, seats, seed, level)


@pytest.mark.parametrize(("spec", "options"), OPTION_CASES)
def test_with_each_option_views_fit_the_schema_and_actions_are_labelled_with_their_ranges(
        spec: GameSpec, options: dict[str, object]) -> None:
    views_and_labels_hold(spec, spec.min_seats, SEEDS[0], strongest_bot(spec), options)


def views_and_labels_hold(spec: GameSpec, seats: int, seed: str, level: str,
                          options: dict[str, object] | None = None) -> None:
    """A seeded game with `level` bots: every view fits the schema; every listed action is labelled in words of
    its own, with args valid under its command's schema and ranges whose ends and middle `decide` accepts."""
    view_schema = jsonschema.Draft202012Validator(spec.view_schema)
    args_schemas = {type_: jsonschema.Draft202012Validator(schema)
                    for type_, schema in command_schemas(spec.commands).items()}
    table = table_for(spec, seats, seed, options)
    for step in range(MAX_COMMANDS):
        if table.finished:
            break
        # one viewer a step, in turn (spectator, seat 0, seat 1, ...): every viewer is checked all game
        # long, at a cost the suite can afford (a schema check of a big view takes milliseconds)
        for viewer in [[None, *range(seats)][step % (seats + 1)]]:
            view = spec.view(table.state, viewer)
            errors = sorted(view_schema.iter_errors(view), key=str)
            assert not errors, f"step {step}, viewer {viewer}: {errors[0].message} at {list(errors[0].absolute_path)}"
        seat = min(spec.to_act(table.state))
        legal = spec.legal_commands(table.state, seat)
        labels = [spec.label(table.state, seat, command) for command in legal]
        twice = sorted({label for label in labels if labels.count(label) > 1})
        assert not twice, f"step {step}: two actions read the same: {twice[:3]}"
        for command in legal:
            type_, args = spec.commands.encode(command)
            assert not list(args_schemas[type_].iter_errors(args)), (type_, args)
            label = spec.label(table.state, seat, command)
            assert isinstance(label, str) and label.strip() and "\n" not in label
            assert label != plain_label(table.state, seat, command), f"{type_} has no wording of its own: {label}"
            for path, span in spec.ranges(table.state, seat, command).items():
                assert set(span) == {"min", "max", "step"} and span["step"] >= 1 and span["min"] <= span["max"]
                assert span["min"] <= at_path(args, path) <= span["max"]
                middle = span["min"] + (span["max"] - span["min"]) // 2 // span["step"] * span["step"]
                for value in {span["min"], middle, span["max"]}:
                    ranged = spec.commands.decode(type_, with_value(args, path, value))
                    try:
                        spec.decide(table.state, seat, ranged, decision_rng(table.seed, table.version))
                    except IllegalCommand as error:
                        pytest.fail(f"{type_} with {path}={value} in its range {span} refused: {error}")
        table.submit(seat, table.bot_command(seat, level))
    assert table.finished
