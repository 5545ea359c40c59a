"""Hitchiker's public components by id, with their printed values (GET /api/v1/game-types/hitchiker).

Kinds, and the view fields whose ids they hold:

- `locations` (data/board.json), id the board index as a string: `players[].position`,
  `players[].hometowns`, `board[].index`, `stops[].location`, `pending.location`, `pending.free_hometowns`.
  The 12 Hometown cards are the locations of kind "hometown".
- `bad_rides` (data/bad_rides.json), id the card id: `bad_rides.discards`, `bad_rides.last_card.id`,
  `pending.card`.
- `deal_chart` (data/deal_chart.json), id the roll: `pending.roll` of a Contraband deal.
- `casino_games`, id the game: `casino.game`, `pending.games`, ChooseCasinoGame's `game`.
- `playing_cards`, id the two-character card ("TD", the ten of diamonds): every card of `casino`.

The printed values are read from the data files (and, for the casino games, from the constants the
rules are played with), so the catalog cannot drift from what the game does.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.core import Catalog
from domain.games.hitchiker.board import DATA, Kind
from domain.games.hitchiker.cards import FULL_DECK, RANK_NAMES, blackjack_value, card_name, rank_of
from domain.games.hitchiker.casino import betting, blackjack, craps
from domain.games.hitchiker.state import BILL, CasinoGame

#: What each kind of location does to a hitchiker who lands there (rulebook: the location sections).
LANDING: dict[Kind, str] = {
    Kind.HOMETOWN: "Your own: $10,000 welfare (also passing) and a deposit of up to $50,000 ($20,000 passing). "
                   "Another's: rent of $5,000 a pip of your roll. Unowned: priced at $5,000 a pip of one die.",
    Kind.BLACK_MARKET: "Risk some of your cash on a Contraband deal rolled on the Contraband Deal Chart.",
    Kind.SELL: "Sell any of your Units of Contraband at this city's price per Unit.",
    Kind.CUSTOMS: "With Contraband: lose it, all your cash and half your savings to the poorest other player.",
    Kind.BAD_RIDE: "Draw the top Bad Ride card and follow it.",
    Kind.CASINO: "You are the Dealer: choose Blackjack, Texas Hold'em or High Roll Craps.",
    Kind.ENERGY_REBATE: "Win $10,000 times the roll of both dice.",
    Kind.TWISTER_CITY: "All your Contraband blows away to the player on your right.",
    Kind.LIE_N_SIN: "Roll doubles to win $1,000,000; any other roll and you are stung for half your Travelling Cash.",
    Kind.SMASHVILLE: "Sing for the table: a unanimous approval wins $50,000.",
    Kind.CORPUS_RISKY: "Roll both dice: 7 or 11 and you die in a shark attack.",
    Kind.SMELL_GASO: "Collect one free Unit of Contraband times the roll of both dice.",
    Kind.TORTLAND: "Collect $20,000 times the roll of both dice.",
    Kind.FORT_MCSLURRY: "Lose half your savings to the poorest other player.",
    Kind.REMINDYA: "Stuck here until you roll an odd total, which you then move.",
}

#: The Contraband Deal Chart's outcomes as the board prints them.
OUTCOME_NAMES = {"price": "${price:,} per Unit", "free_units": "{units} Free Units", "ripped_off": "Ripped Off",
                 "police_shootout": "Killed In Police Shootout"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _data(name: str) -> Any:
    return msgspec.json.decode((DATA / name).read_bytes())


def locations() -> dict[str, dict[str, Any]]:
    """Every board location, clockwise from the top right, with its name, kind and Sell price."""
    entries = {}
    for place in _data("board.json")["locations"]:
        entry = {**place, "landing": LANDING[Kind(place["kind"])]}
        entries[str(place["index"])] = entry
    return entries


def bad_rides() -> dict[str, dict[str, Any]]:
    """The 36 Bad Ride cards: title, printed text and the effect the rules apply."""
    return {str(card["id"]): card for card in _data("bad_rides.json")["cards"]}


def deal_chart() -> dict[str, dict[str, Any]]:
    """The Contraband Deal Chart, by the roll of both dice, each outcome named as the chart prints it."""
    entries = {}
    for roll, row in sorted(_data("deal_chart.json")["rolls"].items(), key=lambda item: int(item[0])):
        name = OUTCOME_NAMES[row["outcome"]].format_map({"price": 0, "units": 0, **row})
        entries[roll] = {"roll": int(roll), "name": name, **row}
    return entries


def casino_games() -> dict[str, dict[str, Any]]:
    """The three games a Dealer may choose, with the stakes and odds they are played at."""
    return {
        CasinoGame.BLACKJACK.value: {
            "name": "Blackjack (twenty one)", "min_wager": BILL,
            "win_pays": blackjack.WIN_MULTIPLE, "blackjack_pays": blackjack.NATURAL_MULTIPLE,
            "house_stands_on": blackjack.HOUSE_STANDS_ON,
            "odds": f"a win returns the wager plus {blackjack.WIN_MULTIPLE} times it; a Blackjack (ace and a "
                    f"ten-value card) plus {blackjack.NATURAL_MULTIPLE} times it; a push returns the wager",
        },
        CasinoGame.HOLDEM.value: {
            "name": "Texas Hold 'Em", "seed": betting.SEED, "ante": betting.ANTE, "min_bet": betting.MIN_BET,
            "odds": f"no limit: the bank seeds ${betting.SEED:,}, each player antes ${betting.ANTE:,}, "
                    f"the best hand takes the pot",
        },
        CasinoGame.CRAPS.value: {
            "name": "High Roll Craps", "prize": craps.PRIZE,
            "odds": f"everyone rolls both dice; the high roll takes the bank's ${craps.PRIZE:,}, ties share it",
        },
    }


def _blackjack_values(card: str) -> list[int]:
    """What the card may count in Blackjack: an ace 1 or 11 (rulebook: BLACKJACK, VALUE OF CARDS)."""
    value = blackjack_value(card)
    return [value, value + 10] if card[0] == "A" else [value]


def playing_cards() -> dict[str, dict[str, Any]]:
    """The 52 cards of the deck of poker sized playing cards, by their two-character id."""
    return {card: {"name": card_name(card), "rank": RANK_NAMES.get(card[0], card[0]), "suit": SUIT_NAMES[card[1]],
                   "blackjack_values": _blackjack_values(card), "poker_rank": rank_of(card)}
            for card in FULL_DECK}


def catalog() -> Catalog:
    """Kind -> id -> printed values, for every public component of Hitchiker."""
    return {
        "locations": locations(),
        "bad_rides": bad_rides(),
        "deal_chart": deal_chart(),
        "casino_games": casino_games(),
        "playing_cards": playing_cards(),
    }
