"""A tiny two-seat game for service tests: hidden cards, simultaneous bids, dice.

Rules: each seat is dealt a secret card 1-9 (only its holder sees it). Both seats
bid at once (0-3). Then, from the higher bidder (seat 0 on a tie), seats take turns
to `Take` 1 or 2 stones from a pile of `pile` stones (an option, default 7); a `Roll`
adds a die's pips (1-6) to the roller's score. Whoever takes the last stone ends
the game; the higher score plus card wins.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from domain.core import (
    Codec,
    Command,
    Event,
    GameConfig,
    GameCreated,
    GameSpec,
    IllegalCommand,
    Rng,
    Rule,
    Value,
    Visibility,
    random_bot,
    replace,
)

class CardDealt(Event, Value):
    TYPE: ClassVar[str] = "CardDealt"
    seat: int
    card: int

    def visibility(self) -> Visibility:
        return (self.seat,)


class BidMade(Event, Value):
    TYPE: ClassVar[str] = "BidMade"
    seat: int
    amount: int

    def visibility(self) -> Visibility:
        return (self.seat,)


class StonesTaken(Event, Value):
    TYPE: ClassVar[str] = "StonesTaken"
    seat: int
    count: int


class DieRolled(Event, Value):
    TYPE: ClassVar[str] = "DieRolled"
    seat: int
    pips: int


class Bid(Command, Value):
    TYPE: ClassVar[str] = "Bid"
    amount: int


class Take(Command, Value):
    TYPE: ClassVar[str] = "Take"
    count: Literal[1, 2]


class Roll(Command, Value):
    TYPE: ClassVar[str] = "Roll"


class State(Value):
    names: tuple[str, ...]
    cards: tuple[int, ...] = (0, 0)
    bids: tuple[int | None, ...] = (None, None)
    pile: int = 7
    turn: int = 0
    scores: tuple[int, ...] = (0, 0)
    last_taker: int | None = None


def setup(config: GameConfig, rng: Rng) -> list[Event]:
    return [CardDealt(seat=seat, card=rng.randint(1, 9)) for seat in range(2)]


def evolve(state: State | None, event: Event) -> State:
    match event:
        case GameCreated():
            return State(names=tuple(s.name for s in event.seats), pile=event.options["pile"])
        case CardDealt(seat=seat, card=card):
            assert state is not None
            return replace(state, cards=_put(state.cards, seat, card))
        case BidMade(seat=seat, amount=amount):
            assert state is not None
            bids = _put(state.bids, seat, amount)
            turn = state.turn
            if None not in bids:
                turn = 1 if bids[1] > bids[0] else 0  # type: ignore[operator]
            return replace(state, bids=bids, turn=turn)
        case StonesTaken(seat=seat, count=count):
            assert state is not None
            return replace(state, pile=state.pile - count, turn=1 - seat, last_taker=seat)
        case DieRolled(seat=seat, pips=pips):
            assert state is not None
            return replace(state, scores=_put(state.scores, seat, state.scores[seat] + pips), turn=1 - seat)
    raise AssertionError(f"unknown event {event!r}")


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def to_act(state: State) -> frozenset[int]:
    if state.pile <= 0:
        return frozenset()
    if None in state.bids:
        return frozenset(seat for seat in range(2) if state.bids[seat] is None)
    return frozenset({state.turn})


def legal_commands(state: State, seat: int) -> list[Command]:
    if seat not in to_act(state):
        return []
    if None in state.bids:
        return [Bid(amount=amount) for amount in range(4)]
    takes: list[Command] = [Take(count=count) for count in (1, 2) if count <= state.pile]
    return [*takes, Roll()]


def decide(state: State, seat: int, command: Command, rng: Rng) -> list[Event]:
    if seat not in to_act(state):
        raise IllegalCommand("it is not your turn")
    match command:
        case Bid(amount=amount):
            if None not in state.bids:
                raise IllegalCommand("bidding is over")
            if not 0 <= amount <= 3:
                raise IllegalCommand("a bid is 0 to 3")
            return [BidMade(seat=seat, amount=amount)]
        case Take(count=count):
            if None in state.bids:
                raise IllegalCommand("bid first")
            if count > state.pile:
                raise IllegalCommand(f"only {state.pile} stones are left")
            return [StonesTaken(seat=seat, count=count)]
        case Roll():
            if None in state.bids:
                raise IllegalCommand("bid first")
            return [DieRolled(seat=seat, pips=rng.roll())]
    raise AssertionError(f"unknown command {command!r}")


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {
        "pile": state.pile,
        "turn": state.turn,
        "scores": list(state.scores),
        "your_card": state.cards[seat] if seat is not None else None,
        "bids_made": [bid is not None for bid in state.bids],
    }


def result(state: State) -> dict[str, Any] | None:
    if state.pile > 0:
        return None
    totals = [state.scores[s] + state.cards[s] for s in range(2)]
    best = max(totals)
    winners = [s for s in range(2) if totals[s] == best]
    return {
        "standings": [{"seat": s, "place": 1 if totals[s] == best else 2, "score": totals[s]} for s in range(2)],
        "winners": winners,
    }


def label(state: State, seat: int, command: Command) -> str:
    match command:
        case Bid(amount=amount):
            return f"Bid {amount} in secret"
        case Take(count=count):
            return f"Take {count} stone{'s' if count > 1 else ''} from the pile of {state.pile}"
    return "Roll the die and add its pips to your score"


def ranges(state: State, seat: int, command: Command) -> dict[str, dict[str, int]]:
    return {"amount": {"min": 0, "max": 3, "step": 1}} if isinstance(command, Bid) else {}


def careful_bot(view: dict[str, Any], legal: Any, rng: Rng) -> Command:
    return legal[-1]


SPEC = GameSpec(
    id="toy",
    title="Toy",
    min_seats=2,
    max_seats=2,
    rules_version=1,
    options_schema={
        "type": "object",
        "properties": {"pile": {"type": "integer", "minimum": 1, "maximum": 50, "default": 7}},
        "additionalProperties": False,
    },
    bots={"random": random_bot, "careful": careful_bot},
    events=Codec([GameCreated, CardDealt, BidMade, StonesTaken, DieRolled], "event"),
    commands=Codec([Bid, Take, Roll], "command"),
    setup=setup,
    evolve=evolve,
    decide=decide,
    to_act=to_act,
    legal_commands=legal_commands,
    view=view,
    result=result,
    describe=lambda event, names=(): event.TYPE,
    rules=(Rule("Bidding", "Both seats bid 0 to 3 at once, in secret."),
           Rule("Stones", "From the higher bidder, seats take 1 or 2 stones or roll a die for points.")),
    catalog=lambda: {"dice": {"d6": {"faces": [1, 2, 3, 4, 5, 6]}}},
    view_schema={"type": "object", "properties": {"pile": {"type": "integer"}}},
    label=label,
    ranges=ranges,
)
