"""An engine program spoken to over the bot protocol (docs/bot-protocol.md): JSON lines on stdin and stdout.

The SDK's runner (clients/python/trailhead_client/bot/engines.py) speaks the same protocol, but the
SDK is a distribution of its own that the service does not depend on, and its runner stops at the
first protocol error, where the arena goes on: a failed decision is played by the takeover bot and
counted. So this is the arena's own small copy of the process handling, with two differences:
- an answer that comes after `--move-seconds` is late: the decision is taken over, and the late
  line, when it comes, is dropped (the protocol's `choose` names no version, so the engine's answers
  are matched to the `decide` lines by counting them);
- an engine that exits is started again for the next game, not for the rest of this one.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import sys
import threading
import time
from typing import Any

#: Seconds an engine may take to answer `hello` (it may load things): the decision's time, but 30 at least.
HELLO_SECONDS = 30.0
#: First words of an engine command that mean this interpreter (as trailhead-bot has it).
PYTHONS = frozenset({"python", "python3"})
CRASH, TIMEOUT, ILLEGAL = "crash", "timeout", "illegal"
REASONS = (CRASH, TIMEOUT, ILLEGAL)


class EngineFailed(Exception):
    """The engine did not give a usable answer; `reason` is one of REASONS."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


def engine_argv(command: str) -> list[str]:
    """`command` split as a shell would (not run by one); a first word `python` or `python3` is this interpreter,
    so an engine importing trailhead_client or anything installed beside the arena runs without activating it."""
    argv = shlex.split(command)
    if argv and argv[0] in PYTHONS and sys.executable:
        argv[0] = sys.executable
    return argv


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n"


class EngineProcess:
    """One running engine: started and greeted with `hello` on first use, again after it exited."""

    def __init__(self, command: str, hello: dict[str, Any], move_seconds: float) -> None:
        self.command = command
        self.hello = hello
        self.move_seconds = move_seconds
        self.name = command
        self.process: subprocess.Popen[str] | None = None
        self.reader: threading.Thread | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.owed = 0  # answers to earlier decide lines that came too late and are still to be dropped
        self.dead = False  # it exited during this game: the takeover bot plays its seat until the next one

    def _start(self) -> None:
        try:
            process = subprocess.Popen(engine_argv(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True, encoding="utf-8", bufsize=1)
        except OSError as error:
            raise EngineFailed(CRASH, f"cannot start {self.command!r}: {error}") from error
        self.process, self.lines, self.owed = process, queue.Queue(), 0
        self.reader = threading.Thread(target=self._read, args=(process, self.lines), daemon=True)
        self.reader.start()
        try:
            answer = self._ask(self.hello, max(self.move_seconds, HELLO_SECONDS))
        except EngineFailed as failed:
            self.stop()
            raise EngineFailed(CRASH, f"no ready line after hello: {failed}") from None
        if not isinstance(answer, dict) or answer.get("type") != "ready":
            self.stop()
            raise EngineFailed(CRASH, f"expected a ready line after hello, got {answer!r}")
        self.name = str(answer.get("name") or self.command)

    @staticmethod
    def _read(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip():
                lines.put(line)
        lines.put(None)  # it exited

    def new_game(self) -> None:
        """A new game: an engine that exited in the last one is started again (on the next decision)."""
        if self.dead:
            self.stop()
            self.dead = False

    def decide(self, message: dict[str, Any]) -> Any:
        """The engine's answer to one `decide` line, parsed.

        Raises:
            EngineFailed: it exited or could not start (crash), took longer than the decision's time
                (timeout), or answered with no JSON (illegal).
        """
        if self.dead:
            raise EngineFailed(CRASH, "the engine exited earlier in this game")
        try:
            if self.process is None:
                self._start()
            return self._ask(message, self.move_seconds)
        except EngineFailed as failed:
            if failed.reason == CRASH:
                self.dead = True
            raise

    def _ask(self, message: dict[str, Any], seconds: float) -> Any:
        self.tell(message)
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.owed += 1
                raise EngineFailed(TIMEOUT, f"no answer within {seconds:g} s") from None
            if line is None:
                self.lines.put(None)  # it stays exited for whoever reads next
                raise EngineFailed(CRASH, f"the engine exited (status {self._status()})")
            if self.owed:
                self.owed -= 1  # the late answer to an earlier decision
                continue
            try:
                return json.loads(line)
            except ValueError:
                raise EngineFailed(ILLEGAL, f"not JSON: {line.strip()[:200]!r}") from None

    def _status(self) -> int | None:
        assert self.process is not None
        try:
            return self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return None

    def tell(self, message: dict[str, Any]) -> None:
        """Write one line (an `over` needs no answer); an engine that is gone is left alone."""
        if self.process is None or self.process.stdin is None:
            return
        try:
            self.process.stdin.write(encode(message))
            self.process.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass  # it exited: its next decision says so

    def stop(self) -> None:
        """Close its stdin (its cue to exit), wait a little, then end it."""
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if self.reader is not None:
            self.reader.join(timeout=2)  # it reads to the end of the output of the process that exited
        if process.stdout is not None:
            process.stdout.close()
