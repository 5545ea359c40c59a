"""Golden event logs: today's code plays the games recorded by release 0.1 and writes the same bytes.

Two checks per recorded game (tests/golden/record.py lists them: every type, seat count and
option variant, with mixed and random bots):
- the recorded commands, re-run through the command cycle under the rules version they were
  recorded with, give exactly the recorded events (type, canonical data, seat, command id,
  visibility, prev_hash, hash): every version a game type still plays keeps its logs;
- the bots, playing from the same seed, choose exactly the recorded commands: for the logs of a
  type's current rules version (a rules change may teach the bots new choices; the older logs
  keep their events by the first check).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from domain.core import SeatConfig, Table, canonical_json
from domain.games import game_spec
from application.chain import GENESIS_HASH, chain_each

LOGS = Path(__file__).resolve().parent / "logs"
CASES = sorted(path.name.removesuffix(".jsonl.gz") for path in LOGS.glob("*.jsonl.gz"))


def recorded(name: str) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    game, commands, events = {}, [], []
    with gzip.open(LOGS / f"{name}.jsonl.gz", "rt", encoding="utf-8") as lines:
        for line in lines:
            item = json.loads(line)
            if "game" in item:
                game = item["game"]
            elif "command" in item:
                commands.append(item["command"])
            else:
                events.append(item["event"])
    return game, commands, events


def envelope_lines(events: list[dict[str, Any]]) -> list[str]:
    return [canonical_json(event) for event in events]


def table_of(game: dict[str, Any]) -> Table:
    spec = game_spec(game["type"])
    config = spec.normalize_config([SeatConfig(**seat) for seat in game["seats"]], game["options"],
                                   game["rules_version"])
    return Table(spec, config, seed=game["seed"], game_id=game["game_id"])


def chained(table: Table, origins: list[tuple[int | None, str | None]]) -> list[dict[str, Any]]:
    stored = chain_each(table.spec, table.events[0].game_id, table.seed, table.events, 1, GENESIS_HASH, origins)
    return [
        {"seq": e.seq, "type": e.type, "data": json.loads(e.data_text), "seat": e.seat, "command_id": e.command_id,
         "visibility": e.visibility if e.visibility == "public" else list(e.visibility),
         "prev_hash": e.prev_hash, "hash": e.hash}
        for e in stored
    ]


def current(name: str) -> bool:
    game = recorded(name)[0]
    return bool(game["rules_version"] == game_spec(game["type"]).rules_version)


CURRENT = [name for name in CASES if current(name)]


def test_every_game_type_and_seat_count_is_recorded_under_every_rules_version() -> None:
    from domain.games import GAMES

    recorded_triples = {(game["type"], game["rules_version"], len(game["seats"]))
                        for game in (recorded(name)[0] for name in CASES)}
    assert recorded_triples == {(spec.id, version, n) for spec in GAMES for version in spec.rules_versions
                                for n in range(spec.min_seats, spec.max_seats + 1)}


@pytest.mark.parametrize("name", CASES)
def test_recorded_commands_give_the_recorded_events(name: str) -> None:
    game, commands, events = recorded(name)
    table = table_of(game)
    origins: list[tuple[int | None, str | None]] = [(None, None)] * len(table.events)
    for command in commands:
        assert table.version == command["expected_version"]
        decoded = table.spec.commands.decode(command["type"], command["args"])
        new = table.submit(command["seat"], decoded)
        origins += [(command["seat"], command["command_id"])] * len(new)
    assert table.spec.result(table.state) == game["result"]
    assert envelope_lines(chained(table, origins)) == envelope_lines(events)


@pytest.mark.parametrize("name", CURRENT)
def test_bots_choose_the_recorded_commands(name: str) -> None:
    game, commands, _ = recorded(name)
    table = table_of(game)
    for command in commands:
        seat = min(table.spec.to_act(table.state))
        chosen = table.bot_command(seat, game["seats"][seat]["bot"])
        assert (seat, *table.spec.commands.encode(chosen)) == (command["seat"], command["type"], command["args"])
        table.submit(seat, chosen)
    assert table.finished
