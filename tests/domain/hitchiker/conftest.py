"""Makes hk_scenario.py importable under pytest's importlib import mode, and checks its scripts are used up."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.append(HERE)

from hk_scenario import SCRIPTS  # noqa: E402


@pytest.fixture(autouse=True)
def scripts_are_used_up() -> Iterator[None]:
    """Every roll and shuffle a test scripted with `script(...)` was drawn by the rules."""
    SCRIPTS.clear()
    yield
    unused = [(rng.rolls, rng.shuffles) for rng in SCRIPTS if not rng.done]
    SCRIPTS.clear()
    assert not unused, f"the rules did not draw all of a script: {unused}"
