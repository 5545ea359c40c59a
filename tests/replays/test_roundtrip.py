"""Every registered game: export, import, verify; replay at every N equals the incremental fold."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.games import GAMES
from replays.audit import audit
from replays.log import log_from_store
from replays.rebuild import state_after
from replays.transfer import export_document, import_document

from .conftest import REGISTRY, finished_bot_game, open_games


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.id)
def test_an_exported_game_imports_verifies_and_keeps_its_state_and_hashes(spec, database: str,
                                                                         new_database: Callable[[str], str]) -> None:
    here = open_games(database)
    game_id = finished_bot_game(here, spec.id, "round-trip")
    source = log_from_store(here.store, game_id, reveal_seed=True)
    assert audit(source, REGISTRY).ok
    document = export_document(here.store, source, game_id)

    there = open_games(new_database("there"))
    imported_id, new = import_document(there.store, document, REGISTRY)
    assert new and imported_id != game_id
    copy = log_from_store(there.store, imported_id, reveal_seed=True)
    report = audit(copy, REGISTRY, expected_head=document["head_hash"])
    assert report.ok, report.failure
    assert [e.hash for e in copy.events] == [e.hash for e in source.events]
    assert there.load(imported_id).state == here.load(game_id).state
    assert there.record(imported_id).original_id == game_id
    assert import_document(there.store, document, REGISTRY) == (imported_id, False)


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.id)
def test_replay_at_every_event_equals_the_incremental_fold(spec, database: str) -> None:
    games = open_games(database)
    game_id = finished_bot_game(games, spec.id, "every-n")
    events = games.store.events(game_id)
    state = None
    for n, stored in enumerate(events, start=1):
        state = spec.evolve(state, spec.events.decode(stored.type, stored.data))
        assert state_after(spec, events, n) == state, f"replay differs after event {n}"
