"""Players' ratings per game type: OpenSkill's Plackett-Luce model, free-for-all with ties.

A projection (application/projections.py) rates each game in the order it finished, so folding
the log again gives the same ratings. Which games count, and where:
- `rated` (the default pool, the leaderboard's): every seat held by a registered player, at least
  two seats, the game played here (not imported).
  A player who left or resigned (a bot played the seat on) is rated there all the same, as
  ranked below every seat that stayed, whatever the bot then made of the seat: leaving a game
  one is losing must not spare one the loss (BGA counts an abandoned game as lost).
- `all`: also games with bot seats (a bot seat, a seat bots filled), rated as entries
  `bot:<level>`, and imported games.
- `ladder`: a game the ladder seated (GameCreated's `ladder`, application/ladder.py), played here: rated
  there only, players and bots alike (bots as `bot:<level>`), so the ladder's ratings are its own.
- neither: solo games, games without a player at any seat (bots only), and games with a seat that is
  neither a player's nor a bot's (a seat token's only).
A game's `rated` marker in the read model says which applies: "rated", "bots", "imported",
"ladder", "solo" or "unrated".

openskill does the mathematics; this module only picks the entries and the ranks (each seat's
`place` in the game's result: lower is better, equal places tie).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from storage import Rating

RATED, ALL, LADDER = "rated", "all", "ladder"
POOLS = (RATED, ALL, LADDER)
MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3; rating = mu - 3 sigma


def marker(seats: Sequence[Mapping[str, Any]], imported: bool, ladder: bool = False) -> str:
    """How a finished game counts: rated, bots, imported, ladder, solo or unrated (see the module's docstring)."""
    if len(seats) < 2:
        return "solo"
    if ladder and not imported and all(seat.get("player") is not None or seat.get("bot") for seat in seats):
        return LADDER
    if all(seat.get("player") is None for seat in seats):
        return "unrated"  # bots (or seat tokens) only: no player to rate
    if any(seat.get("player") is None and seat.get("bot") is None for seat in seats):
        return "unrated"  # a seat token's seat: no one to rate it as
    if any(seat.get("player") is None for seat in seats):
        return "bots"
    return "imported" if imported else RATED


def pools_of(mark: str) -> tuple[str, ...]:
    if mark == LADDER:
        return (LADDER,)
    return (RATED, ALL) if mark == RATED else (ALL,) if mark in ("bots", "imported") else ()


def entry(seat: Mapping[str, Any]) -> str:
    """Who a seat is rated as: its player (even one who left), else its bot level."""
    return seat["player"] if seat.get("player") is not None else f"bot:{seat['bot']}"


def rate_game(type_: str, pool: str, seats: Sequence[Mapping[str, Any]], result: Mapping[str, Any],
              current: Mapping[str, Rating]) -> list[Rating]:
    """The new ratings of a finished game's entries, from their `current` ones (absent: new entries).

    Two seats of one entry (two bots of a level) are rated as one entry, at the better place. A seat
    whose player left (`gone`) ranks below every seat that stayed; several who left tie.
    """
    last = 1 + max(row["place"] for row in result["standings"])
    places: dict[str, int] = {}
    for row in result["standings"]:
        seat = seats[row["seat"]]
        place = last if seat.get("gone") else row["place"]
        who = entry(seat)
        places[who] = min(places.get(who, place), place)
    if len(places) < 2:
        return []
    entries = sorted(places)
    teams = []
    for who in entries:
        known = current.get(who)
        teams.append([MODEL.rating(name=who) if known is None else MODEL.rating(mu=known.mu, sigma=known.sigma,
                                                                                name=who)])
    rated = MODEL.rate(teams, ranks=[places[who] for who in entries])
    return [Rating(pool, type_, who, team[0].mu, team[0].sigma, (current[who].games if who in current else 0) + 1)
            for who, team in zip(entries, rated, strict=True)]
