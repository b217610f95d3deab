"""A worksheet: its levels, its exercises, its number, and whom it is for.

>>> from sq2edu.worksheets import make_sheet
>>> sheet = make_sheet(["bonds-10"], count=6, seed=12)
>>> len(sheet.exercises), sheet.number, sheet.large_type
(6, 12, True)
>>> make_sheet(["bonds-10"], count=6, seed=12) == sheet
True

The number is the seed the exercises were drawn with: it is printed on every page, and the
same number (with the same levels and signs) gives the same sheet again, in any language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sq2edu.equations import parse_operations
from sq2edu.practice import LEVELS, Level, skills_of
from sq2edu.worksheets.choose import choose
from sq2edu.worksheets.exercises import Exercise

__all__ = [
    "DEFAULT_COUNT",
    "DEFAULT_COUNT_LARGE",
    "MAX_COUNT",
    "MAX_NUMBER",
    "Sheet",
    "default_count",
    "make_sheet",
    "read_levels",
    "young",
]

#: The most exercises one sheet holds.
MAX_COUNT = 60
#: Sheet numbers go from 0 to this.
MAX_NUMBER = 999_999
#: How many exercises a sheet holds unless asked for another number: as many as share two
#: pages evenly, for every level in either size of type (large type holds fewer a page).
DEFAULT_COUNT = 12
DEFAULT_COUNT_LARGE = 6
#: The largest number of the levels printed in large type (with + and − only).
_YOUNG_LARGEST = 20


def young(level: Level) -> bool:
    """Whether a level is for the youngest (adding and taking away to 20): large type."""
    return set(level.operations) <= {"+", "−"} and level.largest <= _YOUNG_LARGEST


def default_count(levels: Sequence[Level | str] | Level | str) -> int:
    """How many exercises a sheet of ``levels`` holds when nobody says."""
    large = all(young(level) for level in read_levels(levels))
    return DEFAULT_COUNT_LARGE if large else DEFAULT_COUNT


@dataclass(frozen=True, slots=True)
class Sheet:
    """A worksheet's contents, in no language yet (:mod:`sq2edu.worksheets.html` prints it).

    :ivar levels: its levels of practice, easiest first.
    :ivar exercises: its exercises in printed order, numbered from 1.
    :ivar number: the seed its exercises were drawn with, printed on it.
    :ivar operations: the signs the class uses.
    :ivar focus: the skill it practises more (a child's weakest), or ``None``.
    :ivar student: the child it is for ("" for anyone).
    :ivar group: the group it is for ("" for none).
    """

    levels: tuple[Level, ...]
    exercises: tuple[Exercise, ...]
    number: int
    operations: str
    focus: str | None = None
    student: str = ""
    group: str = ""

    @property
    def large_type(self) -> bool:
        """Whether the sheet is for the youngest, and printed in large type."""
        return all(young(level) for level in self.levels)


def make_sheet(
    levels: Sequence[Level | str] | Level | str,
    count: int | None = None,
    seed: int | None = None,
    operations: str = "+−×÷",
    focus: str | None = None,
    student: str = "",
    group: str = "",
) -> Sheet:
    """A sheet of ``count`` exercises from ``levels``.

    :param levels: levels of practice or their keys (put in :data:`LEVELS` order).
    :param count: how many exercises, 1 to :data:`MAX_COUNT` (``None``: :func:`default_count`).
    :param seed: the sheet's number (``None``: a new one, printed on the sheet).
    :param operations: the signs the class uses.
    :param focus: a skill to practise more; ignored where the levels do not train it.
    :param student: the child's name, printed where the name goes.
    :param group: the group's name, printed under the title.
    :raises ValueError: in plain words, for an unknown level, a count or number out of
        range, signs that are not signs, or levels that have nothing for these signs.
    """
    chosen = read_levels(levels)
    if count is None:
        count = default_count(chosen)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise ValueError(f"a sheet has 1 to {MAX_COUNT} exercises, not {count!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(1, MAX_NUMBER + 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_NUMBER:
        raise ValueError(f"a sheet's number goes from 0 to {MAX_NUMBER}, not {seed!r}")
    signs = "".join(sorted((op.value for op in parse_operations(operations)), key="+−×÷".index))
    if not signs:
        raise ValueError("choose at least one sign")
    trained = {skill for level in chosen for skill in skills_of(level, signs)}
    aimed = focus if focus in trained else None
    exercises = choose(chosen, count, seed, signs, aimed)
    return Sheet(chosen, exercises, seed, signs, aimed, student, group)


def read_levels(levels: Sequence[Level | str] | Level | str) -> tuple[Level, ...]:
    """Levels (or their keys) as levels of :data:`LEVELS`, in its order, each once.

    :raises ValueError: for an unknown level, or none.
    """
    if isinstance(levels, str | Level):
        levels = [levels]
    found: list[Level] = []
    for level in levels:
        key = level.key if isinstance(level, Level) else level
        if key not in LEVELS:
            raise ValueError(
                f"{str(key)[:40]!r} is not a level; the levels are {', '.join(LEVELS)}"
            )
        found.append(LEVELS[key])
    if not found:
        raise ValueError("choose at least one level")
    order = list(LEVELS)
    return tuple(sorted(dict.fromkeys(found), key=lambda level: order.index(level.key)))
