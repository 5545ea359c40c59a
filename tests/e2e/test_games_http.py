"""Whole games of every registered type over real HTTP against `trailhead serve`, checked against openapi.yaml.

The server is conftest.py's module fixture (gunicorn, two workers, inline jobs); every request
and response goes through contract.py's `Api`, which validates both against openapi.yaml.
Games are created with a fixed `seed` and the human seats choose with a seeded random.Random
among the actions the server lists, so every game here is the same game on every run.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from e2e.contract import Api

from domain.games import GAMES
from application.chain import GENESIS_HASH

API = "/api/v1"
HUMAN = 0  # the human seat of every mixed game here
MAX_COMMANDS = 2000  # per game: far more than any game here takes
TURN_SECONDS = 60  # how long a human waits for the bots to answer (they play after the response)

pytestmark = pytest.mark.slow  # a real server, real processes


@pytest.fixture(scope="module")
def module_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """SQLite only: these whole games test the games and the contract, not the storage. Both backends
    serve e2e/test_http.py, e2e/test_players_http.py and the store tests (the suite's time budget)."""
    return str(tmp_path_factory.mktemp("database") / "trailhead.sqlite")


# -- the client side of a game ---------------------------------------------------------------


class Player:
    """A human seat: its token, and a seeded choice among the actions the server lists for it."""

    def __init__(self, api: Api, game_id: str, seat: int, token: str, rng_seed: int) -> None:
        self.api = api
        self.game_id = game_id
        self.seat = seat
        self.token = token
        self.rng = random.Random(rng_seed)
        self.sent = 0
        self.url = f"{API}/games/{game_id}"

    def view(self) -> dict[str, Any]:
        game = self.api.call("GET", self.url, 200, token=self.token).json()
        assert game["you"] == self.seat
        return game

    def actions(self) -> dict[str, Any]:
        listed = self.api.call("GET", f"{self.url}/actions", 200, token=self.token).json()
        assert listed["seat"] == self.seat
        return listed

    def send(self, action: dict[str, Any], version: int, expect: int | None = 201, **extra: Any) -> dict[str, Any]:
        """Submit a listed action as it is, decided on `version`; the events come back as this seat may see them.

        With `expect` None, a 201 or a 409 (a bot moved first) is accepted.
        """
        body = {"type": action["type"], "args": action["args"], "expected_version": version,
                "command_id": f"seat{self.seat}-{self.sent}", **extra}
        response = self.api.call("POST", f"{self.url}/commands", expect or (201, 409), token=self.token,
                                 json=body).json()
        if response.get("status") == 409 and expect is None:
            return response
        if expect in (201, None):
            self.sent += 1
            assert response["version"] > version and response["events"], response
            assert [e["seq"] for e in response["events"]] == list(range(version + 1, response["version"] + 1))
            assert response["events"][-1]["hash"] == response["head_hash"]
            for event in response["events"]:
                assert event["seat"] == self.seat and event["command_id"] == body["command_id"], event
                check_envelope(event, self.seat, finished=None)
        return response

    def await_turn(self) -> dict[str, Any]:
        """This seat's view once it is to act or the game is over (the bots move without being asked)."""
        deadline = time.monotonic() + TURN_SECONDS
        while True:
            game = self.view()
            if game["status"] == "finished" or self.seat in game["to_act"]:
                return game
            assert time.monotonic() < deadline, f"seat {self.seat} waited {TURN_SECONDS}s; to act: {game['to_act']}"
            time.sleep(0.05)


def create(api: Api, type_: str, seats: list[dict[str, Any]], seed: str,
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"type": type_, "seats": seats, "seed": seed}
    if options is not None:
        body["options"] = options
    response = api.call("POST", f"{API}/games", 201, json=body)
    created = response.json()
    assert response.headers["Location"] == f"{API}/games/{created['id']}"
    assert created["type"] == type_ and created["seed_source"] == "mixed"
    # the client's seed is mixed with the server's 256 bits: the commitment is not the client seed's
    assert created["seed_commitment"] != hashlib.sha256(seed.encode()).hexdigest()
    assert [s["index"] for s in created["seats"]] == list(range(len(seats)))
    for requested, seat in zip(seats, created["seats"], strict=True):
        assert seat["bot"] == requested.get("bot")
        assert ("token" in seat) is (requested.get("bot") is None), seat  # tokens for human seats only
    return created


def human_at(api: Api, created: dict[str, Any], seat: int, rng_seed: int) -> Player:
    return Player(api, created["id"], seat, created["seats"][seat]["token"], rng_seed)


def game_types(api: Api) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in api.call("GET", f"{API}/game-types", 200).json()}


def strongest(api: Api, type_: str) -> str:
    """The strongest hand-written bot level: game types list theirs weakest first (`search` aside)."""
    levels = game_types(api)[type_]["bots"]
    assert "random" in levels and len(levels) >= 2, levels
    return str([level for level in levels if level != "search"][-1])


def read_log(api: Api, game_id: str, token: str | None = None) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    after = 0
    while True:
        page = api.call("GET", f"{API}/games/{game_id}/events", 200, token=token,
                        params={"after": after, "limit": 1000}).json()
        events += page["events"]
        if not page["has_more"]:
            return events
        after = page["next"]


def check_envelope(event: dict[str, Any], viewer: int | None, finished: bool | None) -> None:
    """Data shown iff public, the viewer's own, or the game is over (None: either); redacted means data null."""
    visibility = event["visibility"]
    assert visibility == "public" or isinstance(visibility, list), event
    secret = visibility != "public" and viewer not in visibility
    if finished is None:  # a command's response: it may be the command that ended the game
        assert not event["redacted"] or secret, event
    else:
        assert event["redacted"] is (secret and not finished), event
    assert (event["data"] is None) is event["redacted"], event


def check_log(api: Api, game_id: str, viewer: Player | None, finished: bool,
              earlier: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Read the whole log as `viewer` (None: a spectator) and check what it shows; returns it."""
    seat = None if viewer is None else viewer.seat
    log = read_log(api, game_id, None if viewer is None else viewer.token)
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    assert log[0]["type"] == "GameCreated" and log[0]["prev_hash"] == GENESIS_HASH
    for event in log:
        assert event["game_id"] == game_id
        check_envelope(event, seat, finished)
    for previous, event in itertools.pairwise(log):  # a chain: each event links to the one before
        assert event["prev_hash"] == previous["hash"]
    if earlier is not None:  # an append-only log: what was read before is still there, hash for hash
        assert [e["hash"] for e in log[: len(earlier)]] == [e["hash"] for e in earlier]
    return log


def finish_checks(api: Api, game: dict[str, Any], seats: int) -> dict[str, Any]:
    """A finished game: standings for every seat, the seed revealed, and an audit with every check ok."""
    assert game["status"] == "finished" and game["to_act"] == [], game["to_act"]
    result = game["result"]
    assert result is not None
    assert sorted(s["seat"] for s in result["standings"]) == list(range(seats)), result
    assert all(1 <= s["place"] <= seats for s in result["standings"]), result
    assert min(s["place"] for s in result["standings"]) == 1, result
    assert set(result["winners"]) <= set(range(seats))
    assert hashlib.sha256(game["seed"].encode()).hexdigest() == game["seed_commitment"]
    parts = game["seed_parts"]  # both parts revealed at the end
    assert game["seed_source"] == "mixed" and f"{parts['server']}:{parts['client']}" == game["seed"]
    assert len(parts["server"]) == 64
    audit = api.call("GET", f"{API}/games/{game['id']}/audit", 200,
                     params={"head": game["head_hash"]}).json()
    assert audit["status"] == "ok" and audit["ok"] is True and audit["failure"] is None, audit
    assert audit["events"] == game["version"] and audit["head_hash"] == game["head_hash"], audit
    assert set(audit["checks"]) >= {"chain", "head", "rules_version", "seed_commitment", "rederivation"}, audit
    assert set(audit["checks"].values()) == {"ok"}, audit["checks"]
    return audit


def play(player: Player, choose: Callable[[dict[str, Any], list[dict[str, Any]]], dict[str, Any] | None]
         | None = None, inspect: Callable[[dict[str, Any], dict[str, Any]], None] | None = None,
         ) -> Iterator[tuple[dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """The human's turns: yields (its view, the listed actions, the action sent, the response) until the end.

    `choose(view, actions)` may pick the action (None: the seeded random choice); `inspect(view, listed)`
    looks at the game before each command, when the view and the listing are of one version.
    Bots play after each response, so a bot acting at the same time as the human can move the
    game between the view, the listing and the command: then the human reads again, as any
    client does (a moved listing, or a 409 for its command).
    """
    conflicts = 0
    for _ in range(MAX_COMMANDS):
        game = player.await_turn()
        if game["status"] == "finished":
            return
        listed = player.actions()
        if listed["version"] != game["version"]:
            conflicts += 1
            continue
        assert listed["actions"], (game["to_act"], listed)
        if inspect is not None:
            inspect(game, listed)
        action = (choose(game, listed["actions"]) if choose else None) or player.rng.choice(listed["actions"])
        assert action in listed["actions"]
        sent = player.send(action, listed["version"], expect=None)
        if sent.get("status") == 409:
            assert sent["current_version"] > listed["version"], sent
            conflicts += 1
            continue
        yield game, listed, action, sent
    pytest.fail(f"the game did not end within {MAX_COMMANDS} commands of seat {player.seat} ({conflicts} re-reads)")


# -- 1. Hike!: four bots ---------------------------------------------------------------------


def test_hike_four_bots_play_to_the_end_and_the_audit_passes(api: Api) -> None:
    strong = strongest(api, "hike")
    seats = [{"name": f"musher-{i}", "bot": "random" if i % 2 == 0 else strong} for i in range(4)]
    created = create(api, "hike", seats, seed="e2e-hike-four-bots")
    url = f"{API}/games/{created['id']}"
    assert created["status"] == "active", "no bot plays inside the create request"

    deadline = time.monotonic() + 90
    while (game := api.call("GET", url, 200).json())["status"] != "finished":
        assert time.monotonic() < deadline, f"the bots did not finish: version {game['version']}"
        time.sleep(0.1)

    assert game["you"] is None and [s["bot"] for s in game["seats"]] == [s["bot"] for s in seats]
    finish_checks(api, game, 4)
    log = check_log(api, created["id"], None, finished=True)
    assert len(log) == game["version"] and log[-1]["hash"] == game["head_hash"]
    moved = {e["seat"] for e in log if e["seat"] is not None}
    assert moved == {0, 1, 2, 3}, moved  # every bot played its seat
    assert all(e["command_id"].startswith("bot:") for e in log if e["seat"] is not None)
    assert api.call("GET", f"{url}/actions", 200).json()["actions"] == []


# -- 2. Nanga Parbat: a human against the strong bot ------------------------------------------


@pytest.mark.parametrize("options", [None, {"area_scoring": True}, {"whole_last_turn": True}],
                         ids=["standard", "area-scoring", "whole-last-turn"])
def test_nanga_parbat_human_against_the_strong_bot(api: Api, options: dict[str, Any] | None) -> None:
    strong = strongest(api, "nanga-parbat")
    scoring = bool(options and options.get("area_scoring"))
    whole = bool(options and options.get("whole_last_turn"))
    suffix = "-whole" if whole else ""
    created = create(api, "nanga-parbat", [{"name": "climber"}, {"name": "sherpa", "bot": strong}],
                     seed=f"e2e-nanga-parbat-{scoring}{suffix}", options=options)
    human = human_at(api, created, HUMAN, rng_seed=8 if scoring else 7)
    bot = 1
    first = human.await_turn()
    assert first["state"]["area_scoring"] is scoring
    assert first["state"]["whole_last_turn"] is whole and first["state"]["rules_version"] == 4

    # The human's token cannot act for the bot's seat, whatever it sends: 403, and nothing is appended.
    listed = human.actions()
    action = listed["actions"][0]
    human.send(action, listed["version"], expect=403, seat=bot)
    assert human.view()["version"] == listed["version"]

    bot_answered = 0
    for game, _, _, sent in play(human):
        assert bot not in game["to_act"], "the human waits on the bot"
        after = human.await_turn()
        assert after["status"] == "finished" or after["to_act"] == [HUMAN], after["to_act"]
        if after["version"] > sent["version"]:  # the bot moved in between, nobody asked it to
            bot_answered += 1
    assert human.sent >= 10 and bot_answered >= 3, (human.sent, bot_answered)

    final = human.view()
    assert final["state"]["area_scoring"] is scoring
    finish_checks(api, final, 2)
    log = check_log(api, created["id"], None, finished=True)
    bot_events = [e for e in log if e["seat"] == bot]
    assert bot_events and all(e["command_id"].startswith("bot:") for e in bot_events)
    assert {e["command_id"] for e in log if e["seat"] == HUMAN} == {f"seat0-{n}" for n in range(human.sent)}
    over = human.send(action, final["version"], expect=422)
    assert "over" in over["detail"], over


def test_nanga_parbat_out_of_turn_is_422_and_another_seat_is_403(api: Api) -> None:
    created = create(api, "nanga-parbat", [{"name": "north"}, {"name": "south"}], seed="e2e-nanga-parbat-humans")
    players = [human_at(api, created, 0, 1), human_at(api, created, 1, 2)]
    game = players[0].view()
    assert len(game["to_act"]) == 1, game["to_act"]  # one seat at a time in Nanga Parbat
    mover = players[game["to_act"][0]]
    waiter = players[1 - mover.seat]
    assert waiter.actions()["actions"] == []  # not its turn: nothing listed
    listed = mover.actions()
    action = listed["actions"][0]

    refused = waiter.send(action, listed["version"], expect=422)
    assert "turn" in refused["detail"], refused
    waiter.send(action, listed["version"], expect=403, seat=mover.seat)
    mover.send(action, listed["version"], expect=403, seat=waiter.seat)
    assert mover.view()["version"] == listed["version"]  # nothing appended
    mover.send(action, listed["version"], seat=mover.seat)  # naming its own seat is fine


# -- 3. Hitchiker: a bet at the casino --------------------------------------------------------

BETS = {"PlaceWager": "WagerPlaced", "Ante": "AntePaid", "Bet": "BetPlaced"}  # casino bet -> its event
CASINO_PHASES = {"blackjack_wagers", "holdem_ante", "holdem_betting"}
CASINO_SEEDS = 8


def casino_bet(player: Player) -> Callable[[dict[str, Any], list[dict[str, Any]]], dict[str, Any] | None]:
    """A chooser that bets (one of the listed bets, seeded) whenever a casino round asks this seat for one."""

    def choose(game: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any] | None:
        offered = [a for a in actions if a["type"] in BETS]
        if not offered or game["state"]["phase"] not in CASINO_PHASES:
            return None
        assert game["state"]["casino"] is not None, game["state"]
        return player.rng.choice(offered)

    return choose


def test_hitchiker_human_bets_at_a_casino_and_the_game_ends(api: Api) -> None:
    strong = strongest(api, "hitchiker")
    seats = [{"name": "thumb"}, {"name": "hustler", "bot": strong}, {"name": "drifter", "bot": "random"}]
    bets: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = []
    tried = []
    for attempt in range(CASINO_SEEDS):  # a casino where the human bets is likely, not certain: a few games
        created = create(api, "hitchiker", seats, seed=f"e2e-hitchiker-casino-{attempt}", options={"round_limit": 8})
        human = human_at(api, created, HUMAN, rng_seed=attempt)
        for game, _, action, sent in play(human, casino_bet(human)):
            assert game["state"]["round_limit"] == 8
            if action["type"] in BETS and game["state"]["phase"] in CASINO_PHASES:
                bets.append((game, action, sent))
        final = human.view()
        finish_checks(api, final, 3)
        assert 1 <= final["state"]["round"] <= 8, final["state"]["round"]
        tried.append(human.sent)
        # seeds are mixed with server bits, so which tables the human meets varies: play on until a
        # bet was made at a table where another seat was to act too
        if any(len(table_when_chosen(api, game, sent)[0]["to_act"]) >= 2 for game, _, sent in bets):
            break
    assert bets, f"no casino bet for the human in {CASINO_SEEDS} games of {tried} commands"

    for game, action, sent in bets:  # each bet was taken (201) and recorded as the human's
        placed = [e for e in sent["events"] if e["type"] == BETS[action["type"]]]
        assert placed and placed[0]["data"]["seat"] == HUMAN, sent["events"]
        if action["type"] != "Ante":
            assert placed[0]["data"]["amount"] == action["args"]["amount"], (action, placed[0])

    # Several seats bet at once: when the casino game was chosen, the human and a bot were both to act,
    # and the bot (played by the server first) had bet before the human did.
    shared = [(game, sent) for game, _, sent in bets if len(table_when_chosen(api, game, sent)[0]["to_act"]) >= 2]
    assert shared, f"no bet of the human at a table shared with a bot in {len(tried)} games"
    game, sent = shared[0]
    at_the_table, opened, log = table_when_chosen(api, game, sent)
    bet_seq = sent["events"][0]["seq"]
    assert HUMAN in at_the_table["to_act"], at_the_table["to_act"]
    bots_bet = {e["seat"] for e in log if opened < e["seq"] < bet_seq} - {None, HUMAN}
    assert bots_bet & set(at_the_table["to_act"]), (bots_bet, at_the_table["to_act"])


def table_when_chosen(api: Api, game: dict[str, Any], sent: dict[str, Any]) -> tuple[dict[str, Any], int, list[Any]]:
    """The game as it stood when the casino game of a bet was chosen, that seq, and the game's log."""
    bet_seq = sent["events"][0]["seq"]
    log = check_log(api, game["id"], None, finished=True)
    chosen = [e for e in log if e["type"] == "CasinoGameChosen" and e["seq"] < bet_seq][-1]
    opened = max(e["seq"] for e in log if e["command_id"] == chosen["command_id"])
    return api.call("GET", f"{API}/games/{game['id']}/replay", 200, params={"at": opened}).json(), opened, log


# -- 4. Peaks: a tag-along question answered by the human ------------------------------------


def test_peaks_human_answers_a_tag_along_and_the_game_ends(api: Api) -> None:
    strong = strongest(api, "peaks")
    seats = [{"name": "alpinist"}, {"name": "guide", "bot": strong}, {"name": "rambler", "bot": "random"}]
    created = create(api, "peaks", seats, seed="e2e-peaks-tag-along")
    human = human_at(api, created, HUMAN, rng_seed=11)
    answers: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = []

    def answer(game: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any] | None:
        questions = [a for a in actions if a["type"] in ("TagAlong", "StayBehind")]
        climb = game["state"]["climb"]
        if not questions:
            return None
        # rules version 2 lists the seat's bonus cards at every decision (to afford the tag-along, say)
        assert {a["type"] for a in actions} <= {"TagAlong", "StayBehind", "DiscardBonusCard"}, actions
        assert climb is not None and climb["climber"] != HUMAN, climb  # asked on another seat's climb
        assert game["state"]["step"]["kind"] == "tag_along" and game["state"]["step"]["seat"] == HUMAN
        return human.rng.choice(questions)

    for game, _, action, sent in play(human, answer):
        if action["type"] in ("TagAlong", "StayBehind"):
            answers.append((game, action, sent))
    assert answers, "the human was never asked to tag along"
    for _, action, sent in answers:  # each answer was taken (201) and recorded as the human's
        answered = {"TagAlong": "TaggedAlong", "StayBehind": "StayedBehind"}[action["type"]]
        assert [e["data"]["seat"] for e in sent["events"] if e["type"] == answered] == [HUMAN], sent["events"]
        if action["type"] == "TagAlong":
            assert [e["data"]["companions"] for e in sent["events"] if e["type"] == answered] == [
                action["args"]["companions"]]

    final = human.view()
    finish_checks(api, final, 3)


# -- 5. Every game type: listed actions, seat versus spectator views, redacted events ---------

# Where a seat's view may differ from a spectator's: what each game's views.py builds for the viewer only
# (its seat number, its own hand or cards, its own vote, the ranges of its own bet). A spectator sees
# null there, or nothing; everywhere else the two views are the same.
OWN = {
    "hike": {"you", "hand"},
    "hikes-of-the-west": set(),
    "nanga-parbat": {"viewer"},
    "hitchiker": {"you", "pending.your_vote", "casino.your_cards", "casino.wager_range", "casino.to_call",
                  "casino.bet_range", "casino.raise_range"},
    "peaks": {"you", f"players.{HUMAN}.bonus_cards"},
}
ALWAYS_DIFFERENT = {  # the seat's own that a seat always sees and a spectator never does
    "hike": {"you", "hand"},
    "hikes-of-the-west": set(),
    "nanga-parbat": {"viewer"},
    "hitchiker": {"you"},
    "peaks": {"you", f"players.{HUMAN}.bonus_cards"},
}
OPEN_INFORMATION = {"nanga-parbat"}  # its views.py: "All information is open in Nanga Parbat"
OPTIONS = {"hitchiker": {"round_limit": 12}}
MIN_COMMANDS = 30
LOG_EVERY = 10  # read the whole log every this many commands

MISSING = object()


def differences(seat: Any, spectator: Any, path: str = "") -> Iterator[tuple[str, Any, Any]]:
    """(path, the seat's value, the spectator's value) wherever the two views differ."""
    if isinstance(seat, dict) and isinstance(spectator, dict):
        for key in sorted(set(seat) | set(spectator)):
            yield from differences(seat.get(key, MISSING), spectator.get(key, MISSING),
                                   f"{path}.{key}" if path else key)
    elif isinstance(seat, list) and isinstance(spectator, list) and len(seat) == len(spectator):
        for index, (a, b) in enumerate(zip(seat, spectator)):
            yield from differences(a, b, f"{path}.{index}" if path else str(index))
    elif seat != spectator or type(seat) is not type(spectator):
        yield path, seat, spectator


def value_at(view: Any, path: str) -> Any:
    for key in path.split("."):
        if isinstance(view, dict):
            view = view.get(key, MISSING)
        elif isinstance(view, list) and key.isdigit() and int(key) < len(view):
            view = view[int(key)]
        else:
            return MISSING
    return view


def check_views(type_: str, seat_game: dict[str, Any], spectator_game: dict[str, Any]) -> set[str]:
    """A spectator sees nothing of the seat's own; the two views differ only there. Returns where they differ."""
    assert spectator_game["you"] is None and spectator_game["version"] == seat_game["version"]
    for key in ("status", "to_act", "head_hash", "result", "seats"):
        assert spectator_game[key] == seat_game[key], key
    assert "token" not in str(spectator_game["seats"])
    seat_view, spectator_view = seat_game["state"], spectator_game["state"]
    for path in OWN[type_]:
        assert value_at(spectator_view, path) in (None, MISSING), (path, value_at(spectator_view, path))
    found = set()
    for path, mine, theirs in differences(seat_view, spectator_view):
        assert path in OWN[type_], f"{type_}: the seat's and the spectator's views differ at {path}: {mine!r} / {theirs!r}"
        assert theirs is None or theirs is MISSING, (path, theirs)
        if path.split(".")[-1] in ("you", "viewer"):
            assert mine == HUMAN
        found.add(path)
    return found


def mixed_seats(api: Api, type_: str) -> list[dict[str, Any]]:
    """The human in seat 0, then bots up to three seats (random first, the strong level next).

    A solo game (Hikes of the West seats one) has the human alone.
    """
    kind = game_types(api)[type_]
    count = max(kind["min_seats"], min(3, kind["max_seats"]))
    levels = ["random", strongest(api, type_)]
    return [{"name": "human"}] + [{"name": f"bot-{i}", "bot": levels[(i - 1) % 2]} for i in range(1, count)]


class Watcher:
    """Before each of the human's commands: the spectator's view and actions, and the log."""

    def __init__(self, api: Api, type_: str, human: Player) -> None:
        self.api = api
        self.type_ = type_
        self.human = human
        self.differed: set[str] = set()
        self.hidden_seen = 0
        self.spectator_log: list[dict[str, Any]] = []
        self.seat_log: list[dict[str, Any]] = []

    def __call__(self, game: dict[str, Any], listed: dict[str, Any]) -> None:
        watched = self.api.call("GET", self.human.url, 200).json()
        if watched["version"] != game["version"]:
            return  # a bot acting beside the human moved the game meanwhile: compare on a later turn
        self.differed |= check_views(self.type_, game, watched)
        spectator_actions = self.api.call("GET", f"{self.human.url}/actions", 200).json()
        assert spectator_actions["seat"] is None and spectator_actions["actions"] == [], spectator_actions
        if self.human.sent % LOG_EVERY == 0:
            spectator = check_log(self.api, game["id"], None, finished=False, earlier=self.spectator_log)
            seat = check_log(self.api, game["id"], self.human, finished=False, earlier=self.seat_log)
            common = min(len(spectator), len(seat))  # a bot may have moved between the two reads
            assert [e["hash"] for e in spectator[:common]] == [e["hash"] for e in seat[:common]]
            self.hidden_seen += sum(e["redacted"] for e in spectator)
            self.spectator_log, self.seat_log = spectator, seat


@pytest.mark.parametrize("type_", [spec.id for spec in GAMES])
def test_every_game_listed_actions_views_and_redacted_events(api: Api, type_: str) -> None:
    assert type_ in game_types(api)
    seats = mixed_seats(api, type_)
    total, games, differed, hidden_seen = 0, 0, set(), 0
    while total < MIN_COMMANDS:  # most games take one; a short one is followed by another
        assert games < 4, f"{type_}: {total} commands in {games} games"
        created = create(api, type_, seats, seed=f"e2e-{type_}-{games}", options=OPTIONS.get(type_))
        human = human_at(api, created, HUMAN, rng_seed=100 + games)
        watcher = Watcher(api, type_, human)
        for _ in play(human, inspect=watcher):
            pass  # every listed action is sent as it is, with the version it was listed at: play() asserts the 201
        total += human.sent
        games += 1
        differed |= watcher.differed
        hidden_seen += watcher.hidden_seen

        final, watched = human.view(), api.call("GET", human.url, 200).json()
        check_views(type_, final, watched)
        finish_checks(api, final, len(seats))
        # After the end the log is open to anyone, with the hashes it had while it was hidden; what was
        # redacted for the spectator was exactly what was not public.
        earlier = watcher.spectator_log
        log = check_log(api, created["id"], None, finished=True, earlier=earlier)
        assert not [e for e in log if e["redacted"]]
        assert [e["redacted"] for e in earlier] == [e["visibility"] != "public" for e in log[: len(earlier)]]
    assert total >= MIN_COMMANDS
    assert differed >= ALWAYS_DIFFERENT[type_], differed
    if type_ not in OPEN_INFORMATION:  # the spectator saw face-down cards or deck orders redacted
        assert hidden_seen > 0, f"{type_}: no hidden event was ever redacted for the spectator"
