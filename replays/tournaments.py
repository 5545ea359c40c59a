"""A tournament's audit, export and import (issue 30; docs/tournaments.md, Audit).

The audit checks, in order: the hash chain of the tournament's stream; the domain's re-derivation
(`domain.tournaments.audit.problems`: the seed against its commitment, then every start, pairing, bye, game seed
commitment, round end and finish re-run through `decide`), run with the secret seed by the server while the
tournament runs and by anyone from the revealed seed once it has finished; every linked game's
`GameCreated.seed_commitment` against its `TableGame`'s; every linked game audited whole (replays/audit.py) and
its own result against the tournament's `GameResulted`; and the standings recomputed from the games' own results.
A tampered result is found twice: the chain breaks, and the game's result disagrees.

The export is the tournament's stream (with its seed once finished) and the replay documents of its finished
games; POST /replays imports such a document: its games first (each verified as any replay), then the stream,
audited against them, under its own id.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from application.chain import GENESIS_HASH, text_hash
from application.game import FoldedGame, fold
from application.tournaments.stream import LoadedTournament, decoded, load
from domain.core import GameSpec, canonical_json
from domain.tournaments import audit as rules_audit
from domain.tournaments import fold_tournament, standings
from domain.tournaments.events import GameResulted
from domain.tournaments.state import Status
from replays.audit import audit as game_audit
from replays.log import log_from_store
from replays.transfer import ImportRefused, import_document
from replays.audit import Failure
from storage import FINISHED, Storage, TournamentEventRow, TournamentRecord

FORMAT = "trailhead-tournament"


def chain_problems(rows: list[TournamentEventRow]) -> list[str]:
    found, prev = [], GENESIS_HASH
    for row in rows:
        if row.prev_hash != prev:
            found.append(f"event {row.seq}: its prev_hash is not the hash before it")
        if text_hash(row.prev_hash, row.seq, row.type, row.data_text, None, None) != row.hash:
            found.append(f"event {row.seq} ({row.type}): its hash does not match its content")
        prev = row.hash
    return found


def game_result(store: Storage, registry: Callable[[str], GameSpec], game_id: str) -> tuple[tuple[int, ...], ...] | None:
    """A finished game's own (places, scores) by seat, folded from its log; None while it runs."""
    record = store.game(game_id)
    if record is None or record.status != FINISHED:
        return None
    spec = registry(record.type)
    folded = fold(FoldedGame(spec), store.event_texts(game_id), timed=False)
    result = spec.result(folded.state)
    if result is None:
        return None
    rows = sorted(result["standings"], key=lambda row: row["seat"])
    return tuple(int(r["place"]) for r in rows), tuple(int(r.get("score") or 0) for r in rows)


def tournament_audit(store: Storage, registry: Callable[[str], GameSpec], tournament_id: str) -> dict[str, Any]:
    """The audit's report: `ok`, each check's outcome, and every problem found, one sentence each."""
    loaded = load(store, tournament_id)
    rows = list(loaded.rows)
    checks: dict[str, str] = {}
    problems: list[str] = []

    def check(name: str, found: list[str]) -> None:
        checks[name] = "failed" if found else "ok"
        problems.extend(found)

    check("chain", chain_problems(rows))
    events = decoded(rows)
    check("rederivation", rules_audit.problems(events, store.tournament_seed(tournament_id)))
    seeds, games, results, recounted = [], [], [], list(events)
    local = store.tournament_game_ids(tournament_id)  # an imported tournament's games are stored under new ids
    for game in loaded.state.games:
        if game.game_id is None:
            continue
        game_id = local.get(game.number, game.game_id)
        record = store.game(game_id)
        if record is None:
            seeds.append(f"game {game.number}: its game {game_id} is not stored")
            continue
        if record.seed_commitment != game.seed_commitment:
            seeds.append(f"game {game.number}: GameCreated's seed commitment is not the pairing's")
        report = game_audit(log_from_store(store, game_id), registry)
        if not report.ok and report.failure is not None:
            games.append(f"game {game.number}: its audit fails the {report.failure.check} check: {report.failure.reason}")
        own = game_result(store, registry, game_id)
        if game.is_resulted and own is not None and (game.places, game.scores) != own:
            results.append(f"game {game.number}: GameResulted says places {list(game.places or ())}, scores "
                           f"{list(game.scores or ())}; the game's own result is places {list(own[0])}, scores "
                           f"{list(own[1])}")
            recounted = [GameResulted(number=e.number, places=own[0], scores=own[1])
                         if isinstance(e, GameResulted) and e.number == game.number else e for e in recounted]
    check("game_seeds", seeds)
    check("games", games)
    check("results", results)
    recomputed = standings(fold_tournament(recounted))  # type: ignore[arg-type]
    check("standings", [] if recomputed == standings(loaded.state) else
          ["the standings recomputed from the games' own results differ from the recorded ones"])
    finished = loaded.state.status is Status.FINISHED
    notes = [] if finished else ["the tournament runs: its seed is secret, so the re-derivation was run by the "
                                 "server; anyone can run it from the revealed seed once it has finished"]
    return {"id": tournament_id, "ok": not problems, "status": "ok" if not problems else "failed",
            "events": len(rows), "head_hash": loaded.head_hash, "checks": checks, "problems": problems,
            "notes": notes, "standings": recomputed}


def export_tournament(store: Storage, tournament_id: str, game_document: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """The tournament's portable document: its stream, its seed once finished, its finished games' documents."""
    loaded = load(store, tournament_id)
    finished = loaded.state.status is Status.FINISHED
    local = store.tournament_game_ids(tournament_id)
    return {
        "format": FORMAT, "format_version": 1, "tournament_id": tournament_id,
        "version": loaded.version, "head_hash": loaded.head_hash,
        "seed": store.tournament_seed(tournament_id) if finished else None,
        "events": [{"seq": r.seq, "type": r.type, "data": json.loads(r.data_text),
                    "prev_hash": r.prev_hash, "hash": r.hash} for r in loaded.rows],
        "games": [game_document(local.get(game.number, game.game_id)) for game in loaded.state.games
                  if game.game_id is not None and game.is_resulted],
    }


def import_tournament(store: Storage, document: dict[str, Any],
                      registry: Callable[[str], GameSpec]) -> tuple[str, bool]:
    """Store a finished tournament's document: its games imported as replays, then its stream under its own id
    with its games linked to their local copies. Returns its id and whether it is new.

    Raises:
        ImportRefused: a game does not verify, or the stream does not (chain, re-derivation, results).
    """
    rows = [TournamentEventRow(document["tournament_id"], e["seq"], e["type"], canonical_json(e["data"]),
                               e["prev_hash"], e["hash"]) for e in document["events"]]
    seed = document.get("seed")
    found = chain_problems(rows)
    events = decoded(rows) if not found else []
    if seed is None:
        found.append("only a finished tournament can be imported: its seed is revealed at the end")
    elif not found:
        found += rules_audit.problems(events, seed)
    state = fold_tournament(events) if events else None  # type: ignore[arg-type]
    if not found and (state is None or state.status is not Status.FINISHED):
        found.append("the tournament has not finished")
    if found:
        raise ImportRefused(Failure(None, "tournament", found[0]))
    assert state is not None and seed is not None
    tournament_id = document["tournament_id"]
    existing = store.tournament(tournament_id)
    if existing is not None:
        if existing.head_hash == rows[-1].hash:
            return tournament_id, False
        raise ImportRefused(Failure(None, "tournament", "another tournament with this id is stored here"))
    local: dict[str, str] = {}
    for game in document.get("games", []):
        local[game["game_id"]] = import_document(store, game, registry)[0]
    links = []
    for game in state.games:
        if game.game_id not in local:
            raise ImportRefused(Failure(None, "tournament", f"game {game.number}'s replay is not in the document"))
        own = game_result(store, registry, local[game.game_id])
        if own != (game.places, game.scores):
            raise ImportRefused(Failure(None, "tournament", f"game {game.number}'s result is not its GameResulted"))
        links.append((local[game.game_id], game.number))
    created = state.created
    record = TournamentRecord(tournament_id, created.game_type, created.format, created.name, state.status.value,
                              rows[-1].seq, rows[-1].hash, created.seed_commitment,
                              seats_per_game=created.seats_per_game, entrant_count=len(state.entrants),
                              rounds_played=len(state.rounds))
    store.create_tournament(record, seed, None, rows, links)
    return tournament_id, True
