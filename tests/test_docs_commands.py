"""README's and the tutorial's commands work in a fresh shell after the Quick start: the first command installs the
service and the SDK (trailhead-bot), the second is exactly what .ci/run runs, and every later command calls what
the Quick start installed by its path in .venv (or after activating it), with no value to fill in by hand.

(The commands themselves were walked in a fresh clone, against a running server; this keeps their form.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("README.md", "docs/tutorial.md")
INSTALLED = re.compile(r"^(?:trailhead|trailhead-bot|pip|pip3|python)\b")


def shell_blocks(page: str) -> list[list[str]]:
    """The lines of each ```sh block of a page."""
    return [block.strip("\n").splitlines()
            for block in re.findall(r"^```sh\n(.*?)^```", (ROOT / page).read_text(), re.MULTILINE | re.DOTALL)]


def test_the_quick_start_installs_the_service_and_the_sdk_and_tests_as_ci_does() -> None:
    first, second = shell_blocks("README.md")[:2]
    assert first == ["python3 -m venv .venv && .venv/bin/pip install -e . -e clients/python && .venv/bin/trailhead serve"]
    ci = [line for line in (ROOT / ".ci/run").read_text().splitlines() if line.startswith("python3 -m venv")]
    assert second == ci


@pytest.mark.parametrize("page", PAGES)
def test_every_later_command_runs_in_a_fresh_shell(page: str) -> None:
    for block in shell_blocks(page):
        activated = False
        for line in block:
            command = line.strip()
            activated = activated or command.startswith(". .venv/bin/activate")
            assert activated or not INSTALLED.match(command), (page, line)  # .venv/bin/trailhead, not trailhead
            assert not re.search(r"=\.\.\.|\{\.\.\.\}|\"\.\.\.\"", command), (page, line)  # nothing to fill in
            assert not re.search(r'"expected_version": \d', command), (page, line)  # taken from the actions list
