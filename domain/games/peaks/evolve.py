"""Set-up and `evolve`: the opening events, and how each event changes the state.

`evolve` only applies facts: it never draws randomness, never validates and never
raises on a recorded event. Rulebook: Global setup, Player setup.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.core import Event, GameConfig, GameCreated, Rng
from domain.games.peaks import cards
from domain.games.peaks.events import (
    ActionBonusClaimed,
    ActionChosen,
    ActionUpgraded,
    BonusCardDiscarded,
    BonusCardDrawn,
    BonusCardsRevealed,
    CharacterPlaced,
    ClimbPaid,
    ClimbResolved,
    CompanionKept,
    CompanionsBrought,
    CompanionsDiscarded,
    CompanionsDrawn,
    DangerRolled,
    DeckShuffled,
    DecksSwapped,
    DisplayDealt,
    DisplayRefilled,
    EquipmentGained,
    EquipmentOffered,
    ExperienceGained,
    FinalFlagsPlaced,
    FlagsPlaced,
    GameEnded,
    MountainGained,
    OfferAnswered,
    StaminaGained,
    StaminaLevelRaised,
    StartingMountainsDealt,
    StayedBehind,
    StepDeclined,
    StepSkipped,
    TagAlongsCalled,
    TaggedAlong,
    Travelled,
    TurnEnded,
)
from domain.games.peaks.state import (
    CompanionSlot,
    Expedition,
    FinalScore,
    Mountaineer,
    Offer,
    Phase,
    Roped,
    State,
    Step,
    StepKind,
    Supply,
    put,
)

DECK_FIELDS = {"A": ("deck_a", "discard_a"), "B": ("deck_b", "discard_b"),
               "companions": ("companions", "companion_discard"), "bonus": ("bonus", "bonus_discard")}


def setup(config: GameConfig, rng: Rng) -> list[Event]:
    """Shuffle the four decks, deal 3 A mountains to the display and 1 A mountain to each seat.

    Rulebook: Global setup 2-4, Player setup 4.
    """
    orders = {
        "A": rng.shuffled(cards.deck_of("A")),
        "B": rng.shuffled(cards.deck_of("B")),
        "companions": rng.shuffled(sorted(cards.companions())),
        "bonus": rng.shuffled(sorted(cards.bonus_cards())),
    }
    size = cards.board().display_size
    seats = len(config.seats)
    return [
        *(DeckShuffled(deck=deck, order=order) for deck, order in orders.items()),
        DisplayDealt(display=orders["A"][:size]),
        StartingMountainsDealt(mountains=orders["A"][size:size + seats]),
    ]


def initial_state(created: GameCreated) -> State:
    """Each mat with stamina and stamina level at 6, equipment and experience at 0, no flags placed."""
    mat, board = cards.mat(), cards.board()
    player = Mountaineer(
        stamina=mat.start_stamina, stamina_level=mat.start_stamina_level,
        equipment=(0,) * len(board.equipment), flags=(0,) * len(board.continents),
    )
    return State(names=tuple(seat.name for seat in created.seats), players=(player,) * len(created.seats))


def evolve(state: State | None, event: Event) -> State:
    """The state after `event`."""
    if isinstance(event, GameCreated):
        return initial_state(event)
    if state is None:
        return state  # type: ignore[return-value]  # nothing before GameCreated
    apply = APPLY.get(type(event))
    return apply(state, event) if apply is not None else state


def _player(state: State, seat: int, **changes: Any) -> State:
    if not 0 <= seat < state.seats:
        return state
    return replace(state, players=put(state.players, seat, replace(state.players[seat], **changes)))


def _pop(state: State, queued: tuple[Step, ...] = ()) -> State:
    return replace(state, steps=queued + state.steps[1:])


def _without(pile: tuple[str, ...], gone: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(card for card in pile if card not in gone)


def _discard_mountain(supply: Supply, mountain: str) -> Supply:
    card = cards.mountains().get(mountain)
    if card is None:
        return supply
    if card.deck == "A":
        return replace(supply, discard_a=supply.discard_a + (mountain,))
    return replace(supply, discard_b=supply.discard_b + (mountain,))


def _deck_shuffled(state: State, event: DeckShuffled) -> State:
    fields = DECK_FIELDS.get(event.deck)
    if fields is None:
        return state
    deck, discard = fields
    return replace(state, supply=replace(state.supply, **{deck: event.order, discard: ()}))


def _display_dealt(state: State, event: DisplayDealt) -> State:
    supply = state.supply
    return replace(state, supply=replace(supply, display=event.display, deck_a=_without(supply.deck_a, event.display)))


def _starting_mountains(state: State, event: StartingMountainsDealt) -> State:
    supply = replace(state.supply, deck_a=_without(state.supply.deck_a, event.mountains))
    players = tuple(
        replace(player, mountains=player.mountains + ((event.mountains[seat],) if seat < len(event.mountains) else ()))
        for seat, player in enumerate(state.players)
    )
    return replace(state, supply=supply, players=players)


def _character_placed(state: State, event: CharacterPlaced) -> State:
    state = _player(state, event.seat, continent=event.continent)
    if all(player.continent is not None for player in state.players):
        state = replace(state, phase=Phase.PLAYING)
    return state


def _bonus_discarded(state: State, event: BonusCardDiscarded) -> State:
    hand = state.players[event.seat].bonus_cards
    state = _player(state, event.seat, bonus_cards=_without(hand, [event.card]))
    supply = replace(state.supply, bonus_discard=state.supply.bonus_discard + (event.card,))
    return replace(state, supply=supply, steps=event.queued + state.steps)


def _action_chosen(state: State, event: ActionChosen) -> State:
    index = cards.ACTIONS.index(event.action) if event.action in cards.ACTIONS else 0
    tokens = state.players[event.seat].tokens
    state = _player(state, event.seat, tokens=put(tokens, index, tokens[index] + 1))
    expedition = None
    if event.action == "climb":
        expedition = Expedition(climber=event.seat, mountain=event.mountain, side=event.side,
                                party=(Roped(seat=event.seat, companions=()),))
    return replace(state, action=event.action, steps=event.queued, expedition=expedition)


def _mountain_gained(state: State, event: MountainGained) -> State:
    supply = state.supply
    if event.source == "display":
        display = tuple(None if card == event.mountain else card for card in supply.display)
        supply = replace(supply, display=display)
    else:
        supply = replace(supply, deck_a=_without(supply.deck_a, [event.mountain]),
                         deck_b=_without(supply.deck_b, [event.mountain]))
    state = _player(state, event.seat, mountains=state.players[event.seat].mountains + (event.mountain,))
    return _pop(replace(state, supply=supply))


def _display_refilled(state: State, event: DisplayRefilled) -> State:
    supply = state.supply
    if event.discarded is not None:
        supply = _discard_mountain(supply, event.discarded)
    new = [card for card in event.display if card not in supply.display]
    supply = replace(supply, display=event.display, deck_a=_without(supply.deck_a, new),
                     deck_b=_without(supply.deck_b, new))
    return _pop(replace(state, supply=supply))


def _equipment_gained(state: State, event: EquipmentGained) -> State:
    kinds = cards.board().equipment
    if event.equipment not in kinds or not 0 <= event.seat < state.seats:
        return state
    index = kinds.index(event.equipment)
    equipment = state.players[event.seat].equipment
    state = _player(state, event.seat, equipment=put(equipment, index, equipment[index] + 1))
    head = state.steps[0] if state.steps else None
    if head is not None and head.kind is StepKind.EQUIPMENT and head.amount > 1:
        return replace(state, steps=(replace(head, amount=head.amount - 1),) + state.steps[1:])
    return _pop(state)


def _companions_drawn(state: State, event: CompanionsDrawn) -> State:
    supply = replace(state.supply, companions=_without(state.supply.companions, event.cards))
    choice = Step(kind=StepKind.CHOOSE_COMPANION, seat=event.seat, cards=event.cards)
    return _pop(replace(state, supply=supply), (choice,))


def _companion_kept(state: State, event: CompanionKept) -> State:
    player = state.players[event.seat]
    slots = tuple(slot for slot in player.companions if slot.companion != event.replaced)
    uses = cards.companions()[event.companion].uses if event.companion in cards.companions() else 1
    state = _player(state, event.seat, companions=slots + (CompanionSlot(companion=event.companion, uses=uses),))
    gone = event.discarded + ((event.replaced,) if event.replaced else ())
    supply = replace(state.supply, companion_discard=state.supply.companion_discard + gone)
    return _pop(replace(state, supply=supply))


def _companions_discarded(state: State, event: CompanionsDiscarded) -> State:
    supply = replace(state.supply, companion_discard=state.supply.companion_discard + event.cards)
    return _pop(replace(state, supply=supply))


def _bonus_drawn(state: State, event: BonusCardDrawn) -> State:
    state = replace(state, supply=replace(state.supply, bonus=_without(state.supply.bonus, [event.card])))
    state = _player(state, event.seat, bonus_cards=state.players[event.seat].bonus_cards + (event.card,))
    return _pop(state)


def _upgraded(state: State, event: ActionUpgraded) -> State:
    index = cards.ACTIONS.index(event.action) if event.action in cards.ACTIONS else 0
    player = state.players[event.seat]
    if event.part == "dial":
        state = _player(state, event.seat, dials=put(player.dials, index, player.dials[index] + 1))
    else:
        state = _player(state, event.seat, tiles=put(player.tiles, index, player.tiles[index] + 1))
    return _pop(state)


def _flags_placed(state: State, event: FlagsPlaced) -> State:
    continents = cards.board().continents
    if event.continent in continents:
        index = continents.index(event.continent)
        flags = state.players[event.seat].flags
        state = _player(state, event.seat, flags=put(flags, index, flags[index] + event.count))
    return _pop(state)


def _experience(state: State, event: ExperienceGained) -> State:
    return _pop(_player(state, event.seat, experience=state.players[event.seat].experience + event.amount))


def _stamina_level(state: State, event: StaminaLevelRaised) -> State:
    return _pop(_player(state, event.seat, stamina_level=state.players[event.seat].stamina_level + event.amount))


def _stamina(state: State, event: StaminaGained) -> State:
    return _pop(_player(state, event.seat, stamina=state.players[event.seat].stamina + event.amount))


def _decks_swapped(state: State, event: DecksSwapped) -> State:
    return replace(state, supply=replace(state.supply, b_next=True))


def _companions_brought(state: State, event: CompanionsBrought) -> State:
    expedition = state.expedition
    if expedition is not None:
        party = (Roped(seat=event.seat, companions=event.companions),) + expedition.party[1:]
        state = replace(state, expedition=replace(expedition, party=party))
    return _pop(state)


def _offered(state: State, event: EquipmentOffered) -> State:
    expedition = state.expedition
    if expedition is None:
        return state
    offers = expedition.offers + (Offer(seat=event.to_seat, equipment=event.equipment),)
    answer = Step(kind=StepKind.ANSWER_OFFER, seat=event.to_seat)
    return replace(state, expedition=replace(expedition, offers=offers), steps=(answer,) + state.steps)


def _answered(state: State, event: OfferAnswered) -> State:
    expedition = state.expedition
    if expedition is not None:
        offers = tuple(replace(offer, accepted=event.accepted) if offer.seat == event.seat and offer.accepted is None
                       else offer for offer in expedition.offers)
        state = replace(state, expedition=replace(expedition, offers=offers))
    return _pop(state)


def _called(state: State, event: TagAlongsCalled) -> State:
    return _pop(state, tuple(Step(kind=StepKind.TAG_ALONG, seat=seat) for seat in event.asked))


def _tagged_along(state: State, event: TaggedAlong) -> State:
    expedition = state.expedition
    if expedition is not None:
        party = expedition.party + (Roped(seat=event.seat, companions=event.companions),)
        state = replace(state, expedition=replace(expedition, party=party))
    return _pop(state)


def _climb_paid(state: State, event: ClimbPaid) -> State:
    player = state.players[event.seat]
    kinds = cards.board().equipment
    equipment = tuple(count - event.equipment.count(kind) for kind, count in zip(kinds, player.equipment))
    slots, gone = [], []
    for slot in player.companions:
        if slot.companion not in event.companions:
            slots.append(slot)
        elif slot.uses > 1:
            slots.append(replace(slot, uses=slot.uses - 1))
        else:
            gone.append(slot.companion)
    state = _player(state, event.seat, continent=event.continent, stamina=player.stamina - event.stamina,
                    equipment=equipment, companions=tuple(slots))
    supply = replace(state.supply, companion_discard=state.supply.companion_discard + tuple(gone))
    return replace(state, supply=supply)


def _climb_resolved(state: State, event: ClimbResolved) -> State:
    climbs = state.climbs + 1
    state = _player(state, event.seat, mountains=_without(state.players[event.seat].mountains, [event.mountain]))
    for seat in event.party:
        if 0 <= seat < state.seats and state.players[seat].first_summit is None:
            state = _player(state, seat, first_summit=climbs)
    state = replace(state, climbs=climbs, expedition=None, supply=_discard_mountain(state.supply, event.mountain))
    return _pop(state, event.queued)


def _bonus_claimed(state: State, event: ActionBonusClaimed) -> State:
    return _pop(_player(state, event.seat, tokens=(0, 0, 0)), event.queued)


def _turn_ended(state: State, event: TurnEnded) -> State:
    state = _pop(state)
    return replace(state, current=event.next_seat, turn=state.turn + 1, action=None, expedition=None)


def _revealed(state: State, event: BonusCardsRevealed) -> State:
    revealed = state.revealed or ((),) * state.seats
    return replace(state, revealed=put(revealed, event.seat, event.cards))


def _final_flags(state: State, event: FinalFlagsPlaced) -> State:
    revealed = state.revealed[event.seat] if event.seat < len(state.revealed) else ()
    bonus = cards.bonus_cards()
    score = FinalScore(
        seat=event.seat, board_flags=state.players[event.seat].flags_placed,
        bonus_flags=sum(bonus[card].flags for card in revealed if card in bonus),
        majorities=event.majorities, every_continent=event.every_continent, stamina_level=event.stamina_level,
        experience=event.experience, upgrades=event.upgrades,
    )
    return replace(state, final=state.final + (score,))


def _game_ended(state: State, event: GameEnded) -> State:
    return replace(state, phase=Phase.OVER, steps=(), end_reason=event.reason)


def _pop_only(state: State, event: Event) -> State:
    return _pop(state)


APPLY: dict[type[Event], Any] = {
    DeckShuffled: _deck_shuffled,
    DisplayDealt: _display_dealt,
    StartingMountainsDealt: _starting_mountains,
    CharacterPlaced: _character_placed,
    BonusCardDiscarded: _bonus_discarded,
    ActionChosen: _action_chosen,
    MountainGained: _mountain_gained,
    DisplayRefilled: _display_refilled,
    EquipmentGained: _equipment_gained,
    Travelled: lambda state, event: _pop(_player(state, event.seat, continent=event.continent)),
    CompanionsDrawn: _companions_drawn,
    CompanionKept: _companion_kept,
    CompanionsDiscarded: _companions_discarded,
    BonusCardDrawn: _bonus_drawn,
    ActionUpgraded: _upgraded,
    FlagsPlaced: _flags_placed,
    ExperienceGained: _experience,
    StaminaLevelRaised: _stamina_level,
    StaminaGained: _stamina,
    DecksSwapped: _decks_swapped,
    StepDeclined: _pop_only,
    StepSkipped: _pop_only,
    CompanionsBrought: _companions_brought,
    EquipmentOffered: _offered,
    OfferAnswered: _answered,
    TagAlongsCalled: _called,
    TaggedAlong: _tagged_along,
    StayedBehind: _pop_only,
    ClimbPaid: _climb_paid,
    DangerRolled: lambda state, event: state,
    ClimbResolved: _climb_resolved,
    ActionBonusClaimed: _bonus_claimed,
    TurnEnded: _turn_ended,
    BonusCardsRevealed: _revealed,
    FinalFlagsPlaced: _final_flags,
    GameEnded: _game_ended,
}
