"""domain/ is pure: no IO libraries, no wall clock, no randomness but the seed-derived Rng."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
FORBIDDEN = {"flask", "sqlite_utils", "sqlite3", "redis", "rq", "marshmallow", "requests", "random", "time",
             "datetime", "secrets", "uuid", "os", "service", "workers", "replays"}
MODULES = sorted(DOMAIN.rglob("*.py"))


def imported_roots(tree: ast.AST) -> set[str]:
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(DOMAIN)))
def test_domain_module_imports_no_io_clock_or_randomness(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert not imported_roots(tree) & FORBIDDEN


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(DOMAIN)))
def test_domain_module_calls_no_builtin_hash(path: Path) -> None:
    """hash() of a str changes with PYTHONHASHSEED: nothing in a game may depend on it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    assert not [c for c in calls if c.func.id == "hash"]  # type: ignore[attr-defined]


def test_the_check_catches_a_forbidden_import() -> None:
    assert imported_roots(ast.parse("import random\nfrom flask import Flask")) & FORBIDDEN == {"random", "flask"}
