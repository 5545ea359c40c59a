"""The state of a game of Peaks: frozen msgspec values, changed only by `evolve`.

A turn is a queue of steps (`State.steps`): choosing an action queues its steps,
each step is done by a command (a choice) or automatically (a draw, a reward), and
the queue's head says who acts. Rulebook: Rest, Prepare, Climb, Rewards, Action bonuses.
"""

from __future__ import annotations

import enum
from typing import Any

from msgspec.structs import replace

from domain.core import Value


class Phase(enum.Enum):
    PLACING = "placing"
    PLAYING = "playing"
    OVER = "over"


class StepKind(enum.Enum):
    """One step of a turn; the automatic ones are done by `decide` without a command."""

    GAIN_MOUNTAIN = "gain_mountain"
    REFILL = "refill"
    EQUIPMENT = "equipment"
    TRAVEL = "travel"
    DRAW_COMPANIONS = "draw_companions"
    CHOOSE_COMPANION = "choose_companion"
    DRAW_BONUS = "draw_bonus"
    UPGRADE = "upgrade"
    FLAG = "flag"
    EXPERIENCE = "experience"
    STAMINA_LEVEL = "stamina_level"
    STAMINA = "stamina"
    BRING_COMPANIONS = "bring_companions"
    NEGOTIATE = "negotiate"
    ANSWER_OFFER = "answer_offer"
    TAG_ALONG = "tag_along"
    RESOLVE_CLIMB = "resolve_climb"
    REWARDS = "rewards"
    BACK_CLIMB = "back_climb"
    RESOLVE_BACKING = "resolve_backing"
    ACTION_BONUS = "action_bonus"
    END_TURN = "end_turn"


AUTOMATIC: frozenset[StepKind] = frozenset({
    StepKind.REFILL, StepKind.DRAW_COMPANIONS, StepKind.DRAW_BONUS, StepKind.FLAG, StepKind.EXPERIENCE,
    StepKind.STAMINA_LEVEL, StepKind.STAMINA, StepKind.RESOLVE_CLIMB, StepKind.END_TURN, StepKind.RESOLVE_BACKING,
})

BOOK_CHOICES = 2
"""The rules version from which the book's choices are offered (RULINGS.md, Rules version 2): a climb's rewards
are taken or declined in the order the player chooses (a `REWARDS` step), bonus cards are discarded at any
decision (also on another player's turn), and opponents may back a climb the climber cannot pay alone."""

PUBLIC_ASKING = 3
"""The rules version from which hidden stays hidden and promises bind (RULINGS.md, Rules version 3): who is asked to
tag along is decided from what every seat can see (the hand's size, never its cards), a seat that backed a climb
counts its promise when offered more, offers are paid only for seats on the climb, Pic Boby is a mountain, and the
round cap is a table option (none with a person seated)."""


class Step(Value, kw_only=True):
    """A step waiting in the turn's queue: whose it is and its parameters.

    `amount` counts stamina, experience, levels, flags or equipment; `continent` is where a flag goes;
    `equipment` restricts an equipment gain to one type; `cards` are the companions drawn to choose from, or
    (a `REWARDS` step) the rewards still to take or decline, one entry per point or card (`reward_counts`);
    a `BACK_CLIMB` step's `cards` are the equipment types the climb still lacks.
    """

    kind: StepKind
    seat: int
    amount: int = 0
    continent: str = ""
    equipment: str = ""
    cards: tuple[str, ...] = ()


class CompanionSlot(Value, kw_only=True):
    """A companion on a player mat and its current use number."""

    companion: str
    uses: int


class Mountaineer(Value, kw_only=True):
    """One seat's mat, pieces and cards."""

    continent: str | None = None
    stamina: int
    stamina_level: int
    experience: int = 0
    equipment: tuple[int, ...]
    flags: tuple[int, ...]
    mountains: tuple[str, ...] = ()
    companions: tuple[CompanionSlot, ...] = ()
    bonus_cards: tuple[str, ...] = ()
    tokens: tuple[int, int, int] = (0, 0, 0)
    dials: tuple[int, int, int] = (0, 0, 0)
    tiles: tuple[int, int, int] = (0, 0, 0)
    first_summit: int | None = None

    @property
    def flags_placed(self) -> int:
        return sum(self.flags)


class Supply(Value, kw_only=True):
    """Decks (top first), discard piles and the display; `b_next` once the B deck is right of the display."""

    deck_a: tuple[str, ...] = ()
    deck_b: tuple[str, ...] = ()
    discard_a: tuple[str, ...] = ()
    discard_b: tuple[str, ...] = ()
    companions: tuple[str, ...] = ()
    companion_discard: tuple[str, ...] = ()
    bonus: tuple[str, ...] = ()
    bonus_discard: tuple[str, ...] = ()
    display: tuple[str | None, ...] = ()
    b_next: bool = False


class Offer(Value, kw_only=True):
    """A climber's offer to pay part of an opponent's equipment requirement (rulebook: Negotiation)."""

    seat: int
    equipment: tuple[str, ...]
    accepted: bool | None = None


class Roped(Value, kw_only=True):
    """A seat on the climb and the companions it brings."""

    seat: int
    companions: tuple[str, ...]


class Expedition(Value, kw_only=True):
    """The climb under way this turn."""

    climber: int
    mountain: str
    side: str
    party: tuple[Roped, ...] = ()
    offers: tuple[Offer, ...] = ()
    backing: tuple[Offer, ...] = ()  # version 2: opponents paying part of the climber's equipment


class FinalScore(Value, kw_only=True):
    """The end-game steps 1-4 for one seat (rulebook: Game end)."""

    seat: int
    board_flags: int
    bonus_flags: int
    majorities: tuple[str, ...]
    every_continent: int
    stamina_level: int
    experience: int
    upgrades: int

    @property
    def total(self) -> int:
        return (self.board_flags + self.bonus_flags + len(self.majorities) + self.every_continent
                + self.stamina_level + self.experience + self.upgrades)


class State(Value, kw_only=True):
    """The whole table: the mats, the supply, whose turn it is and the steps waiting in it."""

    names: tuple[str, ...]
    phase: Phase = Phase.PLACING
    players: tuple[Mountaineer, ...]
    supply: Supply = Supply()
    current: int = 0
    turn: int = 0
    action: str | None = None
    steps: tuple[Step, ...] = ()
    expedition: Expedition | None = None
    climbs: int = 0
    revealed: tuple[tuple[str, ...], ...] = ()
    final: tuple[FinalScore, ...] = ()
    end_reason: str = ""
    unbacked: tuple[str, ...] = ()  # version 2: mountains whose backing fell short this turn (asked once a turn)
    rules_version: int = 1  # GameCreated's; from BOOK_CHOICES the book's choices are offered
    round_cap: int = 150  # GameCreated's `round_cap` option from PUBLIC_ASKING (0: none); 150 before

    @property
    def book_choices(self) -> bool:
        """Rules version 2 or later: optional rewards in any order, discards at any decision, backed climbs."""
        return self.rules_version >= BOOK_CHOICES

    @property
    def public_asking(self) -> bool:
        """Rules version 3 or later: who is asked is decided from public information, promises bind."""
        return self.rules_version >= PUBLIC_ASKING

    @property
    def seats(self) -> int:
        return len(self.names)


def put(values: tuple, index: int, value: object) -> tuple:
    """`values` with the item at `index` replaced."""
    return values[:index] + (value,) + values[index + 1:]


def with_mat(state: State, seat: int, **changes: Any) -> tuple[Mountaineer, ...]:
    """Every mat, the one of `seat` with `changes`."""
    players = state.players
    return players[:seat] + (replace(players[seat], **changes),) + players[seat + 1:]


def check_seat(state: State, seat: int) -> None:
    """Raises ValueError unless `seat` is a place at the table (an event naming another is no event of this game)."""
    if not 0 <= seat < len(state.players):
        raise ValueError(f"no seat {seat} at a table of {len(state.players)}")


def renamed(state: State, names: tuple[str, ...]) -> State:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, names=names)
