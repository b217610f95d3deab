"""The settings of a Rescue game. RULES.md says why each default is what it is."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from sq2edu.core.setup import settings_from, whole_in
from sq2edu.equations import parse_operations

__all__ = ["DEFAULT_KINGS_TO_WIN", "Rules"]

#: Kings needed to win, by number of players (the rulebook's "Ending the Game").
DEFAULT_KINGS_TO_WIN: dict[int, int] = {2: 4, 3: 3, 4: 3, 5: 2}


@dataclass(frozen=True, slots=True)
class Rules:
    """How a game is played. The defaults are the rulebook's; a teacher may change some.

    :ivar operations: the operations equations may use; a class that has not met ÷ yet
        plays with ``"+−×"``.
    :ivar kings_to_win: kings needed to win; ``None`` means the rulebook's number for the
        number of players (4, 3, 3, 2 for 2, 3, 4, 5 players). A quick game uses fewer.
    :ivar realm_limit: cards a realm may keep at the end of a turn (companions and kings
        are not counted).
    :ivar green_knight_limit: the same, for the green knight's owner.
    :ivar die_faces: the six faces of the die: ``"1"``, ``"2"``, ``"3"`` or ``"dragon"``.
    :ivar blue_rerolls: how many times in one turn the blue knight may re-roll a 1.
    """

    operations: str = "+−×÷"
    kings_to_win: int | None = None
    realm_limit: int = 5
    green_knight_limit: int = 6
    die_faces: tuple[str, ...] = field(default=("1", "2", "3", "1", "2", "dragon"))
    blue_rerolls: int = 1

    def __post_init__(self) -> None:
        # Any spelling a teacher uses ("+-*/") is kept in the signs children see ("+−×÷").
        chosen = sorted(parse_operations(self.operations), key=lambda op: op.order)
        object.__setattr__(self, "operations", "".join(op.value for op in chosen))
        if self.kings_to_win is not None and not whole_in(self.kings_to_win, 1, 5):
            raise ValueError("kings_to_win is between 1 and 5 (there are 10 kings)")
        if not whole_in(self.realm_limit, 1, 10) or not whole_in(
            self.green_knight_limit, self.realm_limit, 99
        ):
            raise ValueError(
                "realm_limit is 1 to 10, and the green knight's limit is from there to 99"
            )
        if not self.die_faces or not set(self.die_faces) <= {"1", "2", "3", "dragon"}:
            raise ValueError('die faces are "1", "2", "3" or "dragon"')
        if set(self.die_faces) == {"dragon"}:
            raise ValueError("a die of only dragons would roll forever")
        if not whole_in(self.blue_rerolls, 0, 99):
            raise ValueError("blue_rerolls is a whole number from 0 to 99")

    def check_winnable(self, players: int) -> None:
        """Make sure someone can win: the ten kings must not run out with nobody at the goal.

        :raises ValueError: if ``players`` could share all ten kings without anyone winning.
        """
        needed = self.kings_needed(players)
        if (needed - 1) * players >= 10:
            raise ValueError(
                f"with {players} players and {needed} kings to win, the 10 kings could run "
                "out before anyone wins; choose fewer kings"
            )

    def kings_needed(self, players: int) -> int:
        """Kings a player needs to win in a game of ``players``."""
        return self.kings_to_win if self.kings_to_win is not None else DEFAULT_KINGS_TO_WIN[players]

    def to_dict(self) -> dict[str, Any]:
        """The rules as JSON-able data."""
        data = asdict(self)
        data["die_faces"] = list(self.die_faces)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`'s data.

        :raises ValueError: for unknown or bad settings.
        """
        return settings_from(cls, data, tuples=("die_faces",))
