"""Words for the timelines: seats called by their names, places counted from 1 in words, hidden events told
by what anyone may know of them (their type and whose they are), never by an internal name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.core.protocol import Event, GameCreated, Visibility

#: The seats' names, by seat index, as the log names them (GameCreated, then GameStarted).
Names = Sequence[str]

#: A game's line for an event it has no sentence for (a conformance test checks that no real game's timeline has one).
UNTOLD = "(an event this timeline has no words for yet)"

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(number: int) -> str:
    """1 -> 'first', 2 -> 'second' ... 10 -> 'tenth', then '11th', '12th', '21st'."""
    if 1 <= number <= len(_ORDINALS):
        return _ORDINALS[number - 1]
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def seat_name(names: Names, seat: int) -> str:
    """The seat's name; a seat without one (a line told without the names) is 'the first player', and so on."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"the {ordinal(seat + 1)} player"


def listed(words: Sequence[str], last: str = "and") -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cid'."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def seat_names(names: Names, seats: Sequence[int], nobody: str = "nobody") -> str:
    """Several seats by name: 'Ann, Bob and Cid' (`nobody` for none)."""
    return listed([seat_name(names, seat) for seat in seats]) or nobody


def placings(names: Names, seats: Sequence[int]) -> str:
    """Seats in the order they placed: 'first Ann, second Cid'."""
    return ", ".join(f"{ordinal(place)} {seat_name(names, seat)}" for place, seat in enumerate(seats, start=1))


def names_after(names: Names, event: Event) -> tuple[str, ...]:
    """The seats' names after `event`: GameCreated names them, GameStarted gives the final names of open seats."""
    from domain.core.seating import GameStarted

    if isinstance(event, GameCreated):
        return tuple(seat.name for seat in event.seats)
    if isinstance(event, GameStarted):
        return tuple(event.names)
    return tuple(names)


def hidden_line(lines: Mapping[str, str], type_name: str, visibility: Visibility, names: Names) -> str:
    """A hidden event as anyone may tell it: the game's sentence for its type (`lines`), where `{holder}` is the
    one seat that sees it (its visibility, which is public), never its data. A type without a sentence is told
    as something only its holder saw, or that nobody sees yet."""
    holder = seat_name(names, visibility[0]) if not isinstance(visibility, str) and len(visibility) == 1 else None
    template = lines.get(type_name)
    if template is None or (holder is None and "{holder}" in template):
        template = "{holder} saw something hidden" if holder is not None else "something hidden happened"
    return template.format(holder=holder)
