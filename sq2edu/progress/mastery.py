"""How well each student knows each skill, on a four-step scale like Khan Academy's.

A skill is an operation with two numbers or with three or more (``"division-more"``). For
each student and skill, the last :data:`RECENT` attempts in that skill decide the level; an
attempt counts as *right on their own* when it was right and not helped (the worked example,
the third hint, had not been shown, nor a near miss the child then made):

=============  =============================================================
level          when
=============  =============================================================
not started    no attempt yet
attempted      at least one attempt
familiar       3 or more attempts, at least 60% right on their own
proficient     5 or more attempts, at least 80% right on their own
mastered       8 or more attempts, at least 90% right on their own, and the
               last 3 all right on their own
=============  =============================================================

Only recent attempts count, so a level can go down again: mastery has to be kept up.

A wrong attempt counts against a skill only when its arithmetic is wrong (``not-true``,
``not-whole``, ``divide-by-zero``): ``2 + 3 = 5`` without a 5 card, or ``4 + 3 = 5 + 2``,
says something about the rules of the game, not about adding, and is left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from sq2edu.i18n import N_
from sq2edu.progress.records import SKILLS, Attempt

__all__ = [
    "ARITHMETIC_CODES",
    "RECENT",
    "Level",
    "SkillMastery",
    "counts_for_skill",
    "mastery",
    "mastery_grid",
    "own_work",
    "recent_mastery",
]

#: How many of the latest attempts in a skill are looked at.
RECENT = 10
#: The problems that are the skill's own: the arithmetic was wrong.
ARITHMETIC_CODES = frozenset({"not-true", "not-whole", "divide-by-zero"})


def counts_for_skill(attempt: Attempt) -> bool:
    """Whether an attempt says something about its skill (right, or wrong in arithmetic)."""
    return attempt.ok or not ARITHMETIC_CODES.isdisjoint(attempt.codes)


class Level(IntEnum):
    """The mastery scale, lowest first."""

    NOT_STARTED = 0
    ATTEMPTED = 1
    FAMILIAR = 2
    PROFICIENT = 3
    MASTERED = 4

    @property
    def words(self) -> str:
        """The level in words, for the dashboard (a message id: translate it to show it)."""
        return _LEVEL_WORDS[self]


@dataclass(frozen=True, slots=True)
class SkillMastery:
    """One student's level in one skill, and what it rests on."""

    skill: str
    level: Level
    attempts: int
    right: int


def own_work(attempt: Attempt) -> bool:
    """Right, and without having been shown an answer (:attr:`Attempt.helped`)."""
    return attempt.own


def mastery(attempts: Iterable[Attempt], skill: str) -> SkillMastery:
    """The level in ``skill`` from a student's attempts (given newest first)."""
    recent = [a for a in attempts if a.skill == skill and counts_for_skill(a)][:RECENT]
    return recent_mastery(recent, skill)


def recent_mastery(recent: Sequence[Attempt], skill: str) -> SkillMastery:
    """The level in ``skill`` from the latest attempts in it (at most :data:`RECENT`, newest
    first)."""
    count = len(recent)
    right = sum(own_work(a) for a in recent)
    rate = right / count if count else 0.0
    if count >= 8 and rate >= 0.9 and all(own_work(a) for a in recent[:3]):
        level = Level.MASTERED
    elif count >= 5 and rate >= 0.8:
        level = Level.PROFICIENT
    elif count >= 3 and rate >= 0.6:
        level = Level.FAMILIAR
    elif count >= 1:
        level = Level.ATTEMPTED
    else:
        level = Level.NOT_STARTED
    return SkillMastery(skill, level, count, right)


def mastery_grid(attempts: Iterable[Attempt]) -> dict[str, dict[str, SkillMastery]]:
    """Every student's level in every skill, from a class's attempts (newest first)."""
    by_student: dict[str, list[Attempt]] = {}
    for attempt in attempts:
        by_student.setdefault(attempt.student, []).append(attempt)
    return {
        student: {skill: mastery(theirs, skill) for skill in SKILLS}
        for student, theirs in by_student.items()
    }


_LEVEL_WORDS = {
    Level.NOT_STARTED: N_("not started"),
    Level.ATTEMPTED: N_("attempted"),
    Level.FAMILIAR: N_("familiar"),
    Level.PROFICIENT: N_("proficient"),
    Level.MASTERED: N_("mastered"),
}
