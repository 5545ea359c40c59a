"""`trailhead replay show GAME [--at N]`: the game drawn for a person (the board and each seat's public state),
short, with the seats' names, whose turn it is and the values that matter; not a dump of the view."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from application.handler import GameService
from replays.rebuild import state_after
from service.cli import main
from support.handler import bot_game, open_games

MAX_LINES = 60


def money(amount: int) -> str:
    return f"${amount:,}"


#: For each type: the values of a seat's row that must show (from the spectator's view), by seat.
SEAT_VALUES: dict[str, Callable[[dict[str, Any], int], list[str]]] = {
    "hike": lambda view, seat: [f"field {view['mushers'][seat]['position']}"],
    "nanga-parbat": lambda view, seat: [str(view["seats"][seat]["score"])],
    "hitchiker": lambda view, seat: [money(view["players"][seat]["cash"]), money(view["players"][seat]["savings"])],
    "peaks": lambda view, seat: [f"{view['players'][seat]['stamina']}/{view['players'][seat]['stamina_level']}"],
    "hikes-of-the-west": lambda view, seat: [f"score {view['score']}", f"par {view['par']}"],
}
SEATS = {"hike": 3, "nanga-parbat": 2, "hitchiker": 3, "peaks": 3, "hikes-of-the-west": 1}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, GameService, dict[str, str]]]:
    database = str(tmp_path_factory.mktemp("show") / "games.sqlite")
    games = open_games(database)
    ids = {type_: bot_game(games, type_, f"show-{type_}", seats=seats) for type_, seats in SEATS.items()}
    yield database, games, ids
    games.store.close()


def show(database: str, *args: str) -> str:
    result = CliRunner().invoke(main, ["replay", "show", *args], env={"TRAILHEAD_DB": database, "REDIS_URL": "",
                                                                      "COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("type_", list(SEATS))
def test_a_game_under_way_is_drawn_short_with_names_turn_and_values(
        played: tuple[str, GameService, dict[str, str]], type_: str) -> None:
    database, games, ids = played
    game = games.load(ids[type_])
    events = games.store.events(game.record.id)
    at = game.version // 2
    while not game.spec.to_act(state_after(game.spec, events, at)):  # a moment when someone is to act
        at += 1
    state = state_after(game.spec, events, at)
    view = game.spec.view(state, None)
    names = seat_names(games, game)
    output = show(database, game.record.id, "--at", str(at))
    lines = output.splitlines()
    assert len(lines) < MAX_LINES, output
    assert f"after event {at} of {game.version}" in output, output
    to_act = ", ".join(names[seat] for seat in sorted(game.spec.to_act(state)))
    assert f"To act: {to_act}" in output, output
    for seat, name in enumerate(names):
        values = SEAT_VALUES[type_](view, seat)
        if type_ == "hikes-of-the-west":  # solo: the hiker's line
            assert any(name in line and all(value in line for value in values) for line in lines), output
        else:  # the seat's row in the table of seats
            assert any(line.lstrip().startswith(name) and all(value in line for value in values) for line in lines), (
                name, values, output)
    assert "{" not in output and "'" not in output.replace("'s", ""), output  # no dict or list dumped


@pytest.mark.parametrize("type_", list(SEATS))
def test_a_finished_game_shows_its_result_in_places(played: tuple[str, GameService, dict[str, str]],
                                                   type_: str) -> None:
    database, games, ids = played
    game = games.load(ids[type_])
    output = show(database, game.record.id)
    assert len(output.splitlines()) < MAX_LINES, output
    assert "Result:" in output and "To act" not in output, output
    standings = game.spec.result(game.state)["standings"]
    names = seat_names(games, game)
    best = min(standings, key=lambda row: row["place"])
    if len(standings) == 1:  # solo: the score, and whether it won
        won = "won" if game.spec.result(game.state)["winners"] else "did not win"
        assert f"Result: {names[0]} scored {best['score']} and {won}" in output, output
    else:
        assert f"first {names[best['seat']]}" in output, output


def seat_names(games: GameService, game: Any) -> list[str]:
    """The seats as GameCreated named them (these games have no open seats)."""
    first = games.store.events(game.record.id)[0]
    return [seat.name for seat in game.spec.events.decode_json(first.type, first.data_text).seats]


def test_an_at_beyond_the_game_is_refused_in_one_line(played: tuple[str, GameService, dict[str, str]]) -> None:
    database, games, ids = played
    result = CliRunner().invoke(main, ["replay", "show", ids["nanga-parbat"], "--at", "100000"],
                                env={"TRAILHEAD_DB": database, "REDIS_URL": ""})
    assert result.exit_code != 0 and "--at must be between 1 and" in result.output
