"""Bots for Peaks: `random` (every game's), `guide` (`BOTS`), which plans rest, prepare and climb around its
mountains, and `search` (`SEARCH`: the core's ISMCTS, with the guide as its rollout and prior).

A bot sees only its own seat's view and the legal commands (DESIGN.md, Bots); the
card data it reads (mountains, companions) is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core import Bot, BotLevel, Command, Rng
from domain.core.search import SearchSettings
from domain.games.peaks import cards, playouts
from domain.games.peaks.commands import (
    AcceptOffer,
    BringCompanions,
    CallForTagAlongs,
    ClaimActionBonus,
    Climb,
    Decline,
    DeclineReward,
    DiscardBonusCard,
    GainEquipment,
    GainMountain,
    GainReward,
    KeepCompanion,
    OfferEquipment,
    Prepare,
    RejectOffer,
    Rest,
    StayBehind,
    TagAlong,
    Travel,
    UpgradeAction,
)
from domain.games.peaks.state import State
from domain.games.peaks.views import has_waiting_step

REWARD_VALUE = {"flag": 3.0, "bonus": 1.2, "experience": 1.0, "companion": 1.2, "stamina_level": 1.5, "upgrade": 1.6}
REWARD_ORDER = ("experience", "stamina", "flag", "stamina_level", "bonus", "companion", "upgrade")
"""Rules version 2 lets a climb's rewards be taken in any order: experience first, so that an upgrade from the same
climb may slide a tile whose prerequisite the climb's experience meets (Rewards, Upgrade)."""
UPGRADE_ORDER = [("prepare", "dial"), ("climb", "tile"), ("prepare", "tile"), ("climb", "dial"), ("rest", "tile"),
                 ("rest", "dial")]


def _me(view: dict[str, Any]) -> dict[str, Any]:
    return view["players"][view["you"]]


def _danger_chance(shortfall: int) -> float:
    return 1 - (5 / 6) ** max(0, shortfall)


def _team_experience(me: dict[str, Any]) -> int:
    table = cards.companions()
    return me["experience"] + sum(table[slot["companion"]].experience for slot in me["companions"])


SIDE_VALUES: dict[tuple[str, str, float], float] = {}  # `side_value` of the catalogue's mountains (few dangers)


def side_value(mountain: cards.Mountain, side: str, danger: float) -> float:
    """The rewards of one side, green ones weighted by the chance that no danger is rolled."""
    if cards.mountains().get(mountain.id) is not mountain:  # not the catalogue's card: no memo
        return _side_value(mountain, side, danger)
    key = (mountain.id, side, danger)
    value = SIDE_VALUES.get(key)
    if value is None:
        if len(SIDE_VALUES) >= 100_000:
            SIDE_VALUES.clear()
        value = SIDE_VALUES[key] = _side_value(mountain, side, danger)
    return value


def _side_value(mountain: cards.Mountain, side: str, danger: float) -> float:
    return sum(REWARD_VALUE.get(r.kind, 1.0) * ((1 - danger) if r.green else 1.0) for r in mountain.rewards(side))


def climb_score(me: dict[str, Any], mountain: cards.Mountain, side: str) -> float:
    shortfall = mountain.experience - _team_experience(me)
    return side_value(mountain, side, _danger_chance(shortfall)) + 1.0 - 0.25 * mountain.stamina


def mountain_prospect(me: dict[str, Any], mountain: cards.Mountain) -> float:
    """How good a mountain is to hold: its best side, less what stands between us and its summit."""
    best = max(climb_score(me, mountain, side) for side in ("left", "right"))
    missing = sum(1 for kind in mountain.equipment if me["equipment"][kind] < 1)
    far = 1.0 if mountain.acclimatisation and me["continent"] != mountain.continent else 0.0
    tired = max(0, mountain.stamina - me["stamina_level"]) * 0.6
    return best - 1.5 * missing - far - tired


def _choose_action(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    me = _me(view)
    table = cards.mountains()
    climbs = [c for c in legal if isinstance(c, Climb)]
    if climbs:
        best = max(climbs, key=lambda c: (climb_score(me, table[c.mountain], c.side), c.mountain, c.side))
        if climb_score(me, table[best.mountain], best.side) > 0.5:
            return best
    held = [table[m] for m in me["mountains"]]
    costs = [m.stamina for m in held if mountain_prospect(me, m) > 0]
    if costs and me["stamina"] < min(costs) and len(held) >= 2:
        gain_level = me["stamina_level"] - me["stamina"]
        dial = cards.mat().actions["rest"].dial[me["dials"]["rest"]]
        return Rest(choice="level" if gain_level >= dial else "gain")
    return Prepare()


def _gain_mountain(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    me = _me(view)
    table = cards.mountains()

    def score(command: GainMountain) -> float:
        if command.source == "display":
            return mountain_prospect(me, table[view["display"][command.slot]])
        return 0.5 if command.source == "A" else (1.0 if me["stamina_level"] >= 10 else -2.0)

    options = [c for c in legal if isinstance(c, GainMountain)]
    return max(options, key=lambda c: (score(c), -c.slot, c.source))


def _gain_equipment(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    me = _me(view)
    need = {kind: 0 for kind in cards.board().equipment}
    for mountain_id in me["mountains"]:
        for kind in cards.mountains()[mountain_id].equipment:
            need[kind] += 1
    options = [c for c in legal if isinstance(c, GainEquipment)]
    return max(options, key=lambda c: (need[c.equipment] - me["equipment"][c.equipment], c.equipment))


def _companion_value(companion_id: str, uses: int | None = None) -> float:
    card = cards.companions()[companion_id]
    return card.experience * (card.uses if uses is None else uses) + 1


def _keep_companion(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    me = _me(view)
    current = {slot["companion"]: _companion_value(slot["companion"], slot["uses"]) for slot in me["companions"]}
    best: Command = Decline()
    best_gain = 0.0
    for command in legal:
        if isinstance(command, KeepCompanion):
            gain = _companion_value(command.companion) - (current[command.replace] if command.replace else 0)
            if gain > best_gain:
                best, best_gain = command, gain
    return best


def _upgrade(legal: Sequence[Command]) -> Command:
    for action, part in UPGRADE_ORDER:
        for command in legal:
            if isinstance(command, UpgradeAction) and (command.action, command.part) == (action, part):
                return command
    return legal[0]


def tag_along_value(me: dict[str, Any], climb: dict[str, Any], stamina: int | None = None) -> float:
    """What tagging along on the climb is worth to us: the other side's rewards, less the stamina it costs."""
    mountain = cards.mountains()[climb["mountain"]]
    other = "right" if climb["side"] == "left" else "left"
    value = side_value(mountain, other, 0.3) + 1.0 - 0.3 * mountain.stamina
    if (me["stamina"] if stamina is None else stamina) - mountain.stamina < 2:
        value -= 1.0  # too tired afterwards for our own climbs
    return value


def _discard_for_stamina(me: dict[str, Any], legal: Sequence[Command], short: int) -> Command | None:
    """Rules version 2: the smallest stamina bonus card in hand that covers `short` stamina, if any."""
    table = cards.bonus_cards()
    fitting = [c for c in legal if isinstance(c, DiscardBonusCard) and table[c.card].discard["kind"] == "stamina"
               and table[c.card].discard["amount"] >= short]
    return min(fitting, key=lambda c: (table[c.card].discard["amount"], c.card)) if fitting else None


def _discard_for_equipment(legal: Sequence[Command], kind: str) -> Command | None:
    """A bonus card in hand whose discard gives one `kind` of equipment, if any."""
    table = cards.bonus_cards()
    fitting = sorted(c.card for c in legal if isinstance(c, DiscardBonusCard)
                     and table[c.card].discard.get("equipment") == kind)
    return DiscardBonusCard(card=fitting[0]) if fitting else None


def _discard_to_tag_along(view: dict[str, Any], legal: Sequence[Command]) -> Command | None:
    """Asked to tag along with only staying behind listed (rules version 2; from version 3 whenever a hand of our
    size might pay): the discard that pays the one thing we lack, stamina or one equipment type, if we hold it."""
    me, climb = _me(view), view["climb"]
    mountain = cards.mountains()[climb["mountain"]]
    offered = next((o["equipment"] for o in climb["offers"] if o["seat"] == view["you"] and o["accepted"]), [])
    promised = [kind for b in climb["backing"] if b["seat"] == view["you"] for kind in b["equipment"]]
    lacking = [kind for kind in mountain.equipment
               if kind not in offered and me["equipment"][kind] < 1 + promised.count(kind)]
    short = mountain.stamina - me["stamina"]
    if short > 0 and not lacking:
        return _discard_for_stamina(me, legal, short)
    if short <= 0 and len(lacking) == 1:
        return _discard_for_equipment(legal, lacking[0])
    return None


def _tag_along(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    me = _me(view)
    climb = view["climb"]
    mountain = cards.mountains()[climb["mountain"]]
    options = [c for c in legal if isinstance(c, TagAlong)]
    stay = any(isinstance(c, StayBehind) for c in legal)
    if not options and stay:
        # Rules version 2 and later: we were asked because discarding bonus cards might pay for the climb.
        discard = _discard_to_tag_along(view, legal)
        if discard is not None and tag_along_value(me, climb, max(me["stamina"], mountain.stamina) + 2) > 1.5:
            return discard
    if not options or (tag_along_value(me, climb) <= 1.0 and stay):
        return StayBehind()
    return min(options, key=lambda c: (len(c.companions), c.companions))


def _take_reward(legal: Sequence[Command]) -> Command:
    """Rules version 2: every reward is worth having; take them in REWARD_ORDER."""
    takes = {c.reward: c for c in legal if isinstance(c, GainReward)}
    for kind in REWARD_ORDER:
        if kind in takes:
            return takes[kind]
    return next(c for c in legal if isinstance(c, DeclineReward))


def _back_climb(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    """Rules version 2: pay what the climber lacks only when we can then tag along on it for a good side."""
    me = _me(view)
    climb = view["climb"]
    mountain = cards.mountains()[climb["mountain"]]
    offers = [c for c in legal if isinstance(c, OfferEquipment)]
    if not offers:
        return Decline()
    kit = max(offers, key=lambda c: (len(c.equipment), c.equipment))
    enough_kit = all(me["equipment"][kind] >= 1 + kit.equipment.count(kind) for kind in mountain.equipment)
    there = not mountain.acclimatisation or me["continent"] == mountain.continent
    if enough_kit and there and me["stamina"] >= mountain.stamina and tag_along_value(me, climb) > 1.5:
        return kit
    return Decline()


def _bring(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    me = _me(view)
    mountain = cards.mountains()[view["climb"]["mountain"]]
    options = [c for c in legal if isinstance(c, BringCompanions)]
    if mountain.experience > me["experience"]:
        return max(options, key=lambda c: (len(c.companions), c.companions))
    return options[0]


def guide_bot(view: dict[str, Any], legal: Sequence[Command], rng: Rng) -> Command:
    """The `guide` level: climbs what pays, rests when short of stamina, prepares otherwise."""
    kinds = {type(command) for command in legal}
    if Rest in kinds:
        return _choose_action(view, legal)
    if GainReward in kinds:
        return _take_reward(legal)
    if OfferEquipment in kinds and view["step"] and view["step"]["kind"] == "back_climb":
        return _back_climb(view, legal)
    if GainMountain in kinds:
        return _gain_mountain(view, legal)
    if GainEquipment in kinds:
        return _gain_equipment(view, legal)
    if KeepCompanion in kinds:
        return _keep_companion(view, legal)
    if UpgradeAction in kinds:
        return _upgrade(legal)
    if ClaimActionBonus in kinds:
        for choice in ("flag", "stamina_level", "upgrade", "experience"):
            if ClaimActionBonus(choice=choice) in legal:  # type: ignore[arg-type]
                return ClaimActionBonus(choice=choice)  # type: ignore[arg-type]
    if BringCompanions in kinds:
        return _bring(view, legal)
    if CallForTagAlongs in kinds:
        return CallForTagAlongs()
    if AcceptOffer in kinds or RejectOffer in kinds:
        return AcceptOffer() if AcceptOffer in kinds else RejectOffer()
    if TagAlong in kinds or StayBehind in kinds:
        return _tag_along(view, legal)
    if Travel in kinds:
        return _travel(view, legal)
    return legal[0]


def _travel(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    me = _me(view)
    wanted = [cards.mountains()[m].continent for m in me["mountains"] if cards.mountains()[m].acclimatisation]
    options = [c for c in legal if isinstance(c, Travel)]
    best = max(options, key=lambda c: (wanted.count(c.continent), c.continent))
    return best if wanted.count(best.continent) else Decline()


BOTS: dict[str, Bot] = {"guide": guide_bot}


def guide_view(state: State, seat: int) -> dict[str, Any]:
    """The part of `seat`'s view (views.py `view`) that the guide reads, with the same values: its own mat, the
    display, the climb under way and the waiting step's kind. The search calls the guide at every step of every
    playout; building the whole view there was most of a playout's cost."""
    player, expedition = state.players[seat], state.expedition
    board = cards.board()
    me = {
        "continent": player.continent,
        "stamina": player.stamina,
        "stamina_level": player.stamina_level,
        "experience": player.experience,
        "equipment": dict(zip(board.equipment, player.equipment)),
        "mountains": list(player.mountains),
        "companions": [{"companion": slot.companion, "uses": slot.uses} for slot in player.companions],
        "dials": dict(zip(cards.ACTIONS, player.dials)),
    }
    return {
        "display": state.supply.display,
        "step": {"kind": state.steps[0].kind.value} if has_waiting_step(state) else None,
        "climb": None if expedition is None else {
            "mountain": expedition.mountain,
            "side": expedition.side,
            "offers": [{"seat": o.seat, "equipment": list(o.equipment), "accepted": o.accepted}
                       for o in expedition.offers],
            "backing": [{"seat": b.seat, "equipment": list(b.equipment)} for b in expedition.backing],
        },
        "players": {seat: me},
        "you": seat,
    }


def guide_in_state(state: State, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
    """The guide's command for `seat` from its view of a (determinised) state: the search's rollout and prior.

    It reads `guide_view`, the part of the view the guide reads (the same values as `view`'s)."""
    return guide_bot(guide_view(state, seat), legal, rng)


SEARCH = SearchSettings(
    iterations=340, max_iterations=4000, rollout=guide_in_state, rollout_depth=15, evaluate=playouts.evaluate,
    prior=guide_in_state, prior_weight=1.0, narrow=playouts.narrow, exploration=0.4,
    strength=("Won 166 of 200 two-seat duplicate games against the guide (83.0%, Wilson 95% 77.2-87.6%; "
              "bench/search_bots.py --type peaks --seats 2 --record bench/results/search_bots.jsonl), about 40 s "
              "of CPU a game on a fast machine, 110 s on a slow one."),
)
"""The `search` level (domain/core/search.py): playouts of 15 commands by the guide, scored by `playouts.evaluate`;
the guide's command tried first and favoured at every node (progressive bias), declined rewards and idle discards
left out (`playouts.narrow`). Its budget, 340 iterations, is about 500 ms of CPU a decision on this machine: 383 ms
at 2 seats and 553 ms at 4 for 320 iterations (time.process_time over 12 decisions spread across a seeded guide
game of each size, rules version 3). An iteration costs about 1.2 ms at 2 seats and 1.7 ms at 4 (a playout of 15
commands: the guide reads a view at each, then decide and the listing of legal commands). Since then the guide in a
playout reads only the part of the view it uses (`guide_view`), and the feasible companion sets, the step's
commands and reward counts are memoised: about 0.56 of the CPU a decision at 2 seats, 0.6 at 4, the same choices
(bench/peaks_search_cpu.py, old and new code alternately; tests/domain/peaks/test_peaks_sameness.py holds every
outcome to the old code's)."""

LEVELS: dict[str, BotLevel] = {
    "guide": BotLevel(
        description=(
            "Plans rest, prepare and climb around its mountains, backs climbs it can tag along on, and spends "
            "stamina cards sparingly."
        ),
        strength=(
            "Wins every game against random bots, 100 of 100 at 2 and at 4 seats, mean score 29.2 against 2.6 "
            "(bench/peaks_bots.py --games 100, rules version 3)."
        ),
    ),
}
"""The game's own levels in words (GET /game-types `bot_levels`)."""
