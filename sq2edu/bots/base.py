"""What every computer player is, and the simplest one."""

from __future__ import annotations

import random
from typing import Any, Protocol

from sq2edu.core import Action

__all__ = ["Bot", "OverlookingBot", "RandomBot"]


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


class OverlookingBot:
    """The shared part of both greedy players: a seed, and overlooking as a child might.

    :param miss_rate: how often (0 to 1) a decision overlooks its best kinds of move; the
        "easy" level uses this so that a child can win.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, miss_rate: float = 0.0) -> None:
        if not 0.0 <= miss_rate <= 1.0:
            raise ValueError("miss_rate is between 0 and 1")
        self.rng = random.Random(seed)
        self.miss_rate = miss_rate

    def overlook(
        self, scored: list[tuple[float, Action]], kinds: tuple[type, ...]
    ) -> list[tuple[float, Action]]:
        """``scored``, with actions of ``kinds`` put last when this decision overlooks them."""
        if self.miss_rate and self.rng.random() < self.miss_rate:
            return [(-1e9, a) if isinstance(a, kinds) else (s, a) for s, a in scored]
        return scored
