"""A full state of Peaks consistent with one seat's view, the hidden rest drawn at random (issue 29's search bot).

The view shows every mat, the display, the discard piles, the climb under way, the turn's queue of steps, the
mountains whose backing fell short this turn (the last two added to the view for this: both are public, and the
state needs them) and the viewing seat's own bonus cards; it hides the other seats' bonus cards (their number is
shown) and the order of the four decks (their size is shown). `determinize` rebuilds the public part from the
view field by field and draws the hidden part from the components that could be there: the game's cards of its
rules version (cards.py) minus every card the view shows elsewhere. It reads only the view and the public card
data, never the true state.

What is drawn, and what is kept from the view:
- the A and B mountain decks: the version's A (B) mountains not on the display, on a mat or in a discard pile, in a
  random order (Global setup 4; a deck holds only its own cards, even after a reshuffle: Limitations);
- the companion deck: the version's companions not on a mat, in the discard pile or drawn and waiting in a
  `choose_companion` step (Global setup 2; Companions);
- the other seats' bonus cards and the bonus deck: the bonus cards not in the viewer's hand nor the discard pile,
  dealt at random to the other hands (as many as each holds) and the rest to the deck (Rewards, Bonus card).
  Once the game is over a hand holds its revealed cards, and only cards whose requirement it did not fulfil
  beside them (Game end 1). Under rules version 2 an opponent asked to tag along that cannot pay now was asked
  because its cards would pay (RULINGS.md, Who is asked): hands are drawn again until they would;
- the count of climbs so far (not shown): the latest first summit, which keeps every later first summit after
  every earlier one, all the tie-break reads (Game end, ties);
- once the game is over, its end-game steps, recomputed from the board as scoring.py does (Game end 2-4).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from domain.core import Rng
from domain.games.peaks import cards
from domain.games.peaks.asking import could_tag_along_with_discards
from domain.games.peaks.climbing import tag_along_sets
from domain.games.peaks.events import FinalFlagsPlaced
from domain.games.peaks.evolve import evolve
from domain.games.peaks.scoring import end_game_events, end_reason, is_fulfilled
from domain.games.peaks.state import (
    CompanionSlot,
    Expedition,
    Mountaineer,
    Offer,
    Phase,
    Roped,
    State,
    Step,
    StepKind,
    Supply,
)
from domain.games.peaks.steps import is_bound

#: How many deals of the hidden bonus cards to try before giving up on a random one that fits the view (`_fits`).
HAND_TRIES = 200


def viewer(view: Mapping[str, Any]) -> int:
    """The seat whose view this is (`you`).

    Raises:
        ValueError: a spectator's view (`you` null): only a seat's view is determinised.
    """
    seat = view.get("you")
    if not isinstance(seat, int):
        raise ValueError("a spectator's view cannot be determinised: only a seat's")
    return seat


def determinize(view: Mapping[str, Any], rng: Rng) -> State:
    """A state of the game that shows `view` to its seat, what the seat cannot see drawn with `rng`.

    Raises:
        ValueError: a spectator's view, or a view no game of Peaks shows (its hidden counts do not add up).
    """
    seat = viewer(view)
    version = view["rules_version"]
    public = public_state(view)
    supply = public.supply
    shown_mountains = {m for m in supply.display if m is not None}
    shown_mountains.update(m for player in public.players for m in player.mountains)
    decks = view["decks"]
    deck_a = rng.shuffled(_unseen("A", _components("A", version), shown_mountains | set(supply.discard_a),
                                  decks["A"]))
    deck_b = rng.shuffled(_unseen("B", _components("B", version), shown_mountains | set(supply.discard_b),
                                  decks["B"]))
    shown_companions = {slot.companion for player in public.players for slot in player.companions}
    shown_companions.update(supply.companion_discard)
    shown_companions.update(c for step in public.steps if step.kind is StepKind.CHOOSE_COMPANION for c in step.cards)
    companions = rng.shuffled(_unseen("companions", _components("companions", version), shown_companions,
                                      decks["companions"]))
    supply = replace(supply, deck_a=deck_a, deck_b=deck_b, companions=companions)
    state = replace(public, supply=supply)
    state = _deal_bonus_cards(state, view, seat, rng)
    if state.phase is Phase.OVER:
        state = _scored(state)
    return state


@functools.cache
def _components(deck: str, rules_version: int) -> tuple[str, ...]:
    """The cards of a deck ('A', 'B', 'companions', 'bonus') in a game of `rules_version`, in data order."""
    if deck == "companions":
        return cards.companion_deck(rules_version)
    if deck == "bonus":
        return tuple(sorted(cards.bonus_cards()))
    return cards.deck_of(deck, rules_version)


def _unseen(deck: str, components: Sequence[str], shown: set[str], size: int) -> tuple[str, ...]:
    """The cards of a deck the view does not show anywhere, which must be as many as the deck holds."""
    unseen = tuple(card for card in components if card not in shown)
    if len(unseen) != size:
        raise ValueError(f"the view's {deck} deck holds {size} cards, but {len(unseen)} of its cards are unseen")
    return unseen


# --- the public part, field by field ----------------------------------------------------------------------------

def _mat(player: Mapping[str, Any]) -> Mountaineer:
    board = cards.board()
    return Mountaineer(
        continent=player["continent"],
        stamina=player["stamina"],
        stamina_level=player["stamina_level"],
        experience=player["experience"],
        equipment=tuple(player["equipment"][kind] for kind in board.equipment),
        flags=tuple(player["flags"][continent] for continent in board.continents),
        mountains=tuple(player["mountains"]),
        companions=tuple(CompanionSlot(companion=slot["companion"], uses=slot["uses"])
                         for slot in player["companions"]),
        bonus_cards=tuple(player.get("bonus_cards", ())),
        tokens=_by_action(player["tokens"]),
        dials=_by_action(player["dials"]),
        tiles=_by_action(player["tiles"]),
        first_summit=player["first_summit"],
    )


def _by_action(values: Mapping[str, int]) -> tuple[int, int, int]:
    rest, prepare, climb = (values[action] for action in cards.ACTIONS)
    return rest, prepare, climb


def _step(step: Mapping[str, Any]) -> Step:
    return Step(kind=StepKind(step["kind"]), seat=step["seat"], amount=step.get("amount", 0),
                continent=step.get("continent", ""), equipment=step.get("equipment", ""),
                cards=tuple(step.get("cards", ())))


def _expedition(climb: Mapping[str, Any] | None) -> Expedition | None:
    if climb is None:
        return None
    return Expedition(
        climber=climb["climber"], mountain=climb["mountain"], side=climb["side"],
        party=tuple(Roped(seat=r["seat"], companions=tuple(r["companions"])) for r in climb["party"]),
        offers=tuple(Offer(seat=o["seat"], equipment=tuple(o["equipment"]), accepted=o["accepted"])
                     for o in climb["offers"]),
        backing=tuple(Offer(seat=b["seat"], equipment=tuple(b["equipment"]), accepted=True)
                      for b in climb["backing"]),
    )


def public_state(view: Mapping[str, Any]) -> State:
    """The state as far as the view shows it: empty decks and no other seat's bonus cards (drawn next)."""
    players = view["players"]
    discards = view["discards"]
    supply = Supply(
        discard_a=tuple(discards["A"]), discard_b=tuple(discards["B"]),
        companion_discard=tuple(discards["companions"]), bonus_discard=tuple(discards["bonus"]),
        display=tuple(view["display"]), b_next=view["decks"]["refills_display"] == "B",
    )
    summits = [p["first_summit"] for p in players if p["first_summit"] is not None]
    revealed = (tuple(tuple(p["revealed_bonus_cards"]) for p in players)
                if any("revealed_bonus_cards" in p for p in players) else ())
    return State(
        names=tuple(p["name"] for p in players),
        phase=Phase(view["phase"]),
        players=tuple(_mat(p) for p in players),
        supply=supply,
        current=view["current"],
        turn=view["turn"],
        action=view["action"],
        steps=tuple(_step(step) for step in view["queue"]),
        expedition=_expedition(view["climb"]),
        climbs=max(summits, default=0),
        revealed=revealed,
        unbacked=tuple(view["unbacked"]),
        rules_version=view["rules_version"],
        round_cap=view["round_cap"],
    )


# --- the hidden bonus cards -------------------------------------------------------------------------------------

def _deal_bonus_cards(state: State, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """The other seats' hands and the bonus deck, drawn from the bonus cards the seat has not seen; deals that the
    rest of the view rules out (`_fits`) are drawn again."""
    counts = {other: p["bonus_cards_in_hand"] for other, p in enumerate(view["players"]) if other != seat}
    kept = {other: state.revealed[other] if state.revealed else () for other in counts}
    seen = set(state.players[seat].bonus_cards) | set(state.supply.bonus_discard)
    seen.update(card for hand in kept.values() for card in hand)
    pool = tuple(card for card in _components("bonus", state.rules_version) if card not in seen)
    if len(pool) != view["decks"]["bonus"] + sum(counts[o] - len(kept[o]) for o in counts):
        raise ValueError("the view's bonus cards do not add up: deck, hands and discards")
    must_pay = asked_for_their_cards(state, seat)
    for _ in range(HAND_TRIES):
        hands = _split(rng.shuffled(pool), counts, kept)
        dealt = _dealt(state, hands)
        if _fits(dealt, hands, kept, must_pay):
            return dealt
    if state.phase is not Phase.OVER:
        return dealt  # (not met by a view of a game: the true hands fit, and HAND_TRIES deals find one)
    return _dealt(state, _matched(state, list(rng.shuffled(pool)), counts, kept))


def _split(order: Sequence[str], counts: Mapping[int, int], kept: Mapping[int, tuple[str, ...]]) -> dict[Any, tuple]:
    """Each other hand its kept cards and the next ones of `order`, in seat order; the deck the rest."""
    hands: dict[Any, tuple] = {}
    rest = list(order)
    for other in sorted(counts):
        take = counts[other] - len(kept[other])
        hands[other], rest = kept[other] + tuple(rest[:take]), rest[take:]
    hands["deck"] = tuple(rest)
    return hands


def _dealt(state: State, hands: Mapping[Any, tuple]) -> State:
    players = tuple(replace(player, bonus_cards=hands[other]) if other in hands else player
                    for other, player in enumerate(state.players))
    return replace(state, players=players, supply=replace(state.supply, bonus=hands["deck"]))


def _fits(state: State, hands: Mapping[Any, tuple], kept: Mapping[int, tuple[str, ...]],
          must_pay: tuple[int, ...]) -> bool:
    """Does a deal agree with what the view implies of the hands? Once the game is over every card whose
    requirement its holder fulfils was revealed (Game end 1); under rules version 2 an opponent asked for its cards
    holds cards that pay (`asked_for_their_cards`)."""
    if state.phase is Phase.OVER:
        table = cards.bonus_cards()
        return not any(is_fulfilled(state, other, table[card].condition)
                       for other in kept for card in hands[other] if card not in kept[other])
    return all(could_tag_along_with_discards(state, other) for other in must_pay)


def _matched(state: State, order: list[str], counts: Mapping[int, int],
             kept: Mapping[int, tuple[str, ...]]) -> dict[Any, tuple]:
    """A deal after the end where no hand holds an unrevealed card it fulfils, found by backtracking over `order`
    (for the rare view where random deals keep missing one).

    Raises:
        ValueError: no such deal: the view is not one of a finished game.
    """
    table = cards.bonus_cards()
    needs = {other: counts[other] - len(kept[other]) for other in sorted(counts)}
    hands: dict[Any, list[str]] = {other: list(kept[other]) for other in needs}
    hands["deck"] = []
    room = len(order) - sum(needs.values())

    def place(index: int) -> bool:
        if index == len(order):
            return True
        card = order[index]
        homes = [other for other in needs if needs[other] and not is_fulfilled(state, other, table[card].condition)]
        for home in homes + (["deck"] if len(hands["deck"]) < room else []):
            hands[home].append(card)
            if home != "deck":
                needs[home] -= 1
            if place(index + 1):
                return True
            hands[home].pop()
            if home != "deck":
                needs[home] += 1
        return False

    if not place(0):
        raise ValueError("no deal of the unseen bonus cards fits the end of the game the view shows")
    return {home: tuple(cards_) for home, cards_ in hands.items()}


def asked_for_their_cards(state: State, seat: int) -> tuple[int, ...]:
    """Rules version 2 only: the other seats asked to tag along (a `tag_along` step in the queue, with no step of
    theirs before it, such as the equipment of a card they have just discarded) that cannot pay now and are not
    bound by an offer: they were asked because the cards they hold would pay (asking.py)."""
    if not state.book_choices or state.public_asking or state.expedition is None:
        return ()
    asked, before = [], set()
    for step in state.steps:
        if step.kind is StepKind.TAG_ALONG and step.seat != seat and step.seat not in before:
            asked.append(step.seat)
        before.add(step.seat)
    return tuple(other for other in asked if not is_bound(state, other) and not tag_along_sets(state, other))


# --- a finished game's scoring ----------------------------------------------------------------------------------

def _scored(state: State) -> State:
    """The end-game steps 2-4 of every seat and the game's end reason, as scoring.py computes them from this board
    (nothing on it changes after them); step 1's revealed cards are the view's."""
    reason = end_reason(state) or ""
    for event in end_game_events(state, reason):
        if isinstance(event, FinalFlagsPlaced):
            state = evolve(state, event)
    return replace(state, end_reason=reason)
