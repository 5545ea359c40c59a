"""`trailhead arena`: engines and bot levels against each other offline, with standings (docs/arena.md)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import click

from arena.play import Arena, Player

OPTION_HELP = "A game option KEY=VALUE (the value read as JSON when it is JSON), repeatable."


def parse_players(texts: tuple[str, ...], bots: list[str]) -> tuple[Player, ...]:
    """`bot:LEVEL`, `bot:search:ITERATIONS` or `engine:CMD ...`, each labelled by its text or by the NAME of
    `NAME=engine:CMD ...` (a repeated label gets ` #2`, ` #3`...).

    Raises:
        click.BadParameter: neither form, an unknown level, a bad budget, an empty command.
    """
    players = []
    seen: dict[str, int] = {}
    for given in texts:
        name, equals, text = given.partition("=")
        if not equals or ":" in name or " " in name or not name:
            name, text = given, given  # no NAME= in front (a command may hold a `=` of its own)
        kind, _, rest = text.partition(":")
        seen[name] = seen.get(name, 0) + 1
        label = name if seen[name] == 1 else f"{name} #{seen[name]}"
        if kind == "engine" and rest.strip():
            players.append(Player(label, command=rest.strip()))
            continue
        level, _, budget = rest.partition(":")
        if kind != "bot" or level not in bots:
            raise click.BadParameter(f"{text!r}: give bot:LEVEL (levels: {', '.join(bots)}) or 'engine:CMD ...'",
                                     param_hint="--player")
        if budget and not budget.isdigit():
            raise click.BadParameter(f"{text!r}: a search budget is a number of iterations", param_hint="--player")
        players.append(Player(label, level=level, iterations=int(budget) if budget else None))
    return tuple(players)


def parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or not key:
            raise click.BadParameter(f"{pair!r}: write KEY=VALUE", param_hint="--option")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


@click.command()
@click.option("--type", "type_", required=True, help="The game type.")
@click.option("--seats", type=click.IntRange(min=1), default=None, help="Seats per game (default: one per player).")
@click.option("--games", type=click.IntRange(min=1), default=None,
              help="Games to play (default: one per seat); duplicate seating rounds up to whole sets.")
@click.option("--player", "players", multiple=True, required=True,
              help="bot:LEVEL, bot:search:ITERATIONS or 'engine:CMD ...', with NAME= in front to name it; "
                   "one per seat.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Processes.")
@click.option("--move-seconds", type=click.FloatRange(min=0, min_open=True), default=10.0, show_default=True,
              help="An engine's time per decision; a late answer is played by the takeover bot.")
@click.option("--takeover", default=None, help="The bot level that plays an engine's failed decisions "
                                               "(default: the type's strongest hand-written level).")
@click.option("--duplicate/--no-duplicate", default=True, show_default=True,
              help="Play each seed once per rotation of the seats.")
@click.option("--seed", default=None, help="The seeds' base: game n gets SEED-n (default: drawn at random).")
@click.option("--option", "option_pairs", multiple=True, help=OPTION_HELP)
@click.option("--export", "export_dir", type=click.Path(file_okay=False), default=None,
              help="Write each game's replay document to DIR/<game id>.json.")
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON.")
def arena(type_: str, seats: int | None, games: int | None, players: tuple[str, ...], jobs: int,
          move_seconds: float, takeover: str | None, duplicate: bool, seed: str | None,
          option_pairs: tuple[str, ...], export_dir: str | None, as_json: bool) -> None:
    """Play engines (the bot protocol) and bot levels against each other offline, on the pure rules."""
    from arena.run import base_seed, schedule
    from arena.standings import standings
    from domain.core import SeatConfig
    from domain.core.seating import strongest_bot
    from domain.games import game_spec

    spec = game_spec(type_)
    contestants = parse_players(players, list(spec.bots))
    seats = seats if seats is not None else len(contestants)
    level = takeover if takeover is not None else strongest_bot(spec)
    if level not in spec.bots:
        raise click.BadParameter(f"unknown level {level!r}; levels: {', '.join(spec.bots)}", param_hint="--takeover")
    base, source = base_seed(seed)
    try:
        jobs_list = schedule(seats, len(contestants), games if games is not None else seats, base, duplicate)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    options = parse_options(option_pairs)
    # the seats, budgets and options checked here, before any process starts (InvalidCommand: one line, status 1)
    spec.normalize_config([SeatConfig.of(p.label, p.level, p.iterations) for p in contestants], options)
    if export_dir is not None:
        os.makedirs(export_dir, exist_ok=True)
    setup = Arena(type_, contestants, options, level, move_seconds, export_dir, source)
    summary = standings(setup, _play_with_progress(setup, jobs_list, jobs))
    if as_json:
        click.echo(json.dumps(summary, indent=1))
    else:
        _print_tables(summary)


def _play_with_progress(setup: Arena, jobs_list: list[Any], processes: int) -> list[Any]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from arena.run import play_all

    console = Console(stderr=True)
    with Progress(TextColumn(f"{setup.type_}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task("games", total=len(jobs_list))
        return play_all(setup, jobs_list, processes, lambda outcome: progress.advance(task))


def _print_tables(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table as Grid

    console = Console(file=sys.stdout)
    grid = Grid(title=f"{summary['games']} game(s) of {summary['type']}, {summary['seats']} seat(s)")
    for column in ("player", "games", "wins", "mean place", "mean score", "rating (95%)", "taken over"):
        grid.add_column(column, justify="left" if column == "player" else "right")
    for row in summary["players"]:
        rating = row["rating"]
        shown = "-" if rating is None else (f"{rating['mu']:.1f} ({rating['interval'][0]:.1f} to "
                                            f"{rating['interval'][1]:.1f})")
        taken = row["takeovers"]
        reasons = ", ".join(f"{count} {reason}" for reason, count in taken.items() if reason != "total" and count)
        grid.add_row(row["player"], str(row["games"]), str(row["wins"]), f"{row['mean_place']:.2f}",
                     f"{row['mean_score']:.1f}", shown,
                     f"{taken['total']} of {row['decisions']}" + (f" ({reasons})" if reasons else ""))
    console.print(grid)
    if summary["seats"] > 1:
        matrix = Grid(title="pairwise: row ahead of column / games together")
        labels = [row["player"] for row in summary["players"]]
        matrix.add_column("")
        for number in range(1, len(labels) + 1):
            matrix.add_column(str(number), justify="right")
        wins, met = summary["pairwise"]["wins"], summary["pairwise"]["games"]
        for number, a in enumerate(labels, start=1):
            matrix.add_row(f"{number} {a}", *("-" if a == b else f"{wins[a][b]}/{met[a][b]}" for b in labels))
        console.print(matrix)
