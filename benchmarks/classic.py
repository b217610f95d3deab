"""Speed of the classic engine: whole random games, single actions, and clone()."""

from __future__ import annotations

import random
import time
from functools import partial

from benchmarks.timing import TABLE_HEAD, time_calls
from sq2edu import classic

TITLE = "Classic engine"


def _play(players: int, seed: int, rng: random.Random) -> int:
    game = classic.new_game(players, seed=seed)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    return steps


def run(quick: bool = False) -> str:
    """Measure and return a Markdown section."""
    lines = [f"## {TITLE}", ""]
    lines += [
        "Random legal moves for every player (defenders included), full games from `new_game`",
        "to the win, on one core (the random choice itself is included).",
        "",
        "| players | games | games per second | actions per second | actions per game |",
        "|---:|---:|---:|---:|---:|",
    ]
    for players in (2, 4):
        count = 40 if quick else 400
        rng = random.Random(players)
        started = time.perf_counter()
        steps = sum(_play(players, seed, rng) for seed in range(count))
        elapsed = time.perf_counter() - started
        lines.append(
            f"| {players} | {count} | {count / elapsed:,.0f} | {steps / elapsed:,.0f} "
            f"| {steps / count:,.0f} |"
        )

    # Positions from the middle of real games, for clone() and legal_actions().
    rng = random.Random(7)
    positions = []
    for seed in range(20 if quick else 100):
        game = classic.new_game(4, seed=seed)
        for _ in range(rng.randint(5, 40)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        positions.append(game)
    lines += ["", TABLE_HEAD]
    lines.append(time_calls([g.clone for g in positions], repeat=20).row("clone(), 4 players"))
    # Each copy is timed once, with no actions listed yet (loading a save lists them while
    # checking it, so that remembered list is dropped first).
    loaded = [classic.Game.from_json(g.to_json()) for g in positions for _ in range(5)]
    for game in loaded:
        game._legal = None
    lines.append(time_calls([g.legal_actions for g in loaded]).row("legal_actions(), first call"))
    lines.append(time_calls([partial(g.view, 0) for g in positions], repeat=5).row("view(player)"))
    lines.append(time_calls([g.to_json for g in positions], repeat=5).row("to_json()"))
    return "\n".join(lines) + "\n"
