"""Points, tie-breaks and standings, recomputed from the games' results alone (docs/tournaments.md, Scoring).

A *scored unit* is one game, or in a duplicate tournament one set: the games of one table in one round, one
per rotation of the seats, counted once all of them have their result. In a unit:

- **points**: 1 for the first place, 0 otherwise; seats sharing the first place share the point evenly, so
  the points of a tournament add up to its number of units plus its byes (a bye is a won unit);
- **place score**: `(n - place) / (n - 1)` for n seats, tied seats averaging the places they span (1 for a
  lone first, 0 for a lone last; a bye scores 1);
- **game score**: the seat's final score in the game's own counting.

A set ranks its entrants by the points they made in its games (ties share a place) and gives its one point
to its first place, shared when tied; its place score is the mean of the entrant's place scores in its
games, its game score their sum. Exact fractions throughout; the standings show them as floats.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import msgspec

from domain.tournaments.state import GameRecord, TournamentState


class Unit(msgspec.Struct, frozen=True, kw_only=True):
    """One scored game or set: its entrants and, by entrant index, their place, points, place score, score."""

    entrants: tuple[str, ...]
    places: tuple[int, ...]
    points: tuple[Fraction, ...]
    place_scores: tuple[Fraction, ...]
    scores: tuple[int, ...]


def place_score(place: int, tied: int, seats: int) -> Fraction:
    """`(n - place) / (n - 1)` averaged over the `tied` places that seats sharing `place` span."""
    if seats < 2:
        return Fraction(1)
    return sum((Fraction(seats - p, seats - 1) for p in range(place, place + tied)), Fraction(0)) / tied


def first_place_points(places: Sequence[int]) -> tuple[Fraction, ...]:
    """1 for the first place, split evenly among the seats that share it; 0 for the others."""
    firsts = sum(1 for place in places if place == 1)
    return tuple(Fraction(1, firsts) if place == 1 else Fraction(0) for place in places)


def ranked_places(values: Sequence[Fraction]) -> tuple[int, ...]:
    """Places by `values`, highest first, ties sharing a place (1, 1, 3)."""
    return tuple(1 + sum(1 for other in values if other > value) for value in values)


def game_unit(game: GameRecord) -> Unit:
    assert game.places is not None and game.scores is not None
    n = len(game.places)
    return Unit(entrants=game.seats, places=game.places, points=first_place_points(game.places),
                place_scores=tuple(place_score(p, game.places.count(p), n) for p in game.places),
                scores=game.scores)


def set_unit(games: Sequence[GameRecord]) -> Unit:
    """A duplicate set from its games (every rotation of one table, all resulted)."""
    entrants = tuple(sorted(games[0].seats))
    per_game = [game_unit(game) for game in games]

    def total(entrant: str, field: str) -> list[Any]:
        return [getattr(unit, field)[unit.entrants.index(entrant)] for unit in per_game]

    made = [sum(total(e, "points"), Fraction(0)) for e in entrants]
    places = ranked_places(made)
    return Unit(entrants=entrants, places=places, points=first_place_points(places),
                place_scores=tuple(sum(total(e, "place_scores"), Fraction(0)) / len(games) for e in entrants),
                scores=tuple(sum(total(e, "scores")) for e in entrants))


def units(state: TournamentState) -> tuple[Unit, ...]:
    """The tournament's scored units, in game-number order (a set at its first game)."""
    if not state.created.duplicate:
        return tuple(game_unit(game) for game in state.games if game.is_resulted)
    tables: dict[tuple[int, int], list[GameRecord]] = defaultdict(list)
    for game in state.games:
        tables[(game.round, game.table)].append(game)
    done = [games for games in tables.values() if all(game.is_resulted for game in games)]
    return tuple(set_unit(games) for games in sorted(done, key=lambda games: games[0].number))


def byes(state: TournamentState) -> tuple[str, ...]:
    return tuple(entrant for round_ in state.rounds for entrant in round_.byes)


def points(state: TournamentState) -> dict[str, Fraction]:
    """Every entrant's points (exact), withdrawn ones included, in the starting order."""
    totals = {entrant: Fraction(0) for entrant in (state.order or state.entrant_ids)}
    for unit in units(state):
        for entrant, got in zip(unit.entrants, unit.points, strict=True):
            totals[entrant] += got
    for entrant in byes(state):
        totals[entrant] += 1
    return totals


def tiebreak_names(state: TournamentState) -> tuple[str, ...]:
    """The tie-breaks in the order they apply: the mean place score first for tables of more than two seats;
    then Buchholz for Swiss, head-to-head and the total game score for a round robin, the total game score
    for an arena."""
    first = ("mean_place",) if state.created.seats_per_game > 2 else ()
    rest = {"swiss": ("buchholz",), "round_robin": ("head_to_head", "game_score"), "arena": ("game_score",)}
    return (*first, *rest[state.created.format])


def standings(state: TournamentState) -> list[dict[str, Any]]:
    """`[{place, entrant, points, tiebreaks: [{name, value}], games, byes, withdrawn}]`, best first.

    Sorted by points, then each tie-break in turn (higher first; the game score lower first when the game
    type's lower score wins), then the starting order. Entrants equal on all of them share a place.
    - mean_place: the mean place score over the entrant's units and byes;
    - buchholz: the sum of the current points of every opponent in every unit (a bye adds nothing);
    - head_to_head: among the entrants still tied on points and the tie-breaks before it, the entrant's
      results in the units it shared with them: 1 for each it placed ahead of, a half for each it tied with;
    - game_score: the sum of the entrant's game scores.
    """
    order = list(state.order or state.entrant_ids)
    done = units(state)
    totals = points(state)
    byes_of = byes(state)
    stats: dict[str, dict[str, Any]] = {
        e: {"games": 0, "place_scores": Fraction(0), "buchholz": Fraction(0), "game_score": 0} for e in order}
    for unit in done:
        for i, entrant in enumerate(unit.entrants):
            row = stats[entrant]
            row["games"] += 1
            row["place_scores"] += unit.place_scores[i]
            row["game_score"] += unit.scores[i]
            row["buchholz"] += sum((totals[other] for other in unit.entrants if other != entrant), Fraction(0))
    names = tiebreak_names(state)
    values: dict[str, dict[str, Fraction | int]] = {}
    for entrant in order:
        row, counted = stats[entrant], stats[entrant]["games"] + byes_of.count(entrant)
        values[entrant] = {
            "mean_place": (row["place_scores"] + byes_of.count(entrant)) / counted if counted else Fraction(0),
            "buchholz": row["buchholz"], "game_score": row["game_score"], "head_to_head": Fraction(0)}
    sign = -1 if state.created.lower_score_wins else 1

    def key(entrant: str, upto: int) -> tuple[Any, ...]:
        parts: list[Any] = [-totals[entrant]]
        for name in names[:upto]:
            parts.append(-sign * values[entrant][name] if name == "game_score" else -values[entrant][name])
        return tuple(parts)

    if "head_to_head" in names:
        at = names.index("head_to_head")
        groups: dict[tuple[Any, ...], list[str]] = defaultdict(list)
        for entrant in order:
            groups[key(entrant, at)].append(entrant)
        for group in groups.values():
            if len(group) > 1:
                for entrant in group:
                    values[entrant]["head_to_head"] = head_to_head(entrant, group, done)
    ranked = sorted(order, key=lambda e: (key(e, len(names)), order.index(e)))
    rows = []
    for index, entrant in enumerate(ranked):
        shared = index and key(ranked[index - 1], len(names)) == key(entrant, len(names))
        rows.append({
            "place": rows[-1]["place"] if shared else index + 1,
            "entrant": entrant,
            "points": float(totals[entrant]),
            "tiebreaks": [{"name": name, "value": float(values[entrant][name])} for name in names],
            "games": stats[entrant]["games"],
            "byes": byes_of.count(entrant),
            "withdrawn": entrant in state.withdrawn,
        })
    return rows


def head_to_head(entrant: str, group: Sequence[str], done: Sequence[Unit]) -> Fraction:
    """In the units `entrant` shared with others of `group`: 1 for each it placed ahead of, a half a tie."""
    got = Fraction(0)
    for unit in done:
        if entrant not in unit.entrants:
            continue
        mine = unit.places[unit.entrants.index(entrant)]
        for other, place in zip(unit.entrants, unit.places, strict=True):
            if other != entrant and other in group:
                got += 1 if mine < place else Fraction(1, 2) if mine == place else 0
    return got
