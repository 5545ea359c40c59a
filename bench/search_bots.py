"""How strong is the `search` level? Duplicate games against each game's strongest hand-written bot.

    python bench/search_bots.py [--type TYPE ...] [--games N] [--seats S ...] [--iterations N | --scale X]
                                [--jobs J] [--seeds PREFIX] [--quick] [--record FILE [--report-only]]

For each game type with a `search` level (or the `--type`s named) and each table size (`--seats`; by default
2 and 4 where the game allows them), plays N games (default 200) on domain.core.Table in duplicate sets: one
seed played once with the search bot in each seat, the strongest hand-written level (domain/core/seating.py
`strongest_bot`) in every other seat, so luck of the deal and of the seat falls alike on both sides (with 2
seats, a pair: the same seed twice, seats swapped). Seeds `PREFIX-0`, `PREFIX-1`, ...

Prints a table: games, the search bot's wins (sole first place), shared first places, losses, its win rate
with the Wilson 95% interval, the rate a seat would win by chance (1/seats), and the mean CPU seconds per game
(both sides' decisions; the search's share beside it). For the solo Hikes of the West (1 seat) it plays
the same seeds as bench/hikes_of_the_west_bots.py (`bench-0` ...) with the search bot and with the
strongest hand-written level, and prints both means of score minus par (lower is better) and their
difference with its 95% interval (paired by seed).

The search budget is the game's default (`SearchSettings.iterations`, about 500 ms of CPU a decision), or
`--iterations N`, or `--scale X` times the default (0.2, 1 and 4 for the issue's figures); it is given to
each search seat as its own budget (`SeatConfig.iterations`), so it is bounded by the game's max_iterations.

A game costs about a minute of CPU (some 100 searched decisions at half a second), so 200 games of one table size
are about three CPU-hours: more than a session on a shared 2-core machine can give. `--record FILE` appends each
finished game to FILE (a JSON line) and skips the games FILE already holds for the same code: a line carries the
fingerprint of the code that decides the game (domain/core and the game's own package: Python by its syntax
tree without docstrings and `strength=` keywords, data by its bytes, Markdown not),
and the table is printed from every recorded game of the current fingerprint. So a run can be stopped and
continued, in another session too, and a change to the search or the rules starts its count afresh.
`--report-only` prints the table from FILE without playing.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import multiprocessing
import statistics
import sys
import time
import dataclasses
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.core import GameSpec, SeatConfig, Table  # noqa: E402
from domain.core.search import SEARCH_LEVEL  # noqa: E402
from domain.core.seating import strongest_bot  # noqa: E402
from domain.games import GAMES, game_spec  # noqa: E402

Z95 = 1.959964


@dataclass(frozen=True)
class Job:
    type_: str
    seats: int
    number: int  # the seed's number
    search_seat: int
    iterations: int
    seeds: str


@dataclass(frozen=True)
class Outcome:
    job: Job
    place: int  # the search seat's place
    shared: bool  # its place is shared with another seat
    score: int  # its score (solo: the final score)
    par: int  # solo: the sum of the pars; else 0
    cpu: float  # CPU seconds of the whole game
    search_cpu: float  # CPU seconds of the search seat's decisions


def play(job: Job) -> Outcome:
    """One game with the search bot in `job.search_seat` and the strongest hand-written bot elsewhere (solo: the
    search seat is the hiker; `search_seat` -1 plays the hand-written bot alone, the baseline)."""
    spec = game_spec(job.type_)
    strong = strongest_bot(spec)
    levels = [SEARCH_LEVEL if seat == job.search_seat else strong for seat in range(job.seats)]
    seats = [SeatConfig.of(f"p{seat}", level, job.iterations if level == SEARCH_LEVEL else None)
             for seat, level in enumerate(levels)]
    table = Table(spec, spec.normalize_config(seats, {}), f"{job.seeds}-{job.number}")
    started, searching = time.process_time(), 0.0
    while not table.finished:
        seat = min(spec.to_act(table.state))
        before = time.process_time()
        command = table.bot_command(seat, levels[seat])
        if levels[seat] == SEARCH_LEVEL:
            searching += time.process_time() - before
        table.submit(seat, command)
    result = spec.result(table.state)
    assert result is not None
    row = next(row for row in result["standings"] if row["seat"] == max(job.search_seat, 0))
    shared = sum(1 for other in result["standings"] if other["place"] == row["place"]) > 1
    return Outcome(job, row["place"], shared, row["score"], result.get("par", 0), time.process_time() - started,
                   searching)


def fingerprint(type_: str) -> str:
    """A hash of the code that decides a game of `type_` at the search level: domain/core and the game's package.
    Python files count by their syntax tree without docstrings and without `strength=` keywords (the measured
    figures written back into bots.py, or a first such text, must not reset the count); data files by their
    bytes; Markdown not at all."""
    digest = hashlib.sha256()
    package = ROOT / "domain" / "games" / type_.replace("-", "_")
    for folder in (ROOT / "domain" / "core", package):
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix not in (".md", ".pyc")):
            text = _code(path.read_text()) if path.suffix == ".py" else path.read_bytes()
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + text + b"\0")
    return digest.hexdigest()[:16]


def _code(source: str) -> bytes:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            node.body = [statement for statement in body if not (  # type: ignore[attr-defined]
                isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
                and isinstance(statement.value.value, str))] or [ast.Pass()]
        if isinstance(node, ast.Call):  # a measured `strength=` text, or its absence, leaves the count alone
            node.keywords = [keyword for keyword in node.keywords if keyword.arg != "strength"]
    return ast.dump(tree).encode()


@dataclass
class Record:
    """Finished games kept in a JSON-lines file (`--record`), keyed by their job and the code's fingerprint."""

    path: Path | None
    lines: dict[tuple, Outcome] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.path is None or not self.path.exists():
            return
        for line in self.path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                job = Job(**row["job"])
                outcome = Outcome(job, row["place"], row["shared"], row["score"], row["par"], row["cpu"],
                                  row["search_cpu"])
                self.lines[(job, row["fingerprint"])] = outcome

    def get(self, job: Job, print_: str) -> Outcome | None:
        return self.lines.get((job, print_))

    def add(self, outcome: Outcome, print_: str) -> None:
        self.lines[(outcome.job, print_)] = outcome
        if self.path is None:
            return
        row = {"job": dataclasses.asdict(outcome.job), "fingerprint": print_,
               **{key: value for key, value in dataclasses.asdict(outcome).items() if key != "job"}}
        with self.path.open("a") as file:
            file.write(json.dumps(row, sort_keys=True) + "\n")


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + Z95 ** 2 / (2 * games)) / (1 + Z95 ** 2 / games)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + Z95 ** 2 / (4 * games ** 2)) / (1 + Z95 ** 2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def budget(spec: GameSpec, args: argparse.Namespace) -> int:
    assert spec.search is not None
    if args.iterations is not None:
        return args.iterations
    return max(1, round(spec.search.iterations * args.scale))


def table_jobs(spec: GameSpec, seats: int, games: int, iterations: int, seeds: str) -> list[Job]:
    """Whole duplicate sets: each seed once with the search seat in each place, at least `games` games."""
    sets = max(1, math.ceil(games / seats))
    return [Job(spec.id, seats, number, seat, iterations, seeds) for number in range(sets) for seat in range(seats)]


def run(jobs: list[Job], processes: int, record: Record, report_only: bool = False) -> list[Outcome]:
    """The outcomes of `jobs`: those `record` holds for the current code, the others played (and recorded as each
    ends) unless `report_only`."""
    prints = {type_: fingerprint(type_) for type_ in {job.type_ for job in jobs}}  # once a type: it parses code
    missing = [job for job in jobs if record.get(job, prints[job.type_]) is None]
    if missing and not report_only:
        if processes > 1:
            with multiprocessing.Pool(processes) as pool:
                for outcome in pool.imap_unordered(play, missing, chunksize=1):
                    record.add(outcome, prints[outcome.job.type_])
        else:
            for job in missing:
                record.add(play(job), prints[job.type_])
    return [outcome for job in jobs if (outcome := record.get(job, prints[job.type_])) is not None]


def report_table(spec: GameSpec, seats: int, outcomes: list[Outcome]) -> str:
    games = len(outcomes)
    if not games:
        return f"| {spec.id} | {seats} | | 0 | | | | | | | |"
    wins = sum(1 for o in outcomes if o.place == 1 and not o.shared)
    shared = sum(1 for o in outcomes if o.place == 1 and o.shared)
    low, high = wilson(wins, games)
    cpu = statistics.mean(o.cpu for o in outcomes)
    searching = statistics.mean(o.search_cpu for o in outcomes)
    return (f"| {spec.id} | {seats} | {outcomes[0].job.iterations} | {games} | {wins} | {shared} | "
            f"{games - wins - shared} | {100 * wins / games:.1f}% | {100 * low:.1f}-{100 * high:.1f}% | "
            f"{100 / seats:.0f}% | {cpu:.1f} ({searching:.1f}) |")


def report_solo(spec: GameSpec, outcomes: list[Outcome], baseline: list[Outcome]) -> str:
    played = {o.job.number for o in outcomes} & {o.job.number for o in baseline}  # paired by seed
    outcomes = [o for o in outcomes if o.job.number in played]
    baseline = [o for o in baseline if o.job.number in played]
    if not outcomes:
        return f"| {spec.id} | 1 | | 0 | | | | | |"
    mine = [o.score - o.par for o in outcomes]
    theirs = [o.score - o.par for o in baseline]
    gains = [b - a for a, b in zip(mine, theirs, strict=True)]
    half = Z95 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else float("nan")
    cpu = statistics.mean(o.cpu for o in outcomes)
    return (f"| {spec.id} | 1 | {outcomes[0].job.iterations} | {len(outcomes)} | {statistics.mean(mine):+.2f} "
            f"| {strongest_bot(spec)} {statistics.mean(theirs):+.2f} | {statistics.mean(gains):+.2f} "
            f"(95% +-{half:.2f}) | {100 * sum(m <= 0 for m in mine) / len(mine):.1f}% | {cpu:.1f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--type", dest="types", nargs="*", help="game types (default: every one with search)")
    parser.add_argument("--games", type=int, default=200, help="games per table size (whole duplicate sets)")
    parser.add_argument("--seats", type=int, nargs="*", help="table sizes (default: 2 and 4 where allowed)")
    parser.add_argument("--iterations", type=int, help="the search budget (default: the game's)")
    parser.add_argument("--scale", type=float, default=1.0, help="the game's default budget times this")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--seeds", default="search-bench", help="the seeds' prefix (solo: bench, as "
                                                                 "bench/hikes_of_the_west_bots.py)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 games a table, 5 iterations")
    parser.add_argument("--record", type=Path, help="a JSON-lines file of finished games: skip those it holds "
                                                    "for the current code, append the others as they end")
    parser.add_argument("--report-only", action="store_true", help="print the table from --record, play nothing")
    args = parser.parse_args(argv)
    record = Record(args.record)
    if args.quick:
        args.games, args.iterations = 2, 5
    specs = [spec for spec in GAMES if spec.search is not None and (not args.types or spec.id in args.types)]
    solo = [spec for spec in specs if spec.max_seats == 1]
    if solo:
        print("| type | seats | iterations | games | search: score - par | hand-written: score - par | search's gain "
              "| search at or under par | CPU s/game |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for spec in solo:
        seeds = "bench" if args.seeds == "search-bench" else args.seeds
        jobs = [Job(spec.id, 1, number, 0, budget(spec, args), seeds) for number in range(args.games)]
        outcomes = run(jobs, args.jobs, record, args.report_only)
        baseline = run([dataclasses.replace(job, search_seat=-1) for job in jobs], args.jobs, record,
                       args.report_only)
        print(report_solo(spec, outcomes, baseline), flush=True)
    if len(solo) < len(specs):
        print("| type | seats | iterations | games | wins | shared first | losses | win rate | Wilson 95% | chance "
              "| CPU s/game (search's) |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for spec in specs:
        if spec.max_seats == 1:
            continue
        iterations = budget(spec, args)
        sizes = args.seats or sorted({n for n in (2, 4) if spec.min_seats <= n <= spec.max_seats})
        for seats in sizes:
            outcomes = run(table_jobs(spec, seats, args.games, iterations, args.seeds), args.jobs, record,
                           args.report_only)
            print(report_table(spec, seats, outcomes), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
