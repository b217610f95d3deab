"""What every computer player is, and the simplest one."""

from __future__ import annotations

import random
from typing import Any, Protocol

from sq2edu.core import Action

__all__ = ["Bot", "RandomBot"]


class Bot(Protocol):
    """A computer player: looks at the game from its seat and picks a legal action."""

    name: str

    def choose(self, game: Any) -> Action:
        """One of ``game.legal_actions()``, for ``game.current_player``."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions. A baseline, not an opponent for children."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Action:
        actions: list[Action] = game.legal_actions()
        return actions[self.rng.randrange(len(actions))]
