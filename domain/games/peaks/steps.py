"""The steps of a turn that wait for a choice: what each offers, and the one refusal of each answer.

Each rule is written once, as a predicate (`can_travel`), a refusal (`equipment_refusal`, the
reason or None) or a list of options (`bring_sets`); `step_commands` (the candidates listed)
and the answer's refusal in `STEP_REFUSALS` (what `decide` accepts, and what the listing keeps)
both use it, so the two cannot drift. What an accepted answer does is in effects.py.
Rulebook: Prepare 1-3, Companions, Rewards, Action bonuses, Negotiation, Timing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from domain.core import Command
from domain.games.peaks import cards
from domain.games.peaks.actions import upgrade_options
from domain.games.peaks.climbing import (
    accepted_offer,
    backed_equipment,
    backing_options,
    feasible_sets,
    offer_options,
    offer_refusal,
    promised,
    reward_counts,
    still_missing,
    tag_along_sets,
)
from domain.games.peaks.commands import (
    AcceptOffer,
    BringCompanions,
    CallForTagAlongs,
    ClaimActionBonus,
    Decline,
    DeclineReward,
    GainEquipment,
    GainMountain,
    GainReward,
    KeepCompanion,
    OfferEquipment,
    RejectOffer,
    StayBehind,
    TagAlong,
    Travel,
    UpgradeAction,
)
from domain.games.peaks.decks import can_draw
from domain.games.peaks.state import Mountaineer, Phase, State, Step, StepKind, Supply

OPTIONAL: frozenset[StepKind] = frozenset({
    StepKind.EQUIPMENT, StepKind.TRAVEL, StepKind.UPGRADE, StepKind.CHOOSE_COMPANION, StepKind.ACTION_BONUS,
    StepKind.BACK_CLIMB,
})
PROMPTS: dict[StepKind, str] = {
    StepKind.GAIN_MOUNTAIN: "gain a mountain from the display or the top of a deck",
    StepKind.EQUIPMENT: "gain equipment or decline",
    StepKind.TRAVEL: "travel to a continent or decline",
    StepKind.CHOOSE_COMPANION: "keep one of the companions drawn, or discard them",
    StepKind.UPGRADE: "upgrade an action or decline",
    StepKind.ACTION_BONUS: "claim the action bonus or decline",
    StepKind.BRING_COMPANIONS: "choose the companions to bring on the climb",
    StepKind.NEGOTIATE: "make offers to opponents or call for tag-alongs",
    StepKind.ANSWER_OFFER: "accept or reject the climber's offer",
    StepKind.TAG_ALONG: "tag along on the climb or stay behind",
    StepKind.REWARDS: "gain or decline each of the climb's rewards, in the order you choose",
    StepKind.BACK_CLIMB: "offer to pay part of the climber's equipment, or decline",
}


def can_gain_mountain(supply: Supply, source: str, slot: int) -> bool:
    """Prepare 1: a mountain still in the display slot, or a deck (or its discard pile) with a card in it."""
    if source == "display":
        return 0 <= slot < len(supply.display) and supply.display[slot] is not None
    return can_draw(supply, source)


def mountain_choices(supply: Supply) -> list[Command]:
    """Gain a mountain from a display slot (leftmost first), or the top of deck A or B."""
    shown = [GainMountain(source="display", slot=slot) for slot in range(len(supply.display))
             if can_gain_mountain(supply, "display", slot)]
    return [*shown, *(GainMountain(source=deck) for deck in ("A", "B") if can_gain_mountain(supply, deck, 0))]


def equipment_refusal(state: State, step: Step, kind: str) -> str | None:
    """Why the step cannot give this equipment, or None: a bonus of one type, and the numbers on your mat."""
    if step.equipment and kind != step.equipment:
        return f"this bonus gives {cards.board().equipment_names[step.equipment]} only"
    index = cards.board().equipment.index(kind)
    if state.players[step.seat].equipment[index] >= cards.mat().equipment_max:
        return "you cannot have more equipment than the numbers on your mat"
    return None


def can_travel(player: Mountaineer, continent: str) -> bool:
    """Travel: to any other continent."""
    return continent != player.continent


def companion_choices(state: State, step: Step) -> list[Command]:
    """Keep one drawn companion: on an empty space, or (mat full) in place of an existing one."""
    player = state.players[step.seat]
    if len(player.companions) < cards.mat().companion_slots:
        return [KeepCompanion(companion=card) for card in step.cards]
    return [KeepCompanion(companion=card, replace=slot.companion) for card in step.cards for slot in player.companions]


def action_bonus_choices(state: State) -> tuple[str, ...]:
    """Action bonuses: what this turn's action gives for its tokens (rest, prepare or climb)."""
    return cards.mat().actions[state.action or "rest"].bonus


def bring_sets(state: State, seat: int) -> list[tuple[str, ...]]:
    """Climb 1: the companion sets with which the climber meets the mountain's requirements."""
    expedition = state.expedition
    if expedition is None:
        return []
    return feasible_sets(state.players[seat], cards.mountains()[expedition.mountain],
                         covered=backed_equipment(expedition))


def can_accept_offer(state: State, seat: int) -> bool:
    """Could the seat tag along with the pending offer's equipment paid for it (from rules version 3 also paying
    what it promised by backing the climb)?"""
    expedition = state.expedition
    if expedition is None:
        return False
    pending = next((o for o in expedition.offers if o.seat == seat and o.accepted is None), None)
    if pending is None:
        return False
    mountain = cards.mountains()[expedition.mountain]
    return bool(feasible_sets(state.players[seat], mountain, covered=pending.equipment, extra=promised(state, seat)))


def is_bound(state: State, seat: int) -> bool:
    """Negotiation: a seat that accepted the climber's offer must tag along (agreements bind for the turn)."""
    return state.expedition is not None and accepted_offer(state.expedition, seat) is not None


_last: tuple[Any, Any, tuple[Command, ...]] = (None, None, ())
"""The last `step_commands`: its state and step (held, so that `is` cannot match another) and its commands, one
tuple replaced whole. The state a command leads to is asked twice: by `run_steps`, which stops at a real choice,
and then by the listing."""


def step_commands(state: State, step: Step) -> list[Command]:
    """The real choices of a waiting step (Decline, where optional, comes on top)."""
    global _last
    last = _last
    if last[0] is state and last[1] is step:
        return list(last[2])
    commands = _step_commands(state, step)
    _last = (state, step, tuple(commands))
    return commands


def _step_commands(state: State, step: Step) -> list[Command]:
    seat, player = step.seat, state.players[step.seat]
    match step.kind:
        case StepKind.GAIN_MOUNTAIN:
            return mountain_choices(state.supply)
        case StepKind.EQUIPMENT:
            return [GainEquipment(equipment=kind) for kind in cards.board().equipment
                    if equipment_refusal(state, step, kind) is None]
        case StepKind.TRAVEL:
            return [Travel(continent=c) for c in cards.board().continents if can_travel(player, c)]
        case StepKind.CHOOSE_COMPANION:
            return companion_choices(state, step)
        case StepKind.UPGRADE:
            return [UpgradeAction(action=a, part=p) for a, p in upgrade_options(player)]  # type: ignore[arg-type]
        case StepKind.ACTION_BONUS:
            return [ClaimActionBonus(choice=c) for c in action_bonus_choices(state)]  # type: ignore[arg-type]
        case StepKind.BRING_COMPANIONS:
            return [BringCompanions(companions=s) for s in bring_sets(state, seat)]
        case StepKind.NEGOTIATE:
            offers = [OfferEquipment(to_seat=to_seat, equipment=kit) for to_seat, kit in offer_options(state)]
            return [*offers, CallForTagAlongs()]
        case StepKind.ANSWER_OFFER:
            return [*([AcceptOffer()] if can_accept_offer(state, seat) else []), RejectOffer()]
        case StepKind.TAG_ALONG:
            stay: list[Command] = [] if is_bound(state, seat) else [StayBehind()]
            return [*(TagAlong(companions=s) for s in tag_along_sets(state, seat)), *stay]
        case StepKind.REWARDS:
            kinds = list(reward_counts(step.cards))
            gains: list[Command] = [GainReward(reward=k) for k in kinds]  # type: ignore[arg-type]
            return [*gains, *(DeclineReward(reward=k) for k in kinds)]  # type: ignore[arg-type]
        case StepKind.BACK_CLIMB:
            climber = state.expedition.climber if state.expedition is not None else seat
            return [OfferEquipment(to_seat=climber, equipment=kit) for kit in backing_options(state, step)]
    return []


def in_mat_order(state: State, seat: int, companions: tuple[str, ...]) -> tuple[str, ...]:
    """The companions named that are on the seat's mat (each named once: `rules.check_meaningful`), in mat order."""
    return tuple(slot.companion for slot in state.players[seat].companions if slot.companion in companions)


# --- the one refusal of each command that answers a step ----------------------------------------------------

def answering(state: State, kinds: Collection[StepKind]) -> str | None:
    """Why a command that answers a step of `kinds` is refused now, or None when such a step waits: characters are
    still to be placed, an action is still to be chosen, or another step waits."""
    if state.phase is Phase.PLACING:
        return "place your character in a continent first"
    if not state.steps:
        return "choose an action first: rest, prepare or climb"
    step = state.steps[0]
    if step.kind not in kinds:
        return f"now {state.names[step.seat]} must {PROMPTS.get(step.kind, 'wait')}"
    return None


def gain_mountain_refusal(state: State, seat: int, command: GainMountain) -> str | None:
    """Prepare 1: a mountain still in the display slot, or from a deck (or its discard pile) with a card in it."""
    if refusal := answering(state, (StepKind.GAIN_MOUNTAIN,)):
        return refusal
    if can_gain_mountain(state.supply, command.source, command.slot):
        return None
    if command.source == "display":
        return "that display slot is empty"
    return f"the '{command.source}' mountain deck is empty"


def gain_equipment_refusal(state: State, seat: int, command: GainEquipment) -> str | None:
    """Equipment of the type the step gives, up to the numbers on your mat (`equipment_refusal`)."""
    return answering(state, (StepKind.EQUIPMENT,)) or equipment_refusal(state, state.steps[0], command.equipment)


def travel_refusal(state: State, seat: int, command: Travel) -> str | None:
    """Travel: to any other continent."""
    if refusal := answering(state, (StepKind.TRAVEL,)):
        return refusal
    return None if can_travel(state.players[seat], command.continent) else "you are already in that continent"


def keep_companion_refusal(state: State, seat: int, command: KeepCompanion) -> str | None:
    """One of the companions drawn, on an empty space, or (mat full) in place of one on the mat."""
    if refusal := answering(state, (StepKind.CHOOSE_COMPANION,)):
        return refusal
    step = state.steps[0]
    if command in companion_choices(state, step):
        return None
    if command.companion not in step.cards:
        return "keep one of the two companions you drew"
    if len(state.players[seat].companions) < cards.mat().companion_slots:
        return "place the companion on an empty space of your mat"
    return "your mat is full: replace one of your companions, or discard"


def upgrade_refusal(state: State, seat: int, command: UpgradeAction) -> str | None:
    """Upgrade: a dial not yet at its last number, or the next tile whose prerequisite you meet."""
    if refusal := answering(state, (StepKind.UPGRADE,)):
        return refusal
    player, action = state.players[seat], command.action
    if (action, command.part) in upgrade_options(player):
        return None
    index = cards.ACTIONS.index(action)
    mat = cards.mat().actions[action]
    if command.part == "dial":
        return f"each action dial can be upgraded {len(mat.dial) - 1} times"
    if player.tiles[index] >= len(mat.tiles):
        return f"every {action} tile is already slid up"
    return f"you need at least {mat.tiles[player.tiles[index]].prerequisite} experience to slide up that tile"


def action_bonus_refusal(state: State, seat: int, command: ClaimActionBonus) -> str | None:
    """Action bonuses: what this turn's action gives for its tokens."""
    if refusal := answering(state, (StepKind.ACTION_BONUS,)):
        return refusal
    choices = action_bonus_choices(state)
    if command.choice not in choices:
        return f"the {state.action or 'rest'} action bonus is: {' or '.join(choices)}"
    return None


def bring_refusal(state: State, seat: int, command: BringCompanions) -> str | None:
    """Climb 1: companions from your mat with which you meet the mountain's requirements (`bring_sets`)."""
    if refusal := answering(state, (StepKind.BRING_COMPANIONS,)):
        return refusal
    if refusal := _off_mat_refusal(state, seat, command.companions):
        return refusal
    if in_mat_order(state, seat, command.companions) not in bring_sets(state, seat):
        return "with these companions you cannot meet the mountain's requirements"
    return None


def _off_mat_refusal(state: State, seat: int, companions: tuple[str, ...]) -> str | None:
    mat = [slot.companion for slot in state.players[seat].companions]
    return "you can only bring companions on your player mat" if any(c not in mat for c in companions) else None


def offer_equipment_refusal(state: State, seat: int, command: OfferEquipment) -> str | None:
    """Negotiation: the climber's offer to an opponent (`offer_refusal`), or an asked opponent's backing of the
    climb: equipment it has that the climb still lacks (`backing_options`)."""
    if refusal := answering(state, (StepKind.NEGOTIATE, StepKind.BACK_CLIMB)):
        return refusal
    step = state.steps[0]
    if step.kind is StepKind.NEGOTIATE:
        return offer_refusal(state, command.to_seat, command.equipment)
    assert state.expedition is not None
    if command.to_seat != state.expedition.climber:
        return "you are asked to back the climber's climb: offer to the climber"
    ordered = tuple(kind for kind in step.cards if kind in command.equipment)
    if len(ordered) != len(command.equipment) or ordered not in backing_options(state, step):
        return (f"you can pay only equipment you have and the climb still lacks "
                f"({', '.join(still_missing(state, step)) or 'nothing'})")
    return None


def call_refusal(state: State, seat: int, command: CallForTagAlongs) -> str | None:
    """Negotiation ends with the climber's call for tag-alongs."""
    return answering(state, (StepKind.NEGOTIATE,))


def accept_refusal(state: State, seat: int, command: AcceptOffer) -> str | None:
    """An offer is accepted by a seat that could tag along with it (`can_accept_offer`)."""
    if refusal := answering(state, (StepKind.ANSWER_OFFER,)):
        return refusal
    if not can_accept_offer(state, seat):
        return "you could not meet the requirements to tag along, even with the offer"
    return None


def reject_refusal(state: State, seat: int, command: RejectOffer) -> str | None:
    """An offer may always be rejected."""
    return answering(state, (StepKind.ANSWER_OFFER,))


def tag_along_refusal(state: State, seat: int, command: TagAlong) -> str | None:
    """Climb 2: companions from your mat with which you travel and pay the requirements (`tag_along_sets`)."""
    if refusal := answering(state, (StepKind.TAG_ALONG,)):
        return refusal
    if refusal := _off_mat_refusal(state, seat, command.companions):
        return refusal
    if in_mat_order(state, seat, command.companions) not in tag_along_sets(state, seat):
        return "you cannot travel and pay the requirements to tag along (with these companions)"
    return None


def stay_behind_refusal(state: State, seat: int, command: StayBehind) -> str | None:
    """Staying behind, unless bound by an accepted offer (`is_bound`)."""
    if refusal := answering(state, (StepKind.TAG_ALONG,)):
        return refusal
    return "you accepted the climber's offer: agreements are binding for the turn" if is_bound(state, seat) else None


def reward_refusal(state: State, seat: int, command: GainReward | DeclineReward) -> str | None:
    """Rewards (rules version 2): a kind of reward still waiting from the climb, taken or declined."""
    if refusal := answering(state, (StepKind.REWARDS,)):
        return refusal
    if not reward_counts(state.steps[0].cards).get(command.reward, 0):
        return f"no {command.reward} reward is waiting from this climb"
    return None


def decline_refusal(state: State, seat: int, command: Decline) -> str | None:
    """Everything you gain is optional: an optional step may be declined."""
    return answering(state, OPTIONAL)


STEP_REFUSALS: dict[type[Command], Callable[[State, int, Any], str | None]] = {
    GainMountain: gain_mountain_refusal,
    GainEquipment: gain_equipment_refusal,
    Travel: travel_refusal,
    KeepCompanion: keep_companion_refusal,
    UpgradeAction: upgrade_refusal,
    ClaimActionBonus: action_bonus_refusal,
    BringCompanions: bring_refusal,
    OfferEquipment: offer_equipment_refusal,
    CallForTagAlongs: call_refusal,
    AcceptOffer: accept_refusal,
    RejectOffer: reject_refusal,
    TagAlong: tag_along_refusal,
    StayBehind: stay_behind_refusal,
    GainReward: reward_refusal,
    DeclineReward: reward_refusal,
    Decline: decline_refusal,
}
