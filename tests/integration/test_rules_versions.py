"""A game keeps the rules version it was created under (DESIGN.md: determinism; issue 17).

When a game type's rules change, its `rules_version` goes up and new games are played under
the new version; a game recorded under an older version that the code still plays
(`oldest_rules_version`) goes on, audits, exports, imports and forks under its own version.
A version the code no longer plays is refused in words, never re-derived with other rules.
These tests bump the toy game's version on a real database.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from application.handler import GameService, RulesVersionMismatch, StateCache
from application.settings import registry_of
from domain.core import InvalidCommand, SeatConfig
from replays.audit import audit
from replays.fork import fork_game
from replays.log import log_from_store
from replays.transfer import export_document, import_document
from storage import open_storage
from support.toy import SPEC as TOY

TOY_2 = dataclasses.replace(TOY, rules_version=2)  # plays 1 and 2; new games under 2
TOY_3 = dataclasses.replace(TOY, rules_version=3, oldest_rules_version=2)  # has dropped 1


def service(database: Path, spec: object) -> GameService:
    store = open_storage(str(database))
    store.migrate()
    return GameService(store, registry_of((spec,)), StateCache(), client_seeds="exact")  # type: ignore[arg-type]


def play_to_end(games: GameService, game_id: str) -> None:
    game = games.load(game_id)
    while not game.finished:
        seat = min(game.spec.to_act(game.state))
        command = game.spec.legal_commands(game.state, seat)[0]
        games.submit(game_id, seat, *game.spec.commands.encode(command))
        game = games.load(game_id)


def test_a_game_keeps_its_rules_version_when_the_rules_move_on(tmp_path: Path) -> None:
    database = tmp_path / "trailhead.sqlite"
    before = service(database, TOY)
    old = before.create("toy", [SeatConfig(name="ann"), SeatConfig(name="bob")], seed="s").game.record.id
    before.store.close()

    after = service(database, TOY_2)
    assert after.load(old).record.rules_version == 1
    play_to_end(after, old)  # the old game goes on under the new code
    report = audit(log_from_store(after.store, old), after.registry)
    assert report.ok, report
    fresh = after.create("toy", [SeatConfig(name="ann"), SeatConfig(name="bob")], seed="t").game
    assert fresh.record.rules_version == 2 and fresh.state is not None

    fork = fork_game(after, old, 3).game
    assert fork.record.rules_version == 1  # a what-if game keeps its source's rules
    document = export_document(after.store, log_from_store(after.store, old, reveal_seed=True), old)
    assert document["rules_version"] == 1
    after.store.close()
    elsewhere = service(tmp_path / "elsewhere.sqlite", TOY_2)
    imported, new = import_document(elsewhere.store, document, elsewhere.registry)
    assert new and elsewhere.load(imported).record.rules_version == 1
    assert audit(log_from_store(elsewhere.store, imported), elsewhere.registry).ok
    elsewhere.store.close()


def test_a_rules_version_no_longer_played_is_refused_in_words(tmp_path: Path) -> None:
    database = tmp_path / "trailhead.sqlite"
    before = service(database, TOY)
    old = before.create("toy", [SeatConfig(name="ann"), SeatConfig(name="bob")], seed="s").game.record.id
    before.store.close()

    after = service(database, TOY_3)
    with pytest.raises(RulesVersionMismatch, match="recorded under rules_version 1; the server plays 2, 3"):
        after.submit(old, 0, "Bid", {"amount": 1})
    report = audit(log_from_store(after.store, old), after.registry)
    assert report.failure is not None and report.failure.check == "rules_version"
    assert "this code plays 2, 3" in report.failure.reason
    with pytest.raises(InvalidCommand, match="played under rules_version 2, 3, not 1"):
        TOY_3.normalize_config([SeatConfig(name="ann"), SeatConfig(name="bob")], {}, rules_version=1)
    after.store.close()


def test_a_game_type_lists_every_rules_version_it_plays() -> None:
    from application.game_types import described, game_type

    assert (game_type(TOY_2)["rules_version"], game_type(TOY_2)["rules_versions"]) == (2, [1, 2])
    assert game_type(TOY_3)["rules_versions"] == [2, 3]
    assert described(TOY_3).body["rules_versions"] == [2, 3]


TOY_OPTION = dataclasses.replace(TOY_2, options_schema={  # version 2 brings a table option version 1 lacks
    **TOY.options_schema,
    "properties": {**TOY.options_schema["properties"],
                   "wild": {"type": "boolean", "default": False, "x-since-rules-version": 2}},
})


def test_an_option_a_later_rules_version_brings_is_neither_taken_nor_recorded_by_older_games(tmp_path: Path) -> None:
    """An option listed with `x-since-rules-version` exists from that version: a game of an older version records
    its GameCreated as that version wrote it (no new key: its hash chain, audit and golden logs stay the same),
    and asking an older version for the option is refused in words (issue 27: the books' readings as options)."""
    seats = [SeatConfig(name="ann"), SeatConfig(name="bob")]
    assert TOY_OPTION.normalize_config(seats, {}).options == {"pile": 7, "wild": False}
    assert TOY_OPTION.normalize_config(seats, {}, rules_version=1).options == {"pile": 7}
    with pytest.raises(InvalidCommand, match="options.wild: a table option from rules version 2 on; this game is played under version 1"):
        TOY_OPTION.normalize_config(seats, {"wild": True}, rules_version=1)
    database = tmp_path / "trailhead.sqlite"
    before = service(database, TOY)
    old = before.create("toy", seats, seed="s").game.record.id
    play_to_end(before, old)
    before.store.close()
    after = service(database, TOY_OPTION)
    fork = fork_game(after, old, 3).game
    assert fork.record.rules_version == 1 and fork.record.options == {"pile": 7}
    assert audit(log_from_store(after.store, old), after.registry).ok
    after.store.close()
