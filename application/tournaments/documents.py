"""What the API shows of a tournament: built field by field from its folded state (docs/tournaments.md).

`entrants`, `rounds` with their tables and games (each game's service id, seats, places and scores once
resulted), `standings` as `domain.tournaments.standings` ranks them, the head of the chain, the seed's
commitment, and the seed itself once the tournament has finished (never before: it derives every game's seed).
"""

from __future__ import annotations

from typing import Any

from application.tournaments.stream import LoadedTournament, load
from domain.core import to_plain
from domain.tournaments import standings
from domain.tournaments.state import Status
from storage import Storage

LINK = "/api/v1/games/{}"


def games_of(loaded: LoadedTournament, round_: int, table: int, local: dict[int, str]) -> list[dict[str, Any]]:
    """The games of one table; `game_id` is the game's id here (an imported tournament's games have ids of their
    own, the GameLinked events name the originals)."""
    return [{"number": game.number, "game_id": local.get(game.number, game.game_id), "seats": list(game.seats),
             "seed_commitment": game.seed_commitment,
             "link": LINK.format(local.get(game.number, game.game_id)) if game.game_id else None,
             "status": "finished" if game.is_resulted else "playing" if game.game_id else "pairing",
             "places": list(game.places) if game.places is not None else None,
             "scores": list(game.scores) if game.scores is not None else None}
            for game in loaded.state.games if game.round == round_ and game.table == table]


def rounds_of(loaded: LoadedTournament, local: dict[int, str]) -> list[dict[str, Any]]:
    return [{"round": round_.round, "ended": round_.ended, "byes": list(round_.byes),
             "tables": [{"table": index, "entrants": list(entrants),
                         "games": games_of(loaded, round_.round, index, local)}
                        for index, entrants in enumerate(round_.tables, start=1)]}
            for round_ in loaded.state.rounds]


def summary(loaded: LoadedTournament) -> dict[str, Any]:
    """A tournament in a list: what it is and how far it has got."""
    created, record = loaded.state.created, loaded.record
    return {"id": record.id, "name": created.name, "type": created.game_type, "format": created.format,
            "status": record.status, "seats_per_game": created.seats_per_game, "entrant_count": len(loaded.state.entrants),
            "rounds_played": len(loaded.state.rounds), "starts_at": record.starts_at, "created_at": record.created_at,
            "updated_at": record.updated_at}


def listed(store: Storage, status: str | None) -> list[dict[str, Any]]:
    """The list of tournaments (GET /tournaments): from their rows in one read, which hold what `summary` shows;
    a row written before they did (migration 9) is folded."""
    rows = []
    for record in store.tournament_records(status):
        if record.seats_per_game is None or record.entrant_count is None or record.rounds_played is None:
            rows.append(summary(load(store, record.id)))
            continue
        rows.append({"id": record.id, "name": record.name, "type": record.game_type, "format": record.format,
                     "status": record.status, "seats_per_game": record.seats_per_game,
                     "entrant_count": record.entrant_count, "rounds_played": record.rounds_played,
                     "starts_at": record.starts_at, "created_at": record.created_at, "updated_at": record.updated_at})
    return rows


def tournament_body(store: Storage, loaded: LoadedTournament) -> dict[str, Any]:
    """The whole tournament as anyone may read it (GET /tournaments/{id})."""
    state, created = loaded.state, loaded.state.created
    body = {
        **summary(loaded),
        "rounds_to_play": state.rounds_to_play if state.status is not Status.OPEN else created.rounds,
        "duration_minutes": created.duration_minutes,
        "duplicate": created.duplicate,
        "options": dict(created.options),
        "time_control": {name: value for name, value in to_plain(created.time_control).items() if value is not None},
        "open": created.open,
        "creator": created.creator,
        "lower_score_wins": created.lower_score_wins,
        "rules_version": created.rules_version,
        "version": loaded.version,
        "head_hash": loaded.head_hash,
        "seed_commitment": created.seed_commitment,
        "entrants": [{"entrant": e.entrant, "name": e.name, "player": e.player, "bot": e.bot,
                      "withdrawn": e.entrant in state.withdrawn} for e in state.entrants],
        "order": list(state.order),
        "rounds": rounds_of(loaded, store.tournament_game_ids(loaded.record.id)),
        "standings": standings(state),
    }
    if state.status is Status.FINISHED:
        body["seed"] = store.tournament_seed(loaded.record.id)
    return body
