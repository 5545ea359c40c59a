"""Timelines read as a person tells a game: seats by their names (never "seat 1"), no internal event type name
(the CamelCase names of the game's EVENTS codec), places counted from 1 in words, a solo end with its reason.

Real bots-only games of every type, told as they ran (hidden events as a spectator or another seat may read
them) and once over, through replays.rebuild.timeline (what GET /timeline and `trailhead replay show` give).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from application.handler import GameService
from domain.core.wording import UNTOLD, ordinal, placings
from domain.core.seating import hand_written_levels
from domain.games import GAMES
from replays.rebuild import timeline
from support.handler import bot_game, open_games

SEAT_NUMBER = re.compile(r"\bseat \d", re.IGNORECASE)
CAMEL_CASE = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$")
# (type, seats, seed): every type at its fewest seats and one more where it takes more
GAMES_PLAYED = [(spec.id, count, f"words-{spec.id}-{count}")
                for spec in GAMES for count in sorted({spec.min_seats, min(spec.min_seats + 1, spec.max_seats)})]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameService]:
    service = open_games(tmp_path_factory.mktemp("words") / "games.sqlite")
    yield service
    service.store.close()


def internal_names(type_: str) -> list[str]:
    spec = next(spec for spec in GAMES if spec.id == type_)
    return [name for name in spec.events.types if CAMEL_CASE.match(name)]


@pytest.mark.parametrize(("type_", "seats", "seed"), GAMES_PLAYED)
def test_every_timeline_line_calls_seats_by_name_and_no_event_by_its_type(games: GameService, type_: str,
                                                                         seats: int, seed: str) -> None:
    game_id = bot_game(games, type_, seed, seats=seats)
    spec = games.registry(type_)
    events = games.store.events(game_id)
    names = internal_names(type_)
    told = {}
    for viewer in (None, *range(seats)):
        for finished in (False, True):  # as it ran (hidden events hidden from others) and once over
            for entry in timeline(spec, events, viewer, finished):
                line = entry["text"]
                assert not SEAT_NUMBER.search(line), (viewer, finished, entry)
                assert not [name for name in names if re.search(rf"\b{name}\b", line)], (viewer, finished, entry)
                assert line != UNTOLD, entry
                told[line] = entry
    seat_names = [f"{level}-{index}" for index, level in
                  ((i, hand_written_levels(spec)[i % len(hand_written_levels(spec))]) for i in range(seats))]
    # an event about a seat names it: its line holds that seat's name
    for entry in timeline(spec, events, None, True):
        event = events[entry["seq"] - 1]
        about = getattr(spec.events.decode_json(event.type, event.data_text), "seat", None)
        if isinstance(about, int) and type_ != "hikes-of-the-west":
            assert seat_names[about] in entry["text"], entry
    if type_ != "hikes-of-the-west":  # a solo game names its hiker once, in its first line
        for name in seat_names:
            assert any(name in line for line in told), (name, list(told)[:20])


def test_a_hidden_event_is_told_by_what_happened_not_by_its_type(games: GameService) -> None:
    game_id = bot_game(games, "hikes-of-the-west", "words-hidden")
    spec = games.registry("hikes-of-the-west")
    entries = timeline(spec, games.store.events(game_id), None, False)
    shuffled = next(entry for entry in entries if entry["type"] == "DeckShuffled")
    assert shuffled["text"] == "The deck was shuffled"
    hike = games.registry("hike")
    game_id = bot_game(games, "hike", "words-hidden", seats=2)
    first, second = (f"{level}-{seat}" for seat, level in enumerate(list(hike.bots)[:2]))
    dealt = [entry for entry in timeline(hike, games.store.events(game_id), 0, False) if entry["type"] == "CardsDealt"]
    # seat 0 reads its own deal; the other's is told by whom it went to, not what
    assert [entry["text"] for entry in dealt[:2]] == [f"{first} was dealt 2 cards", f"{second} was dealt cards"]


def test_a_solo_game_says_why_it_ended(games: GameService) -> None:
    spec = games.registry("hikes-of-the-west")
    for seed in ("words-solo-1", "words-solo-2", "words-solo-3", "words-solo-4"):
        game_id = bot_game(games, "hikes-of-the-west", seed, level="random")
        last = timeline(spec, games.store.events(game_id), None, True)[-1]
        result = spec.result(games.load(game_id).state)
        assert last["type"] == "GameFinished"
        over = result["score"] - result["par"]
        if result["stranded"]:
            assert last["text"].startswith(f"Stranded: out of dice after {result['completed']} of 3 hikes"), last
        else:
            assert last["text"].startswith("All 3 hikes completed"), last
        assert (f"{over} over par" if over > 0 else "under par" if over < 0 else "made par") in last["text"], last


def test_places_are_counted_from_one_in_words() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 10, 11, 12, 13, 21, 22, 23, 101)] == [
        "first", "second", "third", "tenth", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st"]
    assert placings(("Ann", "Bob", "Cid"), (2, 0)) == "first Cid, second Ann"


def test_seating_lines_name_the_seats(client: FlaskClient, tmp_path: Path) -> None:
    """Open seats, a join and a leave, over the API's timeline: names, never seat numbers."""
    ann = client.post("/api/v1/players", json={"name": "Ann"}).get_json()
    bob = client.post("/api/v1/players", json={"name": "Bob"}).get_json()
    created = client.post("/api/v1/games", json={"type": "nanga-parbat", "seed": "seating-words",
                                                 "seats": [{"player": ann["id"]}, {"open": True}],
                                                 "turn_seconds": 600}).get_json()
    game_id = created["id"]
    assert client.post(f"/api/v1/games/{game_id}/join", headers={"Authorization": f"Bearer {bob['key']}"}
                       ).status_code == 201
    left = client.post(f"/api/v1/games/{game_id}/leave", headers={"Authorization": f"Bearer {bob['key']}"})
    assert left.status_code in (200, 201), left.get_json()
    lines = [entry["text"] for entry in client.get(f"/api/v1/games/{game_id}/timeline").get_json()["entries"]]
    assert not [line for line in lines if SEAT_NUMBER.search(line)], lines
    assert "The table is set: 1 seat open for players to join; 600 s per decision" in lines
    assert "Bob joined the table" in lines
    assert any(line.startswith("Bob left; the ") for line in lines), lines
