"""The bots: `random`, and `expert`, which drafts a matching, well-pointed sled fast and races on a plan.

Both see only their own view and the legal commands. In Preparations the expert places
the husky worth most for the revealed terrain while keeping every free place fillable by
huskies not yet in any sled, opens extra cards with its +1 cards, fills hard places with
youngsters, declares ready as soon as the sled is complete and upgrades 1-point huskies.
In the race it searches the day's orders of huskies, care and equipment (race_plan.py).

The `search` level (issue 29, domain/core/search.py) plays out with `rollout`, a cheap policy over the
full state, and takes the expert as its prior (`expert_prior`); SEARCH holds its settings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core import Bot, BotLevel, Command, Rng
from domain.core.search import SearchSettings
from domain.games.hike.cards import (
    COLOURS,
    HUSKIES,
    OPPOSITE,
    Side,
    Snow,
    is_care,
    is_equipment,
    is_experienced,
    is_youngster,
    points,
)
from domain.games.hike.commands import (
    CareForColumn,
    CareForHusky,
    DeclareReady,
    DraftCard,
    DraftHusky,
    EndTurn,
    OpenCards,
    PlaceHusky,
    PlaceYoungster,
    PushThrough,
    RestHusky,
    SwapHusky,
    UpgradeHusky,
    UseEquipment,
    UseHusky,
)
from domain.games.hike.race_plan import race_choice
from domain.games.hike.sled import can_place, neighbours
from domain.games.hike.state import ACTION, BONUS, EQUIPMENT, OPEN, RACE, REST, RUN, UPGRADE, HikeState, Spot
from domain.games.hike.views import view

POINT_VALUE = {Snow.SNOW: 1.0, Snow.ICE: 0.95, Snow.POWDER: 0.9}
TERRAIN_WEIGHT = 1.0
MISSING_KIND = 6.0  # a sled without a snow kind gets stuck on the first field of that kind
FILLED = 3.0  # each husky in the sled brings the declaration closer
HARD_PLACE = 4.0  # penalty scale for free places that few remaining huskies fit
SWAP_COST = 0.5  # a swap adds no husky: worth it only to unblock a place
HORIZON_DAYS = 6  # days a musher expects to keep drafting before someone declares
WITH_EDGE = {(side, colour): frozenset(card for card, husky in HUSKIES.items() if husky.edges[side] == colour)
             for side in Side for colour in COLOURS}


def expert_bot(view: dict[str, Any], legal: Sequence[Command], rng: Rng) -> Command:
    """The `expert` level: a fast, matching sled, then the day's best plan in the race."""
    if len(legal) == 1:
        return legal[0]
    if view["phase"] == "race":
        return race_choice(view, legal)
    return Drafting(view).choose(legal)


class Drafting:
    """Preparations from the expert's view: its sled, hand, the centre and what is still unseen."""

    def __init__(self, view: dict[str, Any]) -> None:
        me = view["mushers"][view["you"]]
        self.view = view
        self.columns: int = view["columns"]
        self.sled: list[str | None] = [spot["card"]["id"] if spot["card"] else None for spot in me["sled"]]
        self.hand: list[str] = [card["id"] for card in view["hand"]]
        in_sleds = {spot["card"]["id"] for musher in view["mushers"] for spot in musher["sled"] if spot["card"]}
        self.pool = frozenset(card for card in HUSKIES if card not in in_sleds)
        centre = {card["id"] for card in view["centre"]}
        self.at_hand = frozenset(card for card in self.pool if card in centre or card in self.hand)
        self.unseen_weight = self._unseen_weight(len(self.pool - self.at_hand))
        self.terrain = self._terrain_shares()

    def _unseen_weight(self, unseen: int) -> float:
        """The chance that a husky not yet seen is opened while there is time to place it."""
        view = self.view
        days = view["last_preparation_day"] - view["day"] + 1 if view["last_preparation_day"] else HORIZON_DAYS
        opened = max(0, days) * len(view["mushers"]) * max(1, view["opening"])
        return min(1.0, min(opened, view["deck_size"]) / max(1, unseen))

    def _terrain_shares(self) -> dict[Snow, float]:
        counts = {kind: 1.0 for kind in Snow}
        for landscape in self.view["track"]:
            for field in landscape.get("fields", ()):
                counts[Snow(field["snow"])] += 1
        total = sum(counts.values())
        return {kind: count / total for kind, count in counts.items()}

    def choose(self, legal: Sequence[Command]) -> Command:
        step = self.view["step"]
        if step == "open":
            return max(legal, key=lambda c: c.extra if isinstance(c, OpenCards) else -1)
        if step in ("action", "swap"):
            return self._action(legal)
        if step == "bonus":
            return self._bonus(legal)
        if step == "upgrade":
            return self._upgrade(legal)
        return legal[0]

    # Sled quality

    def fits(self, sled: list[str | None], slot: int, exclude: str | None) -> float:
        """How many huskies not in any sled could still go on the free place `slot`."""
        fitting = self.pool
        for side, other in neighbours(slot, self.columns):
            card = sled[other]
            if card is not None and is_experienced(card):
                fitting = fitting & WITH_EDGE[side, HUSKIES[card].edges[OPPOSITE[side]]]
        fitting = fitting - {exclude}
        near = len(fitting & self.at_hand)
        return near + self.unseen_weight * (len(fitting) - near)

    def value(self, sled: list[str | None], placed: str | None = None) -> float:
        """A sled's worth: its points for the terrain, every snow kind covered, free places still fillable."""
        kinds = {kind for card in sled if card for kind in points(card)}
        worth = sum(POINT_VALUE[kind] + TERRAIN_WEIGHT * self.terrain[kind]
                    for card in sled if card for kind in points(card))
        worth -= MISSING_KIND * sum(1 for kind in Snow if kind not in kinds)
        worth += FILLED * sum(1 for card in sled if card)
        worth -= sum(HARD_PLACE / (self.fits(sled, slot, placed) + 0.5) for slot, card in enumerate(sled)
                     if card is None)
        return worth

    def placement_value(self, card: str, slot: int) -> float:
        after = list(self.sled)
        after[slot] = card
        return self.value(after, card)

    def missing_kinds(self) -> int:
        kinds = {kind for card in self.sled if card for kind in points(card)}
        return sum(1 for kind in Snow if kind not in kinds)

    # Steps

    def _action(self, legal: Sequence[Command]) -> Command:
        now = self.value(self.sled)
        best: tuple[float, int] | None = None
        for index, command in enumerate(legal):
            match command:
                case DraftHusky(card=card, slot=slot) | PlaceHusky(card=card, slot=slot):
                    value = self.placement_value(card, slot)
                case DraftCard(card=card):
                    value = now + self._card_value(card)
                case SwapHusky(slot=slot):
                    value = self._swap_value(slot) - SWAP_COST
                case _:
                    value = now - 100.0
            if best is None or value > best[0]:
                best = (value, index)
        assert best is not None
        return legal[best[1]]

    def _swap_value(self, slot: int) -> float:
        """The best sled a swap can make: the husky at `slot` back to hand, one from hand placed."""
        removed = self.sled[slot]
        assert removed is not None
        emptied = list(self.sled)
        emptied[slot] = None
        best = float("-inf")
        for card in {removed, *(c for c in self.hand if is_experienced(c) or is_youngster(c))}:
            for place, other in enumerate(emptied):
                if other is None and (place != slot or card != removed) and self._fits_now(emptied, place, card):
                    after = list(emptied)
                    after[place] = card
                    best = max(best, self.value(after, card))
        return best

    def _fits_now(self, sled: list[str | None], slot: int, card: str) -> bool:
        return can_place(tuple(Spot(card=other) for other in sled), self.columns, slot, card)

    def _card_value(self, card: str) -> float:
        if is_equipment(card):
            upgradable = sum(1 for other in self.sled if other and is_experienced(other) and len(points(other)) == 1)
            owned = sum(1 for other in self.hand if is_equipment(other))
            return 1.5 if owned < max(1, upgradable) else 0.3
        if is_care(card):
            return 1.2
        if is_youngster(card):
            free = [slot for slot, other in enumerate(self.sled) if other is None]
            return max((HARD_PLACE / (self.fits(self.sled, slot, None) + 0.5) for slot in free), default=0.0)
        return 0.3 * len(points(card))

    def _bonus(self, legal: Sequence[Command]) -> Command:
        if DeclareReady() in legal:
            return DeclareReady()
        youngsters = [c for c in legal if isinstance(c, PlaceYoungster)]
        free = [slot for slot, card in enumerate(self.sled) if card is None]
        if youngsters and len(free) > self.missing_kinds():
            hardest = min(free, key=lambda slot: (self.fits(self.sled, slot, None), slot))
            choice = next((c for c in youngsters if c.slot == hardest), None)
            if choice is not None:
                return choice
        return EndTurn()

    def _upgrade(self, legal: Sequence[Command]) -> Command:
        upgrades = [c for c in legal if isinstance(c, UpgradeHusky)]
        equipment = sum(1 for card in self.hand if is_equipment(card))
        youngsters = sum(1 for card in self.sled if card and is_youngster(card))
        keep = 1 if youngsters < 2 and self._equipment_field_possible() else 0
        if upgrades and equipment > keep:
            return max(upgrades, key=lambda c: (self._extra_point_value(c.slot), -c.slot))
        return EndTurn()

    def _equipment_field_possible(self) -> bool:
        track = self.view["track"]
        return any(not landscape["face_up"] for landscape in track) or any(
            field["equipment"] for landscape in track for field in landscape.get("fields", ()))

    def _extra_point_value(self, slot: int) -> int:
        kinds = {kind for _, other in neighbours(slot, self.columns) if self.sled[other]
                 for kind in points(self.sled[other] or "")}
        return len(kinds)


def rollout(state: HikeState, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
    """The search's playout policy, over the full state and cheap: sleds filled and races run, not wandered.

    Preparations: open every card the +1 cards allow, place a husky when one fits (drafted or from the hand),
    declare ready as soon as the sled is complete and upgrade what can be upgraded. The race: run a husky while
    one can, then care cards, then make camp; spend equipment rather than push through (never stop before the
    field), and turn the huskies with the fewest points to rest. Any other choice is random.
    """
    if len(legal) == 1:
        return legal[0]
    if state.phase is RACE:
        return _race_rollout(state, seat, legal, rng)
    step = state.step
    if step is OPEN:
        return legal[-1]  # OpenCards with the most +1 cards (listed last)
    if step is ACTION:
        placing = [command for command in legal if type(command) in PLACING]
        return rng.choice(placing or [command for command in legal if type(command) is not SwapHusky] or legal)
    if step is BONUS:
        if DeclareReady() in legal:
            return DeclareReady()
        youngsters = [command for command in legal if type(command) is PlaceYoungster]
        return rng.choice(youngsters) if youngsters else EndTurn()
    if step is UPGRADE:
        return legal[0]  # an upgrade while one is listed, then EndTurn
    return rng.choice(legal)


PLACING = (DraftHusky, PlaceHusky)
CARING = (CareForHusky, CareForColumn)


def _race_rollout(state: HikeState, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
    step = state.mushers[seat].step
    if step is RUN:
        running = [command for command in legal if type(command) is UseHusky]
        if running:
            return rng.choice(running)
        caring = [command for command in legal if type(command) in CARING]
        return rng.choice(caring or legal)
    if step is EQUIPMENT:
        return UseEquipment() if UseEquipment() in legal else PushThrough()
    if step is REST:
        sled = state.mushers[seat].sled
        resting = [command for command in legal if type(command) is RestHusky]
        return min(resting, key=lambda command: len(points(sled[command.slot].card or ""))) if resting else legal[0]
    return rng.choice(legal)


def expert_prior(state: HikeState, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
    """The search's prior: the expert's choice from the seat's own view of the (determinised) state, which a new
    node of the tree tries first and favours by `PRIOR_WEIGHT / (visits + 1)`."""
    return expert_bot(view(state, seat), legal, rng)


PRIOR_WEIGHT = 3.0
"""The expert's bonus in the search (progressive bias): measured at 160 iterations, two seats, 20 games each
against the expert (bench/search_bots.py): weight 0 won 40%, 1 40%, 3 65%, 10 55%."""


BOTS: dict[str, Bot] = {"expert": expert_bot}
"""The game's own levels, beside every game's `random`."""

SEARCH = SearchSettings(
    iterations=160, max_iterations=1000, rollout=rollout, prior=expert_prior, prior_weight=PRIOR_WEIGHT,
    strength=("Won 122 of 200 two-seat duplicate games against the expert (61.0%, Wilson 95% 54.1-67.5%; "
              "bench/search_bots.py --type hike --seats 2 --record bench/results/search_bots.jsonl, seeds "
              "search-bench-0 to -99), 8 s of CPU a game; at four seats against three experts, 13 of the first 31 "
              "recorded games (41.9%, Wilson 95% 26.4-59.2%, chance 25%)."))
"""The `search` level (domain/core/search.py): its playouts follow `rollout` (uniformly random ones won 1 of 12
two-seat games against the expert at 100 iterations, `rollout` 5 of 12), each new node tries the expert's choice
first and favours it. 160 iterations cost about 500 ms of CPU a decision here (time.process_time over 20
decisions of an expert game: 0.38 s at two seats, 0.64 s at four)."""

LEVELS: dict[str, BotLevel] = {
    "expert": BotLevel(
        description=(
            "Drafts a matching, well-pointed sled fast, then races each day on a searched plan of huskies, care "
            "and equipment."
        ),
        strength=(
            "Wins 99.0% of 2- and 4-seat races and 92.0% of 6-seat ones against random bots (bench/hike_bots.py "
            "--games 200, rules version 3)."
        ),
    ),
}
"""The game's own levels in words (GET /game-types `bot_levels`)."""
