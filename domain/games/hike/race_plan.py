"""The expert bot's race day: a memoised search over the orders of huskies, care and equipment.

Built from the bot's own view only: its sled, hand, position and the revealed track. Movement
uses the game's own `stretch`, so the plan moves exactly as the rules do.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from domain.core import Command, Value
from domain.games.hike.cards import (
    Field,
    Snow,
    is_double_care,
    is_equipment,
    is_single_care,
)
from domain.games.hike.commands import (
    CareForColumn,
    CareForHusky,
    EndTurn,
    PushThrough,
    RestHusky,
    StopBeforeField,
    UseEquipment,
    UseHusky,
)
from domain.games.hike.state import BOOK_RACE
from domain.games.hike.track import Points, can_enter, pick_point, stretch, without

FINISHED = 10_000.0
FIELD = 10.0
KEPT = {"single": 2.5, "double": 4.5, "equipment": 3.0}
RESTED_POINT = 7.0
WAITING = 100.0  # camping without using a husky all day: tomorrow brings the same choices, a day later


class Day(NamedTuple):
    """The musher's situation within one race day (the parts the plan changes); places as bit masks."""

    position: int
    tired: int
    resting: int
    singles: int
    doubles: int
    equipment: int
    pending: tuple[int, Points] | None
    rests_due: int
    # where the drawn care card lapses (version 2, or option care_card_lapses): that card still unused (1 single,
    # 2 double), lost at the day's end
    lapsing: int = 0


class Sled(Value):
    """What stays fixed during the race: the track and each place's husky."""

    fields: tuple[Field, ...]
    points: tuple[Points, ...]  # per place; empty for youngsters and empty places
    occupied: tuple[bool, ...]
    columns: int
    stop_before: bool = False  # rules version 1 offered StopBeforeField


def _mask(slots: Iterable[int]) -> int:
    return sum(1 << slot for slot in slots)


def sled_from_view(view: dict[str, Any]) -> tuple[Sled, Day]:
    me = view["mushers"][view["you"]]
    fields = tuple(Field(snow=Snow(f["snow"]), equipment=f["equipment"]) for f in view["fields"])
    spots = me["sled"]
    points = tuple(tuple(tuple(Snow(s) for s in options) for options in spot["points"]) if spot["card"] else ()
                   for spot in spots)
    hand = [card["id"] for card in view["hand"]]
    run = view["run"]
    day = Day(
        position=me["position"],
        tired=_mask(i for i, spot in enumerate(spots) if spot["card"] and spot["tired"]),
        resting=_mask(i for i, spot in enumerate(spots) if spot["card"] and spot["resting"]),
        singles=sum(1 for card in hand if is_single_care(card)),
        doubles=sum(1 for card in hand if is_double_care(card)),
        equipment=sum(1 for card in hand if is_equipment(card)),
        pending=(run["slot"], tuple(tuple(Snow(s) for s in o) for o in run["points"])) if run else None,
        rests_due=view["rests_due"],
        lapsing=_lapsing(view, me, hand),
    )
    sled = Sled(fields=fields, points=points, occupied=tuple(bool(spot["card"]) for spot in spots),
                columns=view["columns"], stop_before=view["rules_version"] < BOOK_RACE)
    return sled, day


def _lapsing(view: dict[str, Any], me: dict[str, Any], hand: list[str]) -> int:
    drawn = me["compulsory_care"]
    if not view["care_card_lapses"] or drawn is None or drawn not in hand:
        return 0
    return 2 if is_double_care(drawn) else 1


class Planner:
    """Depth-first search with memo over a day's moves; `best(day)` is (value, first move).

    The value of a day depends on the day alone (not on how it was reached), so one planner,
    with its memo, serves every decision of a race for the same sled.
    """

    def __init__(self, sled: Sled) -> None:
        self.sled = sled
        self.finish = len(sled.fields)
        self.huskies = tuple(slot for slot, points in enumerate(sled.points) if points)
        self.alive = _mask(slot for slot, busy in enumerate(sled.occupied) if busy)
        self.memo: dict[Day, tuple[float, Command | None]] = {}

    def usable(self, day: Day) -> list[int]:
        busy = day.tired | day.resting
        return [slot for slot in self.huskies if not busy >> slot & 1
                and can_enter(self.sled.points[slot], self.sled.fields, day.position)]

    def run(self, day: Day, slot: int, points: Points) -> Day:
        leg = stretch(points, self.sled.fields, day.position)
        pending = (slot, leg.remaining) if leg.at_equipment else None
        return day._replace(position=leg.position, tired=day.tired | 1 << slot, pending=pending)

    def rest_choices(self, day: Day) -> list[int]:
        alive = self.alive & ~day.resting
        ready = alive & ~day.tired
        chosen = ready or alive
        return [slot for slot in range(len(self.sled.occupied)) if chosen >> slot & 1]

    def moves(self, day: Day) -> list[tuple[Command, Day]]:
        if day.position >= self.finish:
            return []
        if day.rests_due:
            return [(RestHusky(slot=slot), day._replace(resting=day.resting | 1 << slot, rests_due=day.rests_due - 1))
                    for slot in self.rest_choices(day)]
        if day.pending is not None:
            return self._equipment_moves(day)
        usable = self.usable(day)
        if usable:
            return [(UseHusky(slot=slot), self.run(day, slot, self.sled.points[slot])) for slot in usable]
        return self._care_moves(day)

    def _equipment_moves(self, day: Day) -> list[tuple[Command, Day]]:
        """Going on comes first, so that on equal plans the sled moves rather than waits."""
        assert day.pending is not None
        slot, points = day.pending
        onto = day._replace(position=day.position + 1, pending=None)
        index = pick_point(points, self.sled.fields[day.position].snow)
        moves: list[tuple[Command, Day]] = []
        if day.equipment and index is not None:
            crossed = onto._replace(equipment=day.equipment - 1)
            moves.append((UseEquipment(), self.run(crossed, slot, without(points, index))))
        alive = bin(self.alive & ~day.resting).count("1")
        moves.append((PushThrough(), onto._replace(rests_due=min(2, alive))))
        if self.sled.stop_before:
            moves.append((StopBeforeField(), day._replace(pending=None)))
        return moves

    def _care_moves(self, day: Day) -> list[tuple[Command, Day]]:
        tired = day.tired & ~day.resting
        moves: list[tuple[Command, Day]] = []
        if day.singles:
            lapsing = 0 if day.lapsing == 1 else day.lapsing  # the drawn card is spent first
            moves += [(CareForHusky(slot=slot), day._replace(tired=day.tired & ~(1 << slot), singles=day.singles - 1,
                                                             lapsing=lapsing))
                      for slot in range(len(self.sled.occupied)) if tired >> slot & 1]
        if day.doubles:
            for column in range(self.sled.columns):
                pair = tired & (1 << column | 1 << (column + self.sled.columns))
                if pair:
                    moves.append((CareForColumn(column=column),
                                  day._replace(tired=day.tired & ~pair, doubles=day.doubles - 1,
                                               lapsing=0 if day.lapsing == 2 else day.lapsing)))
        return moves

    def value_of_stopping(self, day: Day) -> float:
        if day.position >= self.finish:
            ready = bin(self.alive & ~day.tired & ~day.resting).count("1")
            return FINISHED + ready + day.singles + 2 * day.doubles
        rested = sum(len(self.sled.points[slot]) for slot in self.huskies if day.resting >> slot & 1)
        lost = KEPT["single"] if day.lapsing == 1 else KEPT["double"] if day.lapsing == 2 else 0.0
        if not day.tired and self.usable(day):
            lost += WAITING  # cubes mark the huskies used today: none, though one could run (e.g. only into a push)
        return (FIELD * day.position + KEPT["single"] * day.singles + KEPT["double"] * day.doubles
                + KEPT["equipment"] * day.equipment - RESTED_POINT * rested - lost)

    def best(self, day: Day) -> tuple[float, Command | None]:
        known = self.memo.get(day)
        if known is not None:
            return known
        can_stop = day.pending is None and not day.rests_due
        best: tuple[float, Command | None] = (self.value_of_stopping(day), EndTurn()) if can_stop \
            else (float("-inf"), None)
        for command, after in self.moves(day):
            value = self.best(after)[0]
            if value > best[0]:
                best = (value, command)
        self.memo[day] = best
        return best


@functools.lru_cache(maxsize=16)
def planner_for(sled: Sled) -> Planner:
    return Planner(sled)


def race_choice(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    """The first move of the best plan for the rest of today, among the legal commands."""
    sled, day = sled_from_view(view)
    planner = planner_for(sled)
    _, command = planner.best(day)
    if command is not None and command in legal:
        return command
    # Where the drawn care card bars camp (rules versions 1 and 3) the plan may want to stop while it must still be
    # used: take the best legal move.
    scored = []
    for index, option in enumerate(legal):
        after = next((d for c, d in planner.moves(day) if c == option), None)
        value = planner.best(after)[0] if after is not None else float("-inf")
        scored.append((-value, index))
    return legal[min(scored)[1]]
