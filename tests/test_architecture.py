"""The packages depend one way, every SQL statement lives in the storage package, and one module folds games.

domain <- storage <- application <- {workers, replays} <- {bootstrap, arena} <- service, and replays <-
trailhead_env (the training environment): a package may import only those to its left. The walk reads every
import statement of every module, those inside functions included, so a lazy import cannot hide a cycle.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def parse(source: str) -> ast.Module:
    """`ast.parse`, once more if CPython 3.11 raises SystemError ("AST constructor recursion depth mismatch"):
    its ast module keeps the conversion's depth in state shared by all threads, so a traceback that another thread
    formats meanwhile (3.11's traceback module parses the failing line to draw its carets) can upset the count."""
    try:
        return ast.parse(source)
    except SystemError:
        return ast.parse(source)
LAYERS = {
    "domain": set(),
    "storage": {"domain"},
    "application": {"domain", "storage"},
    "workers": {"domain", "storage", "application"},
    "replays": {"domain", "storage", "application"},
    "bootstrap": {"domain", "storage", "application", "workers"},
    "arena": {"domain", "storage", "application", "replays"},
    "service": {"domain", "storage", "application", "workers", "replays", "bootstrap", "arena"},
    # The training environment: the pure rules, and (imported only for a replay document) the export's own
    # builder, replays/offline.py.
    "trailhead_env": {"domain", "replays"},
}
SQL = re.compile(
    r"\b(SELECT\s.+\sFROM\s|INSERT\s+INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|CREATE\s+(TABLE|INDEX|UNIQUE)\s"
    r"|ALTER\s+TABLE\s|DROP\s+(TABLE|INDEX)\s|BEGIN\s+IMMEDIATE|PRAGMA\s+\w+)",
    re.DOTALL,  # our SQL is written in capitals; prose that says "select ... from" is not SQL
)


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def imported_packages(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & set(LAYERS)


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_a_package_imports_only_the_layers_below_it(package: str) -> None:
    wrong = {
        f"{path.relative_to(ROOT)} imports {other}"
        for path in modules(package)
        for other in imported_packages(path) - LAYERS[package] - {package}
    }
    assert not wrong, sorted(wrong)


def test_the_layers_have_no_cycle() -> None:
    seen: set[str] = set()

    def visit(package: str, path: tuple[str, ...]) -> None:
        assert package not in path, f"import cycle: {' -> '.join((*path, package))}"
        for below in LAYERS[package]:
            visit(below, (*path, package))
        seen.add(package)

    for package in LAYERS:
        visit(package, ())
    assert seen == set(LAYERS)


def string_constants(path: Path) -> list[tuple[int, str]]:
    tree = parse(path.read_text(encoding="utf-8"))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


@pytest.mark.parametrize("package", sorted(set(LAYERS) - {"storage"}))
def test_no_sql_stands_outside_the_storage_package(package: str) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text.strip()[:60]}"
        for path in modules(package)
        for line, text in string_constants(path)
        if SQL.search(text)
    ]
    assert not found, found


def test_the_sql_check_sees_sql() -> None:
    assert SQL.search("SELECT seq FROM events") and SQL.search("  INSERT INTO games (id)")
    assert SQL.search("PRAGMA wal_checkpoint(TRUNCATE)") and not SQL.search("Select a card from the display")


def test_the_sdk_stands_alone() -> None:
    """clients/python is its own distribution: it imports the standard library and requests, never the server."""
    sdk = sorted((ROOT / "clients" / "python" / "trailhead_client").rglob("*.py"))
    assert sdk
    allowed = set(sys.stdlib_module_names) | {"requests", "trailhead_client"}
    wrong = set()
    for path in sdk:
        for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else (
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else [])
            wrong |= {f"{path.relative_to(ROOT)} imports {name}" for name in names if name.split(".")[0] not in allowed}
    assert not wrong, sorted(wrong)


def port_methods() -> set[str]:
    """The public methods of the storage port, every part of it (storage/port.py)."""
    tree = parse((ROOT / "storage" / "port.py").read_text(encoding="utf-8"))
    return {node.name for part in tree.body if isinstance(part, ast.ClassDef) for node in part.body
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")}


def store_writes() -> set[str]:
    """The port's write methods: those that the shared SQL or a backend implements with a write transaction
    (`self._writer()`), or by a method of its own that does (the append's `_appended`), read from the code, so
    that a new write method is known as one at once."""
    calls: dict[str, set[str]] = {}  # method -> the methods of `self` it calls
    for path in [*modules("storage/sql"), ROOT / "storage" / "sqlite.py", ROOT / "storage" / "postgres.py"]:
        for node in ast.walk(parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                calls.setdefault(node.name, set()).update(
                    call.func.attr for call in ast.walk(node)
                    if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and isinstance(call.func.value, ast.Name) and call.func.value.id == "self")
    writes, found = {"_writer", "_pipelined_writer"}, set()
    while found != writes:
        found = set(writes)
        writes |= {name for name, called in calls.items() if called & writes}
    return writes & port_methods()


def store_write_calls(source: str, writes: set[str]) -> list[tuple[int, str]]:
    """The calls in `source` of a method named as one of `writes`. The port's `append` shares its name with a
    list's, which takes one argument where the event log's takes five or six: it counts with more than one."""
    return [(node.lineno, node.func.attr) for node in ast.walk(parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in writes
            and not (node.func.attr == "append" and len(node.args) + len(node.keywords) <= 1)]


def test_the_service_writes_only_through_the_application() -> None:
    """No module of service/ calls a write method of the storage port: the service reads the request, calls the
    application (the bus, application/players.py, application/schema.py, the replays) and renders its answer;
    what is written, and the rules it is written by, are the application's. Reads of the port are the
    service's to make (through the part it needs, service/runtime.py)."""
    writes = store_writes()
    found = [f"{path.relative_to(ROOT)}:{line}: calls the store's {name}"
             for path in modules("service")
             for line, name in store_write_calls(path.read_text(encoding="utf-8"), writes)]
    assert not found, found


def test_the_write_check_sees_writes() -> None:
    writes = store_writes()
    assert {"append", "create_game", "import_game", "restore_game", "create_player", "write_projection",
            "reset_read_models", "mark_bot_halted", "migrate"} <= writes
    assert not {"events", "player", "token_owner", "summaries", "checkpoint", "schema_version"} & writes
    assert store_write_calls("games.store.create_player(key, name, digest)", writes) == [(1, "create_player")]
    assert store_write_calls("store.append(game_id, 3, events, record, status)", writes) == [(1, "append")]
    assert store_write_calls("rows.append(row)\nstore.migrate", writes) == []


FOLD = ROOT / "application" / "game.py"
GAME_FOLDS = {"evolve", "fold"}  # a game spec's: GameSpec.evolve, GameSpec.fold
SEATING_FOLDS = {"next_seating", "fold_seating", "evolve_seating"}  # domain/core/seating.py's


def folds_in(source: str) -> list[str]:
    """Where `source` takes a game's `evolve` or `fold` (called or not: an alias folds too), or the seating's fold."""
    found = []
    for node in ast.walk(parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in GAME_FOLDS | SEATING_FOLDS:
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom):
            found += [f"{node.lineno}: imports {alias.name}" for alias in node.names if alias.name in SEATING_FOLDS]
    return found


@pytest.mark.parametrize("package", sorted(set(LAYERS) - {"domain"}))
def test_only_the_game_module_folds_a_game(package: str) -> None:
    """A stored game is folded by one function, application/game.py's `fold` (the game as it stands: state,
    seating, version, head, clock, and the status and to-act rules beside it). The handler, the projection,
    the stream watcher, the rebuild and the audit all call it, so no other module outside domain/ takes a
    game spec's `evolve` or `fold`, or the seating's fold. The command cycle's fold of the events its
    `decide` just emitted (domain.core's play_command) is the domain's, and runs before anything is stored."""
    found = [f"{path.relative_to(ROOT)}:{where}" for path in modules(package) if path != FOLD
             for where in folds_in(path.read_text(encoding="utf-8"))]
    assert not found, found


def test_the_fold_check_sees_folds() -> None:
    source = ("from domain.core.seating import next_seating\n"
              "def replay(spec, events):\n    step = spec.evolve\n    return spec.fold(events)\n")
    assert folds_in(source) == ["1: imports next_seating", "3: .evolve", "4: .fold"]


LONGEST = 400


@pytest.mark.parametrize("package", ["application", "service", "storage"])
def test_no_module_of_the_service_side_exceeds_400_lines(package: str) -> None:
    """A module of application/, service/ or storage/ past 400 lines holds more than one purpose (issue 28):
    split it by what its parts are for, as clock.py / clock_view.py or storage/sql/ one module a part."""
    long = {f"{path.relative_to(ROOT)}: {count} lines" for path in modules(package)
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST}
    assert not long, sorted(long)
