"""The one source of chance in a game: a seeded generator whose state is saved with it."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["GameRandom"]

T = TypeVar("T")


class GameRandom:
    """A seeded random generator that can be saved as JSON and copied.

    Every shuffle and die roll of a game comes from here, so the same seed and the same
    actions always give the same game.
    """

    __slots__ = ("_random",)

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def roll(self, faces: Sequence[T]) -> T:
        """One face of a fair die."""
        return faces[self._random.randrange(len(faces))]

    def shuffle(self, cards: MutableSequence[T]) -> None:
        """Shuffle ``cards`` in place."""
        self._random.shuffle(cards)

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``, each equally likely."""
        return options[self._random.randrange(len(options))]

    def copy(self) -> GameRandom:
        """An independent generator in the same state."""
        twin = GameRandom.__new__(GameRandom)
        twin._random = random.Random()
        twin._random.setstate(self._random.getstate())
        return twin

    def to_state(self) -> list[object]:
        """The generator's state as JSON-able data."""
        version, internal, gauss = self._random.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_state(cls, state: object) -> GameRandom:
        """Rebuild a generator from :meth:`to_state`'s data.

        :raises ValueError: if the data is not a generator state.
        """
        if not (isinstance(state, list) and len(state) == 3 and isinstance(state[1], list)):
            raise ValueError("not a random generator state")
        version, internal, gauss = state
        rebuilt = cls.__new__(cls)
        rebuilt._random = random.Random()
        try:
            rebuilt._random.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError) as error:
            raise ValueError("not a random generator state") from error
        return rebuilt
