"""The same seed gives the same pairings and game seeds; events round-trip through the codec; the fold is
the same whether folded at once or step by step."""

from __future__ import annotations

import hashlib

import pytest
from tournament_scenario import Run, create, lowest_id_wins

from domain.core import canonical_bytes
from domain.tournaments import COMMANDS, EVENTS, fold_tournament, game_seed, game_seed_commitment, starting_order
from domain.tournaments.events import CreateTournament, Entrant, RecordResult, TimeControl


def played(seed: str, format: str = "swiss", **settings: object) -> Run:
    run = Run(create(format, entrants=9, **settings), seed=seed)  # type: ignore[arg-type]
    run.to_the_end(lowest_id_wins)
    return run


def encoded(run: Run) -> list[tuple[str, str]]:
    return [EVENTS.encode_json(event) for event in run.events]


@pytest.mark.parametrize("format", ["swiss", "round_robin"])
def test_the_same_seed_gives_byte_identical_events(format: str) -> None:
    assert encoded(played("one", format)) == encoded(played("one", format))


def test_another_seed_gives_other_game_seeds_and_another_order() -> None:
    one, other = played("one").state, played("other").state
    assert one.order != other.order
    assert not {g.seed_commitment for g in one.games} & {g.seed_commitment for g in other.games}


def test_each_game_commits_to_the_seed_derived_for_its_round_and_table() -> None:
    run = played("one", duplicate=True)
    for game in run.state.games:
        seed = game_seed("one", game.round, game.table)
        assert game.seed_commitment == hashlib.sha256(seed.encode()).hexdigest()
        assert game.seed_commitment == game_seed_commitment("one", game.round, game.table)
    assert len({game_seed("one", r, t) for r in range(1, 6) for t in range(1, 6)}) == 25
    assert game_seed("one", 1, 2) != game_seed("one", 2, 1)


def test_the_tournament_commits_to_its_seed() -> None:
    run = played("one")
    assert run.state.created.seed_commitment == hashlib.sha256(b"one").hexdigest()


def test_the_starting_order_is_a_seeded_shuffle_of_the_joining_order() -> None:
    entrants = [f"e{i}" for i in range(12)]
    assert starting_order("s", entrants) == starting_order("s", entrants)
    assert sorted(starting_order("s", entrants)) == sorted(entrants)
    assert starting_order("s", entrants) != starting_order("t", entrants)


def test_every_event_round_trips_through_the_codec() -> None:
    run = played("one", duplicate=True)
    run_arena = Run(create("arena", entrants=4, time_control=TimeControl(initial_seconds=300, increment_seconds=5)))
    events = [*run.events, *run_arena.events]
    assert {type(e).__name__ for e in run.events} >= {
        "TournamentCreated", "EntrantJoined", "TournamentStarted", "RoundPaired", "GameLinked", "GameResulted",
        "RoundEnded", "TournamentFinished"}
    for event in events:
        type_, text = EVENTS.encode_json(event)
        assert EVENTS.decode_json(type_, text) == event
        assert EVENTS.decode(type_, EVENTS.encode(event)[1]) == event
        assert canonical_bytes(event).decode() == text


def test_folding_the_decoded_log_gives_the_same_state() -> None:
    run = played("one")
    decoded = [EVENTS.decode_json(*EVENTS.encode_json(event)) for event in run.events]
    assert fold_tournament(decoded) == run.state


def test_commands_decode_from_plain_data_and_name_what_is_wrong() -> None:
    command = COMMANDS.decode("RecordResult", {"number": 3, "places": [1, 2], "scores": [5, 4]})
    assert command == RecordResult(number=3, places=(1, 2), scores=(5, 4))
    with pytest.raises(Exception, match=r"args.format: must be one of 'round_robin', 'swiss', 'arena'"):
        COMMANDS.decode("CreateTournament", {"tournament_id": "t", "game_type": "hike", "format": "ladder",
                                             "name": "x", "seats_per_game": 2})
    created = COMMANDS.decode("CreateTournament", {
        "tournament_id": "t", "game_type": "hike", "format": "swiss", "name": "x", "seats_per_game": 2, "rounds": 3,
        "entrants": [{"entrant": "a", "name": "A", "bot": "search"}]})
    assert isinstance(created, CreateTournament) and created.entrants == (Entrant(entrant="a", name="A", bot="search"),)


@pytest.mark.parametrize(("format", "entrants", "settings", "digest"), [
    ("swiss", 16, {"rounds": 5}, "2f60b74eb7b44bbfe32ebbdb38bf3f8cd2ba36a7c2404b02bf2d48d0ab769f82"),
    ("round_robin", 8, {"duplicate": True, "seats": 4},
     "d76e1aac7ade952921d2f305ac999ec374551764c5350ebe2bf94db2872f43f8"),
])
def test_a_pinned_tournament_keeps_its_events(format: str, entrants: int, settings: dict, digest: str) -> None:
    """The whole log of a seeded tournament, pinned: a change to pairing, seating or seeds changes the outcome
    of recorded tournaments (their audit re-runs decide), so it must bump RULES_VERSION and keep the old
    rules for the old version, not pass silently."""
    run = Run(create(format, entrants=entrants, **settings))
    run.to_the_end(lowest_id_wins)
    log = hashlib.sha256()
    for event in run.events:
        type_, data = EVENTS.encode_json(event)
        log.update(type_.encode() + b"\0" + data.encode() + b"\n")
    assert log.hexdigest() == digest
