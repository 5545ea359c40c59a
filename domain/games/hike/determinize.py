"""Determinisation for the search bot (issue 29): a whole Hike! state drawn from what one seat's view shows.

`determinize(view, rng)` reads the view and the public card lists (cards.py) only. What the view shows is
copied: sleds, positions, piles, the centre, the discards, the turned landscapes, the seat's own hand,
every count. What it hides is drawn at random from the cards the seat has not seen:

- the face-down landscapes (Game setup 1), from the track cards not face up;
- the husky deck's order and contents (its size shows), other mushers' hands (their sizes show), and the
  race care pile (its size shows), from the cards seen nowhere, each where the rules can put it:
  the husky deck holds huskies, youngsters, equipment and the deck's 6 single care cards (Game setup 3);
  the race care pile care cards only (End of Preparations); a musher who declared ready has handed in
  their huskies (Declaring you are ready 2), so a racer's hand holds equipment and care cards; and the
  personal care cards (Game setup 4) are never removed from the game, so those unseen are in the race
  care pile or in racers' hands. In Preparations the cards a ready musher has taken from their own face-up
  pile are known (the pile shows what is left), and so is a drawn care card (`compulsory_care`). Cards the
  race removed (the centre at the end of Preparations, spent equipment) are among the unseen and simply
  left out of the state.
- on a simultaneous race day (option `simultaneous_days`) another musher's pending move is hidden (the view
  shows only their step): a husky waiting before a field that requires equipment is drawn among their tired
  huskies whose points reach it, and the huskies still to turn to rest after pushing through (1 or 2).

A few choices only the true state decides do not show in any view and change no rule's outcome: whether
the bonus action was used (it matters only while a youngster could still be placed, and then the turn
would have ended by itself had it been used) and how many care tokens were drawn (set to the highest
number seen; a token is a plain single care card).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from domain.core import Rng, replace
from domain.games.hike.cards import (
    DECK_CARE,
    DOUBLE_CARE,
    EQUIPMENT,
    HUSKY_DECK,
    PILE_SINGLE_CARE,
    TOKEN_PREFIX,
    TRACK_LANDSCAPES,
    Field,
    Snow,
    is_experienced,
    is_husky,
)
from domain.games.hike.sled import can_place, free_slots, movement_points
from domain.games.hike.state import BOOK_RACE, LETTER, HikeState, Musher, Phase, Run, Spot, Step
from domain.games.hike.track import rotated_place, stretch, track_fields

ALL_CARDS: tuple[str, ...] = (*HUSKY_DECK, *PILE_SINGLE_CARE, *DOUBLE_CARE)
"""Every card of the husky deck and the care piles (cards.py): the components a hand, a deck or a pile holds."""
PERSONAL_CARE = frozenset((*PILE_SINGLE_CARE, *DOUBLE_CARE))
"""Game setup 4: the care cards of the personal piles and the side, never in the husky deck."""
DECK_CARDS = frozenset(HUSKY_DECK)
HAND_IN_RACE = frozenset((*EQUIPMENT, *DECK_CARE, *PERSONAL_CARE))
"""What a ready musher may hold once their huskies are handed in: equipment and care cards."""
MAX_POINTS = 4  # three printed points and an upgrade's extra one: how far one husky can have run


def viewer(view: dict[str, Any]) -> int:
    """The seat whose view this is (a spectator's view has none and is never determinised)."""
    seat = view["you"]
    if seat is None:
        raise ValueError("a spectator's view is not determinised")
    return int(seat)


def determinize(view: dict[str, Any], rng: Rng) -> HikeState:
    """A full state consistent with `view`, its hidden parts drawn with `rng` (module docstring).

    Raises:
        ValueError: a spectator's view, or a view no state of the game could show.
    """
    seat = viewer(view)
    phase = Phase(view["phase"])
    seats = len(view["mushers"])
    rules_version = int(view["rules_version"])
    simultaneous = bool(view["simultaneous_days"])
    landscapes, turned = _track(view, rng)
    hands = _hands(view, seat, phase, rng)
    mushers = [_musher(view, index, seat, phase, simultaneous, hands) for index in range(seats)]
    if phase is Phase.RACE and simultaneous:
        columns = view["columns"]
        fields = track_fields(landscapes)
        for index, musher in enumerate(mushers):
            if index != seat:
                mushers[index] = _pending_move(musher, columns, fields, rules_version, rng)
    turn_order = tuple(view["turn_order"])
    return HikeState(
        names=tuple(musher["name"] for musher in view["mushers"]),
        columns=view["columns"],
        rules_version=rules_version,
        phase=phase,
        step=Step(view["step"]) if phase is Phase.PREPARATIONS else Step.RUN,
        day=view["day"],
        turn_order=turn_order,
        turn=_turn(view, phase, simultaneous, turn_order),
        landscapes=landscapes,
        rotated=rotated_place(seats),
        turned=turned,
        deck=hands.deck,
        centre=tuple(card["id"] for card in view["centre"]),
        side_care=_side_care(view, seats),
        care_pile=hands.care_pile,
        care_discards=tuple(view["care_discards"]),
        tokens_used=hands.tokens_used,
        mushers=tuple(mushers),
        first_ready=view["first_ready"],
        last_preparation_day=view["last_preparation_day"],
        bonus_used=False,
        ending=view["ending"],
        care_card_lapses=bool(view["care_card_lapses"]) if rules_version >= LETTER else False,
        simultaneous_days=simultaneous,
    )


# The track


def _track(view: dict[str, Any], rng: Rng) -> tuple[tuple[str, ...], int]:
    """The landscapes between start and finish: face-up ones as shown, face-down ones drawn from the rest."""
    between = view["track"][1:-1]
    shown = [card["card"] for card in between if card["face_up"]]
    turned = len(shown)
    if any(not card["face_up"] for card in between[:turned]):
        raise ValueError("landscapes are turned from the start onward")
    unseen = [card for card in TRACK_LANDSCAPES if card not in shown]
    return (*shown, *_sample(unseen, len(between) - turned, rng)), turned


def _side_care(view: dict[str, Any], seats: int) -> tuple[str, ...]:
    """Game setup 4: the care cards put to the side, until the race care pile is shuffled from them."""
    if not view["side_care"]:
        return ()
    side = (*PILE_SINGLE_CARE[seats:], *DOUBLE_CARE[2 * seats:])
    if len(side) != view["side_care"]:
        raise ValueError("the care cards to the side are fixed by the number of seats")
    return side


def _turn(view: dict[str, Any], phase: Phase, simultaneous: bool, order: tuple[int, ...]) -> int:
    """How far today's order has gone: to the current musher, or on a simultaneous day past those in camp."""
    if phase is Phase.RACE and simultaneous:
        return sum(1 for seat in order if view["mushers"][seat]["camped"])
    current = view["current"]
    return order.index(current) if current is not None else len(order)


# Cards: the unseen ones dealt where the rules can put them


class Dealt(NamedTuple):
    """The card zones of one determinisation: every hand, the husky deck, the race care pile, tokens drawn."""

    hands: dict[int, tuple[str, ...]]
    deck: tuple[str, ...]
    care_pile: tuple[str, ...]
    tokens_used: int


def _token_number(card: str) -> int:
    return int(card[len(TOKEN_PREFIX):]) if card.startswith(TOKEN_PREFIX) else 0


def _seen(view: dict[str, Any]) -> set[str]:
    """Every card the view shows somewhere: own hand, the centre, sleds and their equipment, piles, discards."""
    seen = {card["id"] for card in view["hand"]}
    seen.update(card["id"] for card in view["centre"])
    seen.update(view["care_discards"])
    for musher in view["mushers"]:
        seen.update(musher["care_pile"])
        if musher["compulsory_care"] is not None:
            seen.add(musher["compulsory_care"])
        for spot in musher["sled"]:
            if spot["card"] is not None:
                seen.add(spot["card"]["id"])
                if spot["equipment"] is not None:
                    seen.add(spot["equipment"])
    return seen


def _hands(view: dict[str, Any], seat: int, phase: Phase, rng: Rng) -> Dealt:
    """The seat's own hand as shown; the other hands, the deck and the care pile drawn from unseen cards."""
    mushers = view["mushers"]
    seats = len(mushers)
    seen = _seen(view)
    known: dict[int, list[str]] = {}
    for other, musher in enumerate(mushers):
        if other == seat:
            continue
        cards = [musher["compulsory_care"]] if musher["compulsory_care"] is not None else []
        if phase is Phase.PREPARATIONS:  # taken from their own pile: the pile shows what is left
            pile = (PILE_SINGLE_CARE[other], DOUBLE_CARE[2 * other], DOUBLE_CARE[2 * other + 1])
            taken = [card for card in pile if card not in musher["care_pile"]]
            seen.update(taken)
            cards.extend(taken)
        if len(cards) > musher["hand_size"]:
            raise ValueError(f"seat {other} holds fewer cards than the view shows it must")
        known[other] = cards
    seen.update(_side_care(view, seats))  # until the race care pile is shuffled from them
    unseen = [card for card in ALL_CARDS if card not in seen]
    tokens = max((_token_number(card) for card in seen), default=0)
    dealer = (_deal_preparations if phase is Phase.PREPARATIONS else _deal_race)
    hidden, deck, care_pile, tokens = dealer(view, seat, known, unseen, tokens, rng)
    hands = {other: tuple(sorted((*known[other], *hidden[other]))) for other in known}
    hands[seat] = tuple(card["id"] for card in view["hand"])
    return Dealt(hands, deck, care_pile, tokens)


def _take(pool: list[str], count: int, allowed: Callable[[str], bool], rng: Rng) -> list[str]:
    """`count` cards drawn at random from those of `pool` that `allowed` admits, removed from `pool`.

    Raises:
        ValueError: fewer such cards than `count` (a view no state could show).
    """
    fitting = [card for card in pool if allowed(card)]
    if len(fitting) < count:
        raise ValueError("too few unseen cards for the hidden places the view counts")
    drawn = _sample(fitting, count, rng)
    taken = set(drawn)
    pool[:] = [card for card in pool if card not in taken]
    return drawn


def _sample(items: list[str], count: int, rng: Rng) -> list[str]:
    """`count` of `items` in random order: the first steps of a Fisher-Yates shuffle (`items` is reordered)."""
    for index in range(count):
        other = index + rng.randbelow(len(items) - index)
        items[index], items[other] = items[other], items[index]
    return items[:count]


def _deal_preparations(view: dict[str, Any], seat: int, known: dict[int, list[str]], unseen: list[str],
                       tokens: int, rng: Rng) -> tuple[dict[int, list[str]], tuple[str, ...], tuple[str, ...], int]:
    """Preparations: every unseen deck card is in the deck or a hand; a ready musher holds no husky."""
    mushers = view["mushers"]
    slots = {other: mushers[other]["hand_size"] - len(cards) for other, cards in known.items()}
    hidden: dict[int, list[str]] = {other: [] for other in known}
    pool = list(unseen)
    for other in known:  # Declaring you are ready 2: their husky cards went to the centre
        if mushers[other]["ready"]:
            hidden[other] = _take(pool, slots[other], lambda card: not is_husky(card), rng)
    current = view["current"]
    if current is not None and current != seat and not mushers[current]["ready"] and slots[current]:
        needed = _husky_needed(view, current)
        if needed is not None:
            hidden[current] = _take(pool, 1, needed, rng)
    rest = list(rng.shuffled(pool))
    deck_size = view["deck_size"]
    deck, rest = tuple(rest[:deck_size]), rest[deck_size:]
    for other in known:
        missing = slots[other] - len(hidden[other])
        if missing > len(rest):
            raise ValueError("too few unseen cards for the hidden places the view counts")
        hidden[other].extend(rest[:missing])
        rest = rest[missing:]
    if len(deck) != deck_size:
        raise ValueError("too few unseen cards for the husky deck")
    return hidden, deck, (), tokens


def _husky_needed(view: dict[str, Any], current: int) -> Callable[[str], bool] | None:
    """What the musher to act must hold for their step to have a move, as a card predicate, or None.

    Swap a husky (second half): a husky that fits a free place (the one taken back does). Performing
    actions: with an empty centre and an empty sled, only a husky from the hand can be placed (else the
    action would have been skipped without a command).
    """
    musher = view["mushers"][current]
    sled = tuple(Spot(card=spot["card"]["id"] if spot["card"] else None) for spot in musher["sled"])
    columns = view["columns"]
    if view["step"] == "swap":
        free = free_slots(sled)
        return lambda card: is_husky(card) and any(can_place(sled, columns, slot, card) for slot in free)
    if view["step"] == "action" and not view["centre"] and not any(spot.card for spot in sled):
        return is_husky
    return None


def _deal_race(view: dict[str, Any], seat: int, known: dict[int, list[str]], unseen: list[str],
               tokens: int, rng: Rng) -> tuple[dict[int, list[str]], tuple[str, ...], tuple[str, ...], int]:
    """The race: the care pile holds care cards, racers equipment and care cards, the deck deck cards;
    unseen personal care cards are in the care pile or racers' hands, other unseen cards may be out of play.

    The personal care cards go first (to the pile, then to racers' hands), then racers' other cards, as many
    as leave enough for the deck and the hands of mushers out of the race; a racer's place no card can fill
    holds a care token (End of the day: drawn once the care cards run out).
    """
    mushers = view["mushers"]
    slots = {other: mushers[other]["hand_size"] - len(cards) for other, cards in known.items()}
    racers = [other for other in known if not mushers[other]["out"]]
    outs = [other for other in known if mushers[other]["out"]]
    pool = list(unseen)
    personal = [card for card in pool if card in PERSONAL_CARE]
    pile_size = view["care_pile_size"]
    care_pile = _take(pool, min(pile_size, len(personal)), PERSONAL_CARE.__contains__, rng)
    care_pile += _take(pool, pile_size - len(care_pile), DECK_CARE.__contains__, rng)
    hidden: dict[int, list[str]] = {other: [] for other in known}
    places = [other for other in racers for _ in range(slots[other])]
    places = list(rng.shuffled(places))
    leftover = [card for card in pool if card in PERSONAL_CARE]
    if len(leftover) > len(places):
        raise ValueError("the unseen care cards of the personal piles have no place")
    for card, other in zip(rng.shuffled(leftover), places):
        hidden[other].append(card)
        pool.remove(card)
    places = places[len(leftover):]
    needed = view["deck_size"] + sum(slots[other] for other in outs)
    spare = max(0, len(pool) - needed)
    drawn = _take(pool, min(len(places), spare, sum(1 for card in pool if card in HAND_IN_RACE)),
                  HAND_IN_RACE.__contains__, rng)
    for index, other in enumerate(places):
        if index < len(drawn):
            hidden[other].append(drawn[index])
        else:
            tokens += 1
            hidden[other].append(f"{TOKEN_PREFIX}{tokens:02d}")
    deck = tuple(_take(pool, view["deck_size"], DECK_CARDS.__contains__, rng))
    for other in outs:
        hidden[other] = _take(pool, slots[other], lambda card: card not in PERSONAL_CARE, rng)
    return hidden, deck, tuple(rng.shuffled(care_pile)), tokens


# Mushers


def _musher(view: dict[str, Any], index: int, seat: int, phase: Phase, simultaneous: bool,
            dealt: Dealt) -> Musher:
    """One musher as the view shows them, with the hand dealt; the race step of the one the view follows."""
    shown = view["mushers"][index]
    racing = phase is Phase.RACE
    follows = index == seat if simultaneous else index == view["current"]
    run = _run(view["run"]) if racing and follows else None
    return Musher(
        hand=dealt.hands[index],
        plus_cards=shown["plus_cards"],
        care_pile=tuple(shown["care_pile"]),
        sled=tuple(_spot(spot) for spot in shown["sled"]),
        ready=shown["ready"],
        out=shown["out"],
        position=shown["position"],
        compulsory_care=shown["compulsory_care"],
        step=Step(shown["step"]) if shown["step"] is not None else Step.RUN,
        run=run,
        rests_due=view["rests_due"] if racing and follows else 0,
        camped=bool(shown["camped"]) if racing else False,
    )


def _spot(spot: dict[str, Any]) -> Spot:
    if spot["card"] is None:
        return Spot()
    return Spot(card=spot["card"]["id"], tired=spot["tired"], resting=spot["resting"], equipment=spot["equipment"])


def _run(run: dict[str, Any] | None) -> Run | None:
    if run is None:
        return None
    return Run(slot=run["slot"], points=tuple(tuple(Snow(kind) for kind in point) for point in run["points"]))


def _pending_move(musher: Musher, columns: int, fields: tuple[Field, ...], rules_version: int, rng: Rng) -> Musher:
    """Another musher's hidden move on a simultaneous day, drawn to fit their step (module docstring)."""
    if musher.step is Step.EQUIPMENT:
        runs = _waiting_runs(musher, columns, fields, rules_version)
        if not runs:
            raise ValueError("no tired husky of that musher could be waiting before the field")
        return replace(musher, run=rng.choice(runs))
    if musher.step is Step.REST:
        awake = sum(1 for spot in musher.sled if spot.card is not None and not spot.resting)
        return replace(musher, rests_due=rng.randint(1, max(1, min(2, awake))))
    return musher


def _waiting_runs(musher: Musher, columns: int, fields: tuple[Field, ...], rules_version: int) -> list[Run]:
    """Every husky and unspent points that could be waiting before the equipment field ahead: a tired husky
    that ran from a few fields back (or from here) and stopped there with a point for it."""
    position = musher.position
    runs = []
    for slot, spot in enumerate(musher.sled):
        if spot.card is None or not is_experienced(spot.card) or not spot.tired or spot.resting:
            continue
        points = movement_points(musher.sled, columns, slot, from_resting=rules_version < BOOK_RACE)
        for back in range(min(position, MAX_POINTS) + 1):
            leg = stretch(points, fields, position - back)
            if leg.at_equipment and leg.position == position and len(leg.spent) == back:
                runs.append(Run(slot=slot, points=leg.remaining))
    return runs
