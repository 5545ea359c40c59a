"""bench/search_departures.py: the search's departures from the hand-written bot, counted by kind of command."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import search_departures  # noqa: E402


def test_each_kind_counts_its_searched_decisions_and_the_departures_among_them(capsys) -> None:
    assert search_departures.main(["--type", "nanga-parbat", "--games", "1", "--iterations", "4"]) == 0
    rows = [line.split(" | ") for line in capsys.readouterr().out.splitlines()[3:]]
    assert rows, "a game of Nanga Parbat has decisions to search"
    for kind, searched, departed, *_ in rows:
        assert int(departed.split()[0]) <= int(searched) > 0, kind
    # 4 iterations cannot agree with greedy everywhere: some departures are counted
    assert sum(int(departed.split()[0]) for _, _, departed, *_ in rows) > 0
