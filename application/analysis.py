"""Analysis (issue 29): what the search level makes of one seat's decision at one step of a game.

A question names a game, a step `at` (the game after its event `at`), the seat deciding there and
a budget in milliseconds. Who may ask what is the service's (service/analysis.py): a running
game's own seat at its current version, any seat and step of a finished game. The answer lists
every legal command of the seat then, with its label, how often the search tried it and the mean
reward it found (`value`, 0 to 1, for that seat), and `best`, the most tried (the search bot's own
choice among them: domain/core/search.py, `best`).

The search runs on the bots' side, never in the request: the asker sends an `AnalysisDue` (the
bus's QUESTION lane: the inline runner's analysis thread, or an RQ job on the bots queue) and
waits for the answer, which the handler keeps in the storage (storage/port.py, `Analyses`) under
the game, step, seat and budget. Every host reads it there, and the same question is answered
from it again. The search is the game's own (domain/core/search.py, `analyse`) over the seat's
view only; its budget is a number of iterations (`iterations_for`) and its rng is drawn from the
game's seed, the step and the seat (`analysis_rng`), so the same question gets the same answer.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from typing import TYPE_CHECKING, Any

import msgspec

from application.game import FoldedGame, LoadedGame, fold
from application.handler import GameService, UnknownGameId
from application.messages import AnalysisDue, Message
from domain.core import GameSpec, Rng
from domain.core.search import SEARCH_LEVEL, SearchSettings, analyse, best
from storage import Analyses

if TYPE_CHECKING:
    from application.bus import MessageBus

log = logging.getLogger(__name__)

LEVEL = SEARCH_LEVEL  # the bot level whose search answers
DEFAULT_BUDGET_MS = 500
MAX_BUDGET_MS = 2000
CALIBRATED_MS = 500  # a game's SearchSettings.iterations take about this much CPU here (issue 29)


class NoSearchLevel(Exception):
    """The game type has no search level (yet): nothing to analyse with (404)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotADecision(Exception):
    """The seat does not decide at that step: another seat is to act, nobody is (the game is over or
    waits for players), or the step falls inside a command's events (409)."""

    def __init__(self, reason: str, to_act: list[int]) -> None:
        super().__init__(reason)
        self.reason = reason
        self.to_act = to_act


@dataclasses.dataclass(frozen=True, slots=True)
class Question:
    """Seat `seat`'s decision after event `at` of `game_id`, searched with `budget_ms` of budget."""

    game_id: str
    at: int
    seat: int
    budget_ms: int

    def message(self) -> AnalysisDue:
        return AnalysisDue(self.game_id, self.at, self.seat, self.budget_ms)


def search_settings(spec: GameSpec) -> SearchSettings:
    """The game type's search level.

    Raises:
        NoSearchLevel: the type has none.
    """
    settings = spec.search
    if settings is None or settings.determinize is None:
        raise NoSearchLevel(f"no search level for this game type ({spec.id}) yet: it cannot be analysed")
    return settings


def iterations_for(settings: SearchSettings, budget_ms: int) -> int:
    """The iterations a budget buys: the type's calibrated iterations scaled from CALIBRATED_MS, at least one,
    at most the type's bound."""
    return max(1, min(settings.max_iterations, round(settings.iterations * budget_ms / CALIBRATED_MS)))


def analysis_rng(seed: str, at: int, seat: int) -> Rng:
    """The search's stream for a seat's decision after event `at`: one-way from the game's seed (like a bot's,
    under its own label), so the same question searches alike and the game's own draws stay unrevealed."""
    return Rng(seed, at + 1, label=f"analysis:{seat}")


def game_at(games: GameService, game: LoadedGame, at: int) -> FoldedGame:
    """The game after its event `at` (1 to its version), folded from its log (application/game.py)."""
    if at == game.version:
        return game
    rows = games.store.event_texts(game.record.id)[:at]
    return fold(FoldedGame(game.spec), rows, timed=False)


def deciding(games: GameService, game: LoadedGame, at: int, seat: int | None) -> tuple[FoldedGame, int]:
    """The game after event `at` and the seat whose decision it is: `seat`, or when None the first seat to act.

    Raises:
        NotADecision: `at` falls inside a command (a state no seat was asked to act in), or `seat` is not
            to act there (nobody is, or others are), or it has no legal command.
    """
    if at < game.version:
        ends = {command.last_seq for command in games.store.commands(game.record.id)}
        if at not in ends:
            later = min((end for end in ends if end > at), default=game.version)
            raise NotADecision(f"event {at} falls inside a command (its events end at {later}): no seat decided "
                               f"there; ask at the end of a command, such as {later}", [])
    folded = game_at(games, game, at)
    to_act = folded.to_act()
    if seat is None:
        if not to_act:
            raise NotADecision(f"nobody is to act after event {at}", [])
        seat = to_act[0]
    if seat not in to_act:
        acting = f"to act: seat {', '.join(map(str, to_act))}" if to_act else "nobody is to act"
        raise NotADecision(f"seat {seat} is not to act after event {at} ({acting})", to_act)
    if not game.spec.legal_commands(folded.state, seat):
        raise NotADecision(f"seat {seat} is to act after event {at} but has no legal command", to_act)
    return folded, seat


def work_out(games: GameService, question: Question) -> dict[str, Any]:
    """Search the question's decision (the bots' side): the answer the endpoint shows.

    Raises:
        UnknownGameId, NoSearchLevel, NotADecision: as the asker was told (a message is checked again).
    """
    game = games.load(question.game_id)
    settings = search_settings(game.spec)
    folded, seat = deciding(games, game, question.at, question.seat)
    spec, state = game.spec, folded.state
    legal = spec.legal_commands(state, seat)
    iterations = iterations_for(settings, question.budget_ms)
    rng = analysis_rng(games.seed(question.game_id), question.at, seat)
    searched = analyse(spec, spec.view(state, seat), legal, rng, iterations)
    actions = []
    for result in searched:
        type_, args = spec.commands.encode(result.command)
        actions.append({"type": type_, "args": args, "label": spec.label(state, seat, result.command),
                        "visits": result.visits, "value": round(result.value, 4)})
    return {"at": question.at, "seat": seat, "level": LEVEL, "budget_ms": question.budget_ms,
            "iterations": iterations, "actions": actions, "best": best(searched)}


def kept(store: Analyses, question: Question, iterations: int) -> dict[str, Any] | None:
    """The answer kept for the question, if it was searched with `iterations` (an older calibration's is not)."""
    stored = store.analysis(question.game_id, question.at, question.seat, question.budget_ms)
    if stored is None or stored.iterations != iterations:
        return None
    return msgspec.json.decode(stored.answer)  # type: ignore[no-any-return]


def analyse_position(bus: MessageBus, due: AnalysisDue) -> list[Message]:
    """The handler of an `AnalysisDue`: search the decision and keep the answer, unless it is kept already
    (the same question sent twice). A question that cannot be answered (its game went, or it was never a
    decision) is logged and dropped: the asker was told so before it was sent."""
    question = Question(due.game_id, due.at, due.seat, due.budget_ms)
    try:
        spec = bus.games.registry(bus.games.record(due.game_id).type)
        if kept(bus.store, question, iterations_for(search_settings(spec), due.budget_ms)) is not None:
            return []
        answer = work_out(bus.games, question)
    except (UnknownGameId, NoSearchLevel, NotADecision) as refused:
        log.warning("%s not analysed: %s", due, refused)
        return []
    bus.store.keep_analysis(due.game_id, due.at, due.seat, due.budget_ms, answer["iterations"],
                            msgspec.json.encode(answer, order="sorted").decode())
    return []


def answer(bus: MessageBus, question: Question, iterations: int, wait_seconds: float) -> dict[str, Any] | None:
    """The question's answer: the one kept, or else the bots' side's, waited for up to `wait_seconds`
    (None if it has not come by then: it is still worked out, and kept once it is)."""
    found = kept(bus.store, question, iterations)
    if found is not None:
        return found
    bus.drain([question.message()])
    ends = time.monotonic() + wait_seconds
    pause = 0.01
    while (left := ends - time.monotonic()) > 0:
        time.sleep(min(pause, left))
        pause = min(pause * 2, 0.2)
        found = kept(bus.store, question, iterations)
        if found is not None:
            return found
    return None
