"""The bots: `random` (domain.core.random_bot) and `greedy`, a one-step greedy with lookahead.

`greedy` rebuilds the state from its seat's view (all information is open), tries
each sensible legal command, and keeps the one whose resulting position evaluates
best for its seat against the opponent: points on the path, plus the promise of
what it holds (each cube it can still place, each animal it can still activate,
and what the free chart spots would pay for its animals and its largest group of
hikers), and the lookahead over the guide's next region: minus the best trap the
opponent could make where the guide is left (or plus this seat's own, before its
trap). Cubes are worth keeping, so it saves them for the richer spots. Musk deer
swaps are only tried into or out of the guide's region, one per animal type.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from msgspec.structs import replace

from domain.core import Bot, BotLevel, Command, Rng
from domain.core.search import SearchSettings
from domain.games.nanga_parbat.board import (
    NEIGHBOURS,
    REGION_NUMBERS,
    SECTION_COUNT,
    region_indices,
    region_of,
)
from domain.games.nanga_parbat.chart import CHART, ROWS
from domain.games.nanga_parbat.commands import ActivateMuskDeer, EndTurn, PlaceGuide, RelocateGuide, TrapAnimal
from domain.games.nanga_parbat.determinize import state_from_view
from domain.games.nanga_parbat.rules import decide, has_animals, to_act
from domain.games.nanga_parbat.scoring import (
    AREA_POINTS,
    landing,
    pieces_in_region,
    scores_of,
)
from domain.games.nanga_parbat.state import (
    ACTIVATED,
    Animal,
    Hiker,
    SEARCH_VERSION,
    Phase,
    State,
    opponent,
    with_animal,
    with_item,
)

PROMISE = 0.7
READY_ANIMAL = 0.8
CUBE_VALUE = 5.0


def _fraction(have: int, needs: int, turns: int) -> float:
    if have >= needs:
        return 1.0
    if needs - have > turns:
        return 0.0
    return (have / needs) ** 2


_GROUPS: dict[tuple[int, ...], int] = {}  # largest_group by the sections of one seat's hikers (a pure memo)
_GROUPS_SIZE = 50_000


def largest_group(state: State, seat: int) -> int:
    """The size of the seat's largest group of adjacent hikers."""
    sections = tuple(index for index, piece in enumerate(state.board) if type(piece) is Hiker and piece.seat == seat)
    known = _GROUPS.get(sections)
    if known is None:
        if len(_GROUPS) >= _GROUPS_SIZE:
            _GROUPS.clear()
        known = _GROUPS[sections] = _largest(set(sections))
    return known


def _largest(mine: set[int]) -> int:
    best = 0
    while mine:
        stack = [mine.pop()]
        size = 1
        while stack:
            for neighbour in NEIGHBOURS[stack.pop()]:
                if neighbour in mine:
                    mine.discard(neighbour)
                    stack.append(neighbour)
                    size += 1
        best = max(best, size)
    return best


#: The chart's spots as (index, row's position in ROWS, requirement, points), and the animals a trade counts
#: besides the wild bharal: read once, as `promise` runs for every command the greedy bot weighs (about a hundred
#: a decision), and rows and animals are enums, whose hashing is slow enough to dominate a dict-keyed version.
_SPOTS: tuple[tuple[int, int, int, int], ...] = tuple(
    (spot.index, ROWS.index(spot.row), spot.requires, spot.points) for spot in CHART)
_TRADED: tuple[Animal, ...] = tuple(animal for animal in Animal if animal is not Animal.BHARAL)
_CAMP_SPOTS: tuple[int, ...] = tuple(index for index, row, _, _ in _SPOTS if row == 0)


def promise(state: State, seat: int) -> float:
    """What the seat's animals and hikers promise: the best free chart spots they could claim, discounted."""
    expedition = state.expeditions[seat]
    value = READY_ANIMAL * sum(1 for animal in expedition.ready if animal in ACTIVATED)
    if state.area_scoring:
        value += _area_promise(state, seat)
    if expedition.cubes == 0:
        return value
    turns = expedition.hikers
    value += CUBE_VALUE * min(expedition.cubes, turns)
    animals = expedition.ready + expedition.spent  # counted only: `animals` would sort them first
    wild = animals.count(Animal.BHARAL)
    counts = [animals.count(animal) for animal in _TRADED]
    same = wild + max(counts)
    different = wild + sum(1 for count in counts if count > 0)
    chart = state.chart
    # the largest group is sought only while a camps spot is free (it scores nothing else)
    group = min(largest_group(state, seat), expedition.camps) if any(chart[i] is None for i in _CAMP_SPOTS) else 0
    have = (group, different, same)  # in ROWS' order: camps, different, same
    best = [0.0, 0.0, 0.0]
    for index, row, requires, points in _SPOTS:
        if chart[index] is None:
            best[row] = max(best[row], points * _fraction(have[row], requires, turns))
    camps, differing, alike = best
    trades = max(differing, alike)
    return value + PROMISE * (camps + trades)


def _area_promise(state: State, seat: int) -> float:
    value = 0.0
    for region in REGION_NUMBERS:
        pieces = pieces_in_region(state, region, seat)
        value += AREA_POINTS.get(pieces, 0.25 if pieces == 3 else 0.0)
    return value


def standing(state: State, seat: int) -> float:
    """The seat's points plus its promise."""
    return state.expeditions[seat].score + promise(state, seat)


def trap_gain(state: State, seat: int, base: float | None = None) -> float:
    """The best gain `seat` could make trapping in the guide's region (anywhere, if it is empty); `base` is the
    seat's standing now, when the caller has it."""
    regions = [state.guide] if state.guide is not None and has_animals(state, state.guide) else list(REGION_NUMBERS)
    if base is None:
        base = standing(state, seat)
    best = 0.0
    for region in regions:
        for index in region_indices(region):
            animal = state.board[index]
            if not isinstance(animal, Animal):
                continue
            after = _trapped(state, seat, index, animal)
            best = max(best, standing(after, seat) - base)
    return best


def _trapped(state: State, seat: int, index: int, animal: Animal) -> State:
    """A quick model of a trap for lookahead: the animal to the seat's board, a hiker in its place."""
    expedition = state.expeditions[seat]
    scores = scores_of(state)
    score = expedition.score
    if animal is Animal.RED_PANDA and scores[seat] <= scores[opponent(seat)]:
        score = landing(scores, seat, 1).score
    changed = replace(expedition, hikers=expedition.hikers - 1, score=score,
                      ready=with_animal(expedition.ready, animal))
    return replace(state, board=with_item(state.board, index, Hiker(seat=seat)),
                   expeditions=with_item(state.expeditions, seat, changed))


def evaluate(state: State, seat: int) -> float:
    """How good `state` is for `seat`: standings apart, and the trap the guide's region offers next."""
    other = opponent(seat)
    if state.phase is Phase.OVER:
        mine, theirs = state.expeditions[seat].score, state.expeditions[other].score
        return 1000.0 if mine > theirs else -1000.0 if mine < theirs else 0.0
    own, others = standing(state, seat), standing(state, other)
    value = own - others
    if state.phase is Phase.TRAP and state.active == seat:
        return value + trap_gain(state, seat, own)
    return value - trap_gain(state, other, others)


def considered(state: State, legal: Sequence[Command]) -> list[Command]:
    """The legal commands worth simulating: musk deer swaps only into or out of the guide's region, once per type."""
    kept: list[Command] = []
    seen: set[tuple[int, Any]] = set()
    for command in legal:
        if isinstance(command, ActivateMuskDeer):
            first, second = command.first.index, command.second.index
            if region_of(first) != state.guide and region_of(second) != state.guide:
                continue
            inside, outside = (first, second) if region_of(first) == state.guide else (second, first)
            key = (inside, state.board[outside])
            if key in seen:
                continue
            seen.add(key)
        kept.append(command)
    return kept


def greedy_bot(view: dict[str, Any], legal: Sequence[Command], rng: Rng) -> Command:
    """The `greedy` level: the legal command whose resulting position evaluates best for this seat."""
    if len(legal) == 1:
        return legal[0]
    state = state_from_view(view)
    seat = view["viewer"] if view["viewer"] is not None else state.active
    best_command, best_value = legal[0], float("-inf")
    for command in considered(state, legal):
        value = evaluate(decide(state, seat, command, rng).state, seat)
        if value > best_value + 1e-9:
            best_command, best_value = command, value
    return best_command


BOTS: dict[str, Bot] = {"greedy": greedy_bot}
"""The game's own levels, beside every game's `random`."""

EVALUATION_SCALE = 6.0
"""Points of lead (greedy's `evaluate`) worth odds of e to 1: the logistic that turns a lead into a reward
(rules versions 1 to 3)."""

SEARCH_SCALE = 3.0
"""Rules version 4's logistic: a sharper one. At 6 points the rewards of a node's children differed by a few
hundredths, too little against UCB1's exploration term: the visits spread evenly and the choice was close to
chance among commands greedy tells apart."""

SEARCH_WIDTH = 4
"""Rules version 4: the activations and claims a search node keeps, the best by greedy's evaluation (beside
every trap, guide move and EndTurn, and the best of each kind of command)."""

ALWAYS_SEARCHED = (PlaceGuide, RelocateGuide, TrapAnimal, EndTurn)
"""Rules version 4: the kinds of command a node always keeps (a handful at most: where the guide goes next,
and whether the turn ends, are the game's main choices)."""

_RANKED: dict[State, list[Command]] = {}
_RANKED_SIZE = 20_000
_NO_CHANCE = Rng("nanga-parbat ranking", 0)  # `decide` draws nothing: the mountain's only chance is its opening


def search_evaluation(state: State) -> dict[int, float]:
    """Where a search's rollout stops: each seat's chance of winning, a logistic of `evaluate`'s lead."""
    scale = SEARCH_SCALE if state.rules_version >= SEARCH_VERSION else EVALUATION_SCALE
    lead = max(-50.0, min(50.0, evaluate(state, 0) / scale))
    first = 1.0 / (1.0 + math.exp(-lead))
    return {0: first, 1: 1.0 - first}


def ranked(state: State, legal: Sequence[Command]) -> list[Command]:
    """The commands greedy considers, best first by greedy's evaluation for the seat to act (ties: listing order).

    Remembered per state (a pure function of it: the memo only saves time, it changes no choice), as the core
    asks `narrow` at every pass through a node; the memo is emptied when it grows past `_RANKED_SIZE`.
    """
    known = _RANKED.get(state)
    if known is not None:
        return known
    if len(_RANKED) >= _RANKED_SIZE:
        _RANKED.clear()
    seat = min(to_act(state))
    scored = sorted((-evaluate(decide(state, seat, command, _NO_CHANCE).state, seat), index, command)
                    for index, command in enumerate(considered(state, legal)))
    known = _RANKED[state] = [command for _, _, command in scored]
    return known


def search_narrow(state: State, legal: Sequence[Command]) -> Sequence[Command]:
    """The commands a search node keeps. Up to rules version 3 those greedy considers; from 4 fewer, so that
    600 iterations reach the opponent's reply: every trap, guide move and EndTurn, the best of each other kind,
    and the `SEARCH_WIDTH` best activations and claims, best first."""
    if state.rules_version < SEARCH_VERSION:
        return considered(state, legal)
    kept: list[Command] = []
    kinds: set[type] = set()
    others = 0
    for command in ranked(state, legal):
        kind = type(command)
        if kind in ALWAYS_SEARCHED:
            kept.append(command)
        elif others < SEARCH_WIDTH or kind not in kinds:
            kept.append(command)
            kinds.add(kind)
            others += 1
    return kept


def search_prior(state: State, seat: int, legal: Sequence[Command], rng: Rng) -> Command | None:
    """The command a new search node tries first and favours: greedy's choice, from rules version 4 (before it
    none, and no draw from `rng`: older games search as they did)."""
    if state.rules_version < SEARCH_VERSION:
        return None
    return ranked(state, legal)[0]


SEARCH = SearchSettings(
    iterations=600, max_iterations=5000, rollout_depth=0, evaluate=search_evaluation, narrow=search_narrow,
    prior=search_prior, prior_weight=0.3,
    strength=("Beats greedy (rules version 4): won 167 of 200 duplicate games against it (83.5%, Wilson 95% "
              "77.7-88.0%; bench/search_bots.py --type nanga-parbat --seats 2 --record "
              "bench/results/search_bots.jsonl), 19 s of CPU a game. Games of rules versions 1 to 3 keep their "
              "search, at greedy's level (41 of 82, 50.0%; data/RULINGS.md)."),
)
"""The `search` level (domain/core/search.py). No rollouts: every new node is scored at once by greedy's lead
(random play is too weak to score a position: full random rollouts lost 23 to 43 against greedy). Up to rules
version 3 every command greedy considers is searched and a lead is scaled by 6 points: it played at greedy's
level, its 600 iterations spent on breadth. From version 4 (the same rules; older games keep their search, as
their audits replay it) a node keeps every trap, guide move and EndTurn but only the best few activations and
claims by greedy's ranking, greedy's choice is tried first and favoured (prior_weight), and leads are scaled by
3 points: the tree reaches the opponent's reply. CPU per searched decision (`bench/search_speed.py`, 600
iterations, a shared 2-core machine): 227 ms over a game's first 12 decisions (version 3's code: 235 ms), 615
ms over 30 from the 26th (361 ms); about 19 s a game against 11 s (data/RULINGS.md, Bot strength)."""

LEVELS: dict[str, BotLevel] = {
    "greedy": BotLevel(
        description=(
            "Tries each sensible command and keeps the one whose position evaluates best: points, the promise of "
            "its cubes, animals and chart spots, less the best trap left to the opponent."
        ),
        strength=(
            "Wins 100% of games against random, mean score 41.5 against 17.4 (bench/nanga_parbat_bots.py, rules "
            "version 3, the median of three samples of 60)."
        ),
    ),
}
"""The game's own levels in words (GET /game-types `bot_levels`)."""
