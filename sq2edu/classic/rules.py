"""The settings of a classic game. RULES.md ("Classic Sleeping Queens") says why."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sq2edu.core.setup import settings_from, whole_in
from sq2edu.equations import parse_operations

__all__ = ["DEFAULT_POINTS_TO_WIN", "DEFAULT_QUEENS_TO_WIN", "Rules"]

#: Awake queens that win, by number of players (the rules' "goal of the game").
DEFAULT_QUEENS_TO_WIN: dict[int, int] = {2: 5, 3: 5, 4: 4, 5: 4}
#: Points that win, by number of players.
DEFAULT_POINTS_TO_WIN: dict[int, int] = {2: 50, 3: 50, 4: 40, 5: 40}
#: Every queen's points added up: no goal above this can be reached.
ALL_POINTS = 125


@dataclass(frozen=True, slots=True)
class Rules:
    """How a game is played. The defaults are the official rules; a teacher may change some.

    :ivar queens_to_win: awake queens that win; ``None`` means the rules' number for the
        number of players (5 with 2-3 players, 4 with 4-5).
    :ivar points_to_win: points that win; ``None`` means 50 with 2-3 players, 40 with 4-5.
    :ivar hand_size: cards in every hand after drawing.
    :ivar operations: the operations a discarded equation may use; the rules say adding.
    :ivar rose_bonus_by_jester: whether the Rose Queen wakes one more queen when a Jester's
        count woke her (she did wake from the middle of the table).
    :ivar remember_sleeping_queens: whether views keep showing a queen everyone saw go back
        to sleep (by a Sleeping Potion, or a Cat or Dog Queen sent back); when ``False``
        she looks like every other sleeping queen, and the children must remember her.
    """

    queens_to_win: int | None = None
    points_to_win: int | None = None
    hand_size: int = 5
    operations: str = "+"
    rose_bonus_by_jester: bool = True
    remember_sleeping_queens: bool = True

    def __post_init__(self) -> None:
        # Any spelling a teacher uses ("+-*/") is kept in the signs children see ("+−×÷").
        chosen = sorted(parse_operations(self.operations), key=lambda op: op.order)
        object.__setattr__(self, "operations", "".join(op.value for op in chosen))
        if self.queens_to_win is not None and not whole_in(self.queens_to_win, 1, 12):
            raise ValueError("queens_to_win is between 1 and 12 (there are 12 queens)")
        if self.points_to_win is not None and not whole_in(self.points_to_win, 5, ALL_POINTS):
            raise ValueError(f"points_to_win is between 5 and {ALL_POINTS} (all queens together)")
        if not whole_in(self.hand_size, 3, 8):
            raise ValueError("hand_size is between 3 and 8 cards")
        for name in ("rose_bonus_by_jester", "remember_sleeping_queens"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} is true or false")

    def queens_needed(self, players: int) -> int:
        """Awake queens a player needs to win in a game of ``players``."""
        if self.queens_to_win is not None:
            return self.queens_to_win
        return DEFAULT_QUEENS_TO_WIN[players]

    def points_needed(self, players: int) -> int:
        """Points a player needs to win in a game of ``players``."""
        if self.points_to_win is not None:
            return self.points_to_win
        return DEFAULT_POINTS_TO_WIN[players]

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON-able data."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`'s data.

        :raises ValueError: for unknown or bad settings.
        """
        return settings_from(cls, data)
