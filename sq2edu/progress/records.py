"""What the progress store keeps: equation attempts and games, as plain records."""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ATTEMPT_FIELDS",
    "MARKS",
    "SKILLS",
    "WORKED_EXAMPLE",
    "Attempt",
    "GameRecord",
    "GuardEvent",
    "LessonMark",
    "skill_of",
    "utc_now",
]

#: How an exercise of a lesson went: right at the first try on their own (``"own"``, the
#: only way it counts as right), right later or with help (``"later"``), or answered but not
#: right yet (``"tried"``).
MARKS = ("own", "later", "tried")
#: The hint rung that shows a whole answer (the worked example): an attempt made after it
#: is helped, whatever else it says.
WORKED_EXAMPLE = 3

#: The skills mastery is measured in: each operation, with two numbers or with three or more.
SKILLS: tuple[str, ...] = tuple(
    f"{name}-{size}"
    for name in ("addition", "subtraction", "multiplication", "division")
    for size in ("two", "more")
)
#: Each operation's skill, by its sign (``sq2edu.equations.Op``'s values).
_OP_NAMES = {"+": "addition", "−": "subtraction", "×": "multiplication", "÷": "division"}


@functools.lru_cache(maxsize=4096)
def skill_of(text: str) -> str | None:
    """The skill an equation practises (``"addition-two"``), or ``None`` if it has no one sign.

    A division with its rest (``17 ÷ 5 = 3 r 2``) practises division.
    """
    # Imported here: the equations load sympy (a second or more), and the hub's sign-in and
    # the store read and write records without ever asking for a skill.
    from sq2edu.equations import EquationSyntaxError, parse
    from sq2edu.equations.remainder import split_rest

    try:
        equation = parse(split_rest(text)[0])
    except EquationSyntaxError:
        return None
    side, op = equation.operator_side, equation.operation
    if side is None or op is None:
        return None
    return f"{_OP_NAMES[op]}-{'two' if len(side.numbers) == 2 else 'more'}"


def utc_now() -> str:
    """The time now in UTC, as ISO 8601 text to the second."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Attempt:
    """One equation a student checked, right or wrong.

    :ivar student: the student's nickname.
    :ivar text: the equation as typed or built.
    :ivar ok: whether it was right.
    :ivar codes: the problem codes, most important first (see :data:`PROBLEM_CODES`).
    :ivar numbers: the numbers of the equation (empty when it could not be read).
    :ivar typed: typed (``True``) or built from cards (``False``).
    :ivar hint_level: the highest hint rung shown before this attempt (0 for none).
    :ivar where: ``"game"``, ``"lab"`` or ``"lesson"``; ``"challenge"`` for a try at the
        class challenge, which is kept with the challenge's rounds and read as an attempt
        for the dashboard's skills and mistakes.
    :ivar at: when, in UTC (ISO 8601).
    :ivar cards: the number cards the student held (empty when not known).
    :ivar level: the level of practice (a key of :data:`sq2edu.practice.LEVELS`), or ""
        for a game or lesson.
    :ivar lesson: the lesson (a key of :data:`sq2edu.lessons.LESSONS`), or "" outside one.
    :ivar exercise: the exercise's number in the lesson, from 1 (0 outside a lesson).
    :ivar helped: the child had been shown an answer before this attempt: the worked
        example (hint level :data:`WORKED_EXAMPLE`, which makes it helped whatever the
        sender says) or the checker's near miss the attempt then made. A right attempt is
        *right on their own* only when it was not helped.
    """

    student: str
    text: str
    ok: bool
    codes: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()
    typed: bool = False
    hint_level: int = 0
    where: str = "game"
    at: str = field(default_factory=utc_now)
    cards: tuple[int, ...] = ()
    level: str = ""
    lesson: str = ""
    exercise: int = 0
    helped: bool = False

    def __post_init__(self) -> None:
        if self.hint_level >= WORKED_EXAMPLE and not self.helped:
            object.__setattr__(self, "helped", True)

    @property
    def skill(self) -> str | None:
        """The skill this attempt practises."""
        return skill_of(self.text)

    @property
    def own(self) -> bool:
        """Right on their own: right, and not helped."""
        return self.ok and not self.helped

    def to_dict(self) -> dict[str, Any]:
        """The attempt as JSON data: each field under its name, a tuple as a list."""
        return {
            name: list(value) if isinstance(value, tuple) else value
            for name in ATTEMPT_FIELDS
            for value in (getattr(self, name),)
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Attempt:
        """An attempt from :meth:`to_dict`'s data (or a store's row): a list becomes a tuple,
        and a field left out takes its default; other keys are ignored.

        Nothing is checked here: data from outside the program is read by
        :func:`sq2edu.hub.wire.attempt_from`.
        """
        values: dict[str, Any] = {
            name: tuple(data[name]) if name in _TUPLE_FIELDS else data[name]
            for name in ATTEMPT_FIELDS
            if name in data
        }
        return cls(**values)


#: Each field of an :class:`Attempt` and its type (``str``, ``bool``, ``int``,
#: ``tuple[str, ...]`` or ``tuple[int, ...]``), in the order they are declared: the store's
#: columns, the class service's wire format and :meth:`Attempt.to_dict` follow from these.
ATTEMPT_FIELDS: Mapping[str, Any] = {
    each.name: typing.get_type_hints(Attempt)[each.name] for each in dataclasses.fields(Attempt)
}
_TUPLE_FIELDS = frozenset(
    name for name, kind in ATTEMPT_FIELDS.items() if typing.get_origin(kind) is tuple
)


@dataclass(frozen=True, slots=True)
class LessonMark:
    """How a student did at one exercise of a lesson.

    :ivar student: the student's nickname.
    :ivar lesson: the lesson's key.
    :ivar exercise: the exercise's number, from 1.
    :ivar right: whether any answer to it was right.
    :ivar tries: how many answers were given (answers the checker could not read are no
        tries).
    :ivar own: whether the first try was right, and not helped: the only way an exercise
        counts as right.
    """

    student: str
    lesson: str
    exercise: int
    right: bool
    tries: int
    own: bool = False

    @property
    def status(self) -> str:
        """One of :data:`MARKS`."""
        return "own" if self.own else "later" if self.right else "tried"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished (or abandoned) game.

    :ivar players: the names in seating order.
    :ivar bots: the computer level of each computer seat, by seat.
    :ivar winner: the winner's name, or ``None`` if nobody won.
    :ivar turns: how many turns were played.
    :ivar seconds: how long the game lasted.
    :ivar played_for: the seats of children the computer was playing for when the game
        ended (they had gone away): what those seats won is not the children's.
    """

    players: tuple[str, ...]
    bots: dict[int, str]
    winner: str | None
    turns: int
    seconds: float
    at: str = field(default_factory=utc_now)
    played_for: tuple[int, ...] = ()

    @property
    def won_by_a_child(self) -> bool:
        """Whether a child won it at a seat of their own (not the computer's, nor one the
        computer played for a child who had gone)."""
        if self.winner is None or self.winner not in self.players:
            return False
        seat = self.players.index(self.winner)
        return seat not in self.bots and seat not in self.played_for


@dataclass(frozen=True, slots=True)
class GuardEvent:
    """Something the classroom refused, kept for the teacher (a wrong class code, a full class).

    :ivar kind: what happened: ``"wrong-code"``, ``"class-full"``, ``"name-taken"``, ...
    :ivar address: the network address of the device it came from.
    :ivar detail: a short note (never a secret: a wrong code is not kept).
    :ivar at: when, in UTC (ISO 8601).
    """

    kind: str
    address: str
    detail: str = ""
    at: str = field(default_factory=utc_now)
