"""A class's settings, chosen by the teacher, read by every student's app."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sq2edu.bots import LEVELS
from sq2edu.equations import parse_operations
from sq2edu.rescue import Rules
from sq2edu.ui import HINT_POLICIES

__all__ = ["ClassSettings"]


@dataclass(frozen=True, slots=True)
class ClassSettings:
    """What the teacher decides for the whole class.

    :ivar operations: the signs equations may use.
    :ivar hints: ``"free"``, ``"limited"`` or ``"off"``.
    :ivar level: the computer players' level: ``"easy"``, ``"medium"`` or ``"hard"``.
    :ivar quick: a quick game: two kings win.
    """

    operations: str = "+−×÷"
    hints: str = "free"
    level: str = "easy"
    quick: bool = False

    def __post_init__(self) -> None:
        chosen = sorted(parse_operations(self.operations), key=lambda op: op.order)
        if not chosen:
            raise ValueError("choose at least one operation")
        object.__setattr__(self, "operations", "".join(op.value for op in chosen))
        if self.hints not in HINT_POLICIES:
            raise ValueError(f"hints is one of {', '.join(HINT_POLICIES)}")
        if self.level not in LEVELS:
            raise ValueError(f"level is one of {', '.join(LEVELS)}")

    def rules(self) -> Rules:
        """The game rules these settings make."""
        return Rules(operations=self.operations, kings_to_win=2 if self.quick else None)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClassSettings:
        """Settings from the store; anything unknown or broken falls back to the default."""
        try:
            known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
            return cls(**known)
        except (TypeError, ValueError):
            return cls()
