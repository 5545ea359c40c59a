"""The arena's standings: per player games, wins, mean place and score, an OpenSkill rating with its interval,
takeovers by reason, and the pairwise win matrix.

The ratings are the service's (application/ratings.py: OpenSkill's Plackett-Luce with the library's
defaults, each seat's place as its rank, equal places tied), the games rated in the schedule's order
so that a run gives the same ratings whatever the number of processes. A solo game rates nobody.
"""

from __future__ import annotations

import statistics
from typing import Any

from application.ratings import rate_game
from arena.engines import REASONS
from arena.play import Arena, Outcome
from storage import Rating

Z95 = 1.959964  # the interval: mu -+ 1.96 sigma, 95% under the model's normal belief


def standings(arena: Arena, outcomes: list[Outcome]) -> dict[str, Any]:
    """The run summed up, as `--json` prints it (the table is drawn from the same)."""
    labels = [player.label for player in arena.players]
    ratings: dict[str, Rating] = {}
    beat = {a: {b: 0 for b in labels if b != a} for a in labels}
    met = {a: {b: 0 for b in labels if b != a} for a in labels}
    places: dict[str, list[int]] = {label: [] for label in labels}
    scores: dict[str, list[int]] = {label: [] for label in labels}
    wins = dict.fromkeys(labels, 0)
    asked = dict.fromkeys(labels, 0)
    taken = {label: dict.fromkeys(REASONS, 0) for label in labels}
    for outcome in outcomes:
        seated = [labels[index] for index in outcome.job.seating]
        first = min(outcome.places)
        sole = outcome.places.count(first) == 1
        for seat, label in enumerate(seated):
            places[label].append(outcome.places[seat])
            scores[label].append(outcome.scores[seat])
            wins[label] += outcome.places[seat] == first and sole
            asked[label] += outcome.decisions[seat]
            for reason, count in outcome.takeovers[seat].items():
                taken[label][reason] += count
            for other, label_other in enumerate(seated):
                if other != seat:
                    met[label][label_other] += 1
                    beat[label][label_other] += outcome.places[seat] < outcome.places[other]
        if len(seated) > 1:
            result = {"standings": [{"seat": seat, "place": place} for seat, place in enumerate(outcome.places)]}
            for rating in rate_game(arena.type_, "arena", [{"player": label} for label in seated], result, ratings):
                ratings[rating.entry] = rating
    rows = []
    for label in labels:
        rating = ratings.get(label)
        rows.append({
            "player": label,
            "games": len(places[label]),
            "wins": wins[label],
            "mean_place": statistics.fmean(places[label]) if places[label] else None,
            "mean_score": statistics.fmean(scores[label]) if scores[label] else None,
            "rating": None if rating is None else {
                "mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.mu - 3 * rating.sigma,
                "interval": [rating.mu - Z95 * rating.sigma, rating.mu + Z95 * rating.sigma]},
            "decisions": asked[label],
            "takeovers": {"total": sum(taken[label].values()), **taken[label]},
        })
    return {
        "type": arena.type_,
        "seats": len(labels),
        "games": len(outcomes),
        "players": rows,
        # wins[a][b]: the games a finished ahead of b, of the games[a][b] they played together
        "pairwise": {"wins": beat, "games": met},
        "games_played": [{"game_id": o.game_id, "seed": o.job.seed, "number": o.job.number,
                          "rotation": o.job.rotation, "seats": [labels[i] for i in o.job.seating],
                          "places": o.places, "scores": o.scores, "seconds": round(o.seconds, 3),
                          **({"file": o.file} if o.file else {})} for o in outcomes],
    }
