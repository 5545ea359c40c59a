"""Event codec speed: decode and encode rates (events/s) on real events, before and after compiling.

    python bench/codec_speed.py             # 5 seeded games per game type, best of 7 timed passes
    python bench/codec_speed.py --quick     # 1 game per type, best of 3 passes (a few seconds)
    python bench/codec_speed.py --games 10 --repeat 9

Every registered game (`domain.games.GAMES`) is played to the end by `random` bots on
`domain.core.Table` with its minimum number of seats and the seeds `codec-speed-<n>`.
Its events are encoded once (`spec.events.encode`), then timed:

- decode: `spec.events.decode(type, data)` over all those encoded events (what a
  game rebuilt from its log costs per event), against the same call made with the
  former, per-value introspecting implementation (copied below, `old_*`);
- encode: `spec.events.encode(event)` (`to_plain`) over the events, against the
  former `to_plain`.

A rate is events / best pass time. Before timing, the script checks that both
implementations agree on every event: the decoded objects are equal (and equal to
the event that was played) and the canonical JSON of `to_plain` is the same bytes.
It exits with status 1 if they do not.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import functools
import sys
import time
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.core import (
    GameSpec,
    InvalidCommand,
    SeatConfig,
    Table,
    canonical_json,
    to_plain,
)
from domain.games import GAMES

# --- the former implementation of domain/core/codec.py, kept here for comparison only ---


def old_to_plain(value: Any) -> Any:
    """JSON-ready data for a dataclass, enum, tuple, mapping or scalar."""
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: old_to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [old_to_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): old_to_plain(item) for key, item in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"cannot encode {type(value).__name__} as game data")


@functools.cache
def _old_hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _old_type_name(hint: Any) -> str:
    return getattr(hint, "__name__", str(hint))


def old_from_plain(hint: Any, value: Any, path: str = "args") -> Any:
    """Check `value` against the type `hint` and convert it; raises InvalidCommand."""
    if hint is Any:
        return value
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return old_from_plain(option, value, path)
            except InvalidCommand as error:
                errors.append(error.reason)
        raise InvalidCommand(errors[0] if len(errors) == 1 else f"{path}: no allowed form matches {value!r}")
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        if value in allowed and type(value) in {type(a) for a in allowed}:
            return value
        raise InvalidCommand(f"{path}: must be one of {', '.join(map(repr, allowed))}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, (list, tuple)):
            raise InvalidCommand(f"{path}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(old_from_plain(args[0], item, f"{path}[{i}]") for i, item in enumerate(value))
        if len(value) != len(args):
            raise InvalidCommand(f"{path}: expected a list of {len(args)} items")
        return tuple(old_from_plain(a, item, f"{path}[{i}]") for i, (a, item) in enumerate(zip(args, value)))
    if origin in (dict, Mapping) or hint is dict:
        if not isinstance(value, Mapping):
            raise InvalidCommand(f"{path}: expected an object")
        item_hint = typing.get_args(hint)[1] if typing.get_args(hint) else Any
        return {str(k): old_from_plain(item_hint, v, f"{path}.{k}") for k, v in value.items()}
    if hint is type(None):
        if value is None:
            return None
        raise InvalidCommand(f"{path}: expected null")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError:
            allowed = ", ".join(repr(member.value) for member in hint)
            raise InvalidCommand(f"{path}: must be one of {allowed}") from None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return old_dataclass_from_plain(hint, value, path)
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise InvalidCommand(f"{path}: expected true or false")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise InvalidCommand(f"{path}: expected an integer")
    if hint is str:
        if isinstance(value, str):
            return value
        raise InvalidCommand(f"{path}: expected a string")
    raise TypeError(f"unsupported field type {_old_type_name(hint)} at {path}")


def old_dataclass_from_plain(cls: type, value: Any, path: str) -> Any:
    if not isinstance(value, Mapping):
        raise InvalidCommand(f"{path}: expected an object")
    hints = _old_hints(cls)
    known = {f.name: f for f in dataclasses.fields(cls) if f.init}
    unknown = sorted(set(value) - set(known))
    if unknown:
        raise InvalidCommand(f"{path}: unknown field {unknown[0]!r}")
    kwargs = {}
    for name, field in known.items():
        if name in value:
            kwargs[name] = old_from_plain(hints[name], value[name], f"{path}.{name}")
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise InvalidCommand(f"{path}: missing field {name!r}")
    return cls(**kwargs)


def old_codec(by_type: Mapping[str, type], kind: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The former `Codec.decode` and `Codec.encode` over the classes `by_type`."""

    def decode(type_name: Any, data: Any) -> Any:
        cls = by_type.get(type_name) if isinstance(type_name, str) else None
        if cls is None:
            raise InvalidCommand(f"unknown {kind} type {type_name!r}; known types: {', '.join(sorted(by_type))}")
        return old_dataclass_from_plain(cls, {} if data is None else data, "args" if kind == "command" else "data")

    def encode(message: Any) -> tuple[str, dict[str, Any]]:
        if by_type.get(message.TYPE) is not type(message):
            raise TypeError(f"{type(message).__name__} is not a registered {kind}")
        return message.TYPE, old_to_plain(message)

    return decode, encode


# --- the bench -------------------------------------------------------------------------


@dataclasses.dataclass
class GameEvents:
    """The events of a few seeded bot games of one game type, as played and as stored."""

    spec: GameSpec
    games: int
    events: list[Any]
    encoded: list[tuple[str, dict[str, Any]]]


def play(spec: GameSpec, seeds: Sequence[str]) -> GameEvents:
    events: list[Any] = []
    for seed in seeds:
        seats = [SeatConfig(name=f"p{i}", bot="random") for i in range(spec.min_seats)]
        table = Table(spec, spec.normalize_config(seats, {}), seed)
        table.play_bots(["random"] * spec.min_seats)
        events.extend(table.events)
    return GameEvents(spec, len(seeds), events, [spec.events.encode(event) for event in events])


def check(game: GameEvents) -> list[str]:
    """Where the old and new codecs disagree on this game's events (empty: nowhere)."""
    old_decode, old_encode = old_codec({e.TYPE: type(e) for e in game.events}, game.spec.events.kind)
    problems = []
    for index, (event, (type_name, data)) in enumerate(zip(game.events, game.encoded)):
        old_type, old_data = old_encode(event)
        if (old_type, canonical_json(old_data)) != (type_name, canonical_json(data)):
            problems.append(f"{game.spec.id} event {index} ({type_name}): to_plain differs")
        if canonical_json(old_to_plain(event)) != canonical_json(to_plain(event)):
            problems.append(f"{game.spec.id} event {index} ({type_name}): to_plain differs")
        new = game.spec.events.decode(type_name, data)
        old = old_decode(type_name, data)
        if not (new == old == event) or type(new) is not type(old):
            problems.append(f"{game.spec.id} event {index} ({type_name}): decode differs")
        if canonical_json(to_plain(new)) != canonical_json(old_to_plain(old)):
            problems.append(f"{game.spec.id} event {index} ({type_name}): re-encoding differs")
    return problems


def best_rate(run: Callable[[], None], count: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def measure(game: GameEvents, repeat: int) -> dict[str, tuple[float, float]]:
    """{"decode"|"encode": (old rate, new rate)} in events/s."""
    codec = game.spec.events
    old_decode, old_encode = old_codec({e.TYPE: type(e) for e in game.events}, codec.kind)
    encoded, events = game.encoded, game.events

    def decode_new() -> None:
        decode = codec.decode
        for type_name, data in encoded:
            decode(type_name, data)

    def decode_old() -> None:
        for type_name, data in encoded:
            old_decode(type_name, data)

    def encode_new() -> None:
        encode = codec.encode
        for event in events:
            encode(event)

    def encode_old() -> None:
        for event in events:
            old_encode(event)

    count = len(events)
    return {
        "decode": (best_rate(decode_old, count, repeat), best_rate(decode_new, count, repeat)),
        "encode": (best_rate(encode_old, count, repeat), best_rate(encode_new, count, repeat)),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="seeded bot games per game type (default 5)")
    parser.add_argument("--repeat", type=int, default=7, help="timed passes; the best counts (default 7)")
    parser.add_argument("--quick", action="store_true", help="1 game per type, 3 passes")
    args = parser.parse_args(argv)
    games, repeat = (1, 3) if args.quick else (args.games, args.repeat)

    played = [play(spec, [f"codec-speed-{n}" for n in range(games)]) for spec in GAMES]
    problems = [problem for game in played for problem in check(game)]
    total = sum(len(game.events) for game in played)
    if problems:
        print(f"old and new codecs DISAGREE ({len(problems)} problems):")
        for problem in problems[:20]:
            print("  " + problem)
        return 1
    print(f"checked {total} events: new decode == old decode == played event; to_plain JSON identical")
    print(f"{games} game(s) per type, random bots, best of {repeat} passes; rates in events/s\n")

    header = f"{'game':<18} {'events':>7}  {'decode old':>11} {'decode new':>11} {'x':>6}  "
    header += f"{'encode old':>11} {'encode new':>11} {'x':>6}"
    print(header)
    print("-" * len(header))
    totals = {"decode": [0.0, 0.0], "encode": [0.0, 0.0]}  # seconds per pass, summed over games
    for game in played:
        rates = measure(game, repeat)
        count = len(game.events)
        line = f"{game.spec.id:<18} {count:>7}"
        for kind in ("decode", "encode"):
            old, new = rates[kind]
            totals[kind][0] += count / old
            totals[kind][1] += count / new
            line += f"  {old:>11,.0f} {new:>11,.0f} {new / old:>5.1f}x"
        print(line)
    line = f"{'all':<18} {total:>7}"
    for kind in ("decode", "encode"):
        old_seconds, new_seconds = totals[kind]
        line += f"  {total / old_seconds:>11,.0f} {total / new_seconds:>11,.0f} {old_seconds / new_seconds:>5.1f}x"
    print("-" * len(header))
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
