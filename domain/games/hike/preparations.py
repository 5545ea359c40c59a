"""Preparations: opening cards, the four actions, the bonus action and declaring ready.

Each command has one refusal predicate here, the reason the rules give against it now or None:
`decide` refuses with it and the listing keeps the candidates it allows (rules.py). Each command's
events are emitted by the function of its name, once its predicate has allowed it.
"""

from __future__ import annotations

from domain.core import Command, Emitter
from domain.games.hike.cards import HUSKY_IDS, YOUNGSTER_IDS, is_equipment, is_husky, is_youngster
from domain.games.hike.commands import (
    DeclareReady,
    DraftCard,
    DraftHusky,
    EndTurn,
    OpenCards,
    PlaceHusky,
    PlaceYoungster,
    SwapHusky,
    UpgradeHusky,
)
from domain.games.hike.events import (
    CardsOpened,
    HuskiesHandedIn,
    HuskySwappedOut,
    HuskyUpgraded,
    ReadyDeclared,
    YoungsterPlaced,
)
from domain.games.hike.sled import can_place, can_upgrade, free_slots, is_complete
from domain.games.hike.state import ACTION, BONUS, OPEN, SWAP, UPGRADE, HikeState

# Predicates and queries


def opening_count(state: HikeState) -> int:
    """Opening cards: 2 a turn, 1 from the day the rotated landscape is turned face up."""
    return 1 if state.turned >= state.rotated else 2


def open_choices(state: HikeState, seat: int) -> tuple[int, ...]:
    """How many +1 cards the musher may discard: each opens one more card while the deck lasts."""
    useful = max(0, len(state.deck) - opening_count(state))
    return tuple(range(min(state.mushers[seat].plus_cards, useful) + 1))


def has_open_choice(state: HikeState, seat: int) -> bool:
    return len(open_choices(state, seat)) > 1


def placements(state: HikeState, seat: int, cards: tuple[str, ...]) -> list[tuple[str, int]]:
    """Every (husky, free place) of `cards` that the placement rules allow, in card then place order."""
    musher = state.mushers[seat]
    free = free_slots(musher.sled)
    return [(card, slot) for card in sorted(set(cards)) if is_husky(card) for slot in free
            if can_place(musher.sled, state.columns, slot, card)]


def has_action(state: HikeState, seat: int) -> bool:
    """Whether any of the four actions is possible (a swap needs a husky in the sled)."""
    musher = state.mushers[seat]
    return (bool(state.centre) or any(spot.card for spot in musher.sled)
            or bool(placements(state, seat, musher.hand)))


def youngster_moves(state: HikeState, seat: int) -> list[tuple[str, int]]:
    """Bonus action: every youngster in the centre or the hand with every free place."""
    if state.bonus_used:
        return []
    free = free_slots(state.mushers[seat].sled)
    cards = sorted({card for card in (*state.centre, *state.mushers[seat].hand) if is_youngster(card)})
    return [(card, slot) for card in cards for slot in free]


def has_youngster_move(state: HikeState, seat: int) -> bool:
    """Whether `youngster_moves` lists any, without listing them."""
    if state.bonus_used:
        return False
    musher = state.mushers[seat]
    return (any(spot.card is None for spot in musher.sled)
            and any(card in YOUNGSTER_IDS for cards in (state.centre, musher.hand) for card in cards))


def can_declare(state: HikeState, seat: int) -> bool:
    """Declaring you are ready: only with a complete sled, once."""
    musher = state.mushers[seat]
    return not musher.ready and is_complete(musher.sled)


def upgrade_slots(state: HikeState, seat: int) -> tuple[int, ...]:
    """1-point experienced huskies that an equipment card from the hand could upgrade."""
    musher = state.mushers[seat]
    if not any(is_equipment(card) for card in musher.hand):
        return ()
    return tuple(slot for slot, spot in enumerate(musher.sled) if can_upgrade(spot))


def preparation_candidates(state: HikeState, seat: int) -> list[Command]:
    """The commands of the current Preparations step worth asking the predicates about, in listing order:
    husky cards on free places, a husky back from a taken place."""
    musher = state.mushers[seat]
    free, taken = free_slots(musher.sled), tuple(slot for slot, spot in enumerate(musher.sled) if spot.card)
    centre, hand = sorted(set(state.centre)), sorted(set(musher.hand))
    step = state.step
    if step is OPEN:
        return [OpenCards(extra=extra) for extra in range(musher.plus_cards + 1)]
    if step is ACTION:
        return [
            *(DraftHusky(card=card, slot=slot) for card in centre if card in HUSKY_IDS for slot in free),
            *(DraftCard(card=card) for card in centre),
            *(PlaceHusky(card=card, slot=slot) for card in hand if card in HUSKY_IDS for slot in free),
            *(SwapHusky(slot=slot) for slot in taken),
        ]
    if step is SWAP:
        return [PlaceHusky(card=card, slot=slot) for card in hand if card in HUSKY_IDS for slot in free]
    if step is BONUS:
        youngsters = sorted({card for card in (*centre, *hand) if is_youngster(card)})
        return [*(PlaceYoungster(card=card, slot=slot) for card in youngsters for slot in free), DeclareReady(),
                EndTurn()]
    if step is UPGRADE:
        return [*(UpgradeHusky(slot=slot) for slot in taken), EndTurn()]
    return []


# Refusals: one predicate per command

ACTION_FIRST = "you perform exactly one action a turn, after opening cards"
NOT_IN_CENTRE = "that card is not face-up in the centre of the table"


def _placement_refusal(state: HikeState, seat: int, card: str, slot: int) -> str | None:
    """Why `card` may not go on `slot` (Placement rules)."""
    if card not in HUSKY_IDS:
        return "only husky cards are placed in the sled"
    sled = state.mushers[seat].sled
    if sled[slot].card is not None:
        return "huskies are placed on free places marked by a placeholder cube"
    if not can_place(sled, state.columns, slot, card):
        return "the husky's edges must match those of the neighbouring huskies in the sled"
    return None


def open_refusal(state: HikeState, seat: int, command: OpenCards) -> str | None:
    """Opening cards: at the start of the turn, with no more +1 cards than held or useful."""
    if state.step is not OPEN:
        return "cards are opened from the husky deck at the start of your turn"
    if command.extra > state.mushers[seat].plus_cards:
        return f"you have only {state.mushers[seat].plus_cards} +1 cards"
    if command.extra not in open_choices(state, seat):
        return "the husky deck has too few cards left for that many +1 cards"
    return None


def draft_husky_refusal(state: HikeState, seat: int, command: DraftHusky) -> str | None:
    """Drafting a husky to the sled: the action, a face-up husky of the centre, by the placement rules."""
    if state.step is not ACTION:
        return ACTION_FIRST
    if command.card not in state.centre:
        return NOT_IN_CENTRE
    return _placement_refusal(state, seat, command.card, command.slot)


def draft_card_refusal(state: HikeState, seat: int, command: DraftCard) -> str | None:
    """Drafting a card to the hand: the action, any opened card of the centre."""
    if state.step is not ACTION:
        return ACTION_FIRST
    if command.card not in state.centre:
        return NOT_IN_CENTRE
    return None


def place_husky_refusal(state: HikeState, seat: int, command: PlaceHusky) -> str | None:
    """Placing a husky from the hand: the action or the second half of a swap, by the placement rules."""
    if state.step not in (ACTION, SWAP):
        return ACTION_FIRST
    if command.card not in state.mushers[seat].hand:
        return "that card is not in your hand"
    return _placement_refusal(state, seat, command.card, command.slot)


def swap_refusal(state: HikeState, seat: int, command: SwapHusky) -> str | None:
    """Swapping a husky: the action, taking back a husky that is in the sled."""
    if state.step is not ACTION:
        return ACTION_FIRST
    if state.mushers[seat].sled[command.slot].card is None:
        return "there is no husky on that place of your sled"
    return None


def youngster_refusal(state: HikeState, seat: int, command: PlaceYoungster) -> str | None:
    """Bonus action: once a turn after the action, a youngster from the centre or the hand on a free place."""
    if state.step is not BONUS:
        return "the bonus action comes after completing the regular action"
    if state.bonus_used:
        return "you may do one bonus action a turn"
    if not is_youngster(command.card):
        return "the bonus action places a youngster husky only"
    if command.card not in state.mushers[seat].hand and command.card not in state.centre:
        return "that youngster is neither in the centre of the table nor in your hand"
    return _placement_refusal(state, seat, command.card, command.slot)


def declare_refusal(state: HikeState, seat: int, command: DeclareReady) -> str | None:
    """Declaring you are ready to race: after the action, with a complete sled, once."""
    if state.step is not BONUS:
        return "you may declare ready after your action"
    if not can_declare(state, seat):
        return "your sled is complete only when every cube has been replaced with a husky"
    return None


def upgrade_refusal(state: HikeState, seat: int, command: UpgradeHusky) -> str | None:
    """Upgrading on declaring ready (Declaring ready 3): equipment from the hand under a 1-point husky."""
    if state.step is not UPGRADE:
        return "huskies are upgraded when you declare you are ready to race"
    if not any(is_equipment(card) for card in state.mushers[seat].hand):
        return "you have no equipment card in your hand"
    if not can_upgrade(state.mushers[seat].sled[command.slot]):
        return "only an experienced husky with exactly 1 movement point, not yet upgraded, can be upgraded"
    return None


def end_turn_refusal(state: HikeState, seat: int, command: EndTurn) -> str | None:
    """Ending a Preparations turn: after the action (and any bonus, declaration or upgrades)."""
    if state.step not in (BONUS, UPGRADE):
        return "you must perform exactly one action before ending your turn"
    return None


# Events, once the command's predicate allows it


def open_cards(emitter: Emitter[HikeState], seat: int, command: OpenCards) -> None:
    """Opening cards from the husky deck, with any +1 cards discarded for more."""
    state = emitter.state
    count = opening_count(state) + command.extra
    emitter.emit(CardsOpened(seat=seat, cards=state.deck[:count], plus_cards=command.extra))


def swap_husky(emitter: Emitter[HikeState], seat: int, command: SwapHusky) -> None:
    """The husky goes back to the hand; a placement from the hand follows."""
    card = emitter.state.mushers[seat].sled[command.slot].card
    assert card is not None
    emitter.emit(HuskySwappedOut(seat=seat, card=card, slot=command.slot))


def place_youngster(emitter: Emitter[HikeState], seat: int, command: PlaceYoungster) -> None:
    """Bonus action: the youngster comes from the hand if it is there, else from the centre."""
    from_hand = command.card in emitter.state.mushers[seat].hand
    emitter.emit(YoungsterPlaced(seat=seat, card=command.card, slot=command.slot, from_hand=from_hand))


def declare_ready(emitter: Emitter[HikeState], seat: int, command: DeclareReady) -> None:
    """Declaring you are ready to race: cube to the start, husky cards in hand to the centre."""
    emitter.emit(ReadyDeclared(seat=seat))
    huskies = tuple(card for card in emitter.state.mushers[seat].hand if is_husky(card))
    if huskies:
        emitter.emit(HuskiesHandedIn(seat=seat, cards=huskies))


def upgrade_husky(emitter: Emitter[HikeState], seat: int, command: UpgradeHusky) -> None:
    """The lowest equipment card of the hand goes under the husky."""
    equipment = sorted(card for card in emitter.state.mushers[seat].hand if is_equipment(card))
    emitter.emit(HuskyUpgraded(seat=seat, slot=command.slot, equipment=equipment[0]))
