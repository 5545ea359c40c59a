"""A short sentence for each legal command, in the rulebook's words, for a person choosing from a menu; and
the ranges of arguments (none: every choice is its own action).

Labels name pieces by their printed names (mountains, companions, continents, equipment), give the
costs and gains that help to choose, and read only what the acting seat may see: a mountain drawn from
a deck is never named. Rulebook: Rest, Prepare, Climb, Requirements, Companions, Rewards, Action bonuses,
Negotiation.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.core import Command, Ranges
from domain.games.peaks import cards
from domain.games.peaks.actions import dial_value, rest_gain, tiles_slid
from domain.games.peaks.catalog import BONUS_EFFECTS, TILE_EFFECTS, catalog, slot_name
from domain.games.peaks.climbing import Cost, accepted_offer, backed_equipment, can_climb, own_cost, reward_counts
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
    PlaceCharacter,
    Prepare,
    RejectOffer,
    Rest,
    StayBehind,
    TagAlong,
    Travel,
    UpgradeAction,
)
from domain.games.peaks.state import State, StepKind

REWARD_WORDS = {
    "flag": "a flag", "bonus": "a bonus card", "experience": "1 experience", "companion": "a companion",
    "stamina_level": "a stamina level", "upgrade": "an upgrade", "stamina": "1 stamina",
}
PLURALS = {
    "flag": "flags", "bonus": "bonus cards", "experience": "experience", "companion": "companions",
    "stamina_level": "stamina levels", "upgrade": "upgrades", "stamina": "stamina",
}
DECLINES = {
    StepKind.EQUIPMENT: "Decline the equipment",
    StepKind.TRAVEL: "Stay where you are (decline to travel)",
    StepKind.UPGRADE: "Decline the upgrade",
    StepKind.CHOOSE_COMPANION: "Keep neither companion (discard both)",
    StepKind.ACTION_BONUS: "Decline the action bonus (keep your tokens)",
    StepKind.BACK_CLIMB: "Pay nothing towards the climb",
}
ABILITIES = {
    "stamina_discount": "pay {amount} less stamina",
    "equipment_waiver": "need no {equipment}",
    "acclimatised": "acclimatised even after travelling",
    "sure_footed": "keep green rewards despite danger",
    "stamina_after": "gain {amount} stamina after the climb",
    "experience_after": "gain {amount} more experience from the climb",
}
ORDINALS = ("first", "second", "third", "fourth")


def listed(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return " and ".join(words) if len(words) < 3 else ", ".join(words[:-1]) + " and " + words[-1]


def continent(continent_id: str) -> str:
    return cards.board().continent_names.get(continent_id, continent_id)


def equipment(kinds: Sequence[str]) -> str:
    names = cards.board().equipment_names
    return listed([names.get(kind, kind) for kind in kinds])


def companions(ids: Sequence[str]) -> str:
    table = cards.companions()
    return listed([table[c].name if c in table else c for c in ids])


def requirement(stamina: int, kinds: Sequence[str]) -> str:
    """'2 stamina, 1 equipment: rope', '6 stamina, 2 equipment: ice axe/rope' or '6 stamina, no equipment'."""
    names = cards.board().equipment_names
    kit = f"{len(kinds)} equipment: {'/'.join(names.get(k, k) for k in kinds)}" if kinds else "no equipment"
    return f"{stamina} stamina, {kit}"


def rewards(mountain: cards.Mountain, side: str) -> str:
    """The side's rewards in card order ('2 flags and a stamina level (green)'); (green): lost to danger."""
    counts: dict[tuple[str, bool], int] = {}
    for reward in mountain.rewards(side):
        counts[(reward.kind, reward.green)] = counts.get((reward.kind, reward.green), 0) + 1
    words = [(REWARD_WORDS.get(kind, kind) if count == 1 else f"{count} {PLURALS.get(kind, kind)}")
             + (" (green)" if green else "") for (kind, green), count in counts.items()]
    return listed(words) or "nothing"


def ability(companion_id: str) -> str:
    card = cards.companions()[companion_id]
    gift = ABILITIES.get(card.ability.kind, card.ability.kind).format(
        amount=card.ability.amount, equipment=equipment([card.ability.equipment]))
    return f"{card.experience} experience, {card.uses} uses: {gift}"


def label(state: State, seat: int, command: Command) -> str:
    """The command as a person reads it in the list of actions (never naming a card the seat may not see)."""
    player = state.players[seat]
    match command:
        case PlaceCharacter(continent=where):
            return f"Place your character in {continent(where)}"
        case DiscardBonusCard(card=card):
            return f"Discard {cards.bonus_cards()[card].name} for {discard_bonus(card)}"
        case Rest(choice=choice):
            after = min(player.stamina + rest_gain(player, choice), cards.mat().stamina_max)
            if choice == "level":
                return f"Rest: gain stamina up to your stamina level ({player.stamina} to {after})"
            return f"Rest: gain {rest_gain(player, choice)} stamina ({player.stamina} to {after})"
        case Prepare():
            return prepare_label(state, seat)
        case Climb(mountain=mountain_id, side=side):
            label = climb_label(mountain_id, side)
            if not can_climb(player, mountain_id):
                return f"{label}; you lack equipment: ask the others to pay it"
            return label
        case GainMountain(source=source, slot=slot):
            return gain_mountain_label(state, source, slot)
        case GainEquipment(equipment=kind):
            have = player.equipment[cards.board().equipment.index(kind)]
            return f"Gain 1 {equipment([kind])} (you have {have})"
        case Travel(continent=where):
            return f"Travel to {continent(where)}"
        case KeepCompanion(companion=kept, replace=None):
            return f"Keep {companions([kept])} ({ability(kept)})"
        case KeepCompanion(companion=kept, replace=gone):
            return f"Keep {companions([kept])} in place of {companions([gone])} ({ability(kept)})"
        case UpgradeAction(action=action, part=part):
            return upgrade_label(state, seat, action, part)
        case BringCompanions(companions=brought):
            return bring_label(state, seat, brought)
        case OfferEquipment(to_seat=to_seat, equipment=kit) if state.expedition and to_seat == state.expedition.climber:
            return f"Pay {state.names[to_seat]}'s {equipment(kit)} so that they climb {climbed(state)}"
        case OfferEquipment(to_seat=to_seat, equipment=kit):
            return f"Offer to pay {state.names[to_seat]}'s {equipment(kit)} if they tag along"
        case GainReward(reward=kind):
            return f"Gain {reward_words(state, kind)}"
        case DeclineReward(reward=kind):
            swap = kind == "stamina_level" and b_deck_next(state, seat)
            return f"Decline {reward_words(state, kind)}" + (" (the B deck would refill the display)" if swap else "")
        case AcceptOffer():
            return f"Accept {offer_words(state, seat)}: you must then tag along"
        case RejectOffer():
            return f"Reject {offer_words(state, seat)}"
        case CallForTagAlongs():
            return "Make no more offers: ask the others whether they tag along"
        case TagAlong(companions=brought):
            return tag_along_label(state, seat, brought)
        case StayBehind():
            return f"Stay behind (do not tag along on {climbed(state)})"
        case ClaimActionBonus(choice=choice):
            effect = BONUS_EFFECTS[choice].format(experience=cards.mat().climb_bonus_experience)
            if choice == "flag" and player.continent:
                effect = f"place 1 flag in {continent(player.continent)}"
            return f"Claim the {state.action} action bonus: {effect} (clears your tokens from all three actions)"
        case Decline():
            kind = state.steps[0].kind if state.steps else None
            return DECLINES.get(kind, "Decline") if kind else "Decline"
    return command.TYPE


def reward_words(state: State, kind: str) -> str:
    """'2 flags', 'a bonus card': how much of a kind of reward the climb still offers the seat."""
    step = state.steps[0] if state.steps else None
    count = reward_counts(step.cards).get(kind, 0) if step and step.kind is StepKind.REWARDS else 1
    words = REWARD_WORDS.get(kind, kind) if count == 1 else f"{count} {PLURALS.get(kind, kind)}"
    if kind == "flag" and step is not None:
        words += f" in {continent(step.continent)}"
    return words


def b_deck_next(state: State, seat: int) -> bool:
    """Would the seat's stamina levels from this climb make the B deck refill the display?"""
    step = state.steps[0] if state.steps else None
    if state.supply.b_next or step is None or step.kind is not StepKind.REWARDS:
        return False
    after = state.players[seat].stamina_level + reward_counts(step.cards).get("stamina_level", 0)
    return min(after, cards.mat().stamina_level_max) >= cards.board().b_deck_stamina_level


def discard_bonus(card_id: str) -> str:
    bonus = cards.bonus_cards()[card_id].discard
    if bonus["kind"] == "equipment":
        return f"1 {equipment([bonus['equipment']])}"
    return f"{bonus['amount']} {bonus['kind']}"


def prepare_label(state: State, seat: int) -> str:
    """Prepare: the mountains gained, the equipment of the dial and the extra steps of the tiles slid."""
    player = state.players[seat]
    slid = tiles_slid(player, "prepare")
    gains = ["gain 2 mountains" if "mountain" in slid else "gain 1 mountain"]
    kit = dial_value(player, "prepare")
    if kit:
        gains.append(f"up to {kit} equipment")
    gains.extend(TILE_EFFECTS[step] for step in slid if step != "mountain")
    return "Prepare: " + listed(gains)


def climb_label(mountain_id: str, side: str) -> str:
    """'Climb Mount Elbert, left side (6 stamina, no equipment, 3 experience): a stamina level (green) and a flag'."""
    mountain = cards.mountains()[mountain_id]
    needs = requirement(mountain.stamina, mountain.equipment)
    if mountain.experience:
        needs += f", {mountain.experience} experience"
    return f"Climb {mountain.name}, {side} side ({needs}): {rewards(mountain, side)}"


def gain_mountain_label(state: State, source: str, slot: int) -> str:
    """A display card by name and what it asks; a deck's top card unnamed (it is face down)."""
    if source != "display":
        return f"Gain the top mountain of the {source} deck (face down)"
    display = state.supply.display
    shown = display[slot] if 0 <= slot < len(display) else None
    if shown is None:
        return f"Gain the mountain in the {slot_name(slot)} slot of the display"
    mountain = cards.mountains()[shown]
    return (f"Gain {mountain.name} from the {slot_name(slot)} slot of the display "
            f"({continent(mountain.continent)}, {requirement(mountain.stamina, mountain.equipment)})")


def upgrade_label(state: State, seat: int, action: str, part: str) -> str:
    player = state.players[seat]
    mat = cards.mat().actions[action]
    index = cards.ACTIONS.index(action)
    if part == "dial":
        now = player.dials[index]
        after = mat.dial[min(now + 1, len(mat.dial) - 1)]
        return f"Upgrade: rotate the {action} dial from {mat.dial[now]} to {after} ({dial_meaning(action)})"
    slid = min(player.tiles[index], len(mat.tiles) - 1)
    tile = mat.tiles[slid]
    return f"Upgrade: slide up the {ORDINALS[slid]} {action} tile (extra step: {TILE_EFFECTS[tile.step]})"


def dial_meaning(action: str) -> str:
    """What the action's dial counts, as the mat's data says."""
    meaning: str = catalog()["actions"][action]["dial_meaning"]
    return meaning


def cost_words(cost: Cost | None) -> str:
    if cost is None:
        return "not acclimatised"
    return requirement(cost.stamina, cost.equipment)


def bring_label(state: State, seat: int, brought: tuple[str, ...]) -> str:
    """The companions brought, and what the climber then pays and how much experience the climb has so far."""
    expedition = state.expedition
    if expedition is None:
        return f"Bring {companions(brought) or 'no companions'}"
    mountain = cards.mountains()[expedition.mountain]
    player = state.players[seat]
    experience = player.experience + sum(cards.companions()[c].experience for c in brought)
    who = companions(brought) if brought else "no companions"
    cost = own_cost(player, mountain, brought, backed_equipment(expedition))
    return (f"Bring {who} (you pay {cost_words(cost)}; "
            f"experience {experience} of {mountain.experience} needed)")


def offer_words(state: State, seat: int) -> str:
    """'Ann's offer to pay your rope' for the offer waiting for the seat's answer."""
    expedition = state.expedition
    if expedition is None:
        return "the offer"
    offer = next((o for o in expedition.offers if o.seat == seat and o.accepted is None), None)
    if offer is None:
        return "the offer"
    return f"{state.names[expedition.climber]}'s offer to pay your {equipment(offer.equipment)}"


def climbed(state: State) -> str:
    expedition = state.expedition
    return cards.mountains()[expedition.mountain].name if expedition else "the climb"


def tag_along_label(state: State, seat: int, brought: tuple[str, ...]) -> str:
    """Tag along for the other side's rewards, with what the seat pays (an accepted offer covers equipment)."""
    expedition = state.expedition
    if expedition is None:
        return "Tag along" + (f" with {companions(brought)}" if brought else "")
    mountain = cards.mountains()[expedition.mountain]
    other = "right" if expedition.side == "left" else "left"
    offer = accepted_offer(expedition, seat)
    cost = own_cost(state.players[seat], mountain, brought, offer.equipment if offer else ())
    company = f" with {companions(brought)}" if brought else ""
    return (f"Tag along on {mountain.name}{company} (you pay {cost_words(cost)}) "
            f"for the {other} side: {rewards(mountain, other)}")


def ranges(state: object, seat: int, command: Command) -> Ranges:
    """No argument of a Peaks command ranges over many values: every choice is listed as its own action.

    A display slot, a seat offered equipment or a companion set each make a different choice with its own
    label, so `legal_commands` lists them all and there is no range to describe.
    """
    return {}
