"""What every computer player is, and the simplest one."""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from sq2edu.core import Action

__all__ = ["Bot", "GameLike", "RandomBot"]


@runtime_checkable
class GameLike(Protocol):
    """The part of the game contract a computer player uses (both editions have it)."""

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> list[Action]: ...

    def view(self, player: int | None) -> dict[str, Any]: ...


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
