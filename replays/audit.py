"""The audit: hash chain, held head, rules version, seed commitment, and re-derivation.

Re-derivation re-runs every recorded command through `decide` with the revealed
seed and compares the events it produces with the recorded ones byte for byte
(type, canonical data, seat, command id, visibility). A chain can be recomputed
by whoever rewrites a log; the seed cannot be, so a changed chance outcome fails
here even under a valid chain. While the game runs the seed is secret: the audit
checks the rest and says that re-derivation waits for the end.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
from collections.abc import Callable
from typing import Any

import msgspec

from application.chain import GENESIS_HASH, salt_for, text_hash
from application.game import FoldedGame, fold, played
from domain.core import (
    DomainError,
    Event,
    GameConfig,
    GameSpec,
    canonical_json,
    decision_rng,
    from_plain,
    opening_events,
    play_command,
)
from domain.core.seating import SEATING_CODEC, SEATING_COMMAND_TYPES, Seating, TableSet, seating_events
from replays.log import GameLog, RawEvent

CHECKS = ("chain", "head", "rules_version", "seed_commitment", "rederivation")


@dataclasses.dataclass(frozen=True, slots=True)
class Failure:
    seq: int | None
    check: str
    reason: str


@dataclasses.dataclass(slots=True)
class AuditReport:
    """`ok` or the first failure (its seq, the check, why); each check's outcome; notes."""

    events: int
    head_hash: str | None
    checks: dict[str, str] = dataclasses.field(default_factory=lambda: {check: "skipped" for check in CHECKS})
    failure: Failure | None = None
    notes: list[str] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.failure is None

    def to_json(self) -> dict[str, Any]:
        return {
            "status": "ok" if self.ok else "failed",
            "ok": self.ok,
            "events": self.events,
            "head_hash": self.head_hash,
            "checks": dict(self.checks),
            "failure": dataclasses.asdict(self.failure) if self.failure else None,
            "notes": list(self.notes),
        }


class AuditFailed(Exception):
    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.reason)
        self.failure = failure


def fail(seq: int | None, check: str, reason: str) -> AuditFailed:
    return AuditFailed(Failure(seq, check, reason))


def audit(log: GameLog, registry: Callable[[str], GameSpec], expected_head: str | None = None) -> AuditReport:
    """Verify a game's log; the report names the first failing seq and why, or says ok."""
    report = AuditReport(events=len(log.events), head_hash=log.events[-1].hash if log.events else None)
    current = "chain"
    try:
        datas = check_chain(log.events, log.salt_seed if log.salt_seed is not None else log.seed)
        report.checks["chain"] = "ok"
        if expected_head is not None:
            current = "head"
            check_head(log.events, expected_head, report)
            report.checks["head"] = "ok"
        current = "rules_version"
        spec = check_rules_version(log, datas, registry)
        report.checks["rules_version"] = "ok"
        if log.seed is None:
            report.checks["seed_commitment"] = "pending"
            report.checks["rederivation"] = "pending"
            report.notes.append(
                "the game is still running, so its seed is secret: the chain, the held head and the rules version "
                "were checked; the seed commitment and the re-derivation of every event wait for the end"
            )
            return report
        current = "seed_commitment"
        check_seed(log.seed, datas[0])
        report.checks["seed_commitment"] = "ok"
        current = "rederivation"
        rederive(log, spec, datas, report)
        report.checks["rederivation"] = "ok"
    except AuditFailed as failed:
        report.failure = failed.failure
        report.checks[failed.failure.check] = "failed"
    except (DomainError, ValueError, KeyError, TypeError, IndexError) as error:
        report.failure = Failure(None, current, f"{type(error).__name__}: {error}")
        report.checks[current] = "failed"
    return report


def check_chain(events: tuple[RawEvent, ...], seed: str | None) -> list[Any]:
    """Seq 1..n without gaps, canonical data, each hash over its content and its predecessor's hash.

    A hidden event's hash includes a salt from the seed (service/chain.py); without
    the seed only its links to its neighbours can be checked.
    """
    if not events:
        raise fail(1, "chain", "the log is empty")
    previous = GENESIS_HASH
    datas = []
    for expected_seq, event in enumerate(events, start=1):
        if event.seq != expected_seq:
            what = "is missing" if event.seq > expected_seq else "is out of order or repeated"
            raise fail(expected_seq, "chain", f"event {expected_seq} {what} (found seq {event.seq} in its place)")
        try:
            data = event.data()
        except ValueError:
            raise fail(event.seq, "chain", "the event's data is not valid JSON") from None
        if canonical_json(data) != event.data_text:
            raise fail(event.seq, "chain", "the event's data is not in canonical form: it was altered")
        if event.prev_hash != previous:
            raise fail(event.seq, "chain", "prev_hash is not the hash of the event before: the log was reordered, "
                                           "cut or altered here")
        if event.visibility != "public" and seed is None:
            previous = event.hash
            datas.append(data)
            continue
        salt = salt_for(event.visibility, seed, event.seq)
        if text_hash(previous, event.seq, event.type, event.data_text, event.seat, event.command_id, salt) != event.hash:
            raise fail(event.seq, "chain", "the hash does not match the event's content: the event was altered")
        previous = event.hash
        datas.append(data)
    return datas


def check_head(events: tuple[RawEvent, ...], expected_head: str, report: AuditReport) -> None:
    """The head a client held must be in the chain; at the end, or earlier if the game went on since."""
    hashes = [event.hash for event in events]
    if expected_head == hashes[-1]:
        return
    if expected_head in hashes:
        at = hashes.index(expected_head) + 1
        report.notes.append(f"the held head is event {at}; the log goes on for {len(hashes) - at} more events")
        return
    raise fail(len(hashes), "head", "the held head hash is not in this log: events were dropped from its end or "
                                    "the log was rewritten")


def check_rules_version(log: GameLog, datas: list[Any], registry: Callable[[str], GameSpec]) -> GameSpec:
    first = log.events[0]
    if first.type != "GameCreated":
        raise fail(1, "chain", f"the first event is {first.type}, not GameCreated")
    spec = registry(datas[0]["game_type"])
    if spec.id != log.game_type:
        raise fail(1, "rules_version", f"GameCreated names {spec.id}, but the game is stored as {log.game_type}")
    recorded = datas[0]["rules_version"]
    if recorded not in spec.rules_versions:
        played = ", ".join(map(str, spec.rules_versions))
        raise fail(1, "rules_version", f"recorded under rules_version {recorded}; this code plays {played}, "
                                       "so the events cannot be re-derived here")
    return spec


def check_seed(seed: str, created: dict[str, Any]) -> None:
    if hashlib.sha256(seed.encode()).hexdigest() != created["seed_commitment"]:
        raise fail(1, "seed_commitment", "sha256 of the revealed seed is not the seed_commitment of GameCreated")


def rederive(log: GameLog, spec: GameSpec, datas: list[Any], report: AuditReport) -> None:
    """Re-run every recorded command with the seed; every event must come out byte for byte.

    The game is folded (application/game.py) with the recorded events of the opening, of a fork's
    inheritance and of seating commands; a command of the rules leaves the state its `decide`
    folded, once its events are the recorded ones."""
    created = spec.events.decode_json(log.events[0].type, log.events[0].data_text)
    check_coverage(log)
    game = FoldedGame(spec, seating=Seating.of(created))  # type: ignore[arg-type]
    for command in log.commands:
        recorded = log.events[command.first_seq - 1 : command.last_seq]
        if command.type == "CreateGame":
            config = GameConfig.of(created)  # type: ignore[arg-type]
            rematch_of = None if created.rematch_of is msgspec.UNSET else created.rematch_of  # type: ignore
            derived = opening_events(spec, created.game_id, config, log.seed, created.forked_from,  # type: ignore
                                     rematch_of, created.ladder is True)  # type: ignore
            if "table" in command.args:  # the table's rules: the creator's choice, as the command recorded it
                derived.append(from_plain(TableSet, command.args["table"], "table"))
            compare(spec, derived, recorded, None, None)
        elif command.type == "ForkGame":
            check_inherited(log, created, recorded, report)
        elif command.type in SEATING_COMMAND_TYPES:
            check_claimed_version(command)
            decoded = SEATING_CODEC.decode(command.type, command.args)
            try:
                derived = seating_events(spec, game.seating, game.state, decoded, log.seed,  # type: ignore[arg-type]
                                         command.first_seq - 1)
            except DomainError as error:
                raise fail(command.first_seq, "rederivation", f"the table refuses the recorded command "
                                                              f"{command.type}: {error.reason}") from None
            compare(spec, derived, recorded, command.seat, command.command_id)
        else:
            check_claimed_version(command)
            decoded = spec.commands.decode(command.type, command.args)
            if command.bot is None:
                try:
                    game.seating.check_playable(command.seat)  # type: ignore[arg-type,union-attr]
                except DomainError as error:
                    raise fail(command.first_seq, "rederivation", f"the table refuses the recorded command "
                                                                  f"{command.type}: {error.reason}") from None
            try:
                derived, after = play_command(spec, game.state, command.seat, decoded,  # type: ignore[arg-type]
                                              decision_rng(log.seed, command.first_seq - 1))  # type: ignore[arg-type]
            except DomainError as error:
                raise fail(command.first_seq, "rederivation", f"the rules refuse the recorded command "
                                                              f"{command.type}: {error.reason}") from None
            compare(spec, derived, recorded, command.seat, command.command_id)
            game = played(game, after, recorded[-1].seq, recorded[-1].hash)  # its events are the recorded ones
            continue
        game = fold(game, [raw.row() for raw in recorded], timed=False)
    if log.finished and not game.finished:
        raise fail(len(log.events), "rederivation", "the game is marked finished but its log stops before the end")


def check_claimed_version(command: Any) -> None:
    if command.expected_version != command.first_seq - 1:
        raise fail(command.first_seq, "rederivation",
                   f"command {command.command_id} claims version {command.expected_version} but its events "
                   f"start at seq {command.first_seq}")


def check_coverage(log: GameLog) -> None:
    """The command records tile seq 1..n: each event belongs to exactly one command."""
    following = 1
    for command in log.commands:
        if command.first_seq != following or command.last_seq < command.first_seq:
            raise fail(following, "rederivation", f"no recorded command accounts for event {following}")
        following = command.last_seq + 1
    if following > len(log.events) + 1:
        raise fail(len(log.events) + 1, "rederivation", f"event {len(log.events) + 1} is missing: the command records "
                                                        f"account for events up to {following - 1}")
    if following < len(log.events) + 1:
        raise fail(following, "rederivation", f"no recorded command accounts for event {following}")


def compare(spec: GameSpec, derived: list[Event], recorded: tuple[RawEvent, ...], seat: int | None,
            command_id: str | None) -> None:
    for made, raw in itertools.zip_longest(derived, recorded):
        if raw is None:
            missing = recorded[-1].seq + 1 if recorded else None
            raise fail(missing, "rederivation", f"the seed produces a {made.TYPE} event here that the log lacks")
        if made is None:
            raise fail(raw.seq, "rederivation", f"the recorded {raw.type} is not produced by the seed and the command")
        type_, text = spec.events.encode_json(made)
        visibility = made.visibility()
        expected_visibility = visibility if visibility == "public" else list(visibility)
        if type_ != raw.type:
            raise fail(raw.seq, "rederivation", f"the seed produces {type_} here, the log records {raw.type}")
        if text != raw.data_text:
            raise fail(raw.seq, "rederivation", f"the recorded {raw.type} differs from what the seed produces "
                                                "(a chance outcome or fact was changed)")
        if (raw.seat, raw.command_id) != (seat, command_id) or raw.visibility != expected_visibility:
            raise fail(raw.seq, "rederivation", "the envelope (seat, command_id or visibility) differs from the "
                                                "command that caused the event")


def check_inherited(log: GameLog, created: Any, recorded: tuple[RawEvent, ...], report: AuditReport) -> None:
    """A fork's first events up to its fork point come from its source game, not from its own seed."""
    forked = created.forked_from or {}
    at = forked.get("at")
    if recorded[-1].seq != at:
        raise fail(recorded[-1].seq, "rederivation", f"the fork record covers events up to {recorded[-1].seq}, "
                                                     f"but GameCreated says the game was forked at {at}")
    if log.source_events is None:
        report.notes.append(f"events 2..{at} are inherited from game {forked.get('game_id')}, which is not stored "
                            "here: they were checked by the chain only")
        return
    source = log.source_events
    if len(source) < at or source[at - 1].hash != forked.get("head_hash"):
        raise fail(1, "rederivation", "the source game's hash at the fork point is not the one GameCreated records")
    for own, theirs in zip(recorded[1:], source[1:at], strict=True):
        if (own.type, own.data_text, own.seat, own.command_id, own.visibility) != (
            theirs.type, theirs.data_text, theirs.seat, theirs.command_id, theirs.visibility
        ):
            raise fail(own.seq, "rederivation", f"inherited event {own.seq} differs from the source game's")
    report.notes.append(f"events 2..{at} are inherited from game {forked.get('game_id')} and match it")

