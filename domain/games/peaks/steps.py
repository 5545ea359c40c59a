"""The steps of a turn: what each step offers, how a choice is checked, and the automatic steps.

Each rule is written once, as a predicate (`can_travel`), a refusal (`equipment_refusal`, the
reason or None) or a list of options (`bring_sets`), and both `step_commands` (what is
listed) and `do_step` (what is accepted) use it, so the two cannot drift.
Rulebook: Prepare 1-3, Companions, Rewards, Action bonuses, Negotiation, Timing.
"""

from __future__ import annotations

from domain.core import Command, Event, IllegalCommand, Rng
from domain.games.peaks import cards
from domain.games.peaks.actions import bonus_steps, climb_steps, upgrade_options
from domain.games.peaks.asking import tag_along_candidates
from domain.games.peaks.climbing import (
    accepted_offer,
    backed_equipment,
    backing_options,
    feasible_sets,
    offer_options,
    offer_refusal,
    promised,
    resolve_climb,
    reward_counts,
    still_missing,
    tag_along_sets,
    taken_steps,
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
from domain.games.peaks.decks import can_draw, draw, refill_deck
from domain.games.peaks.events import (
    ActionBonusClaimed,
    ActionChosen,
    ActionUpgraded,
    BonusCardDrawn,
    ClimbBacked,
    ClimbUnbacked,
    CompanionKept,
    CompanionsBrought,
    CompanionsDiscarded,
    CompanionsDrawn,
    DecksSwapped,
    DisplayRefilled,
    EquipmentGained,
    EquipmentOffered,
    ExperienceGained,
    FlagsPlaced,
    MountainGained,
    OfferAnswered,
    RewardDeclined,
    RewardTaken,
    StaminaGained,
    StaminaLevelRaised,
    StayedBehind,
    StepDeclined,
    StepSkipped,
    TagAlongsCalled,
    TaggedAlong,
    Travelled,
)
from domain.games.peaks.state import Mountaineer, State, Step, StepKind, Supply

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


def step_commands(state: State, step: Step) -> list[Command]:
    """The real choices of a waiting step (Decline, where optional, comes on top)."""
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
    """The companions named (each once: `rules.check_meaningful`), in the order of the seat's mat.

    Raises:
        IllegalCommand: a companion not on your mat.
    """
    mat = [slot.companion for slot in state.players[seat].companions]
    if any(c not in mat for c in companions):
        raise IllegalCommand("you can only bring companions on your player mat")
    return tuple(c for c in mat if c in companions)


def do_step(state: State, step: Step, command: Command, rng: Rng) -> list[Event]:
    """Check a choice for the waiting step and return its events.

    Raises:
        IllegalCommand: a choice the step does not offer now, with the rulebook's reason.
    """
    seat = step.seat
    player = state.players[seat]
    match step.kind, command:
        case StepKind.GAIN_MOUNTAIN, GainMountain(source=source, slot=slot):
            if not can_gain_mountain(state.supply, source, slot):
                raise IllegalCommand("that display slot is empty" if source == "display"
                                     else f"the '{source}' mountain deck is empty")
            if source == "display":
                shown = state.supply.display[slot]
                assert shown is not None
                return [MountainGained(seat=seat, mountain=shown, source="display", slot=slot)]
            events, drawn = draw(state.supply, source, 1, rng)
            return [*events, MountainGained(seat=seat, mountain=drawn[0], source=source)]
        case StepKind.EQUIPMENT, GainEquipment(equipment=kind):
            if refusal := equipment_refusal(state, step, kind):
                raise IllegalCommand(refusal)
            return [EquipmentGained(seat=seat, equipment=kind)]
        case StepKind.TRAVEL, Travel(continent=continent):
            if not can_travel(player, continent):
                raise IllegalCommand("you are already in that continent")
            return [Travelled(seat=seat, continent=continent)]
        case StepKind.CHOOSE_COMPANION, KeepCompanion():
            if command not in companion_choices(state, step):
                raise IllegalCommand(_keep_refusal(state, step, command))
            rest = tuple(card for card in step.cards if card != command.companion)
            return [CompanionKept(seat=seat, companion=command.companion, replaced=command.replace, discarded=rest)]
        case StepKind.CHOOSE_COMPANION, Decline():
            return [CompanionsDiscarded(seat=seat, cards=step.cards)]
        case StepKind.UPGRADE, UpgradeAction(action=action, part=part):
            if (action, part) not in upgrade_options(player):
                raise IllegalCommand(_upgrade_refusal(state, seat, action, part))
            return [ActionUpgraded(seat=seat, action=action, part=part)]
        case StepKind.ACTION_BONUS, ClaimActionBonus(choice=choice):
            taken, choices = state.action or "rest", action_bonus_choices(state)
            if choice not in choices:
                raise IllegalCommand(f"the {taken} action bonus is: {' or '.join(choices)}")
            continent = player.continent or ""
            return [ActionBonusClaimed(seat=seat, action=taken, choice=choice,
                                       queued=bonus_steps(taken, choice, seat, continent))]
        case StepKind.BRING_COMPANIONS, BringCompanions(companions=companions):
            chosen = in_mat_order(state, seat, companions)
            if chosen not in bring_sets(state, seat):
                raise IllegalCommand("with these companions you cannot meet the mountain's requirements")
            return [CompanionsBrought(seat=seat, companions=chosen)]
        case StepKind.NEGOTIATE, OfferEquipment(to_seat=to_seat, equipment=kit):
            if refusal := offer_refusal(state, to_seat, kit):
                raise IllegalCommand(refusal)
            assert state.expedition is not None
            kit = tuple(kind for kind in cards.mountains()[state.expedition.mountain].equipment if kind in kit)
            return [EquipmentOffered(seat=seat, to_seat=to_seat, equipment=kit)]
        case StepKind.NEGOTIATE, CallForTagAlongs():
            return [TagAlongsCalled(seat=seat, asked=tag_along_candidates(state))]
        case StepKind.ANSWER_OFFER, AcceptOffer():
            if not can_accept_offer(state, seat):
                raise IllegalCommand("you could not meet the requirements to tag along, even with the offer")
            return [OfferAnswered(seat=seat, accepted=True)]
        case StepKind.ANSWER_OFFER, RejectOffer():
            return [OfferAnswered(seat=seat, accepted=False)]
        case StepKind.TAG_ALONG, TagAlong(companions=companions):
            chosen = in_mat_order(state, seat, companions)
            if chosen not in tag_along_sets(state, seat):
                raise IllegalCommand("you cannot travel and pay the requirements to tag along (with these companions)")
            return [TaggedAlong(seat=seat, companions=chosen)]
        case StepKind.TAG_ALONG, StayBehind():
            if is_bound(state, seat):
                raise IllegalCommand("you accepted the climber's offer: agreements are binding for the turn")
            return [StayedBehind(seat=seat)]
        case StepKind.REWARDS, GainReward(reward=kind) | DeclineReward(reward=kind):
            count = reward_counts(step.cards).get(kind, 0)
            if not count:
                raise IllegalCommand(f"no {kind} reward is waiting from this climb")
            if isinstance(command, DeclineReward):
                return [RewardDeclined(seat=seat, reward=kind, count=count)]
            return [RewardTaken(seat=seat, reward=kind, count=count,
                                queued=taken_steps(kind, count, seat, step.continent))]
        case StepKind.BACK_CLIMB, OfferEquipment(to_seat=to_seat, equipment=kit):
            assert state.expedition is not None
            if to_seat != state.expedition.climber:
                raise IllegalCommand("you are asked to back the climber's climb: offer to the climber")
            ordered = tuple(kind for kind in step.cards if kind in kit)
            if len(ordered) != len(kit) or ordered not in backing_options(state, step):
                raise IllegalCommand(f"you can pay only equipment you have and the climb still lacks "
                                     f"({', '.join(still_missing(state, step)) or 'nothing'})")
            return [ClimbBacked(seat=seat, to_seat=to_seat, equipment=ordered)]
        case kind, Decline() if kind in OPTIONAL:
            return [StepDeclined(seat=seat, step=kind)]
    raise IllegalCommand(f"now {state.names[seat]} must {PROMPTS.get(step.kind, 'wait')}")


def _keep_refusal(state: State, step: Step, command: KeepCompanion) -> str:
    if command.companion not in step.cards:
        return "keep one of the two companions you drew"
    if len(state.players[step.seat].companions) < cards.mat().companion_slots:
        return "place the companion on an empty space of your mat"
    return "your mat is full: replace one of your companions, or discard"


def _upgrade_refusal(state: State, seat: int, action: str, part: str) -> str:
    player = state.players[seat]
    index = cards.ACTIONS.index(action)
    mat = cards.mat().actions[action]
    if part == "dial":
        return f"each action dial can be upgraded {len(mat.dial) - 1} times"
    if player.tiles[index] >= len(mat.tiles):
        return f"every {action} tile is already slid up"
    return f"you need at least {mat.tiles[player.tiles[index]].prerequisite} experience to slide up that tile"


def run_automatic(state: State, step: Step, rng: Rng) -> list[Event]:
    """The events of a step that needs no choice: refills, draws and track gains (capped by the mat)."""
    seat, player, mat = step.seat, state.players[step.seat], cards.mat()
    match step.kind:
        case StepKind.REFILL:
            return _refill(state, rng)
        case StepKind.DRAW_COMPANIONS | StepKind.DRAW_BONUS:
            deck, count = ("companions", 2) if step.kind is StepKind.DRAW_COMPANIONS else ("bonus", 1)
            shuffles, drawn = draw(state.supply, deck, count, rng)
            if not drawn:
                return [StepSkipped(seat=seat, step=step.kind)]
            if deck == "bonus":
                return [*shuffles, BonusCardDrawn(seat=seat, card=drawn[0])]
            return [*shuffles, CompanionsDrawn(seat=seat, cards=drawn)]
        case StepKind.FLAG:
            return [FlagsPlaced(seat=seat, continent=step.continent, count=step.amount)]
        case StepKind.EXPERIENCE:
            return [ExperienceGained(seat=seat, amount=max(0, min(step.amount, mat.experience_max - player.experience)))]
        case StepKind.STAMINA:
            return [StaminaGained(seat=seat, amount=max(0, min(step.amount, mat.stamina_max - player.stamina)))]
        case StepKind.STAMINA_LEVEL:
            amount = max(0, min(step.amount, mat.stamina_level_max - player.stamina_level))
            events: list[Event] = [StaminaLevelRaised(seat=seat, amount=amount)]
            if not state.supply.b_next and player.stamina_level + amount >= cards.board().b_deck_stamina_level:
                events.append(DecksSwapped(seat=seat))
            return events
        case StepKind.RESOLVE_CLIMB:
            return resolve_climb(state, rng)
        case StepKind.RESOLVE_BACKING:
            return _resolve_backing(state, seat)
    raise AssertionError(f"not an automatic step: {step.kind}")


def _refill(state: State, rng: Rng) -> list[Event]:
    """Discard the leftmost mountain if not taken, slide left, refill from the deck right of the display."""
    display = state.supply.display
    discarded = display[0] if display and display[0] is not None else None
    kept = tuple(card for card in display[1 if discarded else 0:] if card is not None)
    need = cards.board().display_size - len(kept)
    events, drawn = draw(state.supply, refill_deck(state.supply), need, rng) if need > 0 else ([], ())
    return [*events, DisplayRefilled(discarded=discarded, display=kept + drawn)]


def _resolve_backing(state: State, seat: int) -> list[Event]:
    """Rules version 2: once every asked opponent has answered, the backed climb begins, or the climber chooses
    again."""
    expedition = state.expedition
    assert expedition is not None
    player = state.players[seat]
    mountain = cards.mountains()[expedition.mountain]
    if not feasible_sets(player, mountain, covered=backed_equipment(expedition)):
        return [ClimbUnbacked(seat=seat, mountain=expedition.mountain)]
    return [ActionChosen(seat=seat, action="climb", mountain=expedition.mountain, side=expedition.side,
                         queued=climb_steps(player, seat))]
