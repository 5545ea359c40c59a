"""The JSON Schema (draft 2020-12) of Hitchiker's `view(state, seat)`, for a seat and for a spectator.

Built from the same enums and data the view is built from (phases, location kinds, hand statuses,
the board's size, the Bad Ride ids), so the two cannot drift apart. Every object whose keys are fixed
says `additionalProperties: false`; ids name the catalog kind they refer to (catalog.py).
"""

from __future__ import annotations

from typing import Any

from domain.core.about import SCHEMA_DIALECT
from domain.games.hitchiker.board import BAD_RIDE_IDS, SIZE, Kind, Outcome
from domain.games.hitchiker.casino.holdem import STREETS
from domain.games.hitchiker.jury import MAX_WORDS
from domain.games.hitchiker.state import CasinoGame, HandStatus, Phase

Schema = dict[str, Any]
MAX_SEATS = 6  # SPEC.max_seats (a test checks they agree)


def obj(description: str, **properties: Schema) -> Schema:
    """An object with exactly these fields, all present."""
    return {"type": "object", "description": description, "properties": properties,
            "required": list(properties), "additionalProperties": False}


def integer(description: str, minimum: int | None = 0, maximum: int | None = None) -> Schema:
    schema: Schema = {"type": "integer", "description": description}
    if minimum is not None:
        schema["minimum"] = minimum
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def nullable(schema: Schema, when: str) -> Schema:
    """`schema` or null; `when` says when it is null."""
    return {"description": f"{schema['description']}; null {when}",
            "anyOf": [{k: v for k, v in schema.items() if k != "description"}, {"type": "null"}]}


def array(description: str, items: Schema, **limits: int) -> Schema:
    return {"type": "array", "description": description, "items": items, **limits}


def enum(description: str, values: list[str]) -> Schema:
    return {"type": "string", "description": description, "enum": values}


def boolean(description: str) -> Schema:
    return {"type": "boolean", "description": description}


def seat(description: str) -> Schema:
    return integer(f"{description} (a seat index, 0-based)", 0, MAX_SEATS - 1)


def location(description: str) -> Schema:
    return integer(f"{description} (a board index: catalog `locations`)", 0, SIZE - 1)


def money(description: str) -> Schema:
    return integer(f"{description}, in dollars (whole $1,000 bills)")


def card(description: str) -> Schema:
    return {"type": "string", "pattern": "^[2-9TJQKA][CDHS]$",
            "description": f"{description}: rank then suit, e.g. \"TD\" (catalog `playing_cards`)"}


def bad_ride(description: str) -> Schema:
    return integer(f"{description} (catalog `bad_rides`)", min(BAD_RIDE_IDS), max(BAD_RIDE_IDS))


def amount_range(what: str, command: str, unit: str = "dollars") -> Schema:
    """A Range.as_view(): the whole range a command's amount may take (the listed actions are samples)."""
    return nullable(obj(
        f"the whole range of {what} {command} accepts ({unit}); the listed actions are only samples of it. "
        "`max` (everything you may) is always accepted; below it, any multiple of `step` from `min` is",
        min=integer("the least amount"), max=integer("the most: all you may"),
        step=integer("amounts below max are multiples of this", 1)), "when no amount can be named")


SEATS = array("seats", seat("a seat"), maxItems=MAX_SEATS)


def _player() -> Schema:
    return obj(
        "one hitchiker, public to all",
        seat=seat("the seat"), name={"type": "string", "description": "the player's display name"},
        cash=money("Travelling Cash"), savings=money("savings in the Bank envelope"),
        contraband=integer("Units of Contraband held"),
        position=nullable(location("where the pawn stands"), "before its Hometown is chosen"),
        hometowns=array("the Hometowns owned", location("a Hometown")),
        insured=boolean("whether Life Insurance covers this hitchiker until the end of the turn"),
        stuck_in_remindya=boolean("whether the hitchiker is stuck in Remindya until an odd roll"),
    )


def _board() -> Schema:
    place = obj(
        "a location of the board and its owner",
        index=location("the location"), name={"type": "string", "description": "its name (catalog `locations`)"},
        kind=enum("what happens there (catalog `locations`: `kind`, `landing`)", [kind.value for kind in Kind]),
        price=nullable(money("the price paid per Unit of Contraband"), "except on Sell cities"),
        owner=nullable(seat("who owns this Hometown"), "for an unowned Hometown and every other location"),
    )
    return array("the 42 locations in clockwise order", place, minItems=SIZE, maxItems=SIZE)


def _pending() -> Schema:
    """The question on the table, one shape per `kind`."""
    def kind(value: str, description: str, **properties: Schema) -> Schema:
        return obj(description, kind={"const": value, "description": "which question this is"}, **properties)

    variants = [
        kind("choose_hometown", "a Hometown to choose, at set-up or on reincarnation (ChooseHometown)",
             free_hometowns=array("the unowned Hometowns", location("a Hometown"))),
        kind("deposit", "a deposit offer at an own Hometown (DepositSavings or SkipDeposit)",
             location=location("the Hometown"), limit=money("the limit of this offer: $20,000 passing, $50,000 "
                                                            "landing or buying"),
             amount_range=amount_range("deposits", "DepositSavings.amount")),
        kind("buy_hometown", "an unowned Hometown priced for the hitchiker (BuyHometown or DeclineHometown)",
             location=location("the Hometown"), price=money("its price")),
        kind("black_market", "a Black Market: risk cash on Contraband (RiskCash) or pass (PassBlackMarket)",
             stake_range=amount_range("stakes", "RiskCash.amount")),
        kind("deal", "a Contraband deal: the roller sends RollDeal, then the buyer TakeDeal or DeclineDeal",
             buyer=seat("the buyer"), stake=money("the cash risked"),
             attempt=integer("which roll of the three this is", 1, 3), roller=seat("who rolls (or rolled) it"),
             roll=nullable(integer("the total rolled (catalog `deal_chart`)", 2, 12), "until it is rolled"),
             outcome=nullable(obj("the chart's entry for the roll",
                                  outcome=enum("catalog `deal_chart`: `outcome`", [o.value for o in Outcome]),
                                  price=money("the price per Unit (0 unless a price)"),
                                  units=integer("the free Units (0 unless free Units)")),
                              "until it is rolled")),
        kind("sell", "a Sell city buying Contraband (SellContraband or KeepContraband)",
             location=location("the Sell city"), price=money("its price per Unit"),
             units_range=amount_range("Units", "SellContraband.units", "Units")),
        kind("jury", "a hitchiker before the jury: Smashville or a Bad Ride card (AddressJury, then Vote)",
             defendant=seat("the hitchiker judged"),
             subject=enum("what is judged", ["smashville", "bad_ride"]),
             card=nullable(bad_ride("the Bad Ride card asking for a judgment"), "at Smashville"),
             question={"type": "string", "description": "what the jury is asked"},
             words=nullable({"type": "string", "description": "what the hitchiker sang or pleaded",
                             "maxLength": MAX_WORDS}, "until the jury is addressed"),
             waiting_for=array("the jurors who have not voted yet", seat("a juror"), maxItems=MAX_SEATS - 1),
             your_vote=nullable(boolean("your own vote (other votes stay secret until the judgment)"),
                                "until you vote, and for spectators")),
        kind("casino", "the Dealer chooses the casino game (ChooseCasinoGame)",
             location=nullable(location("the Casino landed on"), "only if no Casino was landed on"),
             games=array("the games to choose from (catalog `casino_games`)",
                         enum("a game", [game.value for game in CasinoGame])),
             may_decline=boolean("whether the Dealer may play none of them (DeclineCasinoGame; from rules version 2)")),
        kind("before_roll", "the start of a turn: BuyLifeInsurance (once) or RollDice; with a premium quoted, "
             "TakeLifeInsurance or DeclineLifeInsurance",
             stuck_in_remindya=boolean("whether the roll only moves on an odd total"),
             insurance_available=boolean("whether Life Insurance may still be asked for this turn"),
             insurance_quote=nullable(money("the premium quoted, to take or decline before the roll (see "
                                            "`declinable_insurance`)"), "unless a premium waits")),
    ]
    return {"description": "the question on the table now, by `kind`; null between questions, in a casino game "
                           "and once the game is over",
            "anyOf": [*variants, {"type": "null"}]}


def _blackjack() -> Schema:
    hand = obj(
        "a Blackjack hand, face up", index=integer("its index: PlaceWager/PassHand `hand`"),
        owner=seat("whose hand it is"), cards=array("its cards in order", card("a card"), minItems=1),
        status=enum("waiting (for a wager), passed, wagered, open (being played), stood, busted, blackjack "
                    "(paid at once) or settled", [status.value for status in HandStatus]),
        wager=money("its wager (0 before one is placed)"), total=integer("its best total (an ace counts 11 if "
                                                                         "that does not bust)"))
    return obj(
        "a game of Blackjack under way",
        game={"const": "blackjack", "description": "the game (catalog `casino_games`)"},
        dealer=seat("the Dealer, who plays two hands"),
        hands=array("every hand, in playing order from the Dealer's left", hand),
        house=array("the House's cards", card("a card")), house_total=integer("the House's best total"),
        current_hand=nullable(integer("the index of the hand being played"), "while bets go down and after play"),
        cards_left=integer("cards left in the deck (its order is hidden)"),
        wager_range=amount_range("wagers", "PlaceWager.amount (for the viewing seat, while bets go down)"),
    )


def _holdem() -> Schema:
    per_seat = "one entry per seat, indexed by seat"
    return obj(
        "a game of Texas Hold'em under way",
        game={"const": "holdem", "description": "the game (catalog `casino_games`)"},
        dealer=seat("the Dealer"), seed=money("the bank's seed in the pot"),
        eligible=array("the seats with the $10,000 to ante, from the Dealer's left", seat("a seat")),
        decided=array("the seats that have anted or sat out", seat("a seat")),
        seats=array("the seats in the hand (anted), from the Dealer's left", seat("a seat")),
        board=array("the community cards dealt so far", card("a card"), maxItems=5),
        street=enum("ante until the flop is dealt, then the street being bet",
                    ["ante", *(street for street, _ in STREETS)]),
        pot=money("everything in the pots: the seed plus every contribution"),
        contributed=array(f"what each seat has put in, antes included ({per_seat})", money("a contribution")),
        round_bets=array(f"what each seat has bet in this round ({per_seat})", money("a bet")),
        current_bet=money("the highest bet of this round: what a Call matches"),
        min_raise=money("the least a raise must add to current_bet"),
        folded=array("the seats that folded", seat("a seat")),
        actor=nullable(seat("who must act"), "outside a betting round"),
        your_cards=nullable(array("your two hole cards, hidden from the others", card("a card"),
                                  minItems=2, maxItems=2), "for a seat not in the hand, and for spectators"),
        shown=array("hole cards shown at the showdown, in showing order",
                    obj("a shown hand", seat=seat("who showed"),
                        cards=array("the two hole cards", card("a card"), minItems=2, maxItems=2))),
        to_call=nullable(money("what you must add to call"), "unless you are the actor"),
        bet_range=amount_range("opening bets", "Bet.amount (for the actor)"),
        raise_range=amount_range("raises, as the new total of your bet this round,", "Raise.amount (for the actor)"),
        cards_left=integer("cards left in the deck (its order is hidden)"),
    )


def view_schema() -> Schema:
    """The schema of `view(state, seat)`; `you` is null for a spectator."""
    schema = obj(
        "what a seat (or a spectator) sees of a game of Hitchiker",
        you=nullable(seat("the viewing seat"), "for a spectator"),
        phase=enum("who is being asked what: the kind of decision the game waits for",
                   [phase.value for phase in Phase]),
        current=seat("the hitchiker whose turn it is"),
        turn=integer("turns started so far (0 during set-up)"),
        round=integer("the round under way, from 1 (a round is one turn per seat; 0 during set-up)"),
        rules_version=integer("the rules the game is played under (GameCreated's): from 2 the Dealer may decline a "
                              "casino and the round limit is off by default when a person holds a seat; under 2 Life "
                              "Insurance is quoted, then taken or declined, and Lie N' Sin stings; from 3 those two "
                              "are the options `declinable_insurance` and `lie_n_sin_sting`; 4 has the rules of 3 and only a "
                              "stronger `search` bot level (a game keeps the search of the version it was created "
                              "under, so its search seats replay and audit alike)", 1),
        round_limit=integer("the rounds after which the richest wins (the `round_limit` option); 0: no limit", 0),
        declinable_insurance=boolean("whether a Life Insurance premium is quoted, to take or decline, rather than "
                                     "paid at once when affordable: the `declinable_insurance` option from rules "
                                     "version 3, always under 2, never under 1"),
        lie_n_sin_sting=boolean("whether a roll other than doubles at Lie N' Sin D.C. costs half the Travelling "
                                "Cash: the `lie_n_sin_sting` option from rules version 3, always under 2, never "
                                "under 1"),
        to_act=array("the seats that may act now: several while a jury votes, bets go down or antes come in",
                     seat("a seat"), maxItems=MAX_SEATS),
        players=array("every hitchiker, by seat", _player(), minItems=2, maxItems=MAX_SEATS),
        board=_board(),
        move_dice=array("the dice of the roll to move this turn (empty before it, and after a card moved you)",
                        integer("a die", 1, 6), maxItems=2),
        stops=array("the locations of this move still to be dealt with, in board order",
                    obj("a stop", location=location("the location"),
                        landed=boolean("true for the landing, false for an own Hometown passed through"))),
        pending=_pending(),
        bad_rides=obj("the Bad Ride cards",
                      cards_left=integer("cards left in the deck (its order is hidden from everyone)"),
                      discards=array("the cards drawn since the last shuffle, in order", bad_ride("a card")),
                      last_card=nullable(obj("the last card drawn", id=bad_ride("its id"),
                                             title={"type": "string", "description": "its title"},
                                             text={"type": "string", "description": "its printed text"}),
                                         "before the first draw")),
        casino={"description": "the casino game under way (by `game`); null outside Blackjack and Hold'em",
                "anyOf": [_blackjack(), _holdem(), {"type": "null"}]},
        winners=array("the winners, once the game is over", seat("a winner"), maxItems=MAX_SEATS),
        end_reason=nullable(enum("how the game ended: savings or cash (a goal reached) or round_limit",
                                 ["savings", "cash", "round_limit"]), "while the game runs"),
    )
    return {"$schema": SCHEMA_DIALECT, "title": "Hitchiker view", **schema}


VIEW_SCHEMA: Schema = view_schema()
