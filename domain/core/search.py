"""The `search` bot level: single-observer information-set Monte Carlo tree search.

SO-ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012):
each iteration samples one *determinisation*, a full state consistent with the searching seat's view
(the game's `determinize(view, rng)`, reading the view and the public catalog only), and walks one tree
whose edges are commands, shared by every determinisation:

- selection: at a node, only the commands legal in this determinisation are candidates (ranged arguments
  at the representative values the game lists; `narrow` may prune them as a hand-written bot does); an
  untried one is expanded first (the game's `prior` policy's choice if untried, else one at random),
  otherwise UCB1 with *availability* counts picks (a child's `available` counts the visits to its node in
  which it was legal, in place of the parent's visits), the prior's choice with a progressive bias
  `prior_weight / (visits + 1)` (Chaslot et al. 2008); every seat chooses at its own nodes for its reward;
- chance is open-loop: no chance nodes; `decide` draws its dice and shuffles from the search's stream,
  so each pass through an edge may meet another outcome;
- several seats to act at once (simultaneous days, votes, antes) are sequentialised by seat number
  (the searching seat first at the root); while such a *round* lasts, each seat's node is keyed by the
  position where the round began and its own commands in it, not by what the others chose before it
  in the sequence, so no seat's tree policy sees a choice it could not have seen (`Walk`);
- rollout: the game's `SearchSettings.rollout` policy, or uniformly random legal commands, to the end
  or to `rollout_depth` commands (a number, or the game's function of the state where the rollout starts,
  e.g. of its rules version), where the game's `evaluate` scores the state;
- reward: each seat's place score, `(n - place) / (n - 1)` with tied seats sharing the places they
  span; in a solo game the final score mapped linearly to [0, 1] (`SearchSettings.solo_scores`).

Determinism: every random choice (determinisations, expansion, chance in `decide`, rollouts) comes from
the one `Rng` passed in, in a fixed order, and the budget is a number of iterations, never a time. The
SHA-256 `Rng` costs about 0.45 us a draw here, as much as a pure-Python SplitMix64, so no second stream
is derived: the game's own rules dominate the cost of an iteration.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from domain.core.protocol import SEARCH_LEVEL, BotLevel, Command
from domain.core.rng import Rng

if TYPE_CHECKING:
    from domain.core.protocol import GameSpec

__all__ = ["SEARCH_LEVEL", "SearchSettings", "Searched", "analyse", "best"]

DRAW = 0.5  # the reward of a seat in a state nobody can move on from (no game's rules reach one)

Rollout = Callable[[Any, int, Sequence[Command], Rng], Command]
Depth = int | Callable[[Any], int | None] | None
Rewards = Mapping[int, float]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SearchSettings:
    """How a game is searched: its budget, and what the game lends the search (each game's bots.SEARCH).

    `determinize` and `viewer` come from the game's determinize.py (domain/core/package.py fills them in).
    """

    iterations: int  # the default budget: calibrated to about 500 ms of CPU per decision
    max_iterations: int  # the most a seat or an analysis may ask for
    rollout: Rollout | None = None  # (state, seat, legal, rng) -> command; None: uniformly random
    # (state, legal) -> the commands worth searching among those legal (a hand-written bot's pruning, e.g. of
    # hundreds of equivalent swaps); None: all of them. Used in the tree and in random rollouts; the root's
    # commands outside it are reported with no visits.
    narrow: Callable[[Any, Sequence[Command]], Sequence[Command]] | None = None
    prior: Rollout | None = None  # a policy whose command a new node tries first and favours (progressive bias)
    prior_weight: float = 0.0  # the preferred command's bonus, weight / (its visits + 1), over UCB1
    exploration: float = 0.7  # UCB1's constant, for rewards in [0, 1]
    # commands a rollout plays before `evaluate` scores it; None: to the end. A function of the state where the
    # rollout starts lets a game's later rules version play shorter rollouts than its older ones (whose searched
    # moves the audit re-derives, so they must not change)
    rollout_depth: Depth = None
    evaluate: Callable[[Any], Rewards] | None = None  # a state's estimated reward per seat, in [0, 1]
    solo_scores: tuple[int, int] | None = None  # a solo game's (best, worst) final score: rewards 1 and 0
    strength: str = "Not measured yet: bench/search_bots.py plays it against the strongest hand-written level."
    determinize: Callable[[dict[str, Any], Rng], Any] | None = None
    viewer: Callable[[dict[str, Any]], int] | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.iterations <= self.max_iterations:
            raise ValueError("SearchSettings: 1 <= iterations <= max_iterations")
        if self.rollout_depth is not None and self.evaluate is None:
            raise ValueError("SearchSettings: a rollout depth needs `evaluate` to score where rollouts stop")


@dataclasses.dataclass(frozen=True, slots=True)
class Searched:
    """One root command: how often the search chose it, and its mean reward for the searching seat."""

    command: Command
    visits: int
    value: float


def search_level(settings: SearchSettings) -> BotLevel:
    """The `search` level in words, with the game's budget and its measured strength."""
    return BotLevel(
        description=(f"Information-set Monte Carlo tree search: samples what its seat cannot see from its view, "
                     f"plays on with the game's own rules and chooses the most visited command; "
                     f"{settings.iterations} iterations a decision (a seat may ask for 1 to "
                     f"{settings.max_iterations})."),
        strength=settings.strength,
    )


# -- rewards ---------------------------------------------------------------------------------------------


def place_score(place: int, tied: int, seats: int) -> float:
    """`(n - place) / (n - 1)`, averaged over the `tied` places that seats sharing `place` span."""
    spanned = range(place, place + tied)
    return sum((seats - p) / (seats - 1) for p in spanned) / tied


def rewards(result: Mapping[str, Any], settings: SearchSettings) -> Rewards:
    """Every seat's reward in [0, 1] from a game's result: its standings' places (every game's result lists
    `standings: [{seat, place, score}]`, places shared by ties), or a solo game's score."""
    standings = result["standings"]
    if len(standings) == 1:
        return {standings[0]["seat"]: _solo_reward(standings[0], settings)}
    places = [row["place"] for row in standings]
    return {row["seat"]: place_score(row["place"], places.count(row["place"]), len(standings)) for row in standings}


def _solo_reward(row: Mapping[str, Any], settings: SearchSettings) -> float:
    """The final score against the game's range, best 1 and worst 0 (against par: the par is fixed per game,
    so this is linear in score minus par too); without a range, the first place's 1."""
    if settings.solo_scores is None:
        return 1.0 if row["place"] == 1 else 0.0
    best, worst = settings.solo_scores
    return min(1.0, max(0.0, (worst - row["score"]) / (worst - best)))


# -- the tree --------------------------------------------------------------------------------------------


class Edge:
    """A command at a node: its visits, its total reward for the node's seat, and its availability."""

    __slots__ = ("visits", "total", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Node:
    """A seat's decision in the tree: an edge per command tried, and the command the game's prior prefers
    (asked once, in the determinisation that first reached the node)."""

    __slots__ = ("edges", "preferred", "asked")

    def __init__(self) -> None:
        self.edges: dict[Command, Edge] = {}
        self.preferred: Command | None = None
        self.asked = False

    def choose(self, legal: Sequence[Command], rng: Rng, settings: SearchSettings) -> tuple[Command, bool]:
        """The command to follow among those `legal` in this determinisation, and whether it is new: an untried
        one first (the preferred one, else one at random), else the best UCB1 with availability counts, plus
        the progressive bias `prior_weight / (visits + 1)` for the preferred command (ties: listing order)."""
        edges = self.edges
        untried = [command for command in legal if command not in edges]
        if untried:
            command = self.preferred if self.preferred in untried else rng.choice(untried)
            edges[command] = Edge()
            for each in legal:
                if each in edges:
                    edges[each].available += 1
            return command, True
        best, best_score = legal[0], -math.inf
        for command in legal:
            edge = edges[command]
            edge.available += 1
            score = edge.total / edge.visits + settings.exploration * math.sqrt(math.log(edge.available) / edge.visits)
            if command == self.preferred:
                score += settings.prior_weight / (edge.visits + 1)
            if score > best_score:
                best, best_score = command, score
        return best, False


class Walk:
    """Where one iteration stands in the tree: the position reached and the round under way, if any.

    A position is a node of the trie of command sequences (ids in `Tree.positions`). A round begins where
    several seats are to act: until it ends (`is_over`) each seat's node is (the round's start, the seat, its
    own commands in it), and at its end the position moves on by the whole round at once.
    """

    __slots__ = ("tree", "position", "round_seats", "moves", "finished")

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.position = 0
        self.round_seats: frozenset[int] = frozenset()
        self.moves: dict[int, tuple[Command, ...]] = {}
        self.finished: set[int] = set()

    def node(self, seat: int) -> Node:
        key = (self.position, seat, self.moves.get(seat, ()))
        node = self.tree.nodes.get(key)
        if node is None:
            node = self.tree.nodes[key] = Node()
        return node

    def begin(self, to_act: frozenset[int]) -> None:
        """Start a round if several seats are to act and none is under way."""
        if len(to_act) > 1 and not self.round_seats:
            self.round_seats, self.moves, self.finished = to_act, {}, set()

    def is_over(self, after: frozenset[int]) -> bool:
        """Whether the round ends before `after` act: nobody is to act, a seat outside it is, a seat that
        finished its part is again, or the one seat left to act has played in it while all others finished
        (the last bid is in and its bidder acts on: a seat's part of a round may be several commands, so a
        last seat's further commands are taken for the next step; the price is that they see the round)."""
        if not after or not after <= self.round_seats or after & self.finished:
            return True
        return len(after) == 1 and after <= self.moves.keys() and self.round_seats - after <= self.finished

    def advance(self, seat: int, command: Command, before: frozenset[int], after: frozenset[int]) -> None:
        """`seat` played `command`; `before` and `after` are the seats to act around it."""
        if not self.round_seats:
            self.position = self.tree.step(self.position, (seat, command))
            self.begin(after)
            return
        self.moves[seat] = (*self.moves.get(seat, ()), command)
        self.finished |= before - after
        if self.is_over(after):
            played = tuple(sorted(self.moves.items()))
            self.position = self.tree.step(self.position, ("round", played))
            self.round_seats = frozenset()
            self.begin(after)


class Tree:
    """The search's tree: positions as a trie of command sequences, and a node per (position, seat, round)."""

    __slots__ = ("positions", "nodes")

    def __init__(self) -> None:
        self.positions: dict[tuple[int, Any], int] = {}
        self.nodes: dict[tuple[int, int, tuple[Command, ...]], Node] = {}

    def step(self, position: int, label: Any) -> int:
        return self.positions.setdefault((position, label), len(self.positions) + 1)


# -- one iteration ---------------------------------------------------------------------------------------


@dataclasses.dataclass(slots=True)
class Search:
    """One search from one seat's view: the game, the settings, the root's commands and the tree."""

    spec: GameSpec
    settings: SearchSettings
    view: dict[str, Any]
    seat: int
    legal: Sequence[Command]
    rng: Rng
    tree: Tree = dataclasses.field(default_factory=Tree)

    def iterate(self) -> None:
        """Determinise, select and expand down the tree, roll out, and back the rewards up the path."""
        assert self.settings.determinize is not None
        state = self.settings.determinize(self.view, self.rng)
        walk, path = Walk(self.tree), []
        to_act = self.spec.to_act(state)
        walk.begin(to_act)
        seat, legal = self.seat, self._narrowed(state, self.legal)
        while legal:
            node = walk.node(seat)
            if not node.asked and self.settings.prior is not None:
                node.preferred, node.asked = self.settings.prior(state, seat, legal, self.rng), True
            command, expanded = node.choose(legal, self.rng, self.settings)
            path.append((node.edges[command], seat))
            state, after = self._play(state, seat, command)
            walk.advance(seat, command, to_act, after)
            to_act = after
            if expanded or not to_act or self.spec.result(state) is not None:
                break
            seat = min(to_act)
            legal = self._narrowed(state, self.spec.legal_commands(state, seat))
        outcome = self._roll_out(state, to_act)
        for edge, mover in path:
            edge.visits += 1
            edge.total += outcome.get(mover, DRAW)

    def _narrowed(self, state: Any, legal: Sequence[Command]) -> Sequence[Command]:
        """The commands worth searching (the game's `narrow`), never none of a non-empty listing."""
        if self.settings.narrow is None or not legal:
            return legal
        return self.settings.narrow(state, legal) or legal

    def _play(self, state: Any, seat: int, command: Command) -> tuple[Any, frozenset[int]]:
        """The state after `seat` plays `command` (its chance from the search's stream), and the seats to act."""
        events = self.spec.decide(state, seat, command, self.rng)
        after = getattr(events, "state", None)
        if after is None:
            after = self.spec.fold(events, state)
        return after, self.spec.to_act(after)

    def _roll_out(self, state: Any, to_act: frozenset[int]) -> Rewards:
        """Play on by the rollout policy to the end (or the depth cap) and score what is reached."""
        settings, depth = self.settings, 0
        limit = settings.rollout_depth(state) if callable(settings.rollout_depth) else settings.rollout_depth
        while (result := self.spec.result(state)) is None and to_act:
            if limit is not None and depth >= limit:
                break
            seat = min(to_act)
            legal = self.spec.legal_commands(state, seat)
            if not legal:
                break
            if settings.rollout is not None:
                command = settings.rollout(state, seat, legal, self.rng)
            else:
                command = self.rng.choice(self._narrowed(state, legal))
            state, to_act = self._play(state, seat, command)
            depth += 1
        if result is not None:
            return rewards(result, settings)
        return settings.evaluate(state) if settings.evaluate is not None else {}


def analyse(spec: GameSpec, view: dict[str, Any], legal: Sequence[Command], rng: Rng,
            iterations: int) -> list[Searched]:
    """ISMCTS from `view`'s seat over the game's own rules: one Searched per command of `legal`, in its order.

    Deterministic given `rng` and `iterations`; reads only the view, the legal commands and the game's
    public constants (through its `determinize`).

    Raises:
        ValueError: the game has no search (no determinize.py), or nothing is legal.
    """
    settings = spec.search
    if settings is None or settings.determinize is None or settings.viewer is None:
        raise ValueError(f"{spec.id} has no search")
    if not legal:
        raise ValueError("nothing to search: no legal command")
    search = Search(spec, settings, view, settings.viewer(view), tuple(legal), rng)
    for _ in range(iterations):
        search.iterate()
    root = search.tree.nodes.get((0, search.seat, ()), Node())
    return [_searched(command, root.edges.get(command)) for command in legal]


def _searched(command: Command, edge: Edge | None) -> Searched:
    if edge is None or edge.visits == 0:
        return Searched(command, 0, 0.0)
    return Searched(command, edge.visits, edge.total / edge.visits)


def best(searched: Sequence[Searched]) -> int:
    """The index of the most visited command (ties: the higher value, then the first listed)."""
    return max(range(len(searched)), key=lambda index: (searched[index].visits, searched[index].value, -index))


class SearchBot:
    """The `search` level of one game: the most visited command of `analyse`, at the seat's budget
    (`iterations`, a seat's own) or the game's default; a lone legal command is played without searching."""

    __slots__ = ("spec",)

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec

    def __call__(self, view: dict[str, Any], legal: Sequence[Command], rng: Rng,
                 iterations: int | None = None) -> Command:
        if len(legal) == 1:
            return legal[0]
        assert self.spec.search is not None
        searched = analyse(self.spec, view, legal, rng, iterations or self.spec.search.iterations)
        return searched[best(searched)].command
