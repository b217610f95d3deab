"""How much of each game is luck: a player that sees every hidden card, against ours.

The all-seeing player searches exactly as the strong player does, but imagines the one true
game (every hand, the draw pile in its real order, the face-down companions and queens)
instead of guesses; only the dice and later shuffles stay unknown to it. It is not a fair
player and never plays children: it measures how far seeing everything carries the same
search, which bounds what a fair player searching that way can reach.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from sq2edu.bots import make_bot
from sq2edu.bots.classic_bots import ClassicStrongBot
from sq2edu.bots.strong import StrongBot
from sq2edu.bots.tournament import wilson
from sq2edu.core import GameRandom

TITLE = "How much is luck"

#: Pairings measured in each game: the all-seeing player against each of ours.
OPPONENTS = ("random", "greedy")


def _true_game(game: Any, rng: random.Random) -> Any:
    """The real game, with a fresh generator so that dice and reshuffles stay unknown."""
    twin = game.clone()
    twin.rng = GameRandom(rng.getrandbits(64))
    return twin


class AllSeeingRescueBot(StrongBot):
    """The Rescue's strong search, searching the true game."""

    name = "all-seeing"

    def imagine(self, game: Any, view: dict[str, Any]) -> Any:
        return _true_game(game, self.rng)


class AllSeeingClassicBot(ClassicStrongBot):
    """The classic game's strong search, searching the true game, with no reason for doubt."""

    name = "all-seeing"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, margin=0.0)

    def imagine(self, game: Any, view: dict[str, Any], rng: random.Random) -> Any:
        return _true_game(game, rng)


def _play(job: tuple[str, str, int]) -> bool:
    """One game; True when the all-seeing player won. Seats alternate with the index."""
    from sq2edu import classic, rescue

    edition, opponent, index = job
    seed = 1_000_003 + index
    engine = rescue if edition == "rescue" else classic
    game = engine.new_game(2, seed=seed, first_player=0)
    seeing: Any = AllSeeingRescueBot(seed) if edition == "rescue" else AllSeeingClassicBot(seed)
    seat = index % 2
    bots = [seeing, make_bot(opponent, seed=seed * 7 + 1, edition=edition)]
    if seat == 1:
        bots.reverse()
    while not game.is_over:
        game.apply(bots[game.current_player].choose(game))
    return bool(game.winner == seat)


def measure(edition: str, opponent: str, games: int) -> tuple[int, int]:
    """(wins of the all-seeing player, games) over ``games`` seat-rotated games."""
    jobs = [(edition, opponent, index) for index in range(games)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        wins = sum(pool.map(_play, jobs, chunksize=max(1, games // 16)))
    return wins, games


def run(quick: bool = False) -> str:
    """Measure the all-seeing player in both games and return a Markdown section."""
    games = 40 if quick else 500
    lines = [
        f"## {TITLE}",
        "",
        "A player that sees every hidden card (the true hands, the draw pile in its order, the",
        "face-down companions and queens; only dice and later shuffles unknown) and searches as",
        f"the strong player does, in {games} two-player games per pairing, seats alternating.",
        "Against random it shows how many games luck decides whatever a player sees; against",
        "greedy, what seeing the hidden cards is worth to this search. It is a measuring stick,",
        "never a player.",
        "",
        "| game | pairing | all-seeing wins | win rate | 95% interval |",
        "|---|---|---:|---:|---|",
    ]
    for edition, title in (("rescue", "The Rescue"), ("classic", "Classic")):
        for opponent in OPPONENTS:
            wins, played = measure(edition, opponent, games)
            low, high = wilson(wins, played)
            lines.append(
                f"| {title} | all-seeing vs {opponent} | {wins}/{played} | "
                f"{wins / played:.1%} | {low:.1%} – {high:.1%} |"
            )
    return "\n".join([*lines, ""])


if __name__ == "__main__":
    print(run())
