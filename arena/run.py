"""The arena's schedule and its processes: which seed is played with whom where, and in how many processes.

Duplicate seating (the default): each seed is played once per rotation of the seats, player i in
seat (i + r) mod N in rotation r, so every player meets the same deals and the same seat orders as
the others and the luck of the deal cancels out (duplicate bridge's idea; bench/search_bots.py plays
its sets the same way). `--games K` is then rounded up to whole sets of N games. Without it each
game has a seed of its own, the seats still rotating from one game to the next.

Seeds are `<base>-<number>`, the base the `--seed` given (recorded as a client's seed) or 128 bits
drawn for the run (recorded as the server's), the way a game of the service is seeded: the seed
decides every chance outcome through the same RNG derivation, so the audit of an exported game
re-derives it.
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.util
import secrets
from collections.abc import Callable, Iterator

from arena.play import Arena, Job, Outcome, Worker


def schedule(seats: int, players: int, games: int, seed: str, duplicate: bool = True) -> list[Job]:
    """The games to play, in order.

    Raises:
        ValueError: the players are not as many as the seats.
    """
    if players != seats:
        raise ValueError(f"give one --player per seat: {seats} seat(s), {players} player(s)")
    if not duplicate:
        return [Job(number, number % seats, rotated(seats, number % seats), f"{seed}-{number}")
                for number in range(games)]
    sets = max(1, math.ceil(games / seats))
    return [Job(number, rotation, rotated(seats, rotation), f"{seed}-{number}")
            for number in range(sets) for rotation in range(seats)]


def rotated(seats: int, rotation: int) -> tuple[int, ...]:
    """Who sits where in a rotation: the player index of each seat (player i in seat (i + rotation) mod N)."""
    return tuple((seat - rotation) % seats for seat in range(seats))


def base_seed(given: str | None) -> tuple[str, str]:
    """The run's seed base and its source (application/seeds.py's words): a client's, or drawn here."""
    return (given, "client") if given is not None else (secrets.token_hex(16), "server")


_worker: Worker | None = None


def _start_worker(arena: Arena) -> None:
    global _worker
    _worker = Worker(arena)
    # a pool's process runs multiprocessing's finalizers when it exits after close() and join()
    multiprocessing.util.Finalize(None, _worker.close, exitpriority=10)


def _play(job: Job) -> Outcome:
    assert _worker is not None
    return _worker.play(job)


def play_all(arena: Arena, jobs: list[Job], processes: int,
             progress: Callable[[Outcome], None] = lambda outcome: None) -> list[Outcome]:
    """Every game of `jobs`, in `processes` processes (1: this one); `progress` hears of each game as it ends.
    The outcomes come back in the schedule's order."""
    outcomes = []
    for outcome in _outcomes(arena, jobs, processes):
        progress(outcome)
        outcomes.append(outcome)
    order = {(job.number, job.rotation): place for place, job in enumerate(jobs)}
    return sorted(outcomes, key=lambda outcome: order[(outcome.job.number, outcome.job.rotation)])


def _outcomes(arena: Arena, jobs: list[Job], processes: int) -> Iterator[Outcome]:
    if processes <= 1 or len(jobs) <= 1:
        worker = Worker(arena)
        try:
            for job in jobs:
                yield worker.play(job)
        finally:
            worker.close()
        return
    pool = multiprocessing.get_context("spawn").Pool(min(processes, len(jobs)), _start_worker, (arena,))
    try:
        yield from pool.imap_unordered(_play, jobs)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
