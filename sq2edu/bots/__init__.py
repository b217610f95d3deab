"""Computer players for both editions.

>>> from sq2edu import rescue
>>> from sq2edu.bots import make_bot
>>> game = rescue.new_game(players=["Mia", "hard"], seed=3)
>>> bot = make_bot("greedy", seed=1)
>>> bot.choose(game) in game.legal_actions()
True

Names: ``"random"``, ``"greedy"``, ``"strong"``. Levels for the user interface: ``"easy"``
(the greedy player, overlooking an equation or a rescue two times in five, so a child can
win; in the classic game, a King or an adding equation), ``"medium"`` (greedy) and
``"hard"`` (strong). ``make_bot(..., edition="classic")`` makes the classic game's players.
"""

from __future__ import annotations

from sq2edu import editions
from sq2edu.bots.base import Bot, RandomBot
from sq2edu.bots.classic_bots import ClassicGreedyBot, ClassicStrongBot
from sq2edu.bots.greedy import GreedyBot
from sq2edu.bots.strong import StrongBot

__all__ = [
    "BOT_NAMES",
    "LEVELS",
    "Bot",
    "ClassicGreedyBot",
    "ClassicStrongBot",
    "GreedyBot",
    "RandomBot",
    "StrongBot",
    "make_bot",
]

#: The computer players' names.
BOT_NAMES: tuple[str, ...] = ("random", "greedy", "strong")
#: The levels a teacher or child picks, and the player behind each.
LEVELS: dict[str, str] = {"easy": "greedy", "medium": "greedy", "hard": "strong"}
#: How often the easy level overlooks an equation or a rescue.
EASY_MISS_RATE = 0.4
#: Each edition's greedy and strong players (the random player plays any edition).
POLICIES: dict[str, tuple[type[GreedyBot | ClassicGreedyBot], type[StrongBot | ClassicStrongBot]]]
POLICIES = {"rescue": (GreedyBot, StrongBot), "classic": (ClassicGreedyBot, ClassicStrongBot)}


def make_bot(name: str, seed: int | None = None, edition: str = "rescue") -> Bot:
    """A computer player by name or level, for any registered edition.

    :raises ValueError: for an unknown name or edition, or an edition without greedy and
        strong players (its random player plays).
    """
    editions.load(edition)
    if name == "random":
        return RandomBot(seed)
    if edition not in POLICIES:
        raise ValueError(f"the {edition} edition has only the random computer player")
    greedy, strong = POLICIES[edition]
    if name in ("greedy", "medium"):
        return greedy(seed)
    if name == "easy":
        easy: Bot = greedy(seed, miss_rate=EASY_MISS_RATE)
        easy.name = "easy"
        return easy
    if name in ("strong", "hard"):
        return strong(seed)
    known = ", ".join([*BOT_NAMES, *LEVELS])
    raise ValueError(f"unknown computer player {name!r}; choose one of {known}")
