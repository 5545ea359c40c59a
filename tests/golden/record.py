"""Record the golden event logs: seeded bots-only games of every type, seat count and option variant.

Run once on release 0.1 (commit da97a69) to make `logs/`; `test_golden.py` plays the same
games with the code of today and compares every event byte for byte (type, data, seat,
command id, visibility, hashes). Re-record only with a `rules_version` bump, never to make
a failing golden test pass. A type's logs are named for their rules version from version 2 on
(`hike-2-mixed-r2.jsonl.gz`); recording after a bump adds the new version's logs beside the old
ones, which stay (the game type still plays them):

    .venv/bin/python tests/golden/record.py [TYPE ...]
"""

from __future__ import annotations

import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
LOGS = Path(__file__).resolve().parent / "logs"


LINEUPS = ("mixed", "random")


def cases() -> Iterator[tuple[str, int, dict[str, Any], str]]:
    """(type, seats, options, lineup): every seat count at default options, each option variant at the
    fewest seats; each with the game's bot levels taking the seats in turn ("mixed") and with random bots."""
    from domain.games import GAMES

    for spec in GAMES:
        variants = [(seats, {}) for seats in range(spec.min_seats, spec.max_seats + 1)]
        for name, rule in sorted(spec.options_schema.get("properties", {}).items()):
            if rule.get("type") == "boolean":
                variants.append((spec.min_seats, {name: not rule.get("default", False)}))
            for value in rule.get("enum", []):
                if value != rule.get("default"):
                    variants.append((spec.min_seats, {name: value}))
        for seats, options in variants:
            for lineup in LINEUPS:
                yield spec.id, seats, options, lineup


def case_name(type_: str, seats: int, options: dict[str, Any], lineup: str, rules_version: int = 1) -> str:
    suffix = "".join(f"-{key}={value}" for key, value in sorted(options.items()))
    version = f"-r{rules_version}" if rules_version > 1 else ""
    return f"{type_}-{seats}{suffix}-{lineup}{version}"


def levels_for(bots: list[str], lineup: str) -> list[str]:
    return bots if lineup == "mixed" else ["random"]


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from domain.core import SeatConfig, Table
    from domain.core.seating import hand_written_levels
    from domain.games import game_spec
    from application.chain import GENESIS_HASH, chain_each

    LOGS.mkdir(exist_ok=True)
    only = set(sys.argv[1:])
    for type_, seats, options, lineup in cases():
        if only and type_ not in only:
            continue
        spec = game_spec(type_)
        name = case_name(type_, seats, options, lineup, spec.rules_version)
        levels = levels_for(hand_written_levels(spec), lineup)
        config = spec.normalize_config(
            [SeatConfig(name=f"seat{i}", bot=levels[i % len(levels)]) for i in range(seats)], options
        )
        table = Table(spec, config, seed=f"golden/{name}", game_id=f"golden-{name}")
        origins: list[tuple[int | None, str | None]] = [(None, None)] * len(table.events)
        commands = []
        while not table.finished:
            seat = min(spec.to_act(table.state))
            command = table.bot_command(seat, config.seats[seat].bot)
            command_type, args = spec.commands.encode(command)
            command_id = f"c{table.version}"
            new = table.submit(seat, command)
            origins += [(seat, command_id)] * len(new)
            commands.append({"seat": seat, "command_id": command_id, "type": command_type, "args": args,
                             "expected_version": table.version - len(new)})
        stored = chain_each(spec, table.events[0].game_id, table.seed, table.events, 1, GENESIS_HASH, origins)
        header = {"type": type_, "seats": [{"name": s.name, "bot": s.bot} for s in config.seats],
                  "options": dict(config.options), "seed": table.seed, "game_id": table.events[0].game_id,
                  "rules_version": spec.rules_version, "result": spec.result(table.state)}
        lines = [json.dumps({"game": header}, sort_keys=True)]
        lines += [json.dumps({"command": c}, sort_keys=True, separators=(",", ":")) for c in commands]
        for e in stored:
            lines.append(json.dumps({"event": {
                "seq": e.seq, "type": e.type, "data": e.data, "seat": e.seat, "command_id": e.command_id,
                "visibility": e.visibility if e.visibility == "public" else list(e.visibility),
                "prev_hash": e.prev_hash, "hash": e.hash}}, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
        with gzip.GzipFile(LOGS / f"{name}.jsonl.gz", "wb", mtime=0) as out:
            out.write(("\n".join(lines) + "\n").encode())
        print(f"{name}: {len(stored)} events, {len(commands)} commands")


if __name__ == "__main__":
    main()
