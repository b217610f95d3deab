"""Refit the greedy player's position value (:mod:`sq2edu.bots.rescue_value`) from self-play.

Plays two-player games between greedy players, notes every position at the start of a turn
(the features of the player to move and of the other player) and who won, and fits a
logistic model of "the player to move wins" on the difference of the features, by Newton's
method with a little L2 regularisation, in plain Python. The same seed gives the same
weights::

    .venv/bin/python -m benchmarks.fit_bot_value --games 3000 --seed 1

It prints each round's held-out log loss, then the weights to paste into ``WEIGHTS``.
"""

from __future__ import annotations

import argparse
import math
import random

from sq2edu import rescue
from sq2edu.bots import GreedyBot, rescue_value
from sq2edu.bots.rescue_value import FEATURES, features
from sq2edu.rescue.state import Phase


def positions(games: int, seed: int) -> list[tuple[list[float], int, int]]:
    """(feature difference, game index, 1 if the player to move won) for every turn start."""
    rows: list[tuple[list[float], int, int]] = []
    for index in range(games):
        game_seed = seed * 1_000_003 + index
        game = rescue.new_game(2, seed=game_seed)
        bots = [GreedyBot(game_seed * 7 + seat) for seat in range(2)]
        seen: list[tuple[list[float], int]] = []
        last_turn = -1
        while not game.is_over:
            state = game.state
            if state.phase is Phase.ROLL and state.roll is None and state.turn != last_turn:
                last_turn = state.turn
                mover = state.current
                rows_now = features(game)
                diff = [a - b for a, b in zip(rows_now[mover], rows_now[1 - mover], strict=True)]
                seen.append((diff, mover))
            game.apply(bots[game.current_player].choose(game))
        rows += [(diff, index, int(game.winner == mover)) for diff, mover in seen]
    return rows


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix @ x = vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(rows: list[tuple[list[float], int]], l2: float = 1.0, rounds: int = 12) -> list[float]:
    """Logistic regression weights (the last one the bias) by Newton's method."""
    n = len(rows[0][0]) + 1
    weights = [0.0] * n
    for _round in range(rounds):
        gradient = [-l2 * w for w in weights]
        hessian = [[(l2 if i == j else 0.0) for j in range(n)] for i in range(n)]
        gradient[-1] += l2 * weights[-1]  # the bias is not regularised
        hessian[-1][-1] -= l2
        for x, y in rows:
            z = [*x, 1.0]
            p = 1.0 / (1.0 + math.exp(-sum(w * v for w, v in zip(weights, z, strict=True))))
            residual = y - p
            curvature = p * (1.0 - p)
            for i, zi in enumerate(z):
                if zi:
                    gradient[i] += residual * zi
                    row = hessian[i]
                    scaled = curvature * zi
                    for j, zj in enumerate(z):
                        if zj:
                            row[j] += scaled * zj
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return weights


def log_loss(weights: list[float], rows: list[tuple[list[float], int]]) -> float:
    """The mean log loss of the model on ``rows``."""
    total = 0.0
    for x, y in rows:
        logit = sum(w * v for w, v in zip(weights, [*x, 1.0], strict=True))
        p = min(max(1.0 / (1.0 + math.exp(-logit)), 1e-9), 1 - 1e-9)
        total -= math.log(p if y else 1.0 - p)
    return total / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    # The greedy players judge discards and switches with these very weights, so the fit is
    # repeated: first from players who weigh nothing (they discard at random), then from
    # players using the previous round's weights. The stored weights play no part. Two rounds,
    # because a third learnt to hoard queens: its greedy player won 65% of games against the
    # random one, where the second round's won 80%.
    weights = [0.0] * (len(FEATURES) + 1)
    for round_ in range(args.rounds):
        rescue_value.WEIGHTS = tuple(weights)
        rows = positions(args.games, args.seed + round_)
        # Hold out whole games (one game's positions are alike) to check the fit honestly.
        held = set(random.Random(args.seed).sample(range(args.games), args.games // 5))
        train = [(x, y) for x, game, y in rows if game not in held]
        test = [(x, y) for x, game, y in rows if game in held]
        base = sum(y for _x, y in train) / len(train)
        constant = [0.0] * len(FEATURES) + [math.log(base / (1 - base))]
        held_out = log_loss(fit(train), test)
        print(f"round {round_ + 1}: {len(rows)} positions from {args.games} games")
        print(f"  held-out log loss {held_out:.4f} (constant {log_loss(constant, test):.4f})")
        weights = fit([(x, y) for x, _game, y in rows])
    print("WEIGHTS: tuple[float, ...] = (")
    for name, weight in zip([*FEATURES, "bias"], weights, strict=True):
        print(f"    {weight:.3f},  # {name}")
    print(")")


if __name__ == "__main__":
    main()
