"""The multiprocess directory of `trailhead serve`: made when none is named, removed on the way out, and
removed by the next serve when its maker was killed outright (service/metrics_process.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from service.metrics_process import PREFIX, VARIABLE, multiprocess_directory, remove_abandoned


def test_a_directory_is_made_set_and_removed_when_none_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(VARIABLE, raising=False)
    with multiprocess_directory() as made:
        assert os.environ[VARIABLE] == made and os.path.isdir(made)
        assert os.path.basename(made).startswith(f"{PREFIX}{os.getpid()}-")
        Path(made, "counter_1.db").write_bytes(b"")
    assert not os.path.exists(made) and VARIABLE not in os.environ


def test_a_named_directory_is_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    named = tmp_path / "metrics"
    monkeypatch.setenv(VARIABLE, str(named))
    with multiprocess_directory() as used:
        assert used == str(named) and named.is_dir()
    assert named.is_dir() and os.environ[VARIABLE] == str(named)


def test_the_directory_of_a_killed_serve_is_removed_and_a_live_ones_kept() -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    abandoned = tempfile.mkdtemp(prefix=f"{PREFIX}{int(gone.stdout)}-")
    alive = tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")
    try:
        remove_abandoned()
        assert not os.path.exists(abandoned) and os.path.isdir(alive)
    finally:
        os.rmdir(alive)


def test_a_scrape_leaves_out_a_file_another_process_is_still_creating(tmp_path: Path) -> None:
    """prometheus-client creates a process's file and sizes it after: a scrape in between met 0 bytes and failed
    whole (a 500 from /metrics, seen once in the suite). The scrape's collector leaves such a file out."""
    from prometheus_client import CollectorRegistry, generate_latest
    from prometheus_client.multiprocess import MultiProcessCollector

    from service.metrics import SettledFiles

    writer = "from prometheus_client import Counter; Counter('trailhead_sample', 'one sample').inc(3)"
    subprocess.run([sys.executable, "-c", writer], env={**os.environ, VARIABLE: str(tmp_path)}, check=True)
    (tmp_path / "counter_999999.db").write_bytes(b"")  # another process's file, created and not yet sized

    stock = CollectorRegistry()
    MultiProcessCollector(stock, path=str(tmp_path))
    with pytest.raises(Exception, match="unpack"):  # what the scrape met before
        generate_latest(stock)
    settled = CollectorRegistry()
    SettledFiles(settled, path=str(tmp_path))
    assert b"trailhead_sample_total 3.0" in generate_latest(settled)
