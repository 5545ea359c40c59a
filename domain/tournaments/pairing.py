"""Who meets whom: round robin, Swiss and arena pairings, and the seats at a table (docs/tournaments.md).

Pure functions over entrant ids, written so that the same inputs always give the same tables: every choice
breaks its ties by a position in a list given to it (the starting order, or a ranking), never by a set's
or a dict's iteration order.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from collections.abc import Callable, Mapping, Sequence

import msgspec

Meetings = Mapping[tuple[str, str], int]  # (a, b) with a < b -> how many games they shared
SeatCounts = Mapping[str, Sequence[int]]  # entrant -> games played in each seat
Pairing = tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]  # (tables, byes)

SEARCH_NODES = 200_000  # the Swiss search gives up avoiding repeats past this many steps (deterministic)


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def meetings_of(tables: Sequence[Sequence[str]]) -> Counter[tuple[str, str]]:
    """How many times each pair of entrants shared a table."""
    met: Counter[tuple[str, str]] = Counter()
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1:]:
                met[pair(a, b)] += 1
    return met


def seated(members: Sequence[str], seat_counts: SeatCounts) -> tuple[str, ...]:
    """The members in seat order, evening out the seats each has played: of the orders of the table (all of
    them up to 6 seats; the turns of the listed order beyond), the first that puts the members in the seats
    they played least (the smallest sum of their games in their new seats, then of its squares)."""
    size = len(members)

    def played(member: str, seat: int) -> int:
        counts = seat_counts.get(member, ())
        return counts[seat] if seat < len(counts) else 0

    orders = (permutations(members) if size <= 6
              else (tuple(members[i:]) + tuple(members[:i]) for i in range(size)))
    return min(orders, key=lambda order: (sum(played(m, s) for s, m in enumerate(order)),
                                          sum(played(m, s) ** 2 for s, m in enumerate(order))))


# -- round robin ------------------------------------------------------------------------------------------


def circle_schedule(order: Sequence[str]) -> list[Pairing]:
    """A round robin of two-seat games by the circle method: with n entrants (one sitting out each round
    when n is odd) there are n - 1 rounds (n when odd), and every pair meets exactly once. The first
    entrant stays put and the others turn one place each round. Seats are left to `seated`."""
    players: list[str | None] = [*order, None] if len(order) % 2 else list(order)
    n = len(players)
    rounds: list[Pairing] = []
    for _ in range(n - 1):
        tables, byes = [], []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if a is None or b is None:
                byes.append(a if b is None else b)
            else:
                tables.append((a, b))
        rounds.append((tuple(tables), tuple(e for e in byes if e is not None)))
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def greedy_tables(candidates: Sequence[str], size: int, met: Meetings,
                  cost: Callable[[str, Sequence[str]], tuple[float, ...]] | None = None) -> tuple[tuple[str, ...], ...]:
    """Tables of `size` from `candidates` (a multiple of `size`), in their order: each table is opened by the
    first entrant not yet seated and filled, one at a time, with the entrant who met the table's members
    least often so far (ties to the one listed first; `cost` may rank them otherwise)."""
    left = list(candidates)
    tables = []

    def default_cost(entrant: str, table: Sequence[str]) -> tuple[float, ...]:
        return (sum(met.get(pair(entrant, m), 0) for m in table), left.index(entrant))

    rank = cost or default_cost
    while len(left) >= size:
        table = [left.pop(0)]
        while len(table) < size:
            chosen = min(left, key=lambda e: rank(e, table))
            table.append(chosen)
            left.remove(chosen)
        tables.append(tuple(table))
    return tuple(tables)


def byes_for(ranked: Sequence[str], count: int, byes_had: Mapping[str, int]) -> tuple[str, ...]:
    """`count` byes: to the lowest-ranked entrants among those with the fewest byes so far."""
    if count <= 0:
        return ()
    from_bottom = list(reversed(ranked))
    chosen = sorted(from_bottom, key=lambda e: (byes_had.get(e, 0), from_bottom.index(e)))[:count]
    return tuple(sorted(chosen, key=ranked.index))


def round_robin_round(order: Sequence[str], round_: int, size: int, met: Meetings,
                      byes_had: Mapping[str, int]) -> Pairing:
    """One round of a round robin of tables of `size` > 2.

    Byes (when the count does not divide) go to those with the fewest byes, from the end of the starting
    order turned by `round_ - 1` places. The others are seated by `greedy_tables` from each turn of that
    order (0, 1, ... places), the first seating of the best `seating_cost` is kept, and `improved` swaps
    entrants between its tables while that lowers the cost."""
    shift = (round_ - 1) % len(order) if order else 0
    turned = [*order[shift:], *order[:shift]]
    byes = byes_for(turned, len(turned) % size, byes_had)
    playing = [e for e in turned if e not in byes]
    seatings = [greedy_tables([*playing[start:], *playing[:start]], size, met) for start in range(len(playing))]
    best = min(seatings, key=lambda tables: seating_cost(tables, met), default=())
    return improved(best, lambda table: table_cost(table, met)), byes


def seating_cost(tables: Sequence[Sequence[str]], met: Meetings) -> tuple[int, int]:
    """How a round's seating is judged, lower first: the pairs who never met that it leaves apart (negated:
    the more it brings together, the better), then the sum over the pairs it seats of 4 ** their meetings
    so far (a third meeting weighs as much as four second ones: meetings are spread)."""
    costs = [table_cost(table, met) for table in tables]
    return sum(c[0] for c in costs), sum(c[1] for c in costs)


def table_cost(table: Sequence[str], met: Meetings) -> tuple[int, int]:
    """One table's share of `seating_cost`."""
    pairs = [pair(a, b) for i, a in enumerate(table) for b in table[i + 1:]]
    return -sum(1 for p in pairs if not met.get(p)), sum(4 ** met.get(p, 0) for p in pairs)


def improved(tables: Sequence[Sequence[str]], judge: Callable[[Sequence[str]], tuple[int, int]],
             needs: Callable[[tuple[int, int]], bool] = lambda cost: True) -> tuple[tuple[str, ...], ...]:
    """`tables` after swapping two entrants of different tables whenever that lowers the sum of `judge`'s
    costs of the two tables (compared as pairs of numbers, the first first), the first such swap in table
    and seat order each time, until none does. Only pairs of tables of which one `needs` it are tried."""
    seating = [list(table) for table in tables]
    costs = [judge(table) for table in seating]
    better = True
    while better:
        better = False
        for i, j in ((i, j) for i in range(len(seating)) for j in range(i + 1, len(seating))):
            if not (needs(costs[i]) or needs(costs[j])):
                continue
            for a in range(len(seating[i])):
                for b in range(len(seating[j])):
                    seating[i][a], seating[j][b] = seating[j][b], seating[i][a]
                    after_i, after_j = judge(seating[i]), judge(seating[j])
                    before = (costs[i][0] + costs[j][0], costs[i][1] + costs[j][1])
                    if (after_i[0] + after_j[0], after_i[1] + after_j[1]) < before:
                        costs[i], costs[j], better = after_i, after_j, True
                    else:
                        seating[i][a], seating[j][b] = seating[j][b], seating[i][a]
    return tuple(tuple(table) for table in seating)


def round_robin_rounds(order: Sequence[str], size: int, limit: int = 50) -> int:
    """How many rounds of tables of `size` the round robin plays: for two seats, the circle's; for more, the
    rounds `round_robin_round` takes until every pair has met at least once (at most `limit`)."""
    if size == 2:
        return len(circle_schedule(order))
    met: Counter[tuple[str, str]] = Counter()
    byes_had: Counter[str] = Counter()
    everyone = len(order) * (len(order) - 1) // 2
    for round_ in range(1, limit + 1):
        tables, byes = round_robin_round(order, round_, size, met, byes_had)
        met.update(meetings_of(tables))
        byes_had.update(byes)
        if len(met) == everyone:
            return round_
    return limit


# -- Swiss ------------------------------------------------------------------------------------------------


def swiss_round(ranked: Sequence[str], points: Mapping[str, float], met: Meetings, byes_had: Mapping[str, int],
                size: int = 2) -> Pairing:
    """One Swiss round over the entrants `ranked` best first (by points, then the starting order).

    The bye (when the count is odd) goes to the lowest-ranked entrant without one. Two-seat games are
    paired in the Dutch style: the best unpaired entrant meets, within its score group, the entrant as far
    down as the group's top half is long (top half against bottom half), then the others of the bottom half,
    then those of the top half nearest it, then lower score groups (the floater goes down); a depth-first
    search takes the first pairing of everyone in which no pair meets again, and only when there is none
    (or the search passes SEARCH_NODES steps) the first in which repeats come as late as possible. Tables of
    more seats are filled by `greedy_tables` from the best unpaired entrant down, with the members who met
    least often and then those nearest in the ranking, then `improved` by swaps with a table where a pair
    meets again: fewer repeated meetings first, then tables spanning fewer places of the ranking."""
    byes = byes_for(ranked, len(ranked) % size, byes_had)
    players = [e for e in ranked if e not in byes]
    if size > 2:
        rank = {entrant: index for index, entrant in enumerate(players)}

        def cost(entrant: str, table: Sequence[str]) -> tuple[float, ...]:
            return (sum(met.get(pair(entrant, m), 0) for m in table), rank[entrant])

        def judge(table: Sequence[str]) -> tuple[int, int]:
            repeats = sum(4 ** met.get(pair(a, b), 0) for i, a in enumerate(table) for b in table[i + 1:]
                          if met.get(pair(a, b)))
            return repeats, max(rank[e] for e in table) - min(rank[e] for e in table)
        return improved(greedy_tables(players, size, met, cost), judge, lambda cost: cost[0] > 0), byes
    tables = _dutch(players, points, met, avoid_repeats=True) or _dutch(players, points, met, avoid_repeats=False)
    assert tables is not None
    return tables, byes


def _dutch(players: Sequence[str], points: Mapping[str, float], met: Meetings,
           avoid_repeats: bool) -> tuple[tuple[str, ...], ...] | None:
    steps = 0

    def candidates(left: Sequence[str]) -> list[str]:
        head = left[0]
        group = [e for e in left if points.get(e, 0) == points.get(head, 0)]
        lower = [e for e in left[1:] if e not in group]
        half = len(group) // 2
        preferred = [*group[half:], *reversed(group[1:half])] if len(group) > 1 else []
        ordered = [e for e in preferred if e != head] + lower
        if avoid_repeats:
            return [e for e in ordered if not met.get(pair(head, e))]
        return sorted(ordered, key=lambda e: (met.get(pair(head, e), 0), ordered.index(e)))

    def search(left: list[str]) -> list[tuple[str, ...]] | None:
        nonlocal steps
        if not left:
            return []
        for opponent in candidates(left):
            steps += 1
            if steps > SEARCH_NODES and avoid_repeats:
                return None
            rest = [e for e in left[1:] if e != opponent]
            found = search(rest)
            if found is not None:
                return [(left[0], opponent), *found]
        return None

    found = search(list(players))
    return tuple(found) if found is not None else None


# -- arena ------------------------------------------------------------------------------------------------


class Waiting(msgspec.Struct, frozen=True, kw_only=True):
    """An arena entrant waiting now: its points and the opponents of its last game."""

    entrant: str
    points: float
    last_opponents: frozenset[str] = frozenset()


def arena_pairings(waiting: Sequence[Waiting], size: int = 2) -> tuple[tuple[str, ...], ...]:
    """The tables to seat at once among the entrants waiting now: the best-scored waiting entrant (ties: the
    one listed first) is seated with the `size - 1` waiting entrants nearest it in points who were not at its
    last game, nor it or each other at theirs; one who cannot be seated so waits for the next call."""
    by_points = sorted(waiting, key=lambda w: (-w.points, waiting.index(w)))
    left = list(by_points)
    tables = []
    while len(left) >= size:
        head = left.pop(0)
        table = [head]
        for other in sorted(left, key=lambda w: (abs(w.points - head.points), by_points.index(w))):
            if len(table) == size:
                break
            if all(other.entrant not in m.last_opponents and m.entrant not in other.last_opponents for m in table):
                table.append(other)
        if len(table) == size:
            tables.append(tuple(w.entrant for w in table))
            left = [w for w in left if w not in table]
    return tuple(tables)
