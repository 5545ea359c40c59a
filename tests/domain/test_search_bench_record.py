"""bench/search_bots.py's record: finished games kept by job and code fingerprint, so a long run resumes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import search_bots  # noqa: E402


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_recorded_game_is_not_played_again_and_other_code_starts_afresh(tmp_path: Path, capsys) -> None:
    record = tmp_path / "games.jsonl"
    argv = ["--quick", "--type", "nanga-parbat", "--seats", "2", "--record", str(record)]
    assert search_bots.main(argv) == 0
    first = lines(record)
    assert sorted(row["job"]["search_seat"] for row in first) == [0, 1]  # one duplicate pair
    assert {row["fingerprint"] for row in first} == {search_bots.fingerprint("nanga-parbat")}
    table = capsys.readouterr().out
    assert "| nanga-parbat | 2 | 5 | 2 |" in table

    assert search_bots.main(argv) == 0  # both games held: nothing played, the same table
    assert lines(record) == first
    assert capsys.readouterr().out == table

    stale = [{**row, "fingerprint": "0" * 16} for row in first]  # games of other code are not counted
    record.write_text("".join(json.dumps(row) + "\n" for row in stale))
    assert search_bots.main([*argv, "--report-only"]) == 0
    assert "| nanga-parbat | 2 | | 0 |" in capsys.readouterr().out
    assert search_bots.main(argv) == 0
    assert len(lines(record)) == 4


def test_a_strength_text_added_or_rewritten_keeps_the_fingerprint_other_changes_do_not() -> None:
    bare = 'SEARCH = SearchSettings(iterations=340, rollout_depth=15)\n'
    measured = 'SEARCH = SearchSettings(iterations=340, strength="Won 1 of 2.", rollout_depth=15)\n'
    remeasured = 'SEARCH = SearchSettings(iterations=340, strength=("Won " "2 of 2."), rollout_depth=15)\n'
    assert search_bots._code(bare) == search_bots._code(measured) == search_bots._code(remeasured)
    assert search_bots._code(bare) != search_bots._code(bare.replace("340", "341"))
    assert search_bots._code(bare) != search_bots._code(bare.replace("rollout_depth", "depth"))
    documented = 'def f():\n    """Docs."""\n    return 1\n'
    assert search_bots._code(documented) == search_bots._code('def f():\n    return 1\n')


def test_a_report_reads_the_code_once_a_type_however_many_games(tmp_path: Path, monkeypatch, capsys) -> None:
    """The fingerprint parses every file of domain/core and the game (about a second): once per job made a
    report of Hikes of the West's 1,000 deals take twenty minutes."""
    read: list[str] = []
    real = search_bots.fingerprint
    monkeypatch.setattr(search_bots, "fingerprint", lambda type_: read.append(type_) or real(type_))
    argv = ["--type", "hikes-of-the-west", "nanga-parbat", "--games", "300", "--seats", "2",
            "--record", str(tmp_path / "none.jsonl"), "--report-only"]
    assert search_bots.main(argv) == 0
    assert sorted(read) == ["hikes-of-the-west", "hikes-of-the-west", "nanga-parbat"]  # the solo's baseline: twice
    assert "| nanga-parbat | 2 | | 0 |" in capsys.readouterr().out
