"""The sha256 hash chain over a game's events (DESIGN.md, Events and the store).

hash = sha256(prev_hash + canonical([seq, type, data, seat, command_id])) for a
public event. An event whose data is hidden (visibility is a list of seats) also
hashes a salt derived from the game's secret seed and its seq:
canonical([seq, type, data, seat, command_id, salt]). Without it, a seat could
recover hidden data from the public hash by trying the few values it can take
(a card 1-9, a bid 0-3). The salt is secret while the seed is, and anyone can
recompute it once the seed is revealed at the end.

`chain` and `chain_each` wrap a command's (or an opening's) events in their stored envelopes,
numbered and hashed onto the head they follow.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from domain.core import PUBLIC, Event, GameSpec, Visibility, canonical_json
from storage import StoredEvent

GENESIS_HASH = "0" * 64


def event_salt(seed: str, seq: int) -> str:
    """The salt of hidden event `seq`: one-way from the seed, so it reveals nothing of it."""
    return hashlib.sha256(f"trailhead-salt/v1\x00{seq}\x00{seed}".encode()).hexdigest()


def event_hash(
    prev_hash: str,
    seq: int,
    type_: str,
    data: Any,
    seat: int | None,
    command_id: str | None,
    salt: str | None = None,
) -> str:
    """The chain hash of one event; `salt` only for an event whose data is hidden."""
    return text_hash(prev_hash, seq, type_, canonical_json(data), seat, command_id, salt)


def text_hash(
    prev_hash: str,
    seq: int,
    type_: str,
    data_text: str,
    seat: int | None,
    command_id: str | None,
    salt: str | None = None,
) -> str:
    """`event_hash` from the event's canonical data text, without parsing it or encoding it again.

    canonical([seq, type, data, seat, command_id(, salt)]) is the canonical text of each item
    joined by commas inside brackets; the data's canonical text is the one stored.
    """
    tail = f",{canonical_json(salt)}" if salt is not None else ""
    head = f"[{seq},{canonical_json(type_)},"
    return hashlib.sha256(
        f"{prev_hash}{head}{data_text},{canonical_json(seat)},{canonical_json(command_id)}{tail}]".encode()
    ).hexdigest()


def salt_for(visibility: Visibility | list[int], seed: str | None, seq: int) -> str | None:
    """The salt an event with this visibility is hashed with (None for a public event).

    Raises:
        ValueError: a hidden event, but no seed to salt it with.
    """
    if visibility == PUBLIC:
        return None
    if seed is None:
        raise ValueError("a hidden event's hash needs the game's seed")
    return event_salt(seed, seq)


def chain_each(spec: GameSpec, game_id: str, seed: str, events: Sequence[Event], first_seq: int, prev_hash: str,
               origins: Sequence[tuple[int | None, str | None]]) -> list[StoredEvent]:
    """Envelopes for `events`, each with its own (seat, command_id), chained from `prev_hash`.

    Hidden events are hashed with a salt from the seed.
    """
    stored = []
    encode = spec.events.encode_json
    for offset, (event, (seat, command_id)) in enumerate(zip(events, origins, strict=True)):
        type_, text = encode(event)
        seq = first_seq + offset
        visibility = event.visibility()
        digest = text_hash(prev_hash, seq, type_, text, seat, command_id, salt_for(visibility, seed, seq))
        stored.append(StoredEvent(game_id, seq, type_, text, seat, command_id, visibility, prev_hash, digest))
        prev_hash = digest
    return stored


def chain(spec: GameSpec, game_id: str, seed: str, events: Sequence[Event], first_seq: int, prev_hash: str,
          seat: int | None, command_id: str | None) -> list[StoredEvent]:
    """Envelopes for one command's `events`: seq numbered from `first_seq`, hashed onto `prev_hash`."""
    return chain_each(spec, game_id, seed, events, first_seq, prev_hash, [(seat, command_id)] * len(events))
