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
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from application.handler import GameService
from domain.core import DomainError
from replays.transfer import ImportRefused, finished_documents, import_document

PAGE = 100  # games read from the database at a time


@contextmanager
def progress_bar(label: str, total: int | None) -> Iterator[Progress]:
    """A progress bar on standard error (rich draws it only on a terminal; elsewhere it stays quiet)."""
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=False) as progress:
        progress.add_task(label, total=total)
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


def import_lines(games: GameService, lines: list[str]) -> ImportTally:
    """Verify and import every document of an NDJSON file's lines (blank lines skipped)."""
    tally = ImportTally()
    numbered = [(number, line) for number, line in enumerate(lines, start=1) if line.strip()]
    with progress_bar("importing", len(numbered)) as progress:
        for number, line in numbered:
            try:
                _, new = import_document(games.store, document_of(line), games.registry)
            except ImportRefused as refused:
                tally.refused.append((number, f"refused: {refused}"))
            except DomainError as error:  # a game type this installation does not offer
                tally.refused.append((number, f"refused: {error.reason}"))
            except KeyError as error:
                tally.refused.append((number, f"not a replay document: it has no {error}"))
            except (ValueError, TypeError) as error:  # not JSON, not an object, a field of the wrong kind
                tally.refused.append((number, f"not a replay document: {error}"))
            else:
                if new:
                    tally.imported += 1
                else:
                    tally.already += 1
            progress.advance(progress.task_ids[0])
    return tally


def import_ndjson(games: GameService, data: bytes) -> None:
    """`trailhead replay import` of a file of many documents: reports each refused line, exits 1 if any was."""
    try:
        text = data.decode()
    except UnicodeDecodeError as error:
        raise click.ClickException(f"not UTF-8 text: {error}") from None
    tally = import_lines(games, text.splitlines())
    for number, reason in tally.refused:
        click.echo(f"line {number}: {reason}", err=True)
    click.echo(tally.summary())
    if tally.refused:
        raise SystemExit(1)
