"""What a seat (or a spectator) sees.

Views are allowlists built field by field. Never shown: the order of the Bad Ride
deck and of the playing cards (only how many are left), another seat's Hold'em
hole cards before its showdown, and another juror's vote before the judgment.
"""

from __future__ import annotations

from typing import Any

from domain.games.hitchiker import rules
from domain.games.hitchiker.amounts import Range
from domain.games.hitchiker.blackmarket import sell_range, stake_range
from domain.games.hitchiker.board import BAD_RIDES, BOARD, DEAL_CHART
from domain.games.hitchiker.cards import blackjack_total
from domain.games.hitchiker.casino import betting
from domain.games.hitchiker.casino.blackjack import current_hand, wager_range
from domain.games.hitchiker.hometowns import deposit_range, free_hometowns
from domain.games.hitchiker.jury import jurors_to_vote
from domain.games.hitchiker.state import CHOICES_VERSION, BlackjackTable, HoldemTable, Phase, State, owner_of


def _range(amounts: Range | None) -> dict[str, int] | None:
    return None if amounts is None else amounts.as_view()


def _player(state: State, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    return {
        "seat": seat,
        "name": player.name,
        "cash": player.cash,
        "savings": player.savings,
        "contraband": player.contraband,
        "position": player.position,
        "hometowns": list(player.hometowns),
        "insured": player.insured,
        "stuck_in_remindya": player.stuck,
    }


def _board(state: State) -> list[dict[str, Any]]:
    return [{"index": place.index, "name": place.name, "kind": place.kind.value, "price": place.price,
             "owner": owner_of(state, place.index)} for place in BOARD]


def _card(card: int | None) -> dict[str, Any] | None:
    if card is None:
        return None
    ride = BAD_RIDES[card]
    return {"id": ride.id, "title": ride.title, "text": ride.text}


def _pending(state: State, seat: int | None) -> dict[str, Any] | None:
    """The question on the table now, with the full range of any amount it takes."""
    phase = state.phase
    if phase in (Phase.CHOOSING_HOMETOWNS, Phase.REINCARNATION):
        return {"kind": "choose_hometown", "free_hometowns": list(free_hometowns(state))}
    if phase is Phase.DEPOSIT and state.deposit is not None:
        return {"kind": "deposit", "location": state.deposit.location, "limit": state.deposit.limit,
                "amount_range": _range(deposit_range(state))}
    if phase is Phase.BUY_HOMETOWN and state.hometown_offer is not None:
        return {"kind": "buy_hometown", "location": state.hometown_offer.location,
                "price": state.hometown_offer.price}
    if phase is Phase.BLACK_MARKET:
        return {"kind": "black_market", "stake_range": _range(stake_range(state))}
    if phase in (Phase.DEAL_ROLL, Phase.DEAL_CHOICE) and state.deal is not None:
        deal = state.deal
        entry = DEAL_CHART.get(deal.roll or 0)
        return {"kind": "deal", "buyer": deal.buyer, "stake": deal.stake, "attempt": deal.attempt,
                "roller": deal.roller, "roll": deal.roll,
                "outcome": None if entry is None else {"outcome": entry.outcome.value, "price": entry.price,
                                                       "units": entry.units}}
    if phase is Phase.SELL and state.sell_offer is not None:
        return {"kind": "sell", "location": state.sell_offer.location, "price": state.sell_offer.price,
                "units_range": _range(sell_range(state))}
    if phase in (Phase.JURY_ADDRESS, Phase.JURY_VOTE) and state.jury is not None:
        jury = state.jury
        card = BAD_RIDES[jury.card] if jury.card is not None else None
        own = [approve for voter, approve in jury.votes if voter == seat]
        return {"kind": "jury", "defendant": jury.defendant, "subject": jury.subject, "card": jury.card,
                "question": card.effect.question if card else "Was it a good enough effort to be paid?",
                "words": jury.words, "waiting_for": list(jurors_to_vote(state)),
                "your_vote": own[0] if own else None}
    if phase is Phase.CASINO_CHOICE:
        return {"kind": "casino", "location": state.casino_location, "games": ["blackjack", "holdem", "craps"],
                "may_decline": state.rules_version >= CHOICES_VERSION}
    if phase is Phase.BEFORE_ROLL:
        return {"kind": "before_roll", "stuck_in_remindya": state.players[state.current].stuck,
                "insurance_available": not state.insurance_priced, "insurance_quote": state.insurance_quote}
    return None


def _blackjack(table: BlackjackTable, state: State, seat: int | None) -> dict[str, Any]:
    wagers = wager_range(state, seat) if seat is not None else None
    return {
        "game": "blackjack",
        "dealer": table.dealer,
        "hands": [{"index": index, "owner": hand.owner, "cards": list(hand.cards), "status": hand.status.value,
                   "wager": hand.wager, "total": blackjack_total(hand.cards)[0]}
                  for index, hand in enumerate(table.hands)],
        "house": list(table.house),
        "house_total": blackjack_total(table.house)[0],
        "current_hand": current_hand(table),
        "cards_left": len(table.deck),
        "wager_range": _range(wagers) if state.phase is Phase.BLACKJACK_WAGERS else None,
    }


def _holdem(table: HoldemTable, state: State, seat: int | None) -> dict[str, Any]:
    holes = dict(table.holes)
    acting = seat is not None and table.actor == seat
    return {
        "game": "holdem",
        "dealer": table.dealer,
        "seed": table.seed,
        "eligible": list(table.eligible),
        "decided": list(table.decided),
        "seats": list(table.seats),
        "board": list(table.board),
        "street": table.street,
        "pot": table.seed + sum(table.contributed),
        "contributed": list(table.contributed),
        "round_bets": list(table.round_bets),
        "current_bet": table.current_bet,
        "min_raise": table.min_raise,
        "folded": list(table.folded),
        "actor": table.actor,
        "your_cards": list(holes[seat]) if seat is not None and seat in holes else None,
        "shown": [{"seat": shown, "cards": list(cards)} for shown, cards in table.shown],
        "to_call": betting.to_call(table, seat) if acting and seat is not None else None,
        "bet_range": _range(betting.bet_range(table, state.players, seat)) if acting and seat is not None else None,
        "raise_range": _range(betting.raise_range(table, state.players, seat)) if acting and seat is not None
        else None,
        "cards_left": len(table.deck),
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything public, plus `seat`'s own hole cards and vote."""
    casino: dict[str, Any] | None = None
    if state.blackjack is not None:
        casino = _blackjack(state.blackjack, state, seat)
    elif state.holdem is not None:
        casino = _holdem(state.holdem, state, seat)
    return {
        "you": seat,
        "phase": state.phase.value,
        "current": state.current,
        "turn": state.turn,
        "round": (state.turn - 1) // state.seats + 1 if state.turn else 0,
        "rules_version": state.rules_version,
        "round_limit": state.round_limit,
        "declinable_insurance": state.declinable_insurance,
        "lie_n_sin_sting": state.lie_n_sin_sting,
        "to_act": sorted(rules.to_act(state)),
        "players": [_player(state, index) for index in range(state.seats)],
        "board": _board(state),
        "move_dice": list(state.move_dice),
        "stops": [{"location": stop.location, "landed": stop.landed} for stop in state.stops],
        "pending": _pending(state, seat),
        "bad_rides": {"cards_left": len(state.bad_ride_deck), "discards": list(state.bad_ride_discards),
                      "last_card": _card(state.last_bad_ride)},
        "casino": casino,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
    }

