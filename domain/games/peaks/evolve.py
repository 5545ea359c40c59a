"""Set-up and `evolve`: the opening events, and how each event changes the state.

`evolve` only applies facts: it never draws randomness and never validates a move. It is
total over the events of Peaks: an event it does not know, or one naming a seat not at the
table, raises (it never leaves the state as it was). Each event copies the state once: the
handlers build the changed parts and replace them together. This module applies the facts of
the supply, the mats and the turn; the facts of a climb are applied in expedition.py.
Rulebook: Global setup, Player setup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from domain.core import Event, GameConfig, GameCreated, Rng
from domain.games.peaks import cards
from domain.games.peaks.decks import discarded, without
from domain.games.peaks.events import (
    ActionBonusClaimed,
    ActionChosen,
    ActionUpgraded,
    BonusCardDiscarded,
    BonusCardDrawn,
    BonusCardsRevealed,
    CharacterPlaced,
    CompanionKept,
    CompanionsDiscarded,
    CompanionsDrawn,
    DeckShuffled,
    DecksSwapped,
    DisplayDealt,
    DisplayRefilled,
    EquipmentGained,
    ExperienceGained,
    FinalFlagsPlaced,
    FlagsPlaced,
    GameEnded,
    MountainGained,
    StaminaGained,
    StaminaLevelRaised,
    StartingMountainsDealt,
    StayedBehind,
    StepDeclined,
    StepSkipped,
    Travelled,
    TurnEnded,
)
from domain.games.peaks.expedition import EXPEDITION_APPLY
from domain.games.peaks.state import (
    PUBLIC_ASKING,
    CompanionSlot,
    Expedition,
    FinalScore,
    Mountaineer,
    Phase,
    Roped,
    State,
    Step,
    StepKind,
    check_seat,
    put,
    with_mat,
)

DECK_FIELDS = {"A": ("deck_a", "discard_a"), "B": ("deck_b", "discard_b"),
               "companions": ("companions", "companion_discard"), "bonus": ("bonus", "bonus_discard")}


def setup(config: GameConfig, rng: Rng) -> list[Event]:
    """Shuffle the four decks, deal 3 A mountains to the display and 1 A mountain to each seat.

    Rulebook: Global setup 2-4, Player setup 4.
    """
    version = config.rules_version
    orders = {
        "A": rng.shuffled(cards.deck_of("A", version)),
        "B": rng.shuffled(cards.deck_of("B", version)),
        "companions": rng.shuffled(sorted(cards.companion_deck(version))),
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
    """Each mat with stamina and stamina level at 6, equipment and experience at 0, no flags placed; the round cap
    the game was created with (150 before rules version 3, which records it as an option)."""
    mat, board = cards.mat(), cards.board()
    player = Mountaineer(
        stamina=mat.start_stamina, stamina_level=mat.start_stamina_level,
        equipment=(0,) * len(board.equipment), flags=(0,) * len(board.continents),
    )
    return State(names=tuple(seat.name for seat in created.seats), players=(player,) * len(created.seats),
                 rules_version=created.rules_version, round_cap=round_cap(created))


def round_cap(created: GameCreated) -> int:
    """The `round_cap` option from rules version 3 (RULINGS.md, Round cap); 150 for every older game."""
    if created.rules_version >= PUBLIC_ASKING:
        return int(created.options.get("round_cap", cards.board().round_cap))
    return cards.board().round_cap


def evolve(state: State | None, event: Event) -> State:
    """The state after `event`.

    Raises:
        TypeError: an event that is not one of Peaks', or any event before GameCreated.
        ValueError: an event naming a seat that is not at the table.
    """
    if type(event) is GameCreated:
        return initial_state(event)
    apply = APPLY.get(type(event))
    if apply is None:
        raise TypeError(f"Peaks has no event {type(event).__name__}")
    if state is None:
        raise TypeError(f"{event.TYPE} before GameCreated")
    check_seat(state, getattr(event, "seat", 0))
    return apply(state, event)


def _deck_shuffled(state: State, event: DeckShuffled) -> State:
    deck, discard = DECK_FIELDS[event.deck]
    return replace(state, supply=replace(state.supply, **{deck: event.order, discard: ()}))


def _display_dealt(state: State, event: DisplayDealt) -> State:
    supply = state.supply
    return replace(state, supply=replace(supply, display=event.display, deck_a=without(supply.deck_a, event.display)))


def _starting_mountains(state: State, event: StartingMountainsDealt) -> State:
    supply = replace(state.supply, deck_a=without(state.supply.deck_a, event.mountains))
    players = tuple(
        replace(player, mountains=player.mountains + ((event.mountains[seat],) if seat < len(event.mountains) else ()))
        for seat, player in enumerate(state.players)
    )
    return replace(state, supply=supply, players=players)


def _character_placed(state: State, event: CharacterPlaced) -> State:
    players = with_mat(state, event.seat, continent=event.continent)
    placed = all(player.continent is not None for player in players)
    return replace(state, players=players, phase=Phase.PLAYING if placed else state.phase)


def _bonus_discarded(state: State, event: BonusCardDiscarded) -> State:
    hand = state.players[event.seat].bonus_cards
    supply = state.supply
    return replace(state, players=with_mat(state, event.seat, bonus_cards=without(hand, (event.card,))),
                   supply=replace(supply, bonus_discard=supply.bonus_discard + (event.card,)),
                   steps=event.queued + state.steps)


def _action_chosen(state: State, event: ActionChosen) -> State:
    index = cards.ACTIONS.index(event.action)
    tokens = state.players[event.seat].tokens
    expedition = None
    if event.action == "climb":
        backed = state.expedition.backing if state.expedition is not None else ()  # version 2's backed climb
        expedition = Expedition(climber=event.seat, mountain=event.mountain, side=event.side,
                                party=(Roped(seat=event.seat, companions=()),), backing=backed)
    return replace(state, players=with_mat(state, event.seat, tokens=put(tokens, index, tokens[index] + 1)),
                   action=event.action, steps=event.queued, expedition=expedition)


def _mountain_gained(state: State, event: MountainGained) -> State:
    supply, mountain = state.supply, event.mountain
    if event.source == "display":
        supply = replace(supply, display=tuple(None if card == mountain else card for card in supply.display))
    else:
        supply = replace(supply, deck_a=without(supply.deck_a, (mountain,)),
                         deck_b=without(supply.deck_b, (mountain,)))
    mountains = state.players[event.seat].mountains + (mountain,)
    return replace(state, players=with_mat(state, event.seat, mountains=mountains), supply=supply,
                   steps=state.steps[1:])


def _display_refilled(state: State, event: DisplayRefilled) -> State:
    supply = state.supply
    pile = discarded(supply, event.discarded) if event.discarded is not None else {}
    new = [card for card in event.display if card not in supply.display]
    supply = replace(supply, display=event.display, deck_a=without(supply.deck_a, new),
                     deck_b=without(supply.deck_b, new), **pile)
    return replace(state, supply=supply, steps=state.steps[1:])


def _equipment_gained(state: State, event: EquipmentGained) -> State:
    index = cards.board().equipment.index(event.equipment)
    equipment = state.players[event.seat].equipment
    players = with_mat(state, event.seat, equipment=put(equipment, index, equipment[index] + 1))
    steps = state.steps
    head = steps[0] if steps else None
    if head is not None and head.kind is StepKind.EQUIPMENT and head.amount > 1:
        return replace(state, players=players, steps=(replace(head, amount=head.amount - 1),) + steps[1:])
    return replace(state, players=players, steps=steps[1:])


def _travelled(state: State, event: Travelled) -> State:
    return replace(state, players=with_mat(state, event.seat, continent=event.continent), steps=state.steps[1:])


def _companions_drawn(state: State, event: CompanionsDrawn) -> State:
    supply = replace(state.supply, companions=without(state.supply.companions, event.cards))
    choice = Step(kind=StepKind.CHOOSE_COMPANION, seat=event.seat, cards=event.cards)
    return replace(state, supply=supply, steps=(choice,) + state.steps[1:])


def _companion_kept(state: State, event: CompanionKept) -> State:
    player = state.players[event.seat]
    slots = tuple(slot for slot in player.companions if slot.companion != event.replaced)
    kept = CompanionSlot(companion=event.companion, uses=cards.companions()[event.companion].uses)
    gone = event.discarded + ((event.replaced,) if event.replaced else ())
    supply = replace(state.supply, companion_discard=state.supply.companion_discard + gone)
    return replace(state, players=with_mat(state, event.seat, companions=slots + (kept,)), supply=supply,
                   steps=state.steps[1:])


def _companions_discarded(state: State, event: CompanionsDiscarded) -> State:
    supply = replace(state.supply, companion_discard=state.supply.companion_discard + event.cards)
    return replace(state, supply=supply, steps=state.steps[1:])


def _bonus_drawn(state: State, event: BonusCardDrawn) -> State:
    supply = replace(state.supply, bonus=without(state.supply.bonus, (event.card,)))
    hand = state.players[event.seat].bonus_cards + (event.card,)
    return replace(state, players=with_mat(state, event.seat, bonus_cards=hand), supply=supply, steps=state.steps[1:])


UPGRADED = {"dial": "dials", "tile": "tiles"}


def _upgraded(state: State, event: ActionUpgraded) -> State:
    index = cards.ACTIONS.index(event.action)
    part = UPGRADED[event.part]
    values = getattr(state.players[event.seat], part)
    players = with_mat(state, event.seat, **{part: put(values, index, values[index] + 1)})
    return replace(state, players=players, steps=state.steps[1:])


def _flags_placed(state: State, event: FlagsPlaced) -> State:
    index = cards.board().continents.index(event.continent)
    flags = state.players[event.seat].flags
    players = with_mat(state, event.seat, flags=put(flags, index, flags[index] + event.count))
    return replace(state, players=players, steps=state.steps[1:])


def _experience(state: State, event: ExperienceGained) -> State:
    players = with_mat(state, event.seat, experience=state.players[event.seat].experience + event.amount)
    return replace(state, players=players, steps=state.steps[1:])


def _stamina_level(state: State, event: StaminaLevelRaised) -> State:
    players = with_mat(state, event.seat, stamina_level=state.players[event.seat].stamina_level + event.amount)
    return replace(state, players=players, steps=state.steps[1:])


def _stamina(state: State, event: StaminaGained) -> State:
    players = with_mat(state, event.seat, stamina=state.players[event.seat].stamina + event.amount)
    return replace(state, players=players, steps=state.steps[1:])


def _decks_swapped(state: State, event: DecksSwapped) -> State:
    return replace(state, supply=replace(state.supply, b_next=True))


def _step_done(state: State, event: StepDeclined | StepSkipped | StayedBehind) -> State:
    return replace(state, steps=state.steps[1:])


def _bonus_claimed(state: State, event: ActionBonusClaimed) -> State:
    return replace(state, players=with_mat(state, event.seat, tokens=(0, 0, 0)), steps=event.queued + state.steps[1:])


def _turn_ended(state: State, event: TurnEnded) -> State:
    check_seat(state, event.next_seat)
    return replace(state, steps=state.steps[1:], current=event.next_seat, turn=state.turn + 1, action=None,
                   expedition=None, unbacked=())


def _revealed(state: State, event: BonusCardsRevealed) -> State:
    revealed = state.revealed or ((),) * state.seats
    return replace(state, revealed=put(revealed, event.seat, event.cards))


def _final_flags(state: State, event: FinalFlagsPlaced) -> State:
    revealed = state.revealed[event.seat] if state.revealed else ()
    bonus = cards.bonus_cards()
    score = FinalScore(
        seat=event.seat, board_flags=state.players[event.seat].flags_placed,
        bonus_flags=sum(bonus[card].flags for card in revealed),
        majorities=event.majorities, every_continent=event.every_continent, stamina_level=event.stamina_level,
        experience=event.experience, upgrades=event.upgrades,
    )
    return replace(state, final=state.final + (score,))


def _game_ended(state: State, event: GameEnded) -> State:
    return replace(state, phase=Phase.OVER, steps=(), end_reason=event.reason)


APPLY: dict[type[Event], Callable[[State, Any], State]] = {
    DeckShuffled: _deck_shuffled,
    DisplayDealt: _display_dealt,
    StartingMountainsDealt: _starting_mountains,
    CharacterPlaced: _character_placed,
    BonusCardDiscarded: _bonus_discarded,
    ActionChosen: _action_chosen,
    MountainGained: _mountain_gained,
    DisplayRefilled: _display_refilled,
    EquipmentGained: _equipment_gained,
    Travelled: _travelled,
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
    StepDeclined: _step_done,
    StepSkipped: _step_done,
    StayedBehind: _step_done,
    ActionBonusClaimed: _bonus_claimed,
    TurnEnded: _turn_ended,
    BonusCardsRevealed: _revealed,
    FinalFlagsPlaced: _final_flags,
    GameEnded: _game_ended,
    **EXPEDITION_APPLY,
}
