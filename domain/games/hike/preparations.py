"""Preparations: opening cards, the four actions, the bonus action and declaring ready.

Predicates here are shared by `decide` (which raises with the reason) and by
`legal_commands` (which lists every concrete choice they allow).
"""

from __future__ import annotations

from domain.core import Command, Emitter, IllegalCommand, InvalidCommand
from domain.games.hike.cards import (
    DOUBLE_CARE,
    EQUIPMENT,
    HUSKIES,
    SINGLE_CARE,
    YOUNGSTERS,
    is_equipment,
    is_husky,
    is_youngster,
)
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
    CardDrafted,
    CardsOpened,
    HuskiesHandedIn,
    HuskyDrafted,
    HuskyPlaced,
    HuskySwappedOut,
    HuskyUpgraded,
    ReadyDeclared,
    TurnEnded,
    YoungsterPlaced,
)
from domain.games.hike.sled import can_place, can_upgrade, free_slots, is_complete
from domain.games.hike.state import HikeState, Step

KNOWN_CARDS = frozenset((*HUSKIES, *YOUNGSTERS, *EQUIPMENT, *SINGLE_CARE, *DOUBLE_CARE))


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


def legal_preparation_commands(state: HikeState, seat: int) -> list[Command]:
    """Every concrete command of the current Preparations step."""
    musher = state.mushers[seat]
    match state.step:
        case Step.OPEN:
            return [OpenCards(extra=extra) for extra in open_choices(state, seat)]
        case Step.ACTION:
            return [
                *(DraftHusky(card=card, slot=slot) for card, slot in placements(state, seat, state.centre)),
                *(DraftCard(card=card) for card in sorted(set(state.centre))),
                *(PlaceHusky(card=card, slot=slot) for card, slot in placements(state, seat, musher.hand)),
                *(SwapHusky(slot=slot) for slot, spot in enumerate(musher.sled) if spot.card),
            ]
        case Step.SWAP:
            return [PlaceHusky(card=card, slot=slot) for card, slot in placements(state, seat, musher.hand)]
        case Step.BONUS:
            return [
                *(PlaceYoungster(card=card, slot=slot) for card, slot in youngster_moves(state, seat)),
                *([DeclareReady()] if can_declare(state, seat) else []),
                EndTurn(),
            ]
        case Step.UPGRADE:
            return [*(UpgradeHusky(slot=slot) for slot in upgrade_slots(state, seat)), EndTurn()]
    return []


# Guards


def _expect(state: HikeState, steps: tuple[Step, ...], reason: str) -> None:
    if state.step not in steps:
        raise IllegalCommand(reason)


def _check_card(card: str) -> None:
    if card not in KNOWN_CARDS:
        raise InvalidCommand(f"args.card: unknown card {card!r}")


def _check_slot(state: HikeState, slot: int) -> None:
    places = len(state.mushers[0].sled)
    if not 0 <= slot < places:
        raise InvalidCommand(f"args.slot: a sled has places 0 to {places - 1}")


def _check_placement(state: HikeState, seat: int, card: str, slot: int) -> None:
    """Raises IllegalCommand unless `card` may go on `slot` (Placement rules)."""
    if not is_husky(card):
        raise IllegalCommand("only husky cards are placed in the sled")
    sled = state.mushers[seat].sled
    if sled[slot].card is not None:
        raise IllegalCommand("huskies are placed on free places marked by a placeholder cube")
    if not can_place(sled, state.columns, slot, card):
        raise IllegalCommand("the husky's edges must match those of the neighbouring huskies in the sled")


# Handlers: guard, then emit


def open_cards(emitter: Emitter[HikeState], seat: int, command: OpenCards) -> None:
    """Opening cards from the husky deck, with any +1 cards discarded for more.

    Raises:
        IllegalCommand: not at the start of the turn, or more +1 cards than held or useful.
    """
    state = emitter.state
    _expect(state, (Step.OPEN,), "cards are opened from the husky deck at the start of your turn")
    if command.extra < 0:
        raise InvalidCommand("args.extra: must be 0 or more")
    if command.extra > state.mushers[seat].plus_cards:
        raise IllegalCommand(f"you have only {state.mushers[seat].plus_cards} +1 cards")
    if command.extra not in open_choices(state, seat):
        raise IllegalCommand("the husky deck has too few cards left for that many +1 cards")
    count = opening_count(state) + command.extra
    emitter.emit(CardsOpened(seat=seat, cards=state.deck[:count], plus_cards=command.extra))


def draft_husky(emitter: Emitter[HikeState], seat: int, command: DraftHusky) -> None:
    """Draft a husky to the sled: any face-up husky from the centre, by the placement rules.

    Raises:
        IllegalCommand: not the action step, the card is not in the centre, or it does not fit there.
    """
    state = emitter.state
    _check_card(command.card)
    _check_slot(state, command.slot)
    _expect(state, (Step.ACTION,), "you perform exactly one action a turn, after opening cards")
    if command.card not in state.centre:
        raise IllegalCommand("that card is not face-up in the centre of the table")
    _check_placement(state, seat, command.card, command.slot)
    emitter.emit(HuskyDrafted(seat=seat, card=command.card, slot=command.slot))


def draft_card(emitter: Emitter[HikeState], seat: int, command: DraftCard) -> None:
    """Draft a card to the hand: any opened card from the centre.

    Raises:
        IllegalCommand: not the action step, or the card is not in the centre.
    """
    state = emitter.state
    _check_card(command.card)
    _expect(state, (Step.ACTION,), "you perform exactly one action a turn, after opening cards")
    if command.card not in state.centre:
        raise IllegalCommand("that card is not face-up in the centre of the table")
    emitter.emit(CardDrafted(seat=seat, card=command.card))


def place_husky(emitter: Emitter[HikeState], seat: int, command: PlaceHusky) -> None:
    """Place a husky to the sled from hand (the action, or the second half of a swap).

    Raises:
        IllegalCommand: not the action or swap step, the card is not in hand, or it does not fit.
    """
    state = emitter.state
    _check_card(command.card)
    _check_slot(state, command.slot)
    _expect(state, (Step.ACTION, Step.SWAP), "you perform exactly one action a turn, after opening cards")
    if command.card not in state.mushers[seat].hand:
        raise IllegalCommand("that card is not in your hand")
    _check_placement(state, seat, command.card, command.slot)
    emitter.emit(HuskyPlaced(seat=seat, card=command.card, slot=command.slot))


def swap_husky(emitter: Emitter[HikeState], seat: int, command: SwapHusky) -> None:
    """Swap a husky in the sled: take it back to the hand; a placement from the hand follows.

    Raises:
        IllegalCommand: not the action step, or no husky on that place.
    """
    state = emitter.state
    _check_slot(state, command.slot)
    _expect(state, (Step.ACTION,), "you perform exactly one action a turn, after opening cards")
    card = state.mushers[seat].sled[command.slot].card
    if card is None:
        raise IllegalCommand("there is no husky on that place of your sled")
    emitter.emit(HuskySwappedOut(seat=seat, card=card, slot=command.slot))


def place_youngster(emitter: Emitter[HikeState], seat: int, command: PlaceYoungster) -> None:
    """Bonus action: one youngster from the centre or the hand onto any free place.

    Raises:
        IllegalCommand: before the action, bonus already used, not a youngster, not available, place taken.
    """
    state = emitter.state
    _check_card(command.card)
    _check_slot(state, command.slot)
    _expect(state, (Step.BONUS,), "the bonus action comes after completing the regular action")
    if state.bonus_used:
        raise IllegalCommand("you may do one bonus action a turn")
    if not is_youngster(command.card):
        raise IllegalCommand("the bonus action places a youngster husky only")
    from_hand = command.card in state.mushers[seat].hand
    if not from_hand and command.card not in state.centre:
        raise IllegalCommand("that youngster is neither in the centre of the table nor in your hand")
    _check_placement(state, seat, command.card, command.slot)
    emitter.emit(YoungsterPlaced(seat=seat, card=command.card, slot=command.slot, from_hand=from_hand))


def declare_ready(emitter: Emitter[HikeState], seat: int, command: DeclareReady) -> None:
    """Declaring you are ready to race: cube to the start, husky cards in hand to the centre.

    Raises:
        IllegalCommand: before the action, or the sled is not complete.
    """
    state = emitter.state
    _expect(state, (Step.BONUS,), "you may declare ready after your action")
    if not can_declare(state, seat):
        raise IllegalCommand("your sled is complete only when every cube has been replaced with a husky")
    emitter.emit(ReadyDeclared(seat=seat))
    huskies = tuple(card for card in emitter.state.mushers[seat].hand if is_husky(card))
    if huskies:
        emitter.emit(HuskiesHandedIn(seat=seat, cards=huskies))


def upgrade_husky(emitter: Emitter[HikeState], seat: int, command: UpgradeHusky) -> None:
    """Upgrade a 1-point experienced husky with an equipment card from the hand (Declaring ready 3).

    Raises:
        IllegalCommand: not right after declaring, no equipment in hand, or the husky cannot be upgraded.
    """
    state = emitter.state
    _check_slot(state, command.slot)
    _expect(state, (Step.UPGRADE,), "huskies are upgraded when you declare you are ready to race")
    equipment = sorted(card for card in state.mushers[seat].hand if is_equipment(card))
    if not equipment:
        raise IllegalCommand("you have no equipment card in your hand")
    if not can_upgrade(state.mushers[seat].sled[command.slot]):
        raise IllegalCommand("only an experienced husky with exactly 1 movement point, not yet upgraded, "
                             "can be upgraded")
    emitter.emit(HuskyUpgraded(seat=seat, slot=command.slot, equipment=equipment[0]))


def end_preparation_turn(emitter: Emitter[HikeState], seat: int) -> None:
    """End the turn after the action (and any bonus, declaration or upgrades).

    Raises:
        IllegalCommand: before opening cards or performing the action.
    """
    _expect(emitter.state, (Step.BONUS, Step.UPGRADE), "you must perform exactly one action before ending your turn")
    emitter.emit(TurnEnded(seat=seat))
