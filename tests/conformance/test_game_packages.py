"""One idiom for every game package (domain/core/package.py): the same modules, the same names, one predicate.

Every registered game keeps each concern in the module of the same name, defines the names the core
reads there and nowhere else, has an `__init__.py` that is one `SPEC = game_spec(__name__, ...)`, and
has one refusal predicate per command type which `decide` refuses with: a candidate is accepted
exactly when its predicate gives no reason, and refused with that reason otherwise.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import domain.games
from domain.core import GameSpec, IllegalCommand, SeatConfig, Table, decision_rng
from domain.core.package import CONTRACT, MODULES, OPTIONAL, OPTIONAL_MODULES
from domain.games import GAMES



def packages() -> dict[str, ModuleType]:
    """Each game package of domain/games by its game id."""
    found = {}
    for info in pkgutil.iter_modules(domain.games.__path__):
        package = importlib.import_module(f"domain.games.{info.name}")
        found[package.SPEC.id] = package
    return found


PACKAGES = packages()
SPECS = list(GAMES)


def defined_names(path: Path) -> set[str]:
    """The names a module defines at its top level: functions, classes and assigned names (not imports)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def package_modules(package: ModuleType) -> dict[str, Path]:
    """Every module file of the package (sub-packages included), by its dotted name under the package."""
    root = Path(package.__file__).parent
    return {".".join(path.relative_to(root).with_suffix("").parts): path for path in sorted(root.rglob("*.py"))
            if path.name != "__init__.py"}


def test_every_registered_game_is_a_package_of_domain_games() -> None:
    assert sorted(spec.id for spec in GAMES) == sorted(PACKAGES)
    assert all(PACKAGES[spec.id].SPEC is spec for spec in GAMES)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_each_concern_lives_in_the_module_of_its_name(spec: GameSpec) -> None:
    """Every module of the convention exists and defines the names the core reads from it."""
    modules = package_modules(PACKAGES[spec.id])
    missing = [name for name in MODULES if name not in modules]
    assert not missing, f"{spec.id} has no module {', '.join(missing)}"
    for module, names in CONTRACT.items():
        defined = defined_names(modules[module])
        absent = [name for name in names if name not in defined]
        assert not absent, f"{spec.id}: {module}.py does not define {', '.join(absent)}"


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_no_concern_is_defined_outside_its_module(spec: GameSpec) -> None:
    """A name the core reads from one module (result, describe, catalog, setup...) is defined in no other."""
    homes = {name: module for module, names in {**CONTRACT, **OPTIONAL, **OPTIONAL_MODULES}.items() for name in names}
    # The rules' names are words a phase module may use for its own part (preparation_candidates is one).
    for module, path in package_modules(PACKAGES[spec.id]).items():
        strays = sorted(name for name in defined_names(path) & set(homes) if homes[name] != module)
        assert not strays, f"{spec.id}: {module}.py defines {', '.join(strays)}, whose home is elsewhere"


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_the_package_init_is_one_spec_built_by_the_core(spec: GameSpec) -> None:
    """`__init__.py` is `SPEC = game_spec(__name__, ...)`: no copied GameSpec block, nothing else defined."""
    tree = ast.parse(Path(PACKAGES[spec.id].__file__).read_text(encoding="utf-8"))
    statements = [node for node in tree.body[1:] if not isinstance(node, (ast.Import, ast.ImportFrom))]  # past the doc
    assert all(isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) for node in statements)
    assigned = {node.targets[0].id: node.value for node in statements}  # type: ignore[attr-defined]
    assert set(assigned) <= {"SPEC", "__all__"} and "SPEC" in assigned
    call = assigned["SPEC"]
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "game_spec"
    assert isinstance(call.args[0], ast.Name) and call.args[0].id == "__name__"


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_every_command_type_has_one_refusal_predicate(spec: GameSpec) -> None:
    rules = importlib.import_module(f"{PACKAGES[spec.id].__name__}.rules")
    commands = importlib.import_module(f"{PACKAGES[spec.id].__name__}.commands")
    assert set(rules.REFUSALS) == set(commands.COMMANDS)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_decide_refuses_a_candidate_exactly_with_its_predicate_s_reason(spec: GameSpec) -> None:
    """Along seeded games: each candidate of a seat to act is accepted by `decide` when its predicate gives no
    reason (it is listed), and refused with the predicate's very words when it gives one (a game whose
    candidates are few plays games until a hundred are checked)."""
    rules = importlib.import_module(f"{PACKAGES[spec.id].__name__}.rules")
    config = spec.normalize_config([SeatConfig(name=f"p{i}", bot="random") for i in range(spec.max_seats)], {})
    checked, games = 0, 0
    while checked <= 100 and games < 5:
        checked += _checked_along(spec, rules, Table(spec, config, f"one-predicate-{games}" if games else "one-predicate"))
        games += 1
    assert checked > 100


def _checked_along(spec: GameSpec, rules: Any, table: Table) -> int:
    checked = 0
    while not table.finished:
        seat = min(spec.to_act(table.state))
        if table.version % 5 == 0:
            for command in rules.candidates(table.state, seat):
                reason = rules.refusal(table.state, seat, command)
                rng = decision_rng(table.seed, table.version)
                if reason is None:
                    spec.decide(table.state, seat, command, rng)
                else:
                    with pytest.raises(IllegalCommand) as refused:
                        spec.decide(table.state, seat, command, rng)
                    assert refused.value.reason == reason
                checked += 1
        table.submit(seat, table.bot_command(seat, "random"))
    return checked
