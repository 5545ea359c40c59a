"""`trailhead replay export --all` and `trailhead replay import FILE.ndjson`: many games at once, as NDJSON.

The file is what GET /api/v1/exports/games streams: one line a finished game, `{"position": P, "document": {...}}`,
in the order the games finished (service/exports_api.py). An export reads the database page by page and writes
each line as it is read, so a long export holds one document at a time; `--after` the last position of an
earlier file goes on from there. An import verifies every document as a single import does (replays/transfer.py:
re-derived from its seed, byte for byte) and stores those that verify; a line that does not is reported with its
number and the import goes on with the next.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import IO, Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)

from application.handler import GameService
from domain.core import DomainError
from replays.transfer import ImportRefused, finished_documents, import_document

PAGE = 100  # games read from the database at a time


@contextmanager
def progress_bar(label: str, total: int | None, unit: str = "games") -> Iterator[Progress]:
    """A progress bar on standard error (rich draws it only on a terminal; elsewhere it stays quiet). Counted in
    `unit`s; a bar over bytes also shows how many games are done (its task's `games` field)."""
    counted = MofNCompleteColumn() if unit == "games" else TextColumn("{task.fields[games]} games")
    columns = (TextColumn(label), BarColumn(), TaskProgressColumn(), counted, TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=False) as progress:
        progress.add_task(label, total=total, games=0)
        yield progress


def export_lines(games: GameService, out: IO[str], game_type: str | None, after: int) -> tuple[int, int]:
    """Write every finished game (of `game_type`, if given) that finished after `after` as one NDJSON line each,
    in the order they finished; returns how many and the last position written (`after` when none)."""
    store = games.store
    written, last = 0, after
    with progress_bar("exporting", store.finished_count(after, game_type)) as progress:
        while True:
            page = 0
            for position, document in finished_documents(store, last, PAGE, game_type):
                out.write(json.dumps({"position": position, "document": document}, sort_keys=True,
                                     ensure_ascii=False, separators=(",", ":")) + "\n")
                written, last, page = written + 1, position, page + 1
                progress.advance(progress.task_ids[0])
            out.flush()
            if page < PAGE:
                return written, last


@dataclass
class ImportTally:
    """What a bulk import did: games stored, games stored already (by an earlier import), lines refused."""

    imported: int = 0
    already: int = 0
    refused: list[tuple[int, str]] = field(default_factory=list)  # (line number, why)

    def summary(self) -> str:
        return f"{self.imported} imported, {self.already} already imported, {len(self.refused)} refused"


def document_of(line: str) -> dict[str, Any]:
    """The replay document a line holds: an export line's `document`, or a document on its own.

    Raises:
        ValueError: the line is not JSON, or not a JSON object.
    """
    parsed = json.loads(line)
    if not isinstance(parsed, dict):
        raise ValueError(f"a JSON object is expected, not {type(parsed).__name__}")
    if "document" in parsed and "format" not in parsed:
        parsed = parsed["document"]
        if not isinstance(parsed, dict):
            raise ValueError(f"its document is not a JSON object but {type(parsed).__name__}")
    return parsed


def import_lines(games: GameService, lines: IO[bytes], size: int | None) -> ImportTally:
    """Verify and import every document of an NDJSON file, a line at a time (blank lines skipped); `size`, the
    file's length in bytes when known, is the progress bar's total."""
    tally = ImportTally()
    with progress_bar("importing", size, unit="bytes") as progress:
        task = progress.task_ids[0]
        for number, raw in enumerate(lines, start=1):
            progress.advance(task, len(raw))
            if not raw.strip():
                continue
            try:
                _, new = import_document(games.store, document_of(raw.decode()), games.registry)
            except ImportRefused as refused:
                tally.refused.append((number, f"refused: {refused}"))
            except DomainError as error:  # a game type this installation does not offer
                tally.refused.append((number, f"refused: {error.reason}"))
            except KeyError as error:
                tally.refused.append((number, f"not a replay document: it has no {error}"))
            except (ValueError, TypeError) as error:  # not UTF-8, not JSON, not an object, a field of the wrong kind
                tally.refused.append((number, f"not a replay document: {error}"))
            else:
                if new:
                    tally.imported += 1
                else:
                    tally.already += 1
            progress.update(task, games=tally.imported + tally.already + len(tally.refused))
    return tally


def import_ndjson(games: GameService, lines: IO[bytes], size: int | None) -> None:
    """`trailhead replay import` of a file of many documents: reports each refused line, exits 1 if any was."""
    tally = import_lines(games, lines, size)
    for number, reason in tally.refused:
        click.echo(f"line {number}: {reason}", err=True)
    click.echo(tally.summary())
    if tally.refused:
        raise SystemExit(1)
