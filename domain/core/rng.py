"""The seed-derived random stream.

Every random draw of a game comes from an `Rng` built from the game's secret seed
and the sequence number of the next event (DESIGN.md, Determinism). The stream is
SHA-256 in counter mode, so it is the same on every Python version and platform
and never depends on the `random` module's algorithms.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A deterministic stream of random integers for one decision."""

    __slots__ = ("_key", "_counter", "_pool", "_bits")

    def __init__(self, seed: str, seq: int, label: str = "game") -> None:
        material = f"trailhead-rng/v1\x00{label}\x00{seq}\x00{seed}".encode()
        self._key = hashlib.sha256(material).digest()
        self._counter = 0
        self._pool = 0
        self._bits = 0

    def _take_bits(self, k: int) -> int:
        while self._bits < k:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._pool = (self._pool << 256) | int.from_bytes(block, "big")
            self._bits += 256
        self._bits -= k
        value = self._pool >> self._bits
        self._pool &= (1 << self._bits) - 1
        return value

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        k = max(1, (n - 1).bit_length())
        while True:
            value = self._take_bits(k)
            if value < n:
                return value

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.randbelow(high - low + 1)

    def roll(self, sides: int = 6) -> int:
        """One die with faces 1..sides."""
        return self.randint(1, sides)

    def dice(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """`count` dice, in the order rolled."""
        return tuple(self.roll(sides) for _ in range(count))

    def choice(self, items: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        return items[self.randbelow(len(items))]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A Fisher-Yates shuffle of `items`, returned as a new tuple."""
        order = list(items)
        for i in range(len(order) - 1, 0, -1):
            j = self.randbelow(i + 1)
            order[i], order[j] = order[j], order[i]
        return tuple(order)
