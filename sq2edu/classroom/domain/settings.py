"""A class's settings, chosen by the teacher, read by every student's app."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sq2edu import classic, editions
from sq2edu.bots import LEVELS
from sq2edu.core.setup import whole_in
from sq2edu.equations import parse_operations
from sq2edu.equations.hint_policy import HINT_POLICIES
from sq2edu.i18n import LANGUAGES
from sq2edu.lessons import LESSONS
from sq2edu.practice import LEVELS as PRACTICE_LEVELS
from sq2edu.practice import Level as PracticeLevel
from sq2edu.practice import level_range
from sq2edu.rescue import Rules

__all__ = ["TURN_TIMEOUTS", "ClassSettings", "Focus", "chosen_levels"]

#: The shortest and longest turn timeout a teacher may choose, in seconds.
TURN_TIMEOUTS = (15, 600)


@dataclass(frozen=True, slots=True)
class Focus:
    """What a group of students practises instead of the class's settings.

    :ivar operations: the signs their games and Lab use.
    :ivar practice_from: the group's lowest level of practice in the Lab (a key of
        :data:`sq2edu.practice.LEVELS`; "" with ``practice_to`` "": the class's levels).
    :ivar practice_to: the group's highest level of practice.
    :ivar practice_levels: the group's set of levels of practice (keys of
        :data:`sq2edu.practice.LEVELS`); when given, it is the group's levels, and
        ``practice_from`` and ``practice_to`` (a range saved before) are not read.
    """

    operations: str = "+−×÷"
    practice_from: str = ""
    practice_to: str = ""
    practice_levels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        chosen = sorted(parse_operations(self.operations), key=lambda op: op.order)
        if not chosen:
            raise ValueError("choose at least one operation")
        object.__setattr__(self, "operations", "".join(op.value for op in chosen))
        _check_levels(self.practice_from, self.practice_to)
        object.__setattr__(self, "practice_levels", _level_set(self.practice_levels))

    @property
    def has_levels(self) -> bool:
        """Whether the group practises levels of its own."""
        return bool(self.practice_levels or self.practice_from or self.practice_to)

    def to_dict(self) -> dict[str, Any]:
        made = asdict(self)
        made["practice_levels"] = list(self.practice_levels)  # as JSON gives it back
        return made

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Focus | None:
        """A focus from the store; ``None`` for anything broken (the class's settings then)."""
        try:
            known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
            return cls(**known)
        except (TypeError, ValueError):
            return None


@dataclass(frozen=True, slots=True)
class ClassSettings:
    """What the teacher decides for the whole class.

    :ivar operations: the signs equations may use.
    :ivar hints: ``"free"``, ``"limited"`` or ``"off"``.
    :ivar level: the computer players' level: ``"easy"``, ``"medium"`` or ``"hard"``.
    :ivar quick: a quick game: two kings win (the classic game: three queens or 30 points).
    :ivar language: the class's language, ``"en"``, ``"ru"`` or ``"nb"`` (a student may
        switch their own).
    :ivar edition: the game the class plays: ``"rescue"`` or ``"classic"``, whose equations
        are additions only whatever ``operations`` says (its rules allow nothing else).
    :ivar turn_timeout: at a table of classmates, the seconds a child may be away (page
        closed, network lost) before an easy computer player plays for them; ``0``: never.
    :ivar practice_from: the lowest level of practice the Lab may deal (a key of
        :data:`sq2edu.practice.LEVELS`; "" for the first); the same as ``practice_to`` pins
        the class to one level.
    :ivar practice_to: the highest level of practice ("" for the last).
    :ivar practice_levels: the set of levels of practice the Lab may deal (keys of
        :data:`sq2edu.practice.LEVELS`, any of them: "Number bonds to 10" and "Missing
        numbers" without the levels between); when given, ``practice_from`` and
        ``practice_to`` (a range saved before sets) are not read. One level pins the class.
    :ivar lessons: the lessons open to the class (keys of :data:`sq2edu.lessons.LESSONS`,
        in the lessons' order); none open hides the Lessons button.
    """

    operations: str = "+−×÷"
    hints: str = "free"
    level: str = "easy"
    quick: bool = False
    edition: str = "rescue"
    language: str = "en"
    turn_timeout: int = 60
    practice_from: str = ""
    practice_to: str = ""
    practice_levels: tuple[str, ...] = ()
    lessons: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        chosen = sorted(parse_operations(self.operations), key=lambda op: op.order)
        if not chosen:
            raise ValueError("choose at least one operation")
        object.__setattr__(self, "operations", "".join(op.value for op in chosen))
        chosen_lessons: object = self.lessons  # read from the store: any JSON at all
        if not isinstance(chosen_lessons, tuple | list) or not all(
            isinstance(key, str) and key in LESSONS for key in chosen_lessons
        ):
            raise ValueError("the open lessons are named by their keys")
        object.__setattr__(self, "lessons", tuple(key for key in LESSONS if key in self.lessons))
        if self.hints not in HINT_POLICIES:
            raise ValueError(f"hints is one of {', '.join(HINT_POLICIES)}")
        if self.level not in LEVELS:
            raise ValueError(f"level is one of {', '.join(LEVELS)}")
        # Any registered edition (sq2edu.editions) may be the class's game.
        if self.edition not in editions.names():
            raise ValueError(f"edition is one of {', '.join(editions.names())}")
        if self.language not in LANGUAGES:
            raise ValueError(f"language is one of {', '.join(LANGUAGES)}")
        if self.turn_timeout != 0 and not whole_in(self.turn_timeout, *TURN_TIMEOUTS):
            low, high = TURN_TIMEOUTS
            raise ValueError(f"the turn timeout is 0 (off) or {low} to {high} seconds")
        _check_levels(self.practice_from, self.practice_to)
        object.__setattr__(self, "practice_levels", _level_set(self.practice_levels))

    def rules(self) -> Rules:
        """The game rules these settings make."""
        return Rules(operations=self.operations, kings_to_win=2 if self.quick else None)

    def classic_rules(self) -> classic.Rules:
        """The classic game's rules these settings make."""
        if self.quick:
            return classic.Rules(queens_to_win=3, points_to_win=30)
        return classic.Rules()

    def game_rules(self) -> Rules | classic.Rules:
        """The rules these settings make for the class's edition."""
        return self.classic_rules() if self.edition == "classic" else self.rules()

    def to_dict(self) -> dict[str, Any]:
        made = asdict(self)
        made["practice_levels"] = list(self.practice_levels)  # as JSON gives it back
        return made

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClassSettings:
        """Settings from the store; anything unknown or broken falls back to the default."""
        try:
            known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
            return cls(**known)
        except (TypeError, ValueError):
            return cls()


def _check_levels(lowest: object, highest: object) -> None:
    if not isinstance(lowest, str) or not isinstance(highest, str):
        raise ValueError("the levels of practice are named by their keys")
    level_range(lowest, highest)


def _level_set(keys: object) -> tuple[str, ...]:
    """A set of levels as stored: keys of levels, in the order of the levels."""
    if not isinstance(keys, tuple | list) or not all(isinstance(key, str) for key in keys):
        raise ValueError("the levels of practice are named by their keys")
    unknown = [key for key in keys if key not in PRACTICE_LEVELS]
    if unknown:
        raise ValueError(f"{unknown[0][:40]!r} is not a level of practice")
    return tuple(key for key in PRACTICE_LEVELS if key in keys)


def chosen_levels(chosen: Focus | ClassSettings) -> tuple[PracticeLevel, ...]:
    """The levels of practice a class's settings or a group's focus chose: its set of levels,
    else its range (as saved before sets), in the order of the levels."""
    if chosen.practice_levels:
        return tuple(PRACTICE_LEVELS[key] for key in chosen.practice_levels)
    return level_range(chosen.practice_from, chosen.practice_to)
