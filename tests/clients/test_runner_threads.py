"""trailhead-bot's helper threads block the stop signals, so the kernel hands SIGINT and SIGTERM to the main
thread, the only one whose handlers run (clients/python/trailhead_client/bot/threads.py). Read from the
kernel's own account of each thread (/proc/self/task/TID/status, SigBlk)."""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path

from trailhead_client.bot.engines import ExternalEngine
from trailhead_client.bot.threads import start_helper

ECHO = f"{sys.executable} -c \"import sys\nfor line in sys.stdin: print(line, end='', flush=True)\""


def blocked(thread: threading.Thread) -> set[int]:
    """The signals the kernel will not hand to `thread`."""
    status = Path(f"/proc/self/task/{thread.native_id}/status").read_text()
    mask = int(next(line.split()[1] for line in status.splitlines() if line.startswith("SigBlk:")), 16)
    return {number for number in range(1, 65) if mask >> (number - 1) & 1}


def test_an_engines_reader_leaves_the_stop_signals_to_the_main_thread() -> None:
    engine = ExternalEngine(ECHO)
    try:
        assert engine.reader.is_alive()
        assert {signal.SIGINT, signal.SIGTERM} <= blocked(engine.reader)
        assert not {signal.SIGINT, signal.SIGTERM} & blocked(threading.main_thread())  # the caller's mask as it was
        assert engine.ask({"type": "hello"}, 10) == {"type": "hello"}  # the reader reads on
    finally:
        engine.close()


def test_a_plain_thread_would_take_them_a_helper_does_not() -> None:
    release = threading.Event()
    plain = threading.Thread(target=release.wait, daemon=True)
    plain.start()
    helper = start_helper(threading.Thread(target=release.wait, daemon=True))
    try:
        assert not {signal.SIGINT, signal.SIGTERM} & blocked(plain)
        assert {signal.SIGINT, signal.SIGTERM} <= blocked(helper)
    finally:
        release.set()
