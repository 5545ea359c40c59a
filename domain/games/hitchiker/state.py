"""The state of a game of Hitchiker: frozen values that only `evolve` changes."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, TypeVar

from msgspec.structs import replace

from domain.core import Value

BILL = 1_000  # the smallest bill: every amount of money is a whole number of bills
START_CASH = 25_000
WELFARE = 10_000
PASS_DEPOSIT_LIMIT = 20_000
LAND_DEPOSIT_LIMIT = 50_000
SAVINGS_GOAL = 250_000
CASH_GOAL = 50_000_000

T = TypeVar("T")
V = TypeVar("V", bound=Value)


class Phase(enum.Enum):
    """Who is being asked what; TRAVELLING is the moment between two questions."""

    CHOOSING_HOMETOWNS = "choosing_hometowns"
    BEFORE_ROLL = "before_roll"
    TRAVELLING = "travelling"
    DEPOSIT = "deposit"
    BUY_HOMETOWN = "buy_hometown"
    BLACK_MARKET = "black_market"
    DEAL_ROLL = "deal_roll"
    DEAL_CHOICE = "deal_choice"
    SELL = "sell"
    JURY_ADDRESS = "jury_address"
    JURY_VOTE = "jury_vote"
    CASINO_CHOICE = "casino_choice"
    BLACKJACK_WAGERS = "blackjack_wagers"
    BLACKJACK_PLAY = "blackjack_play"
    HOLDEM_ANTE = "holdem_ante"
    HOLDEM_BETTING = "holdem_betting"
    REINCARNATION = "reincarnation"
    BETWEEN_TURNS = "between_turns"
    OVER = "over"


class CasinoGame(enum.Enum):
    BLACKJACK = "blackjack"
    HOLDEM = "holdem"
    CRAPS = "craps"


class HandStatus(enum.Enum):
    """A Blackjack hand from its first card to its end."""

    WAITING = "waiting"  # one card, no wager yet
    PASSED = "passed"  # no wager: out of the round
    WAGERED = "wagered"  # wager down, waiting for its second card
    OPEN = "open"  # being played
    STOOD = "stood"
    BUSTED = "busted"
    BLACKJACK = "blackjack"  # paid at once
    SETTLED = "settled"


class Player(Value):
    name: str
    cash: int = START_CASH
    savings: int = 0
    contraband: int = 0
    position: int | None = None
    hometowns: tuple[int, ...] = ()
    insured: bool = False
    stuck: bool = False  # in Remindya until an odd roll


class Stop(Value):
    """A location of the current move still to be dealt with, in board order."""

    location: int
    landed: bool


class DepositOffer(Value):
    location: int
    limit: int


class HometownOffer(Value):
    location: int
    price: int


class SellOffer(Value):
    location: int
    price: int


class Deal(Value):
    """A Black Market purchase: the stake on the board and the rolls so far."""

    buyer: int
    stake: int
    attempt: int  # 1 to 3
    roller: int
    roll: int | None = None  # the total on the table, waiting for take or decline


class Jury(Value):
    """The other players judging a hitchiker: Smashville's contest or a Bad Ride card."""

    defendant: int
    subject: str  # "smashville" or "bad_ride"
    card: int | None = None
    words: str | None = None
    votes: tuple[tuple[int, bool], ...] = ()  # hidden until the judgment


class BlackjackHand(Value):
    owner: int
    cards: tuple[str, ...]
    status: HandStatus = HandStatus.WAITING
    wager: int = 0


class BlackjackTable(Value):
    dealer: int
    deck: tuple[str, ...] = ()  # hidden order
    hands: tuple[BlackjackHand, ...] = ()
    house: tuple[str, ...] = ()


class HoldemTable(Value):
    dealer: int
    seed: int
    eligible: tuple[int, ...]  # seats with enough cash to ante, from the dealer's left
    decided: tuple[int, ...] = ()
    seats: tuple[int, ...] = ()  # who anted, from the dealer's left
    deck: tuple[str, ...] = ()  # hidden order
    holes: tuple[tuple[int, tuple[str, ...]], ...] = ()  # hidden: each seat sees its own
    board: tuple[str, ...] = ()
    street: str = "ante"
    contributed: tuple[int, ...] = ()  # per seat, antes included
    round_bets: tuple[int, ...] = ()  # per seat, this betting round
    folded: tuple[int, ...] = ()
    current_bet: int = 0
    min_raise: int = 0
    acted: tuple[int, ...] = ()  # since the last full bet or raise
    actor: int | None = None
    last_aggressor: int | None = None
    shown: tuple[tuple[int, tuple[str, ...]], ...] = ()


#: Rules version 2 (RULINGS.md, "Rules version 2"): Life Insurance is quoted and then taken or declined; the
#: Dealer may decline the casino; Lie N' Sin stings; the round limit is off by default with a person seated.
CHOICES_VERSION = 2
#: Rules version 3 (RULINGS.md, "Rules version 3"): the book's letter for Life Insurance (an announced premium
#: is paid if affordable) and Lie N' Sin (no sting) by default; version 2's readings are the table options
#: `declinable_insurance` and `lie_n_sin_sting`. Everything else of version 2 stays.
OPTIONS_VERSION = 3
#: Rules version 4 (RULINGS.md, "Rules version 4") changes no rule: only the `search` level's playouts, which stop
#: after a few turns and are scored by the seats' standing (playouts.py), so that games of older versions replay and
#: audit their search seats as they were played.
SEARCH_VERSION = 4
BOTS_ROUND_LIMIT = 100  # `round_limit`'s default: every game's in version 1, bots-only games' from version 2


READINGS = ("declinable_insurance", "lie_n_sin_sting")  # version 2's readings, options from version 3


def readings(rules_version: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The State fields of GameCreated's rules: the version, and for each of READINGS whether version 2's
    reading is played: by the option from version 3, always under version 2, never under 1."""
    if rules_version >= OPTIONS_VERSION:
        return {"rules_version": rules_version, **{name: bool(options.get(name, False)) for name in READINGS}}
    return {"rules_version": rules_version, **{name: rules_version >= CHOICES_VERSION for name in READINGS}}


class State(Value):
    players: tuple[Player, ...]
    round_limit: int  # 0: no limit
    rules_version: int = 1
    phase: Phase = Phase.CHOOSING_HOMETOWNS
    first: int = 0
    current: int = 0
    turn: int = 0
    choosing: tuple[int, ...] = ()
    reincarnating: int | None = None
    insurance_priced: bool = False  # Life Insurance is offered once a turn
    insurance_quote: int | None = None  # a declinable premium quoted, until taken or declined
    declinable_insurance: bool = False  # from GameCreated (readings)
    lie_n_sin_sting: bool = False  # from GameCreated (readings)
    move_dice: tuple[int, ...] = ()
    stops: tuple[Stop, ...] = ()
    deposit: DepositOffer | None = None
    hometown_offer: HometownOffer | None = None
    sell_offer: SellOffer | None = None
    deal: Deal | None = None
    jury: Jury | None = None
    bad_ride_deck: tuple[int, ...] = ()  # hidden order
    bad_ride_discards: tuple[int, ...] = ()
    last_bad_ride: int | None = None
    casino_location: int | None = None
    blackjack: BlackjackTable | None = None
    holdem: HoldemTable | None = None
    winners: tuple[int, ...] = ()
    end_reason: str | None = None

    @property
    def seats(self) -> int:
        return len(self.players)


def put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`values` with the item at `index` replaced.

    Raises:
        IndexError: there is no item at `index`.
    """
    if not 0 <= index < len(values):
        raise IndexError(f"no item {index} among {len(values)}")
    return (*values[:index], value, *values[index + 1:])


def changed(values: tuple[V, ...], index: int, **changes: Any) -> tuple[V, ...]:
    """`values` with some fields of the item at `index` changed (a player, a hand).

    Raises:
        IndexError: there is no item at `index`.
    """
    if not 0 <= index < len(values):
        raise IndexError(f"no item {index} among {len(values)}")
    return (*values[:index], replace(values[index], **changes), *values[index + 1:])


def clockwise_from(state: State, seat: int) -> tuple[int, ...]:
    """Every other seat, starting on `seat`'s left (the next seat) and going clockwise."""
    return tuple((seat + step) % state.seats for step in range(1, state.seats))


def owner_of(state: State, location: int) -> int | None:
    for seat, player in enumerate(state.players):
        if location in player.hometowns:
            return seat
    return None


def renamed(state: State, names: tuple[str, ...]) -> State:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    players = tuple(replace(player, name=name) for player, name in zip(state.players, names, strict=True))
    return replace(state, players=players)
