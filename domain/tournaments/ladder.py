"""A ladder's matchmaking: which waiting entrants to seat together now (issue 30, item 6). Pure.

Unlike an arena wave (pairing.arena_pairings, which starts from the best-scored and never repeats a
last meeting), a ladder aims at an equal number of games per entrant: the waiting entrant with the
fewest games (ties: the one listed first) opens a table and is joined by the waiting entrants nearest
its rating, those who were not at its last game first. A repeat of the last meeting is taken only when
nobody else waits, so a ladder of two entrants still plays.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec


class LadderWaiting(msgspec.Struct, frozen=True, kw_only=True):
    """An entrant waiting now: its rating, its ladder games so far and the opponents of its last one."""

    entrant: str
    rating: float
    games: int
    last_opponents: frozenset[str] = frozenset()


def ladder_tables(waiting: Sequence[LadderWaiting], size: int = 2) -> tuple[tuple[str, ...], ...]:
    """The tables to seat now among `waiting` (in their listed order: the oldest entry first), `size` each;
    whoever is left over waits for the next call.

    Raises:
        ValueError: a table of fewer than two seats.
    """
    if size < 2:
        raise ValueError("a ladder's table has two seats or more")
    order = {w.entrant: index for index, w in enumerate(waiting)}
    left = sorted(waiting, key=lambda w: (w.games, order[w.entrant]))
    tables = []
    while len(left) >= size:
        head = left.pop(0)
        table = [head]
        for other in sorted(left, key=lambda w: (met(w, table), abs(w.rating - head.rating), w.games,
                                                 order[w.entrant])):
            if len(table) == size:
                break
            table.append(other)
        tables.append(tuple(w.entrant for w in table))
        left = [w for w in left if w not in table]
    return tuple(tables)


def met(candidate: LadderWaiting, table: Sequence[LadderWaiting]) -> bool:
    """Whether `candidate` was at the last game of someone seated at `table`, or they at its."""
    return any(candidate.entrant in m.last_opponents or m.entrant in candidate.last_opponents for m in table)
