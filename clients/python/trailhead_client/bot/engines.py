"""Engines the runner can play with: an external program speaking the line protocol, or a built-in level;
and the set of them a runner keeps, one per game type."""

from __future__ import annotations

import json
import queue
import random
import shlex
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any, Protocol

from trailhead_client.bot.protocol import EngineError, check_ready, encode, hello
from trailhead_client.types import GameTypeDetail

#: Seconds an engine may take to answer `hello` (it may load things) and each `decide`.
HELLO_SECONDS = 30.0
#: An engine command's first words that mean "the runner's own interpreter" (sys.executable).
PYTHONS = frozenset({"python", "python3"})


class Engine(Protocol):
    """What the runner needs of an engine; the messages are protocol.py's."""

    name: str

    def start(self, hello: dict[str, Any]) -> None: ...

    def choose(self, decide: dict[str, Any]) -> Any: ...

    def game_over(self, over: dict[str, Any]) -> None: ...

    def close(self) -> None: ...


def engine_argv(command: str) -> list[str]:
    """`command` split as a shell would; a first word `python` or `python3` becomes the runner's own
    interpreter, so an engine importing what is installed beside the runner (trailhead_client) runs
    without its virtual environment activated."""
    argv = shlex.split(command)
    if argv and argv[0] in PYTHONS and sys.executable:
        argv[0] = sys.executable
    return argv


class ExternalEngine:
    """A program started with `command` (split as a shell would, not run by one; `python` is the
    runner's interpreter: engine_argv), spoken to on its stdin and stdout; its stderr goes to the
    runner's."""

    def __init__(self, command: str, timeout: float = 30.0) -> None:
        self.command = command
        self.timeout = timeout
        self.name = command
        try:
            self.process = subprocess.Popen(engine_argv(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True, encoding="utf-8", bufsize=1)
        except OSError as error:
            raise EngineError(f"cannot start the engine {command!r}: {error}") from error
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, name="engine-stdout", daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.strip():
                self._lines.put(line)
        self._lines.put(None)  # end of its output: it exited

    def ask(self, message: dict[str, Any], timeout: float) -> Any:
        """Write one line, read the engine's answer line.

        Raises:
            EngineError: it exited, said nothing within `timeout` seconds, or answered with no JSON.
        """
        self.tell(message)
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineError(f"the engine did not answer {message['type']} within {timeout:g} s") from None
        if line is None:
            raise EngineError(f"the engine exited (status {self.process.wait()}) instead of answering")
        try:
            return json.loads(line)
        except ValueError:
            raise EngineError(f"the engine's answer is not JSON: {line.strip()[:200]!r}") from None

    def tell(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(encode(message))
            self.process.stdin.flush()
        except (BrokenPipeError, ValueError) as error:
            raise EngineError(f"the engine exited (status {self.process.poll()})") from error

    def start(self, hello: dict[str, Any]) -> None:
        self.name = check_ready(self.ask(hello, max(self.timeout, HELLO_SECONDS)))

    def choose(self, decide: dict[str, Any]) -> Any:
        return self.ask(decide, self.timeout)

    def game_over(self, over: dict[str, Any]) -> None:
        self.tell(over)

    def close(self) -> None:
        """Close its stdin (its cue to exit), wait a little, then stop it."""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
        except BrokenPipeError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            print(f"trailhead-bot: the engine did not exit; stopping it (pid {self.process.pid})", file=sys.stderr)
            self.process.terminate()
            self.process.wait()


class RandomEngine:
    """The built-in `random` level: a uniform choice among the listed actions, and for a ranged
    action a uniform value of its range, from a seeded generator (the same seed, the same choices)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def start(self, hello: dict[str, Any]) -> None:
        pass

    def choose(self, decide: dict[str, Any]) -> Any:
        action = self.rng.choice(decide["actions"])
        if not action.get("ranges"):
            return {"type": "choose", "index": action["index"]}
        args = dict(action["args"])
        for path, span in sorted(action["ranges"].items()):
            if "." not in path:
                args[path] = self.rng.randrange(span["min"], span["max"] + 1, span["step"])
        return {"type": "choose", "command": {"type": action["type"], "args": args}}

    def game_over(self, over: dict[str, Any]) -> None:
        pass

    def close(self) -> None:
        pass


LEVELS = {"random": RandomEngine}



class EngineSet:
    """One engine per game type, started on the first game of its type and told that type's `hello`.

    The protocol's `hello` describes one game type, so a runner that meets several types (playing
    as a player, whose games may be of any type) starts the engine once for each.
    """

    def __init__(self, make: Callable[[], Engine], describe: Callable[[str], GameTypeDetail], runner: str) -> None:
        self.make = make
        self.describe = describe
        self.runner = runner
        self.started: dict[str, Engine] = {}

    def for_type(self, type_: str) -> Engine:
        """The engine of `type_`, started and greeted on first use.

        Raises:
            EngineError: it did not start, or did not answer its hello.
        """
        engine = self.started.get(type_)
        if engine is None:
            engine = self.started[type_] = self.make()
            engine.start(hello(self.runner, self.describe(type_)))
        return engine

    def names(self) -> list[str]:
        """The engines' names (from their `ready` lines), each once."""
        return list(dict.fromkeys(engine.name for engine in self.started.values()))

    def close(self) -> None:
        for engine in self.started.values():
            engine.close()
