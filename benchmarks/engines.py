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
    ]
    for edition in EDITIONS:
        lines += _section(edition, quick)
    return "\n".join(lines)
