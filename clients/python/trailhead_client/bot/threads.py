"""The runner's helper threads, started so that a stop signal always reaches the main thread.

Python runs signal handlers (Ctrl-C's KeyboardInterrupt, SIGTERM's `Stopped`) in the main thread only, but
the kernel hands a signal sent to the process to any thread that does not block it. Given to a helper (an
engine's reader, a joiner, a tournament game), it must then be noticed by the main thread on its own, and a
runner once went on playing for a minute after SIGINT, its main thread waiting on an engine's answer
(tests/clients/test_bot_runner_stops.py). A helper started here blocks SIGINT and SIGTERM (a thread inherits
the signal mask it is started with), so the kernel delivers them to the main thread, whose wait they
interrupt at once.
"""

from __future__ import annotations

import signal
import threading

STOP_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM})


def start_helper(thread: threading.Thread) -> threading.Thread:
    """Start `thread` with SIGINT and SIGTERM blocked in it; the caller's own mask is left as it was."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no per-thread signal masks
        thread.start()
        return thread
    former = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        thread.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, former)
    return thread
