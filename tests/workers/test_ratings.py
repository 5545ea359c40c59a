"""Ratings (issue 15): which finished games count, what openskill makes of them, and the projection
writing them once per game on each backend, whatever its batches (a rebuild gives equal floats).
Over HTTP: tests/e2e/test_ratings_http.py."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from openskill.models import PlackettLuce

from application.auth import token_hash
from application.handler import GameService
from application.projections import PROJECTION, Projector
from application.ratings import ALL, RATED, marker, pools_of, rate_game
from domain.core import SeatConfig
from domain.core.seating import LeaveSeat
from storage import Rating, open_storage
from support.databases import rows
from support.handler import play_bots

from .conftest import REGISTRY, open_games, play_bot_game, snapshot

# A toy game's moves to its end (pile 3): no die is rolled, so the dealt cards decide. With exact
# client seeds, "duel-0" deals (8, 3): seat 0 wins; "duel-3" deals (1, 9): seat 1 wins; "duel-7"
# deals (2, 2): a tie.
MOVES = [(0, "Bid", {"amount": 1}), (1, "Bid", {"amount": 0}), (0, "Take", {"count": 2}), (1, "Take", {"count": 1})]


def seat(player: str | None = None, bot: str | None = None) -> dict[str, Any]:
    return {"name": "x", "player": player, "bot": bot}


def test_which_finished_games_count_and_in_which_pool() -> None:
    cases = [
        ([seat("a")], False, "solo", ()),
        ([seat("a"), seat("b")], False, "rated", (RATED, ALL)),
        ([seat("a"), seat("b")], True, "imported", (ALL,)),
        ([seat("a"), seat(bot="greedy")], False, "bots", (ALL,)),
        ([seat("a"), seat("b", bot="greedy")], False, "rated", (RATED, ALL)),  # b left: rated all the same
        ([seat(bot="random"), seat(bot="greedy")], False, "unrated", ()),  # no player at all
        ([seat("a"), seat()], False, "unrated", ()),  # a seat token's seat
    ]
    for seats, imported, expected, pools in cases:
        assert (marker(seats, imported), pools_of(marker(seats, imported))) == (expected, pools), seats


def test_a_free_for_all_with_ties_rates_as_openskill_does() -> None:
    model = PlackettLuce()
    known = Rating(RATED, "peaks", "p1", 27.5, 6.1, 4)
    seats = [seat(f"p{index}") for index in range(6)]
    standings = [{"seat": 0, "place": 3}, {"seat": 1, "place": 1}, {"seat": 2, "place": 3}, {"seat": 3, "place": 2},
                 {"seat": 4, "place": 5}, {"seat": 5, "place": 6}]
    rated = {r.entry: r for r in rate_game("peaks", RATED, seats, {"standings": standings}, {"p1": known})}
    teams = [[model.rating(mu=known.mu, sigma=known.sigma) if i == 1 else model.rating()] for i in range(6)]
    expected = model.rate(teams, ranks=[3, 1, 3, 2, 5, 6])
    for index, team in enumerate(expected):
        got = rated[f"p{index}"]
        assert (got.pool, got.type, got.mu, got.sigma) == (RATED, "peaks", pytest.approx(team[0].mu, abs=1e-12),
                                                           pytest.approx(team[0].sigma, abs=1e-12))
        assert got.games == (5 if index == 1 else 1)
    assert rated["p0"].mu == rated["p2"].mu  # tied, from the same prior
    by_rating = sorted(rated, key=lambda who: -rated[who].rating)
    assert (by_rating[0], by_rating[1], by_rating[-1]) == ("p1", "p3", "p5")  # first, second, last


def test_two_seats_of_one_bot_level_are_one_entry_at_the_better_place() -> None:
    seats = [seat("a"), seat(bot="greedy"), seat(bot="greedy")]
    standings = [{"seat": 0, "place": 2}, {"seat": 1, "place": 3}, {"seat": 2, "place": 1}]
    rated = {r.entry: r for r in rate_game("peaks", ALL, seats, {"standings": standings}, {})}
    model = PlackettLuce()
    a, bot = (team[0] for team in model.rate([[model.rating()], [model.rating()]], ranks=[2, 1]))
    assert sorted(rated) == ["a", "bot:greedy"]
    assert (rated["a"].mu, rated["bot:greedy"].mu) == (pytest.approx(a.mu), pytest.approx(bot.mu))
    assert rate_game("peaks", ALL, seats[1:], {"standings": [{"seat": 0, "place": 1}, {"seat": 1, "place": 2}]},
                     {}) == []  # one entry alone: nothing to rate


def new_player(games: GameService, name: str) -> str:
    player_id = uuid.uuid4().hex
    games.store.create_player(player_id, name, token_hash(uuid.uuid4().hex))
    return player_id


def duel(games: GameService, seed: str, first: str, second: str) -> str:
    """A toy game between two players (seat 0, seat 1), played to its end through the handler."""
    created = games.create("toy", [SeatConfig(name="first"), SeatConfig(name="second")], {"pile": 3}, seed,
                           players={0: first, 1: second})
    game_id = created.game.record.id
    for index, type_, args in MOVES:
        games.submit(game_id, index, type_, args)
    return game_id


@pytest.mark.both_backends  # floats and checkpoints as each backend stores them
def test_the_projection_rates_each_game_once_in_the_order_games_finish(database: str, rebuilt_snapshot) -> None:
    games = open_games(database)
    ann, bob, cid = (new_player(games, name) for name in ("Ann", "Bob", "Cid"))
    ids = [duel(games, "duel-0", ann, bob), duel(games, "duel-3", bob, cid), duel(games, "duel-7", ann, cid)]
    bots_only = play_bot_game(games, "toy", "bots-only", seats=2)
    store = open_storage(database)
    # every event a batch of its own: each game is rated in the run that sees it finish, on what the
    # runs before wrote (a rebuild, below, folds all of it in one batch)
    outcome = Projector(REGISTRY, batch=1).run(store)
    assert outcome.halted_at is None and outcome.applied == store.head_position()

    model = PlackettLuce()
    expected = {who: model.rating() for who in (ann, bob, cid)}
    for (first, second), ranks in (((ann, bob), [1, 2]), ((bob, cid), [2, 1]), ((ann, cid), [1, 1])):
        expected[first], expected[second] = (team[0] for team in model.rate([[expected[first]], [expected[second]]],
                                                                            ranks=ranks))
    for pool in (RATED, ALL):
        board = store.leaderboard("toy", pool)
        assert [row["player"] for row in board] == sorted(expected, key=lambda p: -expected[p].ordinal())
        for row in board:
            want = expected[row["player"]]
            assert (row["mu"], row["sigma"], row["games"]) == (pytest.approx(want.mu, abs=1e-12),
                                                               pytest.approx(want.sigma, abs=1e-12), 2)
            assert row["rating"] == pytest.approx(want.mu - 3 * want.sigma, abs=1e-12)
    assert {row["name"]: row["games"] for row in store.leaderboard("toy", RATED)} == {"Ann": 2, "Bob": 2, "Cid": 2}
    assert store.player_ratings(cid, RATED)["toy"]["mu"] == pytest.approx(expected[cid].mu, abs=1e-12)
    marked = dict(rows(database, "SELECT id, rated FROM game_summaries"))
    assert [marked[game_id] for game_id in (*ids, bots_only)] == ["rated", "rated", "rated", "unrated"]
    assert rows(database, "SELECT COUNT(*) FROM ratings WHERE entry LIKE ?", ["bot:%"]) == [(0,)]

    # a run again, or a run that lost the race for the checkpoint, rates nothing twice
    before = snapshot(database)
    assert Projector(REGISTRY).run(store).applied == 0
    stale = Rating(RATED, "toy", ann, 99.0, 1.0, 9)
    assert not store.write_projection(PROJECTION, 0, store.head_position(), [], None, None, [stale])
    assert snapshot(database) == before
    # a rebuild from scratch, in other batches, gives the very same floats
    assert rebuilt_snapshot(database) == before
    store.close()
    games.store.close()


def test_a_player_who_resigns_is_rated_last_whatever_the_bot_makes_of_the_seat(database: str, rebuilt_snapshot) -> None:
    games = open_games(database)
    ann, bob = new_player(games, "Ann"), new_player(games, "Bob")
    store = open_storage(database)
    projector = Projector(REGISTRY)
    created = games.create("toy", [SeatConfig(name="Ann"), SeatConfig(name="Bob")], {"pile": 3}, "duel-0",
                           players={0: ann, 1: bob})
    game_id = created.game.record.id
    for index, type_, args in MOVES[:2]:
        games.submit(game_id, index, type_, args)
        projector.run(store)
    games.seat_command(game_id, LeaveSeat(seat=0, resigned=True), 0, uuid.uuid4().hex)
    projector.run(store)
    while games.load(game_id).status != "finished":  # the bot plays Ann's seat; Bob takes a stone a turn
        if play_bots(games, game_id) == 0:
            games.submit(game_id, 1, "Take", {"count": 1})
        projector.run(store)
    assert rows(database, "SELECT rated FROM game_summaries") == [("rated",)]
    assert rows(database, "SELECT seat, bot, player FROM summary_seats ORDER BY seat") == [(0, "careful", ann),
                                                                                          (1, None, bob)]
    rated = sorted(rows(database, "SELECT pool, entry, games FROM ratings"))
    assert rated == sorted([(pool, who, 1) for pool in (RATED, ALL) for who in (ann, bob)])  # no bot entry
    model = PlackettLuce()
    loser, winner = (team[0] for team in model.rate([[model.rating()], [model.rating()]], ranks=[2, 1]))
    for pool in (RATED, ALL):  # Ann ranked last, as if she had lost, whatever the bot did with her seat
        board = {row["player"]: row for row in store.leaderboard("toy", pool)}
        assert [row["player"] for row in store.leaderboard("toy", pool)] == [bob, ann]
        assert (board[ann]["mu"], board[bob]["mu"]) == (pytest.approx(loser.mu), pytest.approx(winner.mu))
    assert snapshot(database) == rebuilt_snapshot(database)
    store.close()
    games.store.close()
