"""Fit the standing that scores Hitchiker's short search playouts to where games end.

    python bench/hitchiker_standing_fit.py [--games N] [--every K] [--seeds PREFIX] [--jobs J]

Plays N seeded 2-seat games of the hustler against itself (rules version as created today, the bots-only round
limit), takes every K-th position of each, and fits, by logistic regression (Newton's method on the log-loss,
numpy: installed with the `env` and `test` extras), the chance that the seat to score wins from its lead over the
other seat in a few quantities: savings, cash, Units of contraband and Hometowns owned, each alone and each times
how far the leader's savings still are from the goal. Half the games fit, the other half test. Prints the weights and the held-out
log-loss and accuracy of the fit beside those of domain/games/hitchiker/playouts.py's `standing` of every rules
version, so a new standing can be checked against the one it replaces.

A game's positions are correlated, so the held-out split is by game, never by position.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.core import SeatConfig, Table  # noqa: E402
from domain.games import game_spec  # noqa: E402
from domain.games.hitchiker import playouts  # noqa: E402
from domain.games.hitchiker.state import SAVINGS_GOAL, State  # noqa: E402

HUSTLER = "hustler"
#: One sampled position: seat 0's quantities, seat 1's, how near the leader's savings are to the goal, `standing`'s
#: rewards under the current rules, and seat 0's result (1 won, 0 lost, 0.5 shared).
Row = tuple[list[float], list[float], float, dict[int, float], float]


def quantities(state: State, seat: int) -> list[float]:
    """The seat's savings and cash (in $100,000s; cash capped at $2,000,000, a casino's jackpots are outliers),
    Units of contraband and Hometowns."""
    player = state.players[seat]
    return [player.savings / 1e5, min(player.cash, 2_000_000) / 1e5, float(player.contraband),
            float(len(player.hometowns))]


def positions(number: int, seeds: str, every: int) -> list[Row]:
    """One game's sampled positions (every `every`-th), labelled once the game is over with who won."""
    spec = game_spec("hitchiker")
    table = Table(spec, spec.normalize_config([SeatConfig.of("a", HUSTLER), SeatConfig.of("b", HUSTLER)], {}),
                  f"{seeds}-{number}")
    sampled, count = [], 0
    while not table.finished:
        if count % every == 0:
            state: State = table.state
            sampled.append((quantities(state, 0), quantities(state, 1),
                            max(player.savings for player in state.players) / SAVINGS_GOAL,
                            playouts.standing(state)))
        seat = min(spec.to_act(table.state))
        table.submit(seat, table.bot_command(seat, HUSTLER))
        count += 1
    result = spec.result(table.state)
    assert result is not None
    first = [row["seat"] for row in result["standings"] if row["place"] == 1]
    won = 1.0 if first == [0] else 0.0 if first == [1] else 0.5
    return [(a, b, progress, standing, won) for a, b, progress, standing in sampled]


def design(rows: list[Row]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (seat 0's lead, alone and times the share still to play) and labels, each position twice: from
    seat 0 and from seat 1 (lead negated, label flipped), so the fit has no side and needs no intercept."""
    features, labels, baseline = [], [], []
    for a, b, progress, standing, won in rows:
        lead = np.array(a) - np.array(b)
        left = 1.0 - min(1.0, progress)
        for sign, label, base in ((1.0, won, standing[0]), (-1.0, 1.0 - won, standing[1])):
            features.append(np.concatenate([sign * lead, sign * lead * left]))
            labels.append(label)
            baseline.append(base)
    return np.array(features), np.array(labels), np.array(baseline)


def logistic(z: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-np.clip(z, -50, 50)))


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method (a small ridge keeps it finite when a feature separates)."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = logistic(x @ w)
        gradient = x.T @ (p - y) + ridge * w
        hessian = (x.T * (p * (1 - p))) @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def scores(p: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """Log-loss and accuracy (a tie, label 0.5, counts half) of probabilities `p`."""
    p = np.clip(p, 1e-6, 1 - 1e-6)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    right = np.where(y == 0.5, 0.5, ((p > 0.5) == (y > 0.5)).astype(float))
    return loss, float(right.mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--every", type=int, default=6, help="take every K-th position")
    parser.add_argument("--seeds", default="hk-standing")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(positions, range(args.games), [args.seeds] * args.games, [args.every] * args.games))
    train = [row for game in games[0::2] for row in game]
    test = [row for game in games[1::2] for row in game]
    x, y, _ = design(train)
    tx, ty, tbase = design(test)
    w = fit(x, y)
    names = ["savings", "cash", "units", "hometowns"]
    print(f"{len(games)} games, {len(train)} positions to fit, {len(test)} to test (every {args.every}th)")
    print("| quantity | weight of a lead | weight times the share left |")
    print("| --- | --- | --- |")
    for i, name in enumerate(names):
        print(f"| {name} | {w[i]:+.4f} | {w[i + len(names)]:+.4f} |")
    fitted = logistic(tx @ w)
    for label, p in (("the fit", fitted), ("playouts.standing (today's rules)", tbase), ("a coin", np.full(len(ty), 0.5))):
        loss, accuracy = scores(p, ty)
        print(f"held out, {label}: log-loss {loss:.4f}, accuracy {accuracy:.3f}")
    print("weights as code:", ", ".join(f"{v:.4f}" for v in w))


if __name__ == "__main__":
    main()
