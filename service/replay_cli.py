"""`trailhead replay`: verify, export, import and show games from the command line."""

from __future__ import annotations

import io
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import click

from application.handler import GameService
from storage import FINISHED
from bootstrap import bootstrap
from replays.audit import audit
from replays.log import log_from_store
from replays.rebuild import state_after, timeline
from replays.transfer import ImportRefused, document_bytes, export_document, import_document
from service.replay_bulk import export_lines, import_ndjson


def service() -> GameService:
    return bootstrap().games


@click.group()
def replay() -> None:
    """Verify, export, import and show games (TRAILHEAD_DB names the database)."""


@replay.command()
@click.argument("game_id", required=False)
@click.option("--head", default=None, help="The head hash you held: a log that does not contain it fails.")
@click.option("--all", "all_games", is_flag=True, help="Verify every finished game.")
@click.option("--type", "game_type", default=None, help="With --all: only games of this type.")
def verify(game_id: str | None, head: str | None, all_games: bool, game_type: str | None) -> None:
    """Audit one game (hash chain, seed, re-derivation), or every finished game with --all."""
    games = service()
    if all_games == (game_id is not None):
        raise click.UsageError("name one GAME_ID, or use --all")
    if game_id is not None:
        games.record(game_id)
        report = audit(log_from_store(games.store, game_id), games.registry, head)
        click.echo(json.dumps(report.to_json(), indent=2))
        if not report.ok:
            sys.exit(1)
        return
    verify_all(games, game_type)


def verify_all(games: GameService, game_type: str | None) -> None:
    rows = games.store.game_ids(game_type, FINISHED)
    failed: list[tuple[str, str, Any, str]] = []
    counts: dict[str, list[int]] = {}
    events = 0
    started = time.perf_counter()
    with click.progressbar(rows, label="verifying", show_pos=True, file=sys.stderr) as bar:
        for game_id in bar:
            report = audit(log_from_store(games.store, game_id, True), games.registry)
            type_ = games.record(game_id).type
            events += report.events
            tally = counts.setdefault(type_, [0, 0])
            tally[0 if report.ok else 1] += 1
            if report.failure is not None:
                failed.append((game_id, type_, report.failure.seq, report.failure.reason))
    elapsed = max(time.perf_counter() - started, 1e-9)
    click.echo(f"{'game type':<22} {'ok':>6} {'failed':>7}")
    for type_, (ok, bad) in sorted(counts.items()):
        click.echo(f"{type_:<22} {ok:>6} {bad:>7}")
    click.echo(f"{len(rows)} games, {events} events in {elapsed:.2f} s: {events / elapsed:,.0f} events/s, "
               f"{len(rows) / elapsed:,.1f} games/s")
    for game_id, type_, seq, reason in failed:
        click.echo(f"FAILED {game_id} ({type_}) at seq {seq}: {reason}")
    if failed:
        sys.exit(1)


@replay.command()
@click.argument("game_id", required=False)
@click.option("--all", "all_games", is_flag=True,
              help="Every finished game, as NDJSON (one line a game, in the order they finished).")
@click.option("--type", "game_type", default=None, help="With --all: only games of this type.")
@click.option("--after", type=click.IntRange(min=0), default=0, show_default=True,
              help="With --all: only games that finished after this position (the last one of an earlier file).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write the document (or the NDJSON) here (default: standard output).")
def export(game_id: str | None, all_games: bool, game_type: str | None, after: int, output: Path | None) -> None:
    """Write a finished game's portable replay document, or with --all every finished game's as NDJSON."""
    games = service()
    if all_games == (game_id is not None):
        raise click.UsageError("name one GAME_ID, or use --all")
    if all_games:
        if game_type is not None:
            games.registry(game_type)
        with (click.open_file("-", "w") if output is None else output.open("w", encoding="utf-8")) as out:
            written, last = export_lines(games, out, game_type, after)
        click.echo(f"exported {written} games; the last position: {last} (resume with --after {last})", err=True)
        return
    if game_type is not None or after:
        raise click.UsageError("--type and --after go with --all")
    games.record(game_id)
    document = export_document(games.store, log_from_store(games.store, game_id, True), game_id)
    data = document_bytes(document)
    if output is None:
        click.echo(data.decode(), nl=False)
    else:
        output.write_bytes(data)
        click.echo(f"exported {document['version']} events to {output}", err=True)


@replay.command("import")
@click.argument("document", type=click.File("rb"))
def import_(document: Any) -> None:
    """Import a replay document (only if it verifies); prints the new local game id. A file of many (NDJSON, as
    `export --all` writes: a name ending .ndjson or .jsonl, or one JSON object a line) imports each that verifies."""
    games = service()
    if str(getattr(document, "name", "")).endswith((".ndjson", ".jsonl")):  # read a line at a time
        import_ndjson(games, document, file_size(document))
        return
    data = document.read()
    if is_ndjson(data):
        import_ndjson(games, io.BytesIO(data), len(data))
        return
    try:
        parsed = json.loads(data)
    except ValueError as error:  # not JSON, or not UTF-8
        raise click.ClickException(f"not JSON: {error}") from None
    if not isinstance(parsed, dict):
        raise click.ClickException(f"not a replay document: a JSON object is expected, not {type(parsed).__name__}")
    try:
        game_id, new = import_document(games.store, parsed, games.registry)
    except ImportRefused as refused:
        raise click.ClickException(f"refused: {refused}") from None
    except KeyError as error:
        raise click.ClickException(f"not a replay document: it has no {error}") from None
    except (ValueError, TypeError) as error:
        raise click.ClickException(f"not a replay document: {error}") from None
    click.echo(game_id if new else f"{game_id} (already imported)")


def is_ndjson(data: bytes) -> bool:
    """Whether a file not named .ndjson holds many documents, a line each: it is not one JSON text, and its
    first two lines are JSON objects."""
    lines = data.splitlines()
    if len(lines) < 2:
        return False
    try:
        json.loads(data)
    except ValueError:
        try:
            return isinstance(json.loads(lines[0]), dict) and isinstance(json.loads(lines[1]), dict)
        except ValueError:
            return False
    return False


def file_size(file: Any) -> int | None:
    """A file's length in bytes (None for a pipe or standard input)."""
    try:
        size = os.fstat(file.fileno()).st_size
    except (AttributeError, OSError, ValueError):
        return None
    return size or None


@replay.command()
@click.argument("game_id")
@click.option("--at", type=int, default=None, help="Show the game after this event (default: the last).")
@click.option("--events", "last_events", type=click.IntRange(min=0), default=5, show_default=True,
              help="How many of the last events to tell under the drawing.")
@click.option("--timeline", "whole_timeline", is_flag=True, help="Tell every event up to N instead.")
def show(game_id: str, at: int | None, last_events: int, whole_timeline: bool) -> None:
    """Draw the game after event N as a spectator sees it: the board, each seat's public state, whose turn it
    is (or the result), and the last events."""
    from rich.console import Console

    from domain.core.wording import names_after
    from service.render import drawing, result_line, turn_line

    games = service()
    game = games.load(game_id)
    events = games.store.events(game_id)
    at = game.version if at is None else at
    if not 1 <= at <= game.version:
        raise click.UsageError(f"--at must be between 1 and {game.version}")
    entries = timeline(game.spec, events[:at], None, game.finished)
    names: tuple[str, ...] = ()
    for event in events[:at]:
        names = names_after(names, game.spec.events.decode_json(event.type, event.data_text))
    state = state_after(game.spec, events, at)
    result = game.spec.result(state)
    console = Console(highlight=False, soft_wrap=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = 120  # a file or a pipe: lines as long as a wide terminal's, not wrapped at 80
    console.print(f"{game.spec.title} {game_id} ({game.status}), after event {at} of {game.version}", markup=False)
    console.print(result_line(result, names) if result is not None else turn_line(game.spec.to_act(state), names),
                  markup=False)
    for drawn in drawing(game.spec.id)(game.spec.view(state, None), names):
        console.print(drawn)
    told = entries if whole_timeline else entries[len(entries) - last_events:] if last_events else []
    if told:
        console.print("Every event:" if whole_timeline else "Last events:", markup=False)
        for entry in told:
            console.print(f"{entry['seq']:>6}  {entry['text']}", markup=False)
