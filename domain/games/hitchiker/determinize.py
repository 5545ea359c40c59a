"""Determinisation: a full state of Hitchiker consistent with one seat's view (issue 29's search bots).

`determinize(view, rng)` rebuilds the state field by field from the view and the public components
(the 36 Bad Ride cards, the 52 playing cards), and draws what the seat cannot see at random with `rng`:

- the order of the Bad Ride deck: the cards not among the discards (RULINGS.md, Bad Rides and the jury:
  "the order is seen by nobody"; a drawn card is shown and discarded until the deck is reshuffled);
- the order of the Blackjack deck: every card not face up on the table, plus, once the deck ran out and was
  shuffled afresh mid-round, some of the face-up cards dealt before that shuffle (RULINGS.md, Casinos);
- the other seats' Hold'em hole cards (folded ones too) and the deck under them, from the cards the seat has
  not seen: not its own, not the board, not a shown hand (TEXAS HOLD 'EM, DEALING THE STARTING HANDS);
- the votes already cast by the other jurors, secret until the judgment (RULINGS.md, Smashville; BAD RIDES).

Future dice are not in the state: `decide` rolls them from the Rng it is given.

What the view does not print but the state keeps is derived from what it does print: the first player (from
the turn count and whose turn it is), the seats still to choose a Hometown, who is reincarnating, where the
casino stands (under its Dealer's pawn), and in a Hold'em betting round who has acted since the last full bet
or raise and who bet last (from the round's bets, the current bet, the minimum raise and who is to act; see
`_acted`). It reads nothing but the view and the game's public constants.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.core import Rng
from domain.games.hitchiker.board import BAD_RIDE_IDS
from domain.games.hitchiker.cards import FULL_DECK
from domain.games.hitchiker.casino.betting import MIN_BET
from domain.games.hitchiker.state import (
    BlackjackHand,
    BlackjackTable,
    Deal,
    DepositOffer,
    HandStatus,
    HoldemTable,
    HometownOffer,
    Jury,
    Phase,
    Player,
    SellOffer,
    State,
    Stop,
)


def viewer(view: dict[str, Any]) -> int:
    """The seat whose view this is.

    Raises:
        ValueError: a spectator's view (only a seat's view is determinised).
    """
    seat = view["you"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to determinise for")
    return int(seat)


def determinize(view: dict[str, Any], rng: Rng) -> State:
    """A state of the game that `view` could have been taken from; what its seat cannot see drawn with `rng`.

    Raises:
        ValueError: a spectator's view.
    """
    seat = viewer(view)
    seats = len(view["players"])
    phase = Phase(view["phase"])
    pending = view["pending"] or {}
    players = tuple(_player(entry) for entry in view["players"])
    turn, current = view["turn"], view["current"]
    # the first player started turn 1 and the turns go round clockwise (turn.py `advance`, `_next_turn`);
    # during set-up the first player is the current one and chooses first (evolve.py `_first_player`)
    first = (current - (turn - 1)) % seats if turn else current
    order = tuple((first + step) % seats for step in range(seats))
    choosing = tuple(s for s in order if not players[s].hometowns) if phase is Phase.CHOOSING_HOMETOWNS else ()
    before_roll = phase is Phase.BEFORE_ROLL
    casino = view["casino"]
    dealer = casino["dealer"] if casino is not None else None
    casino_location = (pending.get("location") if phase is Phase.CASINO_CHOICE
                       else players[dealer].position if dealer is not None else None)
    return State(
        players=players,
        round_limit=view["round_limit"],
        rules_version=view["rules_version"],
        phase=phase,
        first=first,
        current=current,
        turn=turn,
        choosing=choosing,
        reincarnating=view["to_act"][0] if phase is Phase.REINCARNATION and view["to_act"] else None,
        # offered once a turn, before the roll; later in the turn only its cover shows (and nothing reads it)
        insurance_priced=not pending["insurance_available"] if before_roll else players[current].insured,
        insurance_quote=pending["insurance_quote"] if before_roll else None,
        declinable_insurance=view["declinable_insurance"],
        lie_n_sin_sting=view["lie_n_sin_sting"],
        move_dice=tuple(view["move_dice"]),
        stops=tuple(Stop(location=stop["location"], landed=stop["landed"]) for stop in view["stops"]),
        deposit=DepositOffer(location=pending["location"], limit=pending["limit"])
        if phase is Phase.DEPOSIT else None,
        hometown_offer=HometownOffer(location=pending["location"], price=pending["price"])
        if phase is Phase.BUY_HOMETOWN else None,
        sell_offer=SellOffer(location=pending["location"], price=pending["price"]) if phase is Phase.SELL else None,
        deal=Deal(buyer=pending["buyer"], stake=pending["stake"], attempt=pending["attempt"],
                  roller=pending["roller"], roll=pending["roll"]) if pending.get("kind") == "deal" else None,
        jury=_jury(pending, seat, seats, rng) if pending.get("kind") == "jury" else None,
        bad_ride_deck=_bad_ride_deck(view["bad_rides"], rng),
        bad_ride_discards=tuple(view["bad_rides"]["discards"]),
        last_bad_ride=view["bad_rides"]["last_card"]["id"] if view["bad_rides"]["last_card"] else None,
        casino_location=casino_location,
        blackjack=_blackjack(casino, rng) if casino is not None and casino["game"] == "blackjack" else None,
        holdem=_holdem(casino, players, seat, rng) if casino is not None and casino["game"] == "holdem" else None,
        winners=tuple(view["winners"]),
        end_reason=view["end_reason"],
    )


def _player(entry: dict[str, Any]) -> Player:
    return Player(name=entry["name"], cash=entry["cash"], savings=entry["savings"], contraband=entry["contraband"],
                  position=entry["position"], hometowns=tuple(entry["hometowns"]), insured=entry["insured"],
                  stuck=entry["stuck_in_remindya"])


def _jury(pending: dict[str, Any], seat: int, seats: int, rng: Rng) -> Jury:
    """The jury with the seat's own vote and a secret vote, drawn at random, for every other juror who voted."""
    defendant = pending["defendant"]
    waiting = set(pending["waiting_for"])
    votes: list[tuple[int, bool]] = []
    if pending["words"] is not None:  # the vote opens once the jury is addressed
        for juror in ((defendant + step) % seats for step in range(1, seats)):
            if juror == seat:
                if pending["your_vote"] is not None:
                    votes.append((juror, pending["your_vote"]))
            elif juror not in waiting:
                votes.append((juror, rng.randbelow(2) == 1))
    return Jury(defendant=defendant, subject=pending["subject"], card=pending["card"], words=pending["words"],
                votes=tuple(sorted(votes)))


def _bad_ride_deck(bad_rides: dict[str, Any], rng: Rng) -> tuple[int, ...]:
    """The cards not drawn since the last shuffle (every card is in the deck or the discards), in a random order."""
    discarded = set(bad_rides["discards"])
    rest = [card for card in BAD_RIDE_IDS if card not in discarded]
    return rng.shuffled(rest)[:bad_rides["cards_left"]]


def _blackjack(casino: dict[str, Any], rng: Rng) -> BlackjackTable:
    """The table as shown, over a deck of `cards_left` cards: every card not face up, and when a fresh deck was
    shuffled mid-round (blackjack.py `_draw`), face-up cards dealt before that shuffle to make up the count."""
    hands = tuple(BlackjackHand(owner=hand["owner"], cards=tuple(hand["cards"]), status=HandStatus(hand["status"]),
                                wager=hand["wager"]) for hand in casino["hands"])
    house = tuple(casino["house"])
    face_up = {card for hand in hands for card in hand.cards} | set(house)
    unseen = [card for card in FULL_DECK if card not in face_up]
    dealt_before = list(rng.shuffled(sorted(face_up)))[:max(0, casino["cards_left"] - len(unseen))]
    deck = rng.shuffled([*unseen, *dealt_before])[:casino["cards_left"]]
    return BlackjackTable(dealer=casino["dealer"], deck=deck, hands=hands, house=house)


def _holdem(casino: dict[str, Any], players: tuple[Player, ...], seat: int, rng: Rng) -> HoldemTable:
    """The table as shown; the hidden hole cards and the deck drawn from the cards the seat has not seen."""
    in_hand = tuple(casino["seats"])
    board = tuple(casino["board"])
    shown = tuple((entry["seat"], tuple(entry["cards"])) for entry in casino["shown"])
    holes: tuple[tuple[int, tuple[str, ...]], ...] = ()
    deck: tuple[str, ...] = ()
    if casino["street"] != "ante":  # the hole cards are dealt with the flop (holdem.py `_deal_when_all_decided`)
        known = dict(shown)
        if casino["your_cards"] is not None:
            known[seat] = tuple(casino["your_cards"])
        seen = {card for cards in known.values() for card in cards} | set(board)
        pool = list(rng.shuffled([card for card in FULL_DECK if card not in seen]))
        dealt = []
        for player in in_hand:
            if player not in known:
                known[player], pool = (pool[0], pool[1]), pool[2:]
            dealt.append((player, known[player]))
        holes = tuple(dealt)
        deck = tuple(pool[:casino["cards_left"]])
    table = HoldemTable(
        dealer=casino["dealer"], seed=casino["seed"], eligible=tuple(casino["eligible"]),
        decided=tuple(casino["decided"]), seats=in_hand, deck=deck, holes=holes, board=board,
        street=casino["street"], contributed=tuple(casino["contributed"]), round_bets=tuple(casino["round_bets"]),
        folded=tuple(casino["folded"]), current_bet=casino["current_bet"], min_raise=casino["min_raise"],
        actor=casino["actor"], shown=shown)
    acted, last_aggressor = _acted(table, players, seat, casino)
    return replace(table, acted=acted, last_aggressor=last_aggressor)


def _acted(table: HoldemTable, players: tuple[Player, ...], seat: int,
           casino: dict[str, Any]) -> tuple[tuple[int, ...], int | None]:
    """Who has acted in this betting round since its last full bet or raise, and who bet or raised last.

    Only the seats that can still bet matter (betting.py `must_act`, `raise_range`). Going round from the actor:

    - with no bet yet, those who checked: the seats able to bet that come before the actor, from the Dealer's
      left (each round opens there, holdem.py `_next_street`); nobody bet last;
    - with a bet, the last to bet or raise is the first seat after the actor to have put in the current bet
      (everyone after it called or folded: a raise would have changed the bet); a seat able to bet has acted
      since the last full bet or raise when it has put chips in and is less than a minimum raise short of the
      bet. A seat that acted before the last full raise is at least that raise short (`min_raise` is its size),
      and one that has put nothing in only checked before the bet; a seat that acted after it is short only by
      the short all-in raises made since. Two short raises in a row can leave it further behind than one
      minimum raise, which the view cannot tell apart (with seeded bots this was never the case).

    The seat's own view says exactly whether it may raise when it is the actor, and that wins.
    """
    actor, bet = table.actor, table.current_bet
    if actor is None or actor not in table.seats:
        return (), None
    start = table.seats.index(actor)
    # every seat in the order of play after the actor, which is the order they acted in since the last full raise
    after = [table.seats[(start + step) % len(table.seats)] for step in range(1, len(table.seats) + 1)]
    able = [s for s in after if s not in table.folded and players[s].cash > 0]
    if bet == 0:
        return tuple(s for s in able if table.seats.index(s) < start), None
    last = next((s for s in after if s not in table.folded and table.round_bets[s] == bet), None)
    acted = [s for s in able if table.round_bets[s] > 0 and bet - table.round_bets[s] < max(table.min_raise, MIN_BET)]
    if actor == seat and players[seat].cash > bet - table.round_bets[seat] > 0:
        acted = [s for s in acted if s != seat]
        if casino["raise_range"] is None:  # the seat's own view: it may not raise again
            acted.append(seat)
    return tuple(acted), last
