"""The planner bot's arithmetic: the odds of a roll and the rests a trail is expected to cost.

A location scores the rests taken there (the last rest die, plus a 6 each time the count
passes 6), so the planner estimates, for a trail ahead, the expected number of rests still to
take. The model covers as many terrains as each roll allows, in order; takes each stamina die
saved after a rest to cover any one terrain; and ignores the dice lost when the count passes 6.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable

from domain.games.hikes_of_the_west.cards import BLACK_HILLS, MT_RAINIER, PIPESTONE

FACES = 6
STRANDED_COST = 30.0
TOLERANCE = 1e-6
MAX_ITERATIONS = 30

Linear = tuple[float, float]


def dice_rule(location: str) -> str:
    """The part of a location's special rule the odds depend on."""
    return location if location in (PIPESTONE, BLACK_HILLS, MT_RAINIER) else "exact"


@functools.cache
def _rolls(count: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every roll of `count` dice as (dice sorted high to low, probability)."""
    rolls = []
    for dice in itertools.combinations_with_replacement(range(FACES, 0, -1), count):
        ways = math.factorial(count)
        for repeat in Counter(dice).values():
            ways //= math.factorial(repeat)
        rolls.append((dice, ways / FACES**count))
    return tuple(rolls)


@functools.cache
def _chance_to_cover(terrains: tuple[int, ...], count: int, rule: str) -> float:
    """The chance that `count` rolled dice can cover all `terrains` (sorted), and are not a Black Hills triple."""
    need = Counter(terrains)
    total = 0.0
    for dice, chance in _rolls(count):
        held = Counter(dice)
        if rule == BLACK_HILLS and max(held.values()) >= 3:
            continue
        if rule == PIPESTONE:
            fits = all(die >= terrain for die, terrain in zip(dice, sorted(terrains, reverse=True), strict=False))
        else:
            fits = all(held[terrain] >= times for terrain, times in need.items())
        total += chance if fits else 0.0
    return total


def _canonical(terrains: tuple[int, ...], rule: str) -> tuple[int, ...]:
    """A key with the same odds: exact matching only cares how often each value repeats."""
    if rule == PIPESTONE:
        return tuple(sorted(terrains))
    repeats = sorted(Counter(terrains).values(), reverse=True)
    return tuple(face for face, times in enumerate(repeats, start=1) for _ in range(times))


@functools.cache
def progress_odds(window: tuple[int, ...], count: int, rule: str) -> tuple[float, ...]:
    """P(the roll covers exactly j of the terrains ahead), j = 0.. ; j = 0 is a forced rest."""
    ahead = window[:count]
    reach = [1.0] + [_chance_to_cover(_canonical(ahead[:j], rule), count, rule) for j in range(1, len(ahead) + 1)]
    reach.append(0.0)
    odds = [reach[j] - reach[j + 1] for j in range(len(ahead) + 1)]
    odds[0] = 1.0 - reach[1]
    return tuple(odds)


def leg_value(
    trail: tuple[int, ...],
    position: int,
    free: int,
    wild: int,
    rule: str,
    rest_cost: Callable[[int], float],
    forced: Linear,
    guess: float,
) -> Linear:
    """The expected rests of rolling `free` dice at `position` and playing on well, as a + b*x.

    `wild` counts the stamina dice in reserve, each taken to cover any one terrain: one saves a
    roll that places nothing, or adds a terrain just before a rest (at Mt. Rainier it makes
    the rest). x is the value of the hiker's own rest stop, which a forced rest returns to
    (`forced`); choices between resting and rolling on are made with x = `guess`.
    """
    end = len(trail)
    memo: dict[tuple[int, int, int], Linear] = {}

    def rest_here(spot: int, wild: int) -> Linear:
        if wild and spot + 1 == end and rule != MT_RAINIER:
            return (0.0, 0.0)
        return (rest_cost(spot + 1 if wild else spot), 0.0)

    def after(spot: int, dice: int, wild: int) -> Linear:
        if spot == end:
            return (0.0, 0.0)
        rest = rest_here(spot, wild)
        if dice == 0:
            return rest
        roll = rolled(spot, dice, wild)
        return roll if roll[0] + roll[1] * guess < rest[0] else rest

    def rolled(spot: int, dice: int, wild: int) -> Linear:
        if (spot, dice, wild) not in memo:
            odds = progress_odds(trail[spot : spot + dice], dice, rule)
            if not wild:
                miss = forced
            elif rule == MT_RAINIER:
                miss = rest_here(spot, wild)
            else:
                miss = after(spot + 1, dice, wild - 1)
            a, b = odds[0] * miss[0], odds[0] * miss[1]
            for covered in range(1, len(odds)):
                then = after(spot + covered, dice - covered, wild)
                a, b = a + odds[covered] * then[0], b + odds[covered] * then[1]
            memo[spot, dice, wild] = (a, b)
        return memo[spot, dice, wild]

    return after(position, free, wild) if free == 0 else rolled(position, free, wild)


def _saved(hand: int, stamina: int) -> int:
    """How many dice of a first roll the model sets aside as stamina: all it may, keeping one to roll."""
    return max(0, min(stamina, hand - 1))


@functools.cache
def rest_value(ahead: tuple[int, ...], hand: int, rule: str, stamina: int = 1) -> float:
    """The expected rests still to take from a rest stop with `ahead` to hike and `hand` dice to roll.

    The first roll after the rest sets aside up to `stamina` dice as stamina.
    """
    if not ahead:
        return 0.0
    if hand <= 0:
        return STRANDED_COST

    def rest_cost(spot: int) -> float:
        return 1.0 + rest_value(ahead[spot:], hand, rule, stamina)

    saved = _saved(hand, stamina)
    value = rest_cost(1) if len(ahead) > 1 else 1.0
    for _ in range(MAX_ITERATIONS):
        a, b = leg_value(ahead, 0, hand - saved, saved, rule, rest_cost, (1.0, 1.0), value)
        settled = a / (1.0 - b) if b < 1.0 else STRANDED_COST
        if abs(settled - value) < TOLERANCE:
            return settled
        value = settled
    return value


def stop_value(trail: tuple[int, ...], spot: int, dice: int, rule: str, stamina: int = 1) -> float:
    """The expected rests still to take after resting at `spot` with `dice` dice in play."""
    return rest_value(trail[spot:], dice - 1, rule, stamina)


def roll_value(
    trail: tuple[int, ...],
    rest_stop: int | None,
    position: int,
    free: int,
    wild: int,
    dice: int,
    rule: str,
    stamina: int = 1,
) -> float:
    """The expected rests still to take if the hiker rolls `free` dice now (rest_stop None: the trail head).

    `wild` counts the stamina dice in reserve; `stamina` how many may be saved after each rest.
    """
    forced = 1.0 + stop_value(trail, rest_stop or 0, dice, rule, stamina)

    def rest_cost(spot: int) -> float:
        return 1.0 + stop_value(trail, spot, dice, rule, stamina)

    a, _ = leg_value(trail, position, free, wild, rule, rest_cost, (forced, 0.0), 0.0)
    return a


def start_value(trail: tuple[int, ...], dice: int, rule: str, stamina: int = 1) -> float:
    """The expected rests of a whole hike along `trail` with `dice` dice in play."""
    saved = _saved(dice, stamina)
    return roll_value(trail, None, 0, dice - saved, saved, dice, rule, stamina)
