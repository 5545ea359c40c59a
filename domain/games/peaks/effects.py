"""What the steps of a turn do: the events of a step's accepted answer, and of the steps that need no choice.

An answer reaches `step_events` once its refusal (steps.py) let it through, or as the one choice of a forced
step; the automatic steps (state.AUTOMATIC: refills, draws, track gains, the climb's resolution, the end of a
backing) are run by `rules.run_steps` as they reach the head of the queue. Rulebook: Prepare 1-3, Companions,
Rewards, Action bonuses, Climb 3, Negotiation.
"""

from __future__ import annotations

from domain.core import Command, Event, Rng
from domain.games.peaks import cards
from domain.games.peaks.actions import bonus_steps, climb_steps
from domain.games.peaks.asking import tag_along_candidates
from domain.games.peaks.climbing import backed_equipment, feasible_sets, resolve_climb, reward_counts, taken_steps
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
from domain.games.peaks.decks import draw, refill_deck
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
from domain.games.peaks.state import State, Step, StepKind
from domain.games.peaks.steps import in_mat_order


def step_events(state: State, step: Step, command: Command, rng: Rng) -> list[Event]:
    """The events of a choice the waiting step accepts (its refusal let it through, or it is a forced choice)."""
    seat = step.seat
    match step.kind, command:
        case StepKind.GAIN_MOUNTAIN, GainMountain(source="display", slot=slot):
            shown = state.supply.display[slot]
            assert shown is not None
            return [MountainGained(seat=seat, mountain=shown, source="display", slot=slot)]
        case StepKind.GAIN_MOUNTAIN, GainMountain(source=source):
            events, drawn = draw(state.supply, source, 1, rng)
            return [*events, MountainGained(seat=seat, mountain=drawn[0], source=source)]
        case StepKind.EQUIPMENT, GainEquipment(equipment=kind):
            return [EquipmentGained(seat=seat, equipment=kind)]
        case StepKind.TRAVEL, Travel(continent=continent):
            return [Travelled(seat=seat, continent=continent)]
        case StepKind.CHOOSE_COMPANION, KeepCompanion(companion=kept, replace=replaced):
            rest = tuple(card for card in step.cards if card != kept)
            return [CompanionKept(seat=seat, companion=kept, replaced=replaced, discarded=rest)]
        case StepKind.CHOOSE_COMPANION, Decline():
            return [CompanionsDiscarded(seat=seat, cards=step.cards)]
        case StepKind.UPGRADE, UpgradeAction(action=action, part=part):
            return [ActionUpgraded(seat=seat, action=action, part=part)]
        case StepKind.ACTION_BONUS, ClaimActionBonus(choice=choice):
            taken, continent = state.action or "rest", state.players[seat].continent or ""
            return [ActionBonusClaimed(seat=seat, action=taken, choice=choice,
                                       queued=bonus_steps(taken, choice, seat, continent))]
        case StepKind.BRING_COMPANIONS, BringCompanions(companions=companions):
            return [CompanionsBrought(seat=seat, companions=in_mat_order(state, seat, companions))]
        case StepKind.NEGOTIATE, OfferEquipment(to_seat=to_seat, equipment=kit):
            assert state.expedition is not None
            kit = tuple(kind for kind in cards.mountains()[state.expedition.mountain].equipment if kind in kit)
            return [EquipmentOffered(seat=seat, to_seat=to_seat, equipment=kit)]
        case StepKind.NEGOTIATE, CallForTagAlongs():
            return [TagAlongsCalled(seat=seat, asked=tag_along_candidates(state))]
        case StepKind.ANSWER_OFFER, AcceptOffer() | RejectOffer():
            return [OfferAnswered(seat=seat, accepted=isinstance(command, AcceptOffer))]
        case StepKind.TAG_ALONG, TagAlong(companions=companions):
            return [TaggedAlong(seat=seat, companions=in_mat_order(state, seat, companions))]
        case StepKind.TAG_ALONG, StayBehind():
            return [StayedBehind(seat=seat)]
        case StepKind.REWARDS, DeclineReward(reward=kind):
            return [RewardDeclined(seat=seat, reward=kind, count=reward_counts(step.cards)[kind])]
        case StepKind.REWARDS, GainReward(reward=kind):
            count = reward_counts(step.cards)[kind]
            return [RewardTaken(seat=seat, reward=kind, count=count,
                                queued=taken_steps(kind, count, seat, step.continent))]
        case StepKind.BACK_CLIMB, OfferEquipment(to_seat=to_seat, equipment=kit):
            return [ClimbBacked(seat=seat, to_seat=to_seat, equipment=tuple(k for k in step.cards if k in kit))]
        case kind, Decline():
            return [StepDeclined(seat=seat, step=kind)]
    raise AssertionError(f"{type(command).__name__} does not answer a {step.kind.value} step")


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
