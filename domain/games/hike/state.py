"""The Hike! game state: a frozen value, changed only by `evolve`."""

from __future__ import annotations

import enum
from typing import Any, TypeVar

from msgspec.structs import replace

from domain.core import Value
from domain.games.hike.cards import Snow

T = TypeVar("T")

FIRST_PLAYER = 0
"""Gameplay: the first player is whoever was on the snow most recently; we seat them first."""
PREPARATION_DAY_CAP = 30
"""Ruling: if nobody has declared ready by the end of this day, Preparations end (every game ends)."""
RACE_DAY_CAP = 30
"""Ruling, rules version 1: the race ends at the end of this day if nobody has reached the last field by then."""
BOOK_RACE = 2
"""Rules version 2 (RULINGS.md, Rules version 2): a drawn care card lapses instead of barring camp, no stopping
before an equipment field, no extra point from resting neighbours, and a race ends when no sled can move."""
LETTER = 3
"""Rules version 3 (RULINGS.md, Rules version 3): the book's letter by default, a drawn care card bars making camp
while it can be used (as in version 1), unless the table chose `care_card_lapses` (version 2's reading); the table
may also choose `simultaneous_days` (End of the day, Pro tip). Every other change of version 2 stays."""
RACE_DAY_GUARD = 100
"""Ruling, rules version 2: a safety net for races whose mushers all keep making camp without moving."""
COUNTDOWN_DAYS = 3
"""Declaring you are ready: Preparations continue for at most 3 more days after the first declaration."""
BEHIND_LIMIT = 7
"""End of the day: more than 6 fields behind the leader, 6 or more fields strictly between."""


class Phase(enum.Enum):
    """The two phases of play (Gameplay), and the end."""

    PREPARATIONS = "preparations"
    RACE = "race"
    OVER = "over"


class Step(enum.Enum):
    """Where the current turn stands, so a client can always list its actions."""

    OPEN = "open"  # Preparations: open cards from the husky deck, with any +1 cards
    ACTION = "action"  # Preparations: exactly one of the four actions
    SWAP = "swap"  # Preparations: a husky was taken back; place one from hand
    BONUS = "bonus"  # Preparations: optional youngster, declare ready, or end the turn
    UPGRADE = "upgrade"  # Preparations: just declared; upgrade 1-point huskies with equipment
    RUN = "run"  # Race: use a husky or a care card, or make camp
    EQUIPMENT = "equipment"  # Race: the next field needs equipment
    REST = "rest"  # Race: turn huskies to the rest state after pushing through without equipment


# The phases and steps, bound once: on Python 3.11 looking a member up on its Enum class (`Step.RUN`) costs some
# 0.4 us, twenty times a module global, and the rules name one in almost every predicate.
PREPARATIONS, RACE, OVER = Phase.PREPARATIONS, Phase.RACE, Phase.OVER
OPEN, ACTION, SWAP, BONUS, UPGRADE, RUN, EQUIPMENT, REST = (
    Step.OPEN, Step.ACTION, Step.SWAP, Step.BONUS, Step.UPGRADE, Step.RUN, Step.EQUIPMENT, Step.REST)


class Spot(Value):
    """One place of a sled: a husky card or the placeholder cube, and its race state."""

    card: str | None = None
    tired: bool = False  # a cube lies on the husky (used today)
    resting: bool = False  # turned face-down for the rest of the race
    equipment: str | None = None  # the equipment card under an upgraded 1-point husky


class Run(Value):
    """A husky being used whose movement paused before a field that needs equipment.

    `points` are its unspent movement points, each as the snow types it may be spent as
    (one type for a printed point, the neighbours' types for an upgrade's extra point).
    """

    slot: int
    points: tuple[tuple[Snow, ...], ...]


class Musher(Value):
    """One seat's cards, sled and place on the track."""

    hand: tuple[str, ...] = ()  # sorted card ids from the husky deck and care piles
    plus_cards: int = 2
    care_pile: tuple[str, ...] = ()  # face-up personal care pile, top first
    sled: tuple[Spot, ...] = ()
    ready: bool = False
    out: bool = False
    position: int = 0  # 0 is the start card's empty space; fields are 1..last
    compulsory_care: str | None = None  # the care card drawn for being far behind, to use today
    # The race day of this musher (Race): where their moves stand, the husky waiting before a field that requires
    # equipment, huskies still to turn to rest, and whether they have made camp today.
    step: Step = Step.RUN
    run: Run | None = None
    rests_due: int = 0
    camped: bool = False


class HikeState(Value):
    """Everything `decide`, `view` and `result` need; hidden parts stay out of views."""

    names: tuple[str, ...]
    columns: int
    rules_version: int = 1
    phase: Phase = Phase.PREPARATIONS
    step: Step = Step.OPEN  # Preparations; each musher's race step is their own (Musher.step)
    day: int = 0
    turn_order: tuple[int, ...] = ()
    turn: int = 0
    landscapes: tuple[str, ...] = ()  # the face-down track between start and finish, hidden until turned
    rotated: int = 0  # 1-based place of the rotated landscape among them
    turned: int = 0  # how many of them are face up
    deck: tuple[str, ...] = ()  # the husky deck, top first: hidden
    centre: tuple[str, ...] = ()  # opened cards, in the order they were opened
    side_care: tuple[str, ...] = ()  # care cards put to the side at setup
    care_pile: tuple[str, ...] = ()  # the race's face-down care pile, top first: hidden
    care_discards: tuple[str, ...] = ()
    tokens_used: int = 0
    mushers: tuple[Musher, ...] = ()
    first_ready: int | None = None
    last_preparation_day: int | None = None
    bonus_used: bool = False
    ending: str | None = None
    care_card_lapses: bool = False  # the table option (rules version 3 on; see `care_lapses`)
    simultaneous_days: bool = False  # the table option (rules version 3 on; see `is_simultaneous`)

    @property
    def seats(self) -> int:
        return len(self.names)

    @property
    def current(self) -> int | None:
        """The seat whose turn it is, or None between days, on a simultaneous race day and after the end."""
        if self.phase is OVER or self.turn >= len(self.turn_order) or is_simultaneous(self):
            return None
        return self.turn_order[self.turn]

    @property
    def day_over(self) -> bool:
        """Whether every musher of today's order has ended their turn (made camp, in the race)."""
        return self.turn >= len(self.turn_order)


def is_simultaneous(state: HikeState) -> bool:
    """A race day on which every musher moves at once (End of the day, Pro tip; option `simultaneous_days`,
    rules version 3 on). Preparations stay in turn: their actions share the centre of the table."""
    return state.simultaneous_days and state.phase is RACE and state.rules_version >= LETTER


def on_the_road(state: HikeState) -> tuple[int, ...]:
    """The mushers who may move now: the current one, or on a simultaneous day everyone not yet in camp."""
    if state.phase is not RACE or state.day_over:
        return ()
    if is_simultaneous(state):
        return tuple(seat for seat in state.turn_order if not state.mushers[seat].camped)
    return (state.turn_order[state.turn],)


def care_lapses(state: HikeState) -> bool:
    """Whether a drawn care card left unused lapses at the day's end (and never bars making camp): always under
    rules version 2, never under version 1, and from version 3 only with the table option `care_card_lapses`."""
    if state.rules_version >= LETTER:
        return state.care_card_lapses
    return state.rules_version >= BOOK_RACE


def replaced_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """`items` with the one at `index` replaced.

    Raises:
        IndexError: no such seat or place (a negative index never wraps around).
    """
    if not 0 <= index < len(items):
        raise IndexError(f"no place {index} among {len(items)}")
    changed = list(items)
    changed[index] = item
    return tuple(changed)


def with_musher(state: HikeState, seat: int, **changes: Any) -> HikeState:
    """The state with one musher's fields replaced (IndexError for a seat not at the table)."""
    mushers = state.mushers
    return replace(state, mushers=replaced_at(mushers, seat, replace(mushers[seat], **changes)))


def with_spot(sled: tuple[Spot, ...], slot: int, **changes: Any) -> tuple[Spot, ...]:
    """The sled with one spot's fields replaced (IndexError for a place not in the sled)."""
    return replaced_at(sled, slot, replace(sled[slot], **changes))


def race_day_cap(state: HikeState) -> int:
    """The last race day: 30 under rules version 1; a far guard from version 2, which ends stalled races itself."""
    return RACE_DAY_CAP if state.rules_version < BOOK_RACE else RACE_DAY_GUARD


def renamed(state: HikeState, names: tuple[str, ...]) -> HikeState:
    """The state with the seats' final names (a game whose open seats were joined; domain/core/seating.py)."""
    return replace(state, names=names)
