"""docs/bot-protocol.md's commands work as written (issue 27, section 4), in a fresh shell after README's Quick
start: the virtual environment not activated (its bin directory off PATH), the server on the default rate limits.

The doc's first shell block and its minimal engine are run as they are, but for the server's address; an engine
command whose first word is `python` runs with the runner's own interpreter, so it imports what is installed
there (trailhead_client) although the `python` on PATH does not have it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.served import ROOT, Served, serve, stop
from trailhead_client import Client

DOC = ROOT / "docs" / "bot-protocol.md"
BIN = Path(sys.executable).parent
BOT = BIN / "trailhead-bot"
RESULT = r"game (\d+)/(\d+) ([0-9a-f]{32}) seat (\d+): (won|lost), place \d+ of \d+(, score -?\d+)?"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = serve(tmp_path_factory.mktemp("bot-docs"), TRAILHEAD_RATE_LIMITS="")  # the default limits
    yield served
    stop(served)


def fresh_shell() -> dict[str, str]:
    """A shell's environment without the virtual environment: its bin directory off PATH, nothing activated."""
    path = [p for p in os.environ.get("PATH", "").split(os.pathsep)
            if p and Path(p).resolve() != BIN.resolve()]
    return {**{k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME")},
            "PATH": os.pathsep.join(path)}


def blocks(kind: str) -> list[str]:
    return re.findall(rf"^```{kind}\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.M | re.S)


def as_written(text: str, server: Served) -> str:
    """The doc's text for this server: its address instead of port 8000, and `.venv/bin/` where the
    Quick start's virtual environment is (this interpreter's)."""
    here = server.base_url.removeprefix("http://")
    text = text.replace("http://localhost:8000", server.base_url).replace("localhost:8000", here)
    return text.replace(".venv/bin/", f"{BIN}/")


def test_the_python_on_path_cannot_import_the_sdk() -> None:
    """The premise of the tests below: outside the virtual environment `python` lacks trailhead_client."""
    found = subprocess.run(["python", "-c", "import trailhead_client"], env=fresh_shell(), capture_output=True,
                           text=True, check=False)
    assert found.returncode != 0 and "trailhead_client" in found.stderr


@pytest.mark.parametrize("python", ["python", "python3"])
def test_an_engine_run_with_python_uses_the_runners_interpreter(server: Served, python: str) -> None:
    done = subprocess.run([str(BOT), "--url", server.base_url, "--type", "nanga-parbat", "--opponent", "random",
                           "--seed", f"engine-{python}", "--engine", f"{python} -m trailhead_client.examples.engine"],
                          env=fresh_shell(), capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    result, summary = done.stdout.splitlines()
    assert re.fullmatch(RESULT, result), result
    assert summary.startswith("1 game(s) of nanga-parbat with example heuristic: ")


def test_the_docs_commands_run_to_the_end_in_a_fresh_shell(server: Served, tmp_path: Path) -> None:
    commands = as_written(blocks("sh")[0], server)
    assert ".venv/bin/trailhead-bot" in blocks("sh")[0] and "--join hike --games 2 --level random" in commands
    done = subprocess.run(["bash", "-e", "-c", commands], cwd=tmp_path, env=fresh_shell(), capture_output=True,
                          text=True, timeout=900, check=False)
    assert done.returncode == 0, (done.stdout[-3000:], done.stderr[-3000:])
    out = done.stdout
    played = re.findall(rf"^{RESULT}$", out, re.M)
    assert [(n, total) for n, total, *_ in played] == [("1", "2"), ("2", "2"), ("1", "1"), ("1", "2"), ("2", "2")], out
    assert re.search(r"^2 game\(s\) of hike with example heuristic: \d won, \d lost, 0 abandoned$", out, re.M)
    assert re.search(r"^1 game\(s\) of hitchiker with random: \d won, \d lost, 0 abandoned$", out, re.M)
    assert re.search(r"^2 game\(s\) of hike with random: \d won, \d lost, 0 abandoned$", out, re.M)
    joined = re.findall(r"^joined ([0-9a-f]{32}) seat 1 \((?:open|active)\)$", out, re.M)
    assert len(joined) == 2 and {game for *_, game, _, _, _ in played[-2:]} == set(joined)
    with Client(server.base_url) as client:
        assert all(client.game(game)["status"] == "finished" for _, _, game, *_ in played)


def test_the_docs_minimal_engine_plays_as_the_doc_runs_it(server: Served, tmp_path: Path) -> None:
    [engine] = [block for block in blocks("python") if "for line in sys.stdin" in block]
    [saved] = re.findall(r"saved as `([\w.]+)`", DOC.read_text(encoding="utf-8"))
    (tmp_path / saved).write_text(engine)
    [command] = [line for block in blocks("sh") for line in block.splitlines() if saved in line]
    done = subprocess.run(["bash", "-e", "-c", as_written(command, server)], cwd=tmp_path, env=fresh_shell(),
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, (done.stdout[-3000:], done.stderr[-3000:])
    result, summary = done.stdout.splitlines()
    assert re.fullmatch(RESULT, result), result
    assert " with first action: " in summary and summary.endswith(" 0 abandoned"), summary
