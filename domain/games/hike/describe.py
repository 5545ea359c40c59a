"""One line of text per event, for a game's timeline (hidden events tell nothing hidden)."""

from __future__ import annotations

from domain.core import Event, GameCreated
from domain.core.wording import UNTOLD, Names, seat_name, seat_names
from domain.games.hike.cards import card_name
from domain.games.hike.events import (
    ActionSkipped,
    CardDrafted,
    CardsDealt,
    CardsOpened,
    CareCardDrawn,
    CareCardLapsed,
    CareCardTaken,
    CareGiven,
    CarePileShuffled,
    DayEnded,
    DayStarted,
    EquipmentFieldForced,
    EquipmentSpent,
    HuskiesHandedIn,
    HuskyDeckShuffled,
    HuskyDrafted,
    HuskyPlaced,
    HuskyRan,
    HuskyRested,
    HuskySwappedOut,
    HuskyUpgraded,
    LandscapesShuffled,
    LandscapeTurned,
    MovementStopped,
    PreparationsEnded,
    RaceEnded,
    ReadyDeclared,
    TurnEnded,
    YoungsterPlaced,
)


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(f"{card_name(card)} ({card})" for card in cards) or "nothing"


#: What anyone may be told of a hidden event before the race ends (domain.core.wording.hidden_line).
HIDDEN_LINES = {
    "LandscapesShuffled": "The landscapes were shuffled and laid face down",
    "HuskyDeckShuffled": "The husky deck was shuffled",
    "CarePileShuffled": "The care pile was shuffled face down",
    "CardsDealt": "{holder} was dealt cards",
}


def describe(event: Event, names: Names = ()) -> str:
    """A one-line, human-readable account of `event`, the seats called by their `names`."""

    def _seat(seat: int) -> str:
        return seat_name(names, seat)

    def _seats(seats: tuple[int, ...]) -> str:
        return seat_names(names, seats, "none")

    match event:
        case GameCreated(seats=seats):
            return f"A race of {len(seats)} mushers was set up"
        case LandscapesShuffled(track=track):
            return f"{len(track)} landscapes were laid face down between start and finish"
        case HuskyDeckShuffled(order=order):
            return f"The husky deck of {len(order)} cards was shuffled"
        case CardsDealt(seat=seat, cards=cards):
            return f"{_seat(seat)} was dealt {len(cards)} cards"
        case CardsOpened(seat=None, cards=cards):
            return f"Revealed to the centre: {_cards(cards)}"
        case CardsOpened(seat=seat, cards=(), plus_cards=plus):
            return f"{_seat(seat)} opened no cards: the husky deck is empty"
        case CardsOpened(seat=seat, cards=cards, plus_cards=plus):
            extra = f" (using {plus} +1 cards)" if plus else ""
            return f"{_seat(seat)} opened {_cards(cards)}{extra}"
        case DayStarted(phase=phase, day=day, order=order):
            return f"Day {day} of the {phase.value} began; in turn: {_seats(order)}"
        case LandscapeTurned(place=place, card=card):
            return f"Landscape {place} turned face up: {card_name(card)} ({card})"
        case HuskyDrafted(seat=seat, card=card, slot=slot):
            return f"{_seat(seat)} drafted {card_name(card)} ({card}) to sled place {slot}"
        case CardDrafted(seat=seat, card=card):
            return f"{_seat(seat)} drafted {card_name(card)} ({card}) to hand"
        case HuskyPlaced(seat=seat, card=card, slot=slot):
            return f"{_seat(seat)} placed {card_name(card)} ({card}) from hand on sled place {slot}"
        case HuskySwappedOut(seat=seat, card=card, slot=slot):
            return f"{_seat(seat)} took {card_name(card)} ({card}) back from sled place {slot}"
        case YoungsterPlaced(seat=seat, card=card, slot=slot, from_hand=from_hand):
            source = "hand" if from_hand else "centre"
            return f"{_seat(seat)} placed youngster {card_name(card)} ({card}) from the {source} on place {slot}"
        case ActionSkipped(seat=seat):
            return f"{_seat(seat)} had no action to perform"
        case ReadyDeclared(seat=seat):
            return f"{_seat(seat)} declared ready to race and moved to the start"
        case HuskiesHandedIn(seat=seat, cards=cards):
            return f"{_seat(seat)} put {_cards(cards)} from hand into the centre"
        case HuskyUpgraded(seat=seat, slot=slot, equipment=equipment):
            return f"{_seat(seat)} upgraded the husky on place {slot} with {card_name(equipment)}"
        case CareCardTaken(seat=seat, card=card):
            return f"{_seat(seat)} took a {card_name(card)} card from their care pile"
        case TurnEnded(seat=seat):
            return f"{_seat(seat)} ended their turn"
        case DayEnded(day=day):
            return f"Day {day} ended"
        case PreparationsEnded(racers=racers, out=out):
            return f"Preparations ended; racing: {_seats(racers)}; out of the race: {_seats(out)}"
        case CarePileShuffled(order=order):
            return f"The care pile of {len(order)} cards was shuffled face down"
        case HuskyRan(seat=seat, slot=slot, spent=spent, position=position, remaining=remaining):
            waits = "; it waits before a field that requires equipment" if remaining else ""
            return f"{_seat(seat)} ran the husky on place {slot} over {len(spent)} fields to field {position}{waits}"
        case EquipmentSpent(seat=seat, card=card, position=position):
            return f"{_seat(seat)} used {card_name(card)} to get onto field {position}"
        case EquipmentFieldForced(seat=seat, position=position, rests=rests):
            return f"{_seat(seat)} pushed onto field {position} without equipment; {rests} huskies must rest"
        case MovementStopped(seat=seat, position=position):
            return f"{_seat(seat)} stopped at field {position}, before the field that requires equipment"
        case HuskyRested(seat=seat, slot=slot):
            return f"{_seat(seat)} turned the husky on place {slot} to the rest state"
        case CareGiven(seat=seat, card=card, slots=slots):
            return f"{_seat(seat)} used a {card_name(card)} card on places {_seats(slots)}"
        case CareCardLapsed(seat=seat, card=card):
            return f"{_seat(seat)} did not use the {card_name(card)} card drawn for being far behind: it lapsed"
        case CareCardDrawn(seat=seat, card=card):
            return f"{_seat(seat)}, far behind, drew a {card_name(card)} card to use tomorrow"
        case RaceEnded(reason=reason, finishers=finishers):
            return f"The race is over: {reason}; at the finish: {_seats(finishers)}"
    return UNTOLD
