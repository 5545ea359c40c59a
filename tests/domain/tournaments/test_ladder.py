"""The ladder's matchmaking: fewest games first, nearest rating, the last opponent avoided while others wait."""

from __future__ import annotations

import pytest

from domain.tournaments.ladder import LadderWaiting, ladder_tables


def waiting(entrant: str, rating: float, games: int = 0, last: tuple[str, ...] = ()) -> LadderWaiting:
    return LadderWaiting(entrant=entrant, rating=rating, games=games, last_opponents=frozenset(last))


def test_the_entrant_with_fewest_games_opens_a_table_with_the_nearest_rating() -> None:
    tables = ladder_tables([waiting("a", 10, games=3), waiting("b", 30, games=1), waiting("c", 12, games=2),
                            waiting("d", 29, games=5)])
    assert tables == (("b", "d"), ("c", "a"))


def test_the_last_opponent_is_avoided_while_someone_else_waits() -> None:
    tables = ladder_tables([waiting("a", 10, 1, ("b",)), waiting("b", 11, 1, ("a",)), waiting("c", 40, 1)])
    assert tables == (("a", "c"),)


def test_two_entrants_meet_again_rather_than_wait_for_ever() -> None:
    assert ladder_tables([waiting("a", 10, 4, ("b",)), waiting("b", 11, 4, ("a",))]) == (("a", "b"),)


def test_the_odd_one_out_waits_and_tables_take_their_size() -> None:
    assert ladder_tables([waiting("a", 1), waiting("b", 2), waiting("c", 3)]) == (("a", "b"),)
    assert ladder_tables([waiting(x, i) for i, x in enumerate("abcdefg")], size=3) == (("a", "b", "c"),
                                                                                       ("d", "e", "f"))
    assert ladder_tables([waiting("a", 1)]) == ()
    with pytest.raises(ValueError):
        ladder_tables([waiting("a", 1)], size=1)


def test_ties_in_games_go_to_the_oldest_entry_and_equal_distances_to_fewer_games() -> None:
    tables = ladder_tables([waiting("a", 20, 2), waiting("b", 10, 2), waiting("c", 30, 3), waiting("d", 30, 2)])
    assert tables == (("a", "b"), ("d", "c"))
