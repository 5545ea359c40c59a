"""The hustler bot: banks when it can, buys Hometowns, weighs contraband deals by expected value,
insures a fat wallet, and plays basic-strategy Blackjack and hand-strength Hold'em.

It reads only its own view and the public charts (DESIGN.md, Bots). `BOTS` holds the game's
own levels; the `random` level is every game's (domain.core.random_bot).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.core import Bot, BotLevel, Command, Rng
from domain.core.search import SearchSettings
from domain.games.hitchiker.board import BAD_RIDES, BOARD, DEAL_CHART, SIZE, Kind, Outcome
from domain.games.hitchiker.casino import strategy
from domain.games.hitchiker.commands import (
    BuyHometown,
    BuyLifeInsurance,
    ChooseCasinoGame,
    ChooseHometown,
    DeclineDeal,
    DeclineLifeInsurance,
    DepositSavings,
    PassBlackMarket,
    RiskCash,
    RollDice,
    SellContraband,
    TakeDeal,
    TakeLifeInsurance,
    Vote,
)
from domain.games.hitchiker.state import BILL, CasinoGame
from domain.games.hitchiker.turn import PREMIUM_PER_PIP

ROLLS = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}
UNIT_VALUE = 20_000  # what a Unit is worth before it is sold: sell prices less the risk of Customs
CRAPS_PRIZE = 250_000
BLACKJACK_EDGE = 1.9  # expected gain per dollar wagered, at 5 to 1
LANDING_WORTH = {
    Kind.SELL: 1.0, Kind.CASINO: 1.0, Kind.ENERGY_REBATE: 1.0, Kind.TORTLAND: 2.0, Kind.LIE_N_SIN: 0.5,
    Kind.SMELL_GASO: 0.5, Kind.BLACK_MARKET: 0.5, Kind.CUSTOMS: -0.5, Kind.BAD_RIDE: -0.5,
    Kind.CORPUS_RISKY: -1.0, Kind.FORT_MCSLURRY: -0.5, Kind.REMINDYA: -1.0,
}


def _death_chance_per_card() -> float:
    chance = 0.0
    for ride in BAD_RIDES.values():
        if ride.effect.kind == "death":
            chance += 1
        elif ride.effect.kind == "death_on_roll":
            chance += sum(ROLLS[total] for total in ride.effect.rolls)
    return chance / len(BAD_RIDES)


DEATH_BY_KIND = {Kind.CORPUS_RISKY: ROLLS[7] + ROLLS[11], Kind.BAD_RIDE: _death_chance_per_card()}


def _me(view: dict[str, Any]) -> dict[str, Any]:
    player: dict[str, Any] = view["players"][view["you"]]
    return player


def _first(legal: Sequence[Command], kind: type[Command]) -> Command | None:
    return next((command for command in legal if isinstance(command, kind)), None)


def _wealth(player: dict[str, Any]) -> int:
    return int(player["cash"] + player["savings"] + player["contraband"] * UNIT_VALUE)


# --- the road -------------------------------------------------------------------------------------

def choose_hometown(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    """The free Hometown with the best places a roll away."""
    def worth(command: Command) -> float:
        place = command.location  # type: ignore[attr-defined]
        return sum(chance * LANDING_WORTH.get(BOARD[(place + total) % SIZE].kind, 0.0)
                   for total, chance in ROLLS.items())
    return max(legal, key=lambda command: (worth(command), -command.location))  # type: ignore[attr-defined]


def before_roll(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    """Insure when the chance of dying this turn times what would be lost beats the premium. Where an announced
    premium is paid blind (the book's reading, version 1, version 3 by default) only a fat wallet against a typical
    premium asks; where the quote may be declined (`declinable_insurance`, version 2) a quote costs nothing, so the
    bot asks whenever the loss at stake beats the cheapest premium and takes only a premium below it."""
    me = _me(view)
    here = me["position"] or 0
    death = sum(chance * DEATH_BY_KIND.get(BOARD[(here + total) % SIZE].kind, 0.0) for total, chance in ROLLS.items())
    at_stake = death * _wealth(me)
    if _first(legal, TakeLifeInsurance):
        return TakeLifeInsurance() if at_stake > view["pending"]["insurance_quote"] else DeclineLifeInsurance()
    if _first(legal, BuyLifeInsurance):
        if view["declinable_insurance"] and at_stake > 2 * PREMIUM_PER_PIP:
            return BuyLifeInsurance()
        if not view["declinable_insurance"] and me["cash"] >= 150_000 and at_stake > 70_000:
            return BuyLifeInsurance()
    return RollDice()


def deal_gain(roll: int, stake: int, wealth: int) -> float:
    """What taking the deal on `roll` is worth against keeping the stake."""
    entry = DEAL_CHART[roll]
    if entry.outcome is Outcome.PRICE:
        return stake // entry.price * (UNIT_VALUE - entry.price)
    if entry.outcome is Outcome.FREE_UNITS:
        return entry.units * UNIT_VALUE
    if entry.outcome is Outcome.RIPPED_OFF:
        return -stake
    return -wealth


def deal_value(attempt: int, stake: int, wealth: int) -> float:
    """The expected gain of rolling for deal `attempt` and choosing well from there on."""
    if attempt == 3:
        return sum(chance * deal_gain(total, stake, wealth) for total, chance in ROLLS.items())
    later = deal_value(attempt + 1, stake, wealth)
    return sum(chance * max(deal_gain(total, stake, wealth), later) for total, chance in ROLLS.items())


def black_market(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    """Risk most of the cash when a deal is worth more than it risks."""
    amounts = view["pending"]["stake_range"]
    if amounts is None:
        return PassBlackMarket()
    stake = max(amounts["min"], int(amounts["max"] * 0.8) // BILL * BILL)
    if deal_value(1, stake, _wealth(_me(view))) > 0:
        return RiskCash(amount=stake)
    return PassBlackMarket()


def deal_choice(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    deal = view["pending"]
    wealth = _wealth(_me(view))
    if not _first(legal, DeclineDeal):
        return TakeDeal()
    if deal_gain(deal["roll"], deal["stake"], wealth) >= deal_value(deal["attempt"] + 1, deal["stake"], wealth):
        return TakeDeal()
    return DeclineDeal()


def casino_choice(view: dict[str, Any], legal: Sequence[Command]) -> Command:
    """Blackjack when two big hands at 5 to 1 beat a share of the craps prize. Never DeclineCasinoGame (rules
    version 2): High Roll Craps costs the Dealer nothing and may pay $250,000, so playing always beats declining."""
    cash = _me(view)["cash"]
    blackjack = BLACKJACK_EDGE * strategy.KELLY_SHARE * cash
    craps = CRAPS_PRIZE / len(view["players"])
    return ChooseCasinoGame(game=CasinoGame.BLACKJACK if blackjack > craps else CasinoGame.CRAPS)


def hustler_bot(view: dict[str, Any], legal: Sequence[Command], rng: Rng) -> Command:
    """The stronger bot: a money-minded hitchiker."""
    phase = view["phase"]
    if phase in ("choosing_hometowns", "reincarnation") and _first(legal, ChooseHometown):
        return choose_hometown(view, legal)
    if phase == "before_roll":
        return before_roll(view, legal)
    if phase == "deposit":
        amounts = view["pending"]["amount_range"]
        return DepositSavings(amount=amounts["max"]) if amounts else legal[-1]
    if phase == "buy_hometown":
        return _first(legal, BuyHometown) or legal[-1]
    if phase == "black_market":
        return black_market(view, legal)
    if phase == "deal_choice":
        return deal_choice(view, legal)
    if phase == "sell":
        return SellContraband(units=_me(view)["contraband"])
    if phase == "jury_vote":
        return Vote(approve=False)
    if phase == "casino_choice":
        return casino_choice(view, legal)
    if phase == "blackjack_wagers":
        return strategy.wager(view, legal)
    if phase == "blackjack_play":
        return strategy.play_hand(view, legal)
    if phase in ("holdem_ante", "holdem_betting"):
        return strategy.holdem(view, legal, rng)
    return legal[0]


BOTS: dict[str, Bot] = {"hustler": hustler_bot}

SEARCH = SearchSettings(iterations=40, max_iterations=1000)
"""The `search` level (domain/core/search.py): a provisional budget, to be calibrated to about 500 ms of CPU a
decision."""

LEVELS: dict[str, BotLevel] = {
    "hustler": BotLevel(
        description=(
            "Banks when it can, buys Hometowns, weighs contraband deals by expected value, insures a fat wallet, "
            "and plays basic-strategy Blackjack and hand-strength Hold'em."
        ),
        strength=(
            "Wins 94.7% of 2-seat and 87.3% of 4-seat games against random bots (bench/hitchiker_bots.py, rules "
            "version 3, the median of three samples of 300)."
        ),
    ),
}
"""The game's own levels in words (GET /game-types `bot_levels`)."""
