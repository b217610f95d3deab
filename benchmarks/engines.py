"""Speed of both editions' engines: whole random games, single actions, clone and saving.

One measure for every edition (:data:`EDITIONS`), through the game contract only, so the
figures compare like with like.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from benchmarks.timing import TABLE_HEAD, time_calls
from sq2edu import classic, rescue

TITLE = "Game engines"


@dataclass(frozen=True)
class Edition:
    """An edition as the benchmark plays it."""

    name: str
    new_game: Callable[..., Any]
    game_type: Any
    #: How many random actions lead to a position from the middle of a game.
    middle: tuple[int, int]


EDITIONS = (
    Edition("Rescue", rescue.new_game, rescue.Game, (20, 120)),
    Edition("classic", classic.new_game, classic.Game, (5, 40)),
)


def _play(edition: Edition, players: int, seed: int, rng: random.Random) -> int:
    game = edition.new_game(players, seed=seed)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    return steps


def _section(edition: Edition, quick: bool) -> list[str]:
    lines = [
        f"### {edition.name}",
        "",
        "| players | games | games per second | actions per second | actions per game |",
        "|---:|---:|---:|---:|---:|",
    ]
    for players in (2, 4):
        count = 40 if quick else 400
        rng = random.Random(players)
        started = time.perf_counter()
        steps = sum(_play(edition, players, seed, rng) for seed in range(count))
        elapsed = time.perf_counter() - started
        lines.append(
            f"| {players} | {count} | {count / elapsed:,.0f} | {steps / elapsed:,.0f} "
            f"| {steps / count:,.0f} |"
        )
    # Positions from the middle of real games, for clone(), legal_actions() and saving.
    rng = random.Random(7)
    positions = []
    for seed in range(20 if quick else 100):
        game = edition.new_game(4, seed=seed)
        for _ in range(rng.randint(*edition.middle)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        positions.append(game)
    # Each copy is timed once, with no actions listed yet (loading a save lists them while
    # checking it, so that remembered list is dropped first).
    loaded = [edition.game_type.from_json(g.to_json()) for g in positions for _ in range(5)]
    for game in loaded:
        game._legal = None
    lines += ["", TABLE_HEAD]
    lines.append(time_calls([g.clone for g in positions], repeat=20).row("clone(), 4 players"))
    lines.append(time_calls([g.legal_actions for g in loaded]).row("legal_actions(), first call"))
    lines.append(time_calls([partial(g.view, 0) for g in positions], repeat=5).row("view(player)"))
    lines.append(time_calls([g.to_json for g in positions], repeat=5).row("to_json()"))
    saved = [g.to_json() for g in positions]
    lines.append(
        time_calls([partial(edition.game_type.from_json, text) for text in saved]).row(
            "from_json(), with every check"
        )
    )
    return [*lines, ""]


def run(quick: bool = False) -> str:
    """Measure and return a Markdown section."""
    lines = [
        f"## {TITLE}",
        "",
        "Random legal moves for every player (defenders included), full games from `new_game`",
        "to the win, on one core (the random choice itself is included); then single calls on",
        "positions from the middle of real four-player games.",
        "",
        "Both editions have run on one core, `sq2edu.core.Game`, since commit `bbb6546`. Against",
        "the engines just before it (commit `20bafa3`), measured on this machine on 2026-12-01",
        "in CPU time, three fresh processes of each interleaved (median, and the range), with",
        "150 random games a size and 500 `to_json` / 5,000 `clone` calls on one position:",
        "",
        "| what | before | after |",
        "|---|---:|---:|",
        "| Rescue, 2 players, games/s | 164 (156–173) | 158 (151–167) |",
        "| Rescue, 4 players, games/s | 135 (133–138) | 138 (137–148) |",
        "| classic, 2 players, games/s | 341 (334–346) | 389 (376–412) |",
        "| classic, 4 players, games/s | 408 (395–417) | 379 (367–385) |",
        "| the same, 300 games a run | 348 (339–354) | 341 (332–345) |",
        "| Rescue `to_json()`, ms | 0.792 (0.790–0.807) | 0.795 (0.794–0.798) |",
        "| Rescue `clone()`, ms | 0.0338 (0.0319–0.0448) | 0.0323 (0.0322–0.0324) |",
        "| classic `to_json()`, ms | 1.054 (1.013–1.090) | 0.997 (0.979–0.998) |",
        "| classic `clone()`, ms | 0.0311 (0.0311–0.0313) | 0.0316 (0.0307–0.0319) |",
        "",
        "The differences go both ways and are within the spread of repeated runs on this",
        "shared machine (the classic four-player row, measured again with twice the games,",
        "shows it); a profile of `to_json` shows the same calls before and after.",
        "",
    ]
    for edition in EDITIONS:
        lines += _section(edition, quick)
    return "\n".join(lines)
